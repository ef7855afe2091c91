"""How each SAGA event changes the battle state (pure reducers).

Events carry the facts the rules decided (who, what, the dice, the numbers);
reducers only apply them, so replaying the log never re-decides anything. The melee
reducers are in ``evolve_melee.py`` and register here.
"""

from __future__ import annotations

from typing import Any, Iterable

from engine.events import Event, EventDraft
from engine.records import changed
from engine.reducers import Reducers

from .melee_state import Spend
from .state import ActivationRecord, BattleState, Building, PendingMove, PendingShot, TerrainPiece, TurnState, UnitState

REDUCERS: Reducers[BattleState] = Reducers(
    log_only=(
        "activation_cancelled",  # an exhausted unit's SAGA-ability activation: nothing happens (§4.6)
        "melee_result",  # step 8's verdict; the moves and the end of the melee follow as their own events
        "shot_defence_rolled",  # the shooting's defence dice; the casualties and the end of the shooting follow
    )
)
reducer = REDUCERS.on


def evolve(state: BattleState, event: Event) -> BattleState:
    """The state after ``event``. Log-only kinds change nothing; any other unknown kind is an
    ``UnknownEvent``."""
    return REDUCERS.evolve(state, event)


def preview(state: BattleState, drafts: Iterable[EventDraft]) -> BattleState:
    """The state these drafts would lead to (to decide what follows from them)."""
    return REDUCERS.preview(state, drafts)


# -- turns and settings -------------------------------------------------------------------------
def _new_turn(u: UnitState) -> UnitState:
    kept = tuple(a for a in u.adjustments if a[3] != "turn")  # a GM's modifier for one turn ends with it
    return changed(u, activations=(), entered_building=False, adjustments=kept)


@reducer("turn_started")
def _turn_started(s: BattleState, p: dict[str, Any]) -> BattleState:
    s = s.with_units(_new_turn)
    return changed(s, turn=TurnState(number=int(p["number"]), active=p["side"], phase="turn"))


@reducer("turn_ended")
def _turn_ended(s: BattleState, p: dict[str, Any]) -> BattleState:
    return changed(s, turn=changed(s.turn, phase="between"))


@reducer("setting_changed")
def _setting_changed(s: BattleState, p: dict[str, Any]) -> BattleState:
    return changed(s, settings={**s.settings, p["key"]: p["value"]})


# -- activations and fatigue ----------------------------------------------------------------------
@reducer("unit_activated")
def _unit_activated(s: BattleState, p: dict[str, Any]) -> BattleState:
    u = s.unit(p["unit"])
    record = ActivationRecord(p["kind"], p.get("source", "normal"), p.get("turn_owner") or "")
    return s.with_unit(u.id, activations=u.activations + (record,))


@reducer("fatigue_gained")
def _fatigue_gained(s: BattleState, p: dict[str, Any]) -> BattleState:
    u = s.unit(p["unit"])
    return s.with_unit(u.id, fatigue=u.fatigue + 1)


@reducer("fatigue_removed")
def _fatigue_removed(s: BattleState, p: dict[str, Any]) -> BattleState:
    u = s.unit(p["unit"])
    return s.with_unit(u.id, fatigue=max(0, u.fatigue - 1))


@reducer("fatigue_adjusted")
def _fatigue_adjusted(s: BattleState, p: dict[str, Any]) -> BattleState:
    u = s.unit(p["unit"])
    return s.with_unit(u.id, fatigue=max(0, u.fatigue + int(p["delta"])))


@reducer("fatigue_spent")
def _fatigue_spent(s: BattleState, p: dict[str, Any]) -> BattleState:
    u = s.unit(p["unit"])
    s = s.with_unit(u.id, fatigue=max(0, u.fatigue - 1))
    spend = Spend(p["by"], p["unit"], p["use"], p.get("for_unit"))
    context = p["context"]
    if context == "move" and s.move is not None:
        return changed(s, move=changed(s.move, spends=s.move.spends + (spend,)))
    if context == "shot" and s.shot is not None:
        return changed(s, shot=changed(s.shot, spends=s.shot.spends + (spend,)))
    if context == "melee" and s.melee is not None:
        return changed(s, melee=changed(s.melee, spends=s.melee.spends + (spend,)))
    return s


# -- movement and buildings --------------------------------------------------------------------------
@reducer("move_started")
def _move_started(s: BattleState, p: dict[str, Any]) -> BattleState:
    return changed(
        s,
        move=PendingMove(
            unit=p["unit"],
            kind=p["kind"],
            source=p.get("source", "normal"),
            band=p["band"],
            broken=bool(p.get("broken")),
            target=p.get("target"),
            causes_fatigue=bool(p.get("causes_fatigue")),
        ),
    )


@reducer("move_completed")
def _move_completed(s: BattleState, p: dict[str, Any]) -> BattleState:
    return changed(s, move=None)


@reducer("building_entered")
def _building_entered(s: BattleState, p: dict[str, Any]) -> BattleState:
    return s.with_unit(p["unit"], building=p["building"], entered_building=not p.get("setup", False))


@reducer("building_left")
def _building_left(s: BattleState, p: dict[str, Any]) -> BattleState:
    return s.with_unit(p["unit"], building=None, entered_building=False)


@reducer("building_added")
def _building_added(s: BattleState, p: dict[str, Any]) -> BattleState:
    b = Building(p["id"], p["name"], p.get("size", "normal"))
    return changed(s, buildings=tuple(x for x in s.buildings if x.id != b.id) + (b,))


@reducer("terrain_set")
def _terrain_set(s: BattleState, p: dict[str, Any]) -> BattleState:
    piece = TerrainPiece(p["id"], p["name"], p["type"], p["height"], p["going"], p["cover"])
    return changed(s, terrain=tuple(x for x in s.terrain if x.id != piece.id) + (piece,))


# -- shooting and casualties ---------------------------------------------------------------------------
@reducer("shot_declared")
def _shot_declared(s: BattleState, p: dict[str, Any]) -> BattleState:
    return changed(
        s,
        shot=PendingShot(
            shooter=p["shooter"],
            target=p["target"],
            source=p.get("source", "normal"),
            dice=int(p["dice"]),
            cover=p.get("cover", "none"),
            causes_fatigue=bool(p.get("causes_fatigue")),
        ),
    )


@reducer("shot_rolled")
def _shot_rolled(s: BattleState, p: dict[str, Any]) -> BattleState:
    if s.shot is None:
        return s
    return changed(s, shot=changed(s.shot, stage="rolled", hits=int(p["hits"]), armour=int(p["armour"])))


@reducer("shot_resolved")
def _shot_resolved(s: BattleState, p: dict[str, Any]) -> BattleState:
    return changed(s, shot=None)


@reducer("casualties_removed")
def _casualties_removed(s: BattleState, p: dict[str, Any]) -> BattleState:
    u = s.unit(p["unit"])
    left = max(0, u.models - int(p["count"]))
    return s.with_unit(u.id, models=left, building=u.building if left else None)


from . import evolve_melee  # noqa: E402,F401  (registers the melee reducers)


def _register_corrections() -> None:
    from .corrections import CORRECTIONS  # GM corrections: one event kind, ``gm_correction``

    CORRECTIONS.register(REDUCERS)


_register_corrections()

"""How each xK6 event changes the battle state (pure reducers).

Events carry the facts the rules decided (who, what, the dice, the numbers); reducers
only apply them, so replaying the log never re-decides anything.
"""

from __future__ import annotations

from typing import Any, Iterable

from engine.events import Event, EventDraft
from engine.records import changed
from engine.reducers import Reducers

from . import tables as t
from .codec import attack_from_dict, target_from_dict
from .corrections import STAT_VALUE
from .state import Activation, BattleState, ModelState, TurnState

REDUCERS: Reducers[BattleState] = Reducers()
reducer = REDUCERS.on


def evolve(state: BattleState, event: Event) -> BattleState:
    """The state after ``event``. Notes change nothing; an unknown kind is an ``UnknownEvent``."""
    return REDUCERS.evolve(state, event)


def preview(state: BattleState, drafts: Iterable[EventDraft]) -> BattleState:
    """The state these drafts would lead to."""
    return REDUCERS.preview(state, drafts)


def _turn(s: BattleState, **changes: Any) -> BattleState:
    return changed(s, turn=changed(s.turn, **changes))


def _active(s: BattleState, **changes: Any) -> BattleState:
    if s.turn.active is None:
        return s
    return _turn(s, active=changed(s.turn.active, **changes))


# -- settings and turns -----------------------------------------------------------------------------
@reducer("setting_changed")
def _setting_changed(s: BattleState, p: dict[str, Any]) -> BattleState:
    return changed(s, settings={**s.settings, p["key"]: p["value"]})


def _turn_over(m: ModelState) -> ModelState:
    """A GM's modifier for one turn ends with it (``corrections``)."""
    if not any(a[3] == "turn" for a in m.adjustments):
        return m
    spec = m.spec
    for stat, value, _, until in m.adjustments:
        if until == "turn":
            spec = changed(spec, **{stat: STAT_VALUE[stat](spec) - value})
    return changed(m, spec=spec, adjustments=tuple(a for a in m.adjustments if a[3] != "turn"))


@reducer("turn_started")
def _turn_started(s: BattleState, p: dict[str, Any]) -> BattleState:
    clear = bool(p.get("clear_held"))
    s = changed(s, models=tuple(_turn_over(changed(m, activated=False, held=m.held and not clear)) for m in s.models))
    return changed(s, turn=TurnState(number=int(p["number"]), phase="initiative", chooser=s.turn.chooser))


@reducer("initiative_rolled")
def _initiative_rolled(s: BattleState, p: dict[str, Any]) -> BattleState:
    totals = tuple((k, int(v)) for k, v in sorted(p.get("totals", {}).items()))
    winner = p.get("winner")
    return _turn(
        s,
        phase="choose" if winner else "initiative",
        chooser=winner or s.turn.chooser,
        initiative=totals or s.turn.initiative,
    )


@reducer("first_chosen")
def _first_chosen(s: BattleState, p: dict[str, Any]) -> BattleState:
    return _turn(s, phase="activations", first=p["side"], next_side=p["next_side"])


@reducer("turn_ended")
def _turn_ended(s: BattleState, p: dict[str, Any]) -> BattleState:
    return _turn(s, phase="between", active=None, bonus=(), next_side=None)


# -- activations -----------------------------------------------------------------------------------
@reducer("model_activated")
def _model_activated(s: BattleState, p: dict[str, Any]) -> BattleState:
    m = s.model(p["model"])
    moving = p["option"] in t.MOVING_OPTIONS
    s = s.with_model(m.id, stunned=False, held=p["option"] == t.HOLD, speed=p.get("speed") if moving else None)
    bonus = s.turn.bonus[1:] if p.get("bonus") and s.turn.bonus and s.turn.bonus[0] == m.id else s.turn.bonus
    return _turn(s, active=Activation(m.id, p["option"], p.get("speed"), bool(p.get("bonus"))), bonus=bonus)


@reducer("activation_ended")
def _activation_ended(s: BattleState, p: dict[str, Any]) -> BattleState:
    if s.has_model(p["model"]):
        s = s.with_model(p["model"], activated=True)
    return _turn(s, active=None, next_side=p.get("next_side", s.turn.next_side))


@reducer("burning_rolled")
def _burning_rolled(s: BattleState, p: dict[str, Any]) -> BattleState:
    m = s.model(p["model"])
    return s.with_model(m.id, burning=not p["out"], wounds=m.wounds + int(p.get("wounds", 0)))


@reducer("reloaded")
def _reloaded(s: BattleState, p: dict[str, Any]) -> BattleState:
    m = s.model(p["model"])
    s = s.replace_model(m.with_weapon(p["weapon"], loaded=True, mags=p.get("mags")))
    return _active(s, acted=True)


@reducer("designated")
def _designated(s: BattleState, p: dict[str, Any]) -> BattleState:
    s = _turn(s, designations=s.turn.designations + ((p["side"], p.get("target") or p.get("point", "")),))
    return _active(s, acted=True)


@reducer("heal_rolled")
def _heal_rolled(s: BattleState, p: dict[str, Any]) -> BattleState:
    if p.get("healed"):
        m = s.model(p["target"])
        s = s.with_model(m.id, wounds=max(0, m.wounds - t.HEAL_WOUNDS))
    failed = None if p.get("healed") else (p["target"], int(p["roll"]["dice"][0]["face"]))
    return _active(s, acted=True, failed_heal=failed)


@reducer("heal_rerolled")
def _heal_rerolled(s: BattleState, p: dict[str, Any]) -> BattleState:
    if p.get("healed"):
        m = s.model(p["target"])
        s = s.with_model(m.id, wounds=max(0, m.wounds - t.HEAL_WOUNDS))
    return _active(s, failed_heal=None)


@reducer("skill_used")
def _skill_used(s: BattleState, p: dict[str, Any]) -> BattleState:
    return _active(s, acted=True)


# -- attacks ----------------------------------------------------------------------------------------
@reducer("attack_rolled")
def _attack_rolled(s: BattleState, p: dict[str, Any]) -> BattleState:
    a = attack_from_dict(p["attack"])
    pairs = tuple((x.model, a.attacker) for x in a.targets)
    s = changed(s, attack=a)
    s = _turn(s, attacked=s.turn.attacked + pairs)
    if s.turn.active is not None and s.turn.active.model == a.attacker and not a.reaction:
        s = _active(s, attacks=s.turn.active.attacks + (a.weapon,))
    return s


@reducer("indirect_landed")
def _indirect_landed(s: BattleState, p: dict[str, Any]) -> BattleState:
    a = s.attack
    if a is None:
        return s
    targets = tuple(target_from_dict(x) for x in p["targets"])
    s = _turn(s, attacked=s.turn.attacked + tuple((x.model, a.attacker) for x in targets))
    return changed(s, attack=changed(a, targets=targets, stage="rolled", direction=p.get("direction", "")))


@reducer("test_rerolled")
def _test_rerolled(s: BattleState, p: dict[str, Any]) -> BattleState:
    a = s.attack
    if a is None:
        return s
    faces, replaced = tuple(p["faces"]), tuple(p["replaced"])
    if p.get("which") == "stealth":
        targets = tuple(
            changed(x, stealth_face=faces[0], avoided=bool(p["avoided"]), stealth_rerolled=True)
            if x.model == p["model"]
            else x
            for x in a.targets
        )
        return changed(s, attack=changed(a, targets=targets))
    if p["model"] == a.attacker and p.get("which", "attack") == "attack":
        return changed(
            s,
            attack=changed(
                a,
                faces=faces,
                replaced=replaced,
                rerolled=a.rerolled + 1,
                hit=p.get("hit", a.hit),
                scatter=p.get("scatter", a.scatter),
            ),
        )
    targets = tuple(
        changed(x, faces=faces, replaced=replaced, rerolled=x.rerolled + 1) if x.model == p["model"] else x
        for x in a.targets
    )
    return changed(s, attack=changed(a, targets=targets))


@reducer("damage_dealt")
def _damage_dealt(s: BattleState, p: dict[str, Any]) -> BattleState:
    m = s.model(p["model"])
    return s.with_model(
        m.id,
        wounds=m.wounds + int(p["wounds"]),
        stunned=m.stunned or bool(p["stunned"]),
        burning=m.burning or bool(p.get("burning")),
    )


@reducer("ammo_checked")
def _ammo_checked(s: BattleState, p: dict[str, Any]) -> BattleState:
    if not p.get("empty"):
        return s
    return s.replace_model(s.model(p["model"]).with_weapon(p["weapon"], loaded=False))


@reducer("round_used")
def _round_used(s: BattleState, p: dict[str, Any]) -> BattleState:
    m = s.model(p["model"])
    w = m.weapon(p["weapon"])
    if w is None or w.rounds is None:
        return s
    return s.replace_model(m.with_weapon(w.id, rounds=max(0, w.rounds - 1)))


@reducer("attack_resolved")
def _attack_resolved(s: BattleState, p: dict[str, Any]) -> BattleState:
    reacting = s.attack is not None and s.attack.reaction
    return changed(s, attack=None, reaction=None if reacting else s.reaction)


# -- command points, reactions, corrections ------------------------------------------------------
@reducer("command_point_spent")
def _command_point_spent(s: BattleState, p: dict[str, Any]) -> BattleState:
    c = s.model(p["commander"])
    s = s.with_model(c.id, command_points=max(0, c.command_points - int(p["cost"])))
    if p["use"] == "activation":
        s = _turn(s, bonus=s.turn.bonus + (p["model"],))
    return s


@reducer("reaction_started")
def _reaction_started(s: BattleState, p: dict[str, Any]) -> BattleState:
    m: ModelState = s.model(p["model"])
    if p["kind"] == "move":
        return s.with_model(m.id, held=False, speed=p["speed"])
    return changed(s.with_model(m.id, held=False), reaction=m.id)


@reducer("reaction_ended")
def _reaction_ended(s: BattleState, p: dict[str, Any]) -> BattleState:
    return changed(s, reaction=None)


@reducer("model_out")
def _model_out(s: BattleState, p: dict[str, Any]) -> BattleState:
    return s.with_model(p["model"], out=True, held=False)


@reducer("wounds_adjusted")
def _wounds_adjusted(s: BattleState, p: dict[str, Any]) -> BattleState:
    m = s.model(p["model"])
    return s.with_model(m.id, wounds=max(0, m.wounds + int(p["delta"])))


def _register_corrections() -> None:
    from .corrections import CORRECTIONS  # GM corrections: one event kind, ``gm_correction``

    CORRECTIONS.register(REDUCERS)


_register_corrections()

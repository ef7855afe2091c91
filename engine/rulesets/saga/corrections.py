"""SAGA GM corrections (``engine.corrections``): a unit's fatigue (0 to its exhaustion
limit), its models (0: wiped out; back up to its roster's count restores it), its
activations this turn (the last given back: SAGA's equivalent of actions left), an open
move, shot or melee cancelled, and its Armour or dice for the turn or the battle. SAGA
tracks no experience: there is no XP to correct."""

from __future__ import annotations

from typing import Any, Mapping

from engine.corrections import Correct, CorrectionOption, Corrections, Field, Value, adjustment_total, readjusted
from engine.dice import DiceSource
from engine.events import EventDraft
from engine.records import changed
from engine.ruleset import Rejected

from .state import BattleState


def _targets(s: BattleState) -> Mapping[str, str]:
    return {u.id: u.name for u in s.units}


def _fatigue(s: BattleState, uid: str) -> Value:
    return s.unit(uid).fatigue


def _put_fatigue(s: BattleState, uid: str, value: Value) -> BattleState:
    return s.with_unit(uid, fatigue=int(value))


def _limit(s: BattleState, uid: str) -> int:
    return s.unit(uid).limit


def _models(s: BattleState, uid: str) -> Value:
    return s.unit(uid).models


def _put_models(s: BattleState, uid: str, value: Value) -> BattleState:
    return s.with_unit(uid, models=int(value), building=None if int(value) == 0 else s.unit(uid).building)


def _roster_models(s: BattleState, uid: str) -> int:
    return s.unit(uid).spec.models


def _activations(s: BattleState, uid: str) -> Value:
    return len(s.unit(uid).activations)


def _give_back_activations(s: BattleState, uid: str, value: Value) -> BattleState:
    """The unit's last activations this turn given back (its first ``value`` kept)."""
    return s.with_unit(uid, activations=s.unit(uid).activations[: int(value)])


def _has_activated(s: BattleState, uid: str) -> bool:
    return bool(s.unit(uid).activations)


def _unresolved(s: BattleState, _: str) -> bool:
    return bool(s.busy)


def _cancel_unresolved(s: BattleState, _: str, value: Value) -> BattleState:
    return s if value else changed(s, move=None, shot=None, melee=None)


def _unresolved_label(s: BattleState, _: str) -> str:
    return f"Open {s.busy} (off: cancelled)"


STAT_NAMES: Mapping[str, str] = {
    "armour_melee": "Armour in melee",
    "armour_shooting": "Armour against shooting",
    "attack_dice": "Attack dice per model",
    "shooting_dice": "Shooting dice per model",
}


def _stat_mod(stat: str, until: str) -> Field[BattleState]:
    """A modifier to a profile field for the rest of the turn or the battle, with the GM's
    reason: added wherever the profile is read (so in every roll and odds after it)."""

    def get(s: BattleState, uid: str) -> Value:
        return adjustment_total(s.unit(uid).adjustments, stat, until)

    def put(s: BattleState, uid: str, value: Value, reason: str) -> BattleState:
        adjustments, _ = readjusted(s.unit(uid).adjustments, stat, int(value), reason, until)
        return s.with_unit(uid, adjustments=adjustments)

    def least(s: BattleState, uid: str) -> int:
        """No fewer than 0 in all."""
        now, _ = s.profile(uid, stat)
        return -(now - adjustment_total(s.unit(uid).adjustments, stat, until))

    when = "the rest of this turn" if until == "turn" else "the rest of the battle"
    return Field(
        f"stat:{stat}:{until}",
        f"{STAT_NAMES[stat]} modifier for {when}",
        "number",
        get,
        lambda s, uid, value: put(s, uid, value, "GM correction"),
        maximum=lambda s, uid: 6,
        least=least,
        put_reason=put,
    )


CORRECTIONS: Corrections[BattleState] = Corrections(
    [
        Field(
            "cancel-pending",
            "Open move, shot or melee (off: cancelled)",
            "flag",
            _unresolved,
            _cancel_unresolved,
            applies=_unresolved,
            battle=True,
            label_of=_unresolved_label,
        ),
        Field("fatigue", "Fatigue", "number", _fatigue, _put_fatigue, maximum=_limit),
        Field("models", "Models in the unit (0: wiped out)", "number", _models, _put_models, maximum=_roster_models),
        Field(
            "activations",
            "Activations this turn (fewer: the last given back)",
            "number",
            _activations,
            _give_back_activations,
            maximum=lambda s, uid: len(s.unit(uid).activations),
            applies=_has_activated,
        ),
        *(_stat_mod(stat, until) for until in ("turn", "battle") for stat in STAT_NAMES),
    ],
    _targets,
)


def options(state: BattleState, target: str | None) -> tuple[CorrectionOption, ...]:
    """What the GM may correct on unit ``target`` now (the note first)."""
    return CORRECTIONS.options(state, target)


def decide(state: BattleState, command: Correct, dice: DiceSource | None = None) -> Rejected | list[EventDraft]:
    return CORRECTIONS.decide(state, command, dice)


def apply(state: BattleState, payload: dict[str, Any]) -> BattleState:
    return CORRECTIONS.apply(state, payload)

"""SAGA GM corrections (``engine.corrections``): a unit's fatigue (0 to its exhaustion
limit) and its models (0: wiped out; back up to its roster's count restores it)."""

from __future__ import annotations

from typing import Any, Mapping

from engine.corrections import Correct, CorrectionOption, Corrections, Field, Value
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


def _unresolved(s: BattleState, _: str) -> bool:
    return bool(s.busy)


def _cancel_unresolved(s: BattleState, _: str, value: Value) -> BattleState:
    return s if value else changed(s, move=None, shot=None, melee=None)


def _unresolved_label(s: BattleState, _: str) -> str:
    return f"Open {s.busy} (off: cancelled)"


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

"""Star Quest GM corrections (``engine.corrections``): a hero's or AI unit's wounds,
models, power points, spell tokens, unconscious, Shaken, fatigued, each status condition
and whether it has activated this round."""

from __future__ import annotations

from typing import Any, Callable, Mapping

from engine.corrections import Correct, CorrectionOption, Corrections, Field, Value, adjustment_total, readjusted
from engine.dice import DiceSource
from engine.events import EventDraft
from engine.records import changed
from engine.ruleset import Rejected

from . import tables as t
from .roster import UnitSpec
from .state import BattleState, UnitState

STAT_VALUE: Mapping[str, Callable[[UnitSpec], int]] = {
    "quality": lambda spec: spec.quality,
    "defense": lambda spec: spec.defense,
}
"""The characteristics a GM's modifier may change (rolled as "N+": +1 is worse), read from a profile."""
STAT_NAMES: Mapping[str, str] = {"quality": "Quality", "defense": "Defense"}


def _targets(s: BattleState) -> Mapping[str, str]:
    return {u.id: u.name for u in s.units}


def _field(
    what: str,
    label: str,
    kind: Any,
    get: Callable[[UnitState], Value],
    set_: Callable[[UnitState, Value], dict[str, Any]],
    **kw: Any,
) -> Field[BattleState]:
    def read(s: BattleState, uid: str) -> Value:
        return get(s.unit(uid))

    def put(s: BattleState, uid: str, value: Value) -> BattleState:
        return s.with_unit(uid, **set_(s.unit(uid), value))

    return Field(what, label, kind, read, put, **kw)


def _hero(s: BattleState, uid: str) -> bool:
    return s.unit(uid).hero


def _alive(s: BattleState, uid: str) -> bool:
    return s.unit(uid).alive


def _tough(s: BattleState, uid: str) -> int:
    return s.unit(uid).spec.tough


def _roster_models(s: BattleState, uid: str) -> int:
    return s.unit(uid).spec.models


def _power_max(s: BattleState, uid: str) -> int:
    return s.unit(uid).spec.power_max


def _models(u: UnitState, value: Value) -> dict[str, Any]:
    n = int(value)
    wounds = u.wounds[:n] + (0,) * max(0, n - len(u.wounds))
    return {"wounds": wounds}


def _first_wounds(u: UnitState, value: Value) -> dict[str, Any]:
    """A hero's wounds decide whether it is unconscious (§10): at Tough it is, below it wakes."""
    wounds = (int(value), *u.wounds[1:])
    return {"wounds": wounds, "unconscious": int(value) >= u.spec.tough} if u.hero else {"wounds": wounds}


def _status(condition: str) -> Field[BattleState]:
    def set_(u: UnitState, value: Value) -> dict[str, Any]:
        rest = tuple(x for x in u.statuses if x != condition)
        return {"statuses": (*rest, condition) if value else rest}

    return _field(
        f"status:{condition}",
        t.STATUS_NAMES[condition],
        "flag",
        lambda u: condition in u.statuses,
        set_,
        applies=_alive,
    )


def _unresolved(s: BattleState, _: str) -> bool:
    return bool(s.busy or s.melee)


def _cancel_unresolved(s: BattleState, _: str, value: Value) -> BattleState:
    return s if value else changed(s, offer=None, attack=None, queued=(), melee=None, morale=(), ai=None)


def _unresolved_label(s: BattleState, _: str) -> str:
    return f"Open {s.busy or 'melee'} (off: cancelled)"


def _stat_mod(stat: str, until: str) -> Field[BattleState]:
    """A modifier to Quality or Defense for the rest of the round or the battle, with the
    GM's reason: in the profile (so in every test and odds after it) and on the card; the
    result stays 2+ to 6+."""

    def get(s: BattleState, uid: str) -> Value:
        return adjustment_total(s.unit(uid).adjustments, stat, until)

    def put(s: BattleState, uid: str, value: Value, reason: str) -> BattleState:
        u = s.unit(uid)
        adjustments, by = readjusted(u.adjustments, stat, int(value), reason, until)
        return s.with_unit(uid, spec=changed(u.spec, **{stat: STAT_VALUE[stat](u.spec) + by}), adjustments=adjustments)

    def base(s: BattleState, uid: str) -> int:
        u = s.unit(uid)
        return STAT_VALUE[stat](u.spec) - adjustment_total(u.adjustments, stat, until)

    when = "the rest of this round" if until == "round" else "the rest of the battle"
    return Field(
        f"stat:{stat}:{until}",
        f"{STAT_NAMES[stat]} modifier for {when} (+1: one worse)",
        "number",
        get,
        lambda s, uid, value: put(s, uid, value, "GM correction"),
        maximum=lambda s, uid: 6 - base(s, uid),
        least=lambda s, uid: 2 - base(s, uid),
        put_reason=put,
        applies=_alive,
    )


def _activating(s: BattleState, uid: str) -> bool:
    return s.activation is not None and s.activation.unit == uid


def _acted(s: BattleState, uid: str) -> Value:
    act = s.activation
    return act is not None and bool(act.actions)


def _give_back(s: BattleState, uid: str, value: Value) -> BattleState:
    act = s.activation
    if value or act is None:
        return s
    return changed(s, activation=changed(act, actions=(), extras=0))


CORRECTIONS: Corrections[BattleState] = Corrections(
    [
        Field(
            "cancel-pending",
            "Open roll (off: cancelled)",
            "flag",
            lambda s, _: _unresolved(s, _),
            _cancel_unresolved,
            applies=_unresolved,
            battle=True,
            label_of=_unresolved_label,
        ),
        _field(
            "wounds",
            "Wounds taken (first model)",
            "number",
            lambda u: u.wounds[0] if u.wounds else 0,
            _first_wounds,
            maximum=_tough,
            applies=_alive,
        ),
        _field(
            "models",
            "Models in play (0: destroyed)",
            "number",
            lambda u: u.models,
            _models,
            maximum=_roster_models,
        ),
        _field(
            "pp",
            "Power points",
            "number",
            lambda u: u.pp,
            lambda u, v: {"pp": int(v)},
            maximum=_power_max,
            applies=_hero,
        ),
        _field("tokens", "Spell tokens", "number", lambda u: u.tokens, lambda u, v: {"tokens": int(v)}, applies=_hero),
        _field(
            "unconscious",
            "Unconscious",
            "flag",
            lambda u: u.unconscious,
            lambda u, v: {"unconscious": bool(v)},
            applies=_hero,
        ),
        _field("shaken", "Shaken", "flag", lambda u: u.shaken, lambda u, v: {"shaken": bool(v)}),
        _field("fatigued", "Fatigued", "flag", lambda u: u.fatigued, lambda u, v: {"fatigued": bool(v)}),
        _field(
            "activated", "Has activated this round", "flag", lambda u: u.activated, lambda u, v: {"activated": bool(v)}
        ),
        Field(
            "action-taken",
            "Action taken this activation (off: given back, the extra too)",
            "flag",
            _acted,
            _give_back,
            applies=lambda s, who: _activating(s, who) and bool(_acted(s, who)),
        ),
        *(_status(c) for c in t.STATUSES),
        *(_stat_mod(stat, until) for until in ("round", "battle") for stat in STAT_VALUE),
    ],
    _targets,
)


def options(state: BattleState, target: str | None) -> tuple[CorrectionOption, ...]:
    """What the GM may correct on ``target`` now (the note first)."""
    return CORRECTIONS.options(state, target)


def decide(state: BattleState, command: Correct, dice: DiceSource | None = None) -> Rejected | list[EventDraft]:
    return CORRECTIONS.decide(state, command, dice)


def apply(state: BattleState, payload: dict[str, Any]) -> BattleState:
    return CORRECTIONS.apply(state, payload)

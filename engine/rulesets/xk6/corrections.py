"""xK6 GM corrections (``engine.corrections``): a model's wounds, out of play (restore
one taken out), stun, burning, held, activated this turn, command points, and each
weapon's magazine (loaded, spare magazines, LA rounds)."""

from __future__ import annotations

from typing import Any, Callable, Mapping

from engine.corrections import Correct, CorrectionOption, Corrections, Field, Value, adjustment_total, readjusted
from engine.dice import DiceSource
from engine.events import EventDraft
from engine.records import changed
from engine.ruleset import Rejected

from .roster import ModelSpec
from .state import BattleState, ModelState

STAT_VALUE: Mapping[str, Callable[[ModelSpec], int]] = {
    "att": lambda spec: spec.att,
    "defence": lambda spec: spec.defence,
    "armour": lambda spec: spec.armour,
}
"""The characteristics a GM's modifier may change, read from a profile."""
STAT_NAMES: Mapping[str, str] = {"att": "Att dice", "defence": "Def dice", "armour": "Armour"}


def _targets(s: BattleState) -> Mapping[str, str]:
    return {m.id: m.name for m in s.models}


Get = Callable[[ModelState], Value]


def _field(
    what: str, label: str, kind: Any, get: Get, set_: Callable[[Value], dict[str, Any]], **kw: Any
) -> Field[BattleState]:
    def read(s: BattleState, mid: str) -> Value:
        return get(s.model(mid))

    def put(s: BattleState, mid: str, value: Value) -> BattleState:
        return s.with_model(mid, **set_(value))

    return Field(what, label, kind, read, put, **kw)


def _wound_limit(s: BattleState, mid: str) -> int | None:
    return s.model(mid).spec.wounds


def _cp_limit(s: BattleState, mid: str) -> int | None:
    return s.model(mid).spec.command_points


def _commander(s: BattleState, mid: str) -> bool:
    return s.model(mid).spec.command_points > 0


def _weapon_fields(index: int) -> tuple[Field[BattleState], ...]:
    """The magazine fields of a model's ``index``-th weapon (those it has)."""

    def spec_of(s: BattleState, mid: str) -> Any:
        weapons = s.model(mid).spec.weapons
        return weapons[index] if index < len(weapons) else None

    def state_of(s: BattleState, mid: str) -> Any:
        return s.model(mid).weapons[index]

    def has(what: str) -> Callable[[BattleState, str], bool]:
        def applies(s: BattleState, mid: str) -> bool:
            w = spec_of(s, mid)
            if w is None:
                return False
            st = state_of(s, mid)
            return st.mags is not None if what != "rounds" else st.rounds is not None

        return applies

    def reader(key: str) -> Callable[[BattleState, str], Value]:
        def read(s: BattleState, mid: str) -> Value:
            st = state_of(s, mid)
            value: Value = st.loaded if key == "loaded" else (st.mags if key == "mags" else st.rounds) or 0
            return value

        return read

    def putter(key: str) -> Callable[[BattleState, str, Value], BattleState]:
        def put(s: BattleState, mid: str, value: Value) -> BattleState:
            m = s.model(mid)
            wid = m.weapons[index].id
            change = {"loaded": bool(value)} if key == "loaded" else {key: int(value)}
            return s.with_model(mid, weapons=m.with_weapon(wid, **change).weapons)

        return put

    def named(what: str) -> Callable[[BattleState, str], str]:
        def label(s: BattleState, mid: str) -> str:
            return f"{spec_of(s, mid).name}: {what}"

        return label

    n = index + 1
    return (
        Field(
            f"loaded:{n}",
            f"weapon {n}: magazine loaded",
            "flag",
            reader("loaded"),
            putter("loaded"),
            applies=has("mags"),
            label_of=named("magazine loaded"),
        ),
        Field(
            f"mags:{n}",
            f"weapon {n}: spare magazines",
            "number",
            reader("mags"),
            putter("mags"),
            applies=has("mags"),
            label_of=named("spare magazines"),
        ),
        Field(
            f"rounds:{n}",
            f"weapon {n}: LA rounds",
            "number",
            reader("rounds"),
            putter("rounds"),
            applies=has("rounds"),
            label_of=named("LA rounds"),
        ),
    )


def _unresolved(s: BattleState, _: str) -> bool:
    return s.attack is not None or s.reaction is not None


def _cancel_unresolved(s: BattleState, _: str, value: Value) -> BattleState:
    return s if value else changed(s, attack=None, reaction=None)


def _unresolved_label(s: BattleState, _: str) -> str:
    return "Open attack (off: cancelled)" if s.attack is not None else "Open reaction (off: cancelled)"


def _stat_mod(stat: str, until: str) -> Field[BattleState]:
    """A modifier to Att, Def or Armour for the rest of the turn or the battle, with the
    GM's reason: in the profile (so in every pool and odds after it) and on the card."""

    def get(s: BattleState, mid: str) -> Value:
        return adjustment_total(s.model(mid).adjustments, stat, until)

    def put(s: BattleState, mid: str, value: Value, reason: str) -> BattleState:
        m = s.model(mid)
        adjustments, by = readjusted(m.adjustments, stat, int(value), reason, until)
        spec = changed(m.spec, **{stat: STAT_VALUE[stat](m.spec) + by})
        return s.with_model(mid, spec=spec, adjustments=adjustments)

    def least(s: BattleState, mid: str) -> int:
        """No fewer than 0 in the profile: the value now, less this modifier, is what it may take."""
        m = s.model(mid)
        return -(STAT_VALUE[stat](m.spec) - adjustment_total(m.adjustments, stat, until))

    when = "the rest of this turn" if until == "turn" else "the rest of the battle"
    return Field(
        f"stat:{stat}:{until}",
        f"{STAT_NAMES[stat]} modifier for {when}",
        "number",
        get,
        lambda s, mid, value: put(s, mid, value, "GM correction"),
        minimum=-6,
        maximum=lambda s, mid: 6,
        least=least,
        put_reason=put,
    )


def _activating(s: BattleState, mid: str) -> bool:
    return s.turn.active is not None and s.turn.active.model == mid


def _acted(s: BattleState, mid: str) -> Value:
    act = s.turn.active
    return act is not None and (act.acted or bool(act.attacks))


def _give_back(s: BattleState, mid: str, value: Value) -> BattleState:
    act = s.turn.active
    if value or act is None:
        return s
    return changed(s, turn=changed(s.turn, active=changed(act, acted=False, attacks=())))


CORRECTIONS: Corrections[BattleState] = Corrections(
    [
        Field(
            "cancel-pending",
            "Open attack or reaction (off: cancelled)",
            "flag",
            lambda s, _: _unresolved(s, _),
            _cancel_unresolved,
            applies=_unresolved,
            battle=True,
            label_of=_unresolved_label,
        ),
        _field("wounds", "Wounds", "number", lambda m: m.wounds, lambda v: {"wounds": int(v)}, maximum=_wound_limit),
        _field("out", "Out of play (off: restored)", "flag", lambda m: m.out, lambda v: {"out": bool(v)}),
        _field("stunned", "Stunned", "flag", lambda m: m.stunned, lambda v: {"stunned": bool(v)}),
        _field("burning", "Burning", "flag", lambda m: m.burning, lambda v: {"burning": bool(v)}),
        _field("held", "Held (reaction ready)", "flag", lambda m: m.held, lambda v: {"held": bool(v)}),
        _field("activated", "Has activated this turn", "flag", lambda m: m.activated, lambda v: {"activated": bool(v)}),
        Field(
            "action-taken",
            "Attack or action done this activation (off: given back)",
            "flag",
            _acted,
            _give_back,
            applies=lambda s, who: _activating(s, who) and bool(_acted(s, who)),
        ),
        _field(
            "command-points",
            "Command points",
            "number",
            lambda m: m.command_points,
            lambda v: {"command_points": int(v)},
            maximum=_cp_limit,
            applies=_commander,
        ),
        *(f for i in range(6) for f in _weapon_fields(i)),
        *(_stat_mod(stat, until) for until in ("turn", "battle") for stat in STAT_VALUE),
    ],
    _targets,
)


def options(state: BattleState, target: str | None) -> tuple[CorrectionOption, ...]:
    """What the GM may correct on model ``target`` now (the note first)."""
    return CORRECTIONS.options(state, target)


def decide(state: BattleState, command: Correct, dice: DiceSource | None = None) -> Rejected | list[EventDraft]:
    return CORRECTIONS.decide(state, command, dice)


def apply(state: BattleState, payload: dict[str, Any]) -> BattleState:
    return CORRECTIONS.apply(state, payload)

"""Sanctum Mortalis GM corrections (``engine.corrections``): what the GM may set on a model
without spending an action — on the table, out of action or off it (restore a model taken
out), each marker, actions left this activation, whether it has activated this round, XP
gained this battle and technology markers carried (taken from or put back on the table,
so one model's marker moves to another as two corrections)."""

from __future__ import annotations

from typing import Any, Mapping

from engine.corrections import Correct, CorrectionOption, Corrections, Field, Value
from engine.dice import DiceSource
from engine.events import EventDraft
from engine.records import changed
from engine.rolls import Modifier
from engine.ruleset import Rejected

from . import tables as t
from .profile import STATS
from .state import LEFT_TABLE, MARKER_NAMES, MARKER_SYMBOLS, MARKERS, ON_TABLE, OUT_OF_ACTION, BattleState, PendingSave
from .terms import trick_term

STATUSES = (ON_TABLE, OUT_OF_ACTION, LEFT_TABLE)
STATUS_LABELS = ("on the table", "out of action", "left the table")


def _targets(s: BattleState) -> Mapping[str, str]:
    return {m.id: m.name for m in s.models}


def _status(s: BattleState, mid: str) -> Value:
    return s.model(mid).status


def _put_status(s: BattleState, mid: str, value: Value) -> BattleState:
    m = s.model(mid)
    if value == ON_TABLE:  # restored: as it was, without the removal
        return s.with_model(mid, status=ON_TABLE, removed_by=None, removal_cause="")
    for other in m.engaged_with:  # taken out or off: out of every contact, its markers back on the table
        o = s.model(other)
        s = s.with_model(o.id, engaged_with=o.engaged_with - {mid})
    s = changed(
        s,
        markers_on_table=s.markers_on_table + m.tech_markers,
        special_marker_on_table=s.special_marker_on_table or m.special_marker,
        pending=tuple(x for x in s.pending if x.model != mid),
    )
    s = s.with_model(
        mid,
        status=str(value),
        removal_cause="GM correction",
        engaged_with=frozenset(),
        markers=frozenset(),
        tech_markers=0,
        special_marker=False,
        salvo=None,
    )
    return s.with_order(active_model=None) if s.order.active_model == mid else s


def _marker(marker: str) -> Field[BattleState]:
    def get(s: BattleState, mid: str) -> Value:
        return marker in s.model(mid).markers

    def put(s: BattleState, mid: str, value: Value) -> BattleState:
        markers = s.model(mid).markers
        return s.with_model(mid, markers=markers | {marker} if value else markers - {marker})

    return Field(f"marker:{marker}", f"{MARKER_NAMES[marker]} {MARKER_SYMBOLS[marker]}", "flag", get, put)


def _actions_left(s: BattleState, mid: str) -> Value:
    return s.model(mid).actions_left


def _put_actions_left(s: BattleState, mid: str, value: Value) -> BattleState:
    m = s.model(mid)
    return s.with_model(mid, action_cap=m.actions_used + int(value), bonus_action=False)


def _activated(s: BattleState, mid: str) -> Value:
    return s.model(mid).activated


def _put_activated(s: BattleState, mid: str, value: Value) -> BattleState:
    return s.with_model(mid, activated=bool(value))


def _infected(s: BattleState, mid: str) -> Value:
    return s.model(mid).infected


def _put_infected(s: BattleState, mid: str, value: Value) -> BattleState:
    return s.with_model(mid, infected=bool(value))


def _xp(s: BattleState, mid: str) -> Value:
    return s.model(mid).xp_gained


def _put_xp(s: BattleState, mid: str, value: Value) -> BattleState:
    return s.with_model(mid, xp_gained=int(value))


def _tech(s: BattleState, mid: str) -> Value:
    return s.model(mid).tech_markers


def _tech_most(s: BattleState, mid: str) -> int:
    return s.model(mid).tech_markers + s.markers_on_table


def _put_tech(s: BattleState, mid: str, value: Value) -> BattleState:
    more = int(value) - s.model(mid).tech_markers
    s = changed(s, markers_on_table=s.markers_on_table - more)
    return s.with_model(mid, tech_markers=int(value))


def _on_table(s: BattleState, mid: str) -> bool:
    return s.model(mid).on_table


def _no_value(s: BattleState, mid: str) -> Value | None:
    return None


def _ask_toughness(s: BattleState, mid: str, value: Value, reason: str) -> BattleState:
    """A Toughness roll for an effect the app does not know, with the GM's modifier: pending
    like a hit's, so its roll dialog (odds, typed dice, re-rolls) and consequences follow."""
    terms = [Modifier(f"GM: {reason}", int(value), "GM correction").to_dict()] if int(value) else []
    pend = PendingSave(mid, None, "other", "", {"extra_terms": terms, "gm": True})
    return changed(s, pending=(*s.pending, pend))


def _stat_mod(stat: str, until: str) -> Field[BattleState]:
    """A modifier to ``stat`` for the rest of the round or the battle, with the GM's reason:
    among the profile's sources, so counted in every roll and odds after it."""

    def get(s: BattleState, mid: str) -> Value:
        return sum(a[1] for a in s.model(mid).spec.adjustments if a[0] == stat and a[3] == until)

    def put(s: BattleState, mid: str, value: Value, reason: str) -> BattleState:
        spec = s.model(mid).spec
        kept = tuple(a for a in spec.adjustments if not (a[0] == stat and a[3] == until))
        new = (stat, int(value), reason, until)
        return s.with_model(mid, spec=changed(spec, adjustments=(*kept, new) if int(value) else kept))

    when = "the rest of this round" if until == "round" else "the rest of the battle"
    return Field(
        f"stat:{stat}:{until}",
        f"{t.STAT_NAMES[stat]} ({stat}) modifier for {when}",
        "number",
        get,
        lambda s, mid, value: put(s, mid, value, "GM correction"),
        minimum=-6,
        maximum=lambda s, mid: 6,
        put_reason=put,
    )


def _pending(s: BattleState, _: str) -> bool:
    return bool(s.pending)


def _cancel_pending(s: BattleState, _: str, value: Value) -> BattleState:
    return s if value else changed(s, pending=s.pending[1:])


def _pending_label(s: BattleState, _: str) -> str:
    return f"Pending Toughness roll of {s.model(s.pending[0].model).name} (off: cancelled)"


CORRECTIONS: Corrections[BattleState] = Corrections(
    [
        Field(
            "cancel-pending",
            "Pending Toughness roll (off: cancelled)",
            "flag",
            _pending,
            _cancel_pending,
            applies=_pending,
            battle=True,
            label_of=_pending_label,
        ),
        Field("status", "Status", "choice", _status, _put_status, choices=STATUSES, choice_labels=STATUS_LABELS),
        *(
            Field(f.what, f.label, f.kind, f.get, f.put, applies=_on_table)
            for f in (_marker(marker) for marker in MARKERS)
        ),
        Field(
            "toughness-roll",
            "Ask for a Toughness roll (an effect the app does not know)…",
            "number",
            _no_value,
            lambda s, mid, value: _ask_toughness(s, mid, value, "GM correction"),
            minimum=-6,
            maximum=lambda s, mid: 6,
            applies=_on_table,
            put_reason=_ask_toughness,
        ),
        Field(
            "actions-left",
            "Actions left this round",
            "number",
            _actions_left,
            _put_actions_left,
            maximum=lambda s, m: 3,
        ),
        Field("activated", "Has activated this round", "flag", _activated, _put_activated),
        Field(
            "infected",
            f"Infected ({trick_term('infection')}, §21: −1 to every characteristic)",
            "flag",
            _infected,
            _put_infected,
        ),
        Field("xp", "XP gained this battle", "number", _xp, _put_xp),
        Field(
            "tech-markers",
            "Technology markers ✦ carried (from / back to the table)",
            "number",
            _tech,
            _put_tech,
            maximum=_tech_most,
            applies=_on_table,
        ),
        *(_stat_mod(stat, until) for until in ("round", "battle") for stat in STATS),
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

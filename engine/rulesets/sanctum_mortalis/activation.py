"""Taking actions: who may act now, which actions are left (§6), and the markers an
action ends (§11.4)."""

from __future__ import annotations

from typing import Any

from engine.events import EventDraft
from engine.formatting import possessive
from engine.ruleset import Rejected

from .state import DEFENSIVE_STANCE, HIDDEN, MARKER_NAMES, OVERWATCH, BattleState, ModelState
from .terms import card_term, skill_term, trick_term
from .turn import activation_check

MOVE = "move"
SHOOT = "shoot"
MOVE_ONLY = {
    "stun": ("stunned by a grenade (one action, a Move)", "§17.6"),
    "smoke": ("inside a smoke cloud until it leaves it", "§17.6"),
    "lava": (f"in the burning pool of {trick_term('lava')} until it leaves it", "§21"),
}
"""Why a model may only Move (``ModelState.move_only``): the reason and the rule."""


def acting_model(state: BattleState, model_id: str) -> tuple[list[EventDraft], Rejected | None]:
    """Events needed before ``model_id`` acts in its own activation: an automatic
    activation if none is running. A rejection if it cannot act now."""
    if state.ended:
        return [], Rejected("the battle has ended", "§14")
    if not state.has_model(model_id):
        return [], Rejected(f"no model '{model_id}'", kind="malformed")
    if state.pending:
        who = state.model(state.pending[0].model).name
        return [], Rejected(f"{possessive(who)} Toughness roll is pending; roll it first", "§9")
    from .movement_actions import held_refusal

    held = held_refusal(state)
    if held is not None:
        return [], held
    if state.order.active_model == model_id:
        return [], None
    problem = activation_check(state, model_id)
    if problem:
        return [], problem
    m = state.model(model_id)
    return [EventDraft("activation_started", {"model": m.id}, actor=m.id, text=f"{m.name} activates.")], None


def action_check(m: ModelState, kind: str) -> Rejected | None:
    """Whether ``m`` may take an action of ``kind`` ("move", "shoot", or any other) now."""
    if not m.on_table:
        return Rejected(f"{m.name} is no longer on the table", "§14")
    if m.actions_left <= 0:
        if m.action_cap < 2 and m.actions_used < 2:
            return Rejected(f"{m.name} has no actions left this round (limited to {m.action_cap})", "§6")
        return Rejected(f"{m.name} has used both its actions this round", "§6")
    if kind in m.barred:
        return Rejected(f"{card_term('doubt')}: {m.name} must take a different action than this one ({kind})", "§12.3")
    if kind == MOVE:
        if m.engaged:
            return Rejected(f"{m.name} is engaged in melee and may not Move; Attack or Withdraw instead", "§8.1")
        if m.aimed:
            return Rejected(f"{m.name} used {skill_term('aimed-shot')}: it takes both actions", "§20.3")
        return None
    if m.move_only:
        why = MOVE_ONLY.get(m.move_only, (m.move_only, "§6"))
        return Rejected(f"{m.name} may take only Move actions this round: {why[0]}", why[1])
    if m.climbed:
        return Rejected(f"{m.name} climbed this round: only Move actions are left", "§7.3")
    if m.others >= 1 and not m.bonus_action:
        return Rejected(f"{m.name} has already taken its one non-Move action; the other action is always a Move", "§6")
    if kind == SHOOT:
        if m.engaged:
            return Rejected(f"{m.name} is engaged in melee and may not Shoot", "§8.1")
        if m.no_shooting:
            return Rejected(f"{m.name} was blinded by {trick_term('flash')}: no Shooting this round", "§21")
    return None


def ended_markers(m: ModelState, kind: str, keep_hidden: bool = False) -> list[EventDraft]:
    """Markers that go when ``m`` takes an action of ``kind`` (§11.4)."""
    out = []
    for marker in sorted(m.markers):
        if marker == DEFENSIVE_STANCE and kind == SHOOT:
            continue
        if marker == HIDDEN and keep_hidden:
            continue
        rule = {DEFENSIVE_STANCE: "§11.2", OVERWATCH: "§11.3", HIDDEN: "§20.5"}[marker]
        out.append(
            EventDraft(
                "marker_removed",
                {"model": m.id, "marker": marker, "reason": f"took an action ({kind})"},
                actor=m.id,
                text=f"{m.name} loses {MARKER_NAMES[marker]} ({rule}).",
            )
        )
    return out


def take_action(
    state: BattleState, model_id: str, kind: str, text: str, keep_hidden: bool = False, **payload: Any
) -> list[EventDraft] | Rejected:
    """The events of ``model_id`` taking one action: activation if needed, the action, markers lost."""
    pre, problem = acting_model(state, model_id)
    if problem:
        return problem
    m = state.model(model_id)
    problem = action_check(m, kind)
    if problem:
        return problem
    action = EventDraft("action", {"model": m.id, "action": kind, **payload}, actor=m.id, text=text)
    return [*pre, action, *ended_markers(m, kind, keep_hidden)]

"""Reactions (§14): a model that held its action may answer a visible action by a model it
sees, by moving or shooting; the held action is then used up ([XK-A16] settings)."""

from __future__ import annotations

from typing import Sequence

from engine.dice import DiceSource
from engine.events import EventDraft
from engine.ruleset import Rejected

from .commands import EndReaction, React
from .state import BattleState

Decision = Rejected | Sequence[EventDraft]
KINDS = ("move", "shoot")


def reaction_problem(state: BattleState, model_id: str, trigger_id: str) -> Rejected | None:
    """Why ``model_id`` may not react to ``trigger_id`` now (None: it may; how is asked next)."""
    m, trigger = state.model(model_id), state.model(trigger_id)
    if state.turn.phase != "activations":
        return Rejected("reactions happen during activations", "§14")
    if state.attack is not None or state.reaction is not None:
        return Rejected("finish the attack or reaction under way first", "§14 [XK-A16](b)")
    if not m.in_play:
        return Rejected(f"{m.name} is out of play", "§17")
    if not m.held:
        return Rejected(f"{m.name} has no held action", "§14")
    if state.turn.active is not None and state.turn.active.model == m.id:
        return Rejected(f"{m.name} is the model acting now", "§14")
    if trigger.side == m.side and state.setting("reaction_triggers") != "any":
        return Rejected(f"{trigger.name} is friendly: reactions answer enemy actions", "§14 [XK-A16](d)")
    return None


def react(state: BattleState, cmd: React, dice: DiceSource) -> Decision:
    if cmd.kind not in KINDS:
        return Rejected("a reaction is a move or a shot", "§14", kind="malformed")
    for mid in (cmd.model, cmd.trigger):
        if not state.has_model(mid):
            return Rejected(f"no model '{mid}'", kind="malformed")
    problem = reaction_problem(state, cmd.model, cmd.trigger)
    if problem:
        return problem
    m, trigger = state.model(cmd.model), state.model(cmd.trigger)
    answer = f" (answering log entry {cmd.trigger_event})" if cmd.trigger_event is not None else ""
    if cmd.kind == "move":
        if cmd.speed is None or m.spec.speed(cmd.speed) is None:
            return Rejected(
                f"choose a speed: {', '.join(s.name for s in m.spec.speeds)}", "§14 [XK-A16](c)", kind="ambiguous"
            )
        col = m.spec.speed(cmd.speed)
        assert col is not None
        return [
            EventDraft(
                "reaction_started",
                {
                    "model": m.id,
                    "kind": "move",
                    "speed": col.name,
                    "trigger": trigger.id,
                    "trigger_event": cmd.trigger_event,
                },
                actor=m.id,
                text=f"{m.name} reacts to {trigger.name}{answer}: moves at {col.name} "
                f"(its modifiers now until its next activation, [XK-A16](c)).",
            )
        ]
    return [
        EventDraft(
            "reaction_started",
            {"model": m.id, "kind": "shoot", "trigger": trigger.id, "trigger_event": cmd.trigger_event},
            actor=m.id,
            text=f"{m.name} reacts to {trigger.name}{answer}: it shoots (current speed modifiers).",
        )
    ]


def end_reaction(state: BattleState, cmd: EndReaction, dice: DiceSource) -> Decision:
    if state.reaction is None or state.attack is not None:
        return Rejected("no reaction shot is waiting", "§14")
    m = state.model(state.reaction)
    return [
        EventDraft(
            "reaction_ended", {"model": m.id}, actor=m.id, text=f"{m.name} does not shoot; its held action is used up."
        )
    ]

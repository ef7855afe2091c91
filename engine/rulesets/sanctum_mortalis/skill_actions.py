"""Skills used at a moment of the battle: Kradzież and Ucieczka instead of hitting after a
won melee (§20.5), and Rozkaz obrony, which gives friends a Defensive stance (§20.2)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from engine.dice import DiceSource
from engine.events import EventDraft
from engine.ruleset import Rejected

from .activation import take_action
from .card_triggers import melee_loser, skill_problem
from .state import DEFENSIVE_STANCE, BattleState, ModelState
from .terms import skill_term, term

if TYPE_CHECKING:  # the command classes load on first use (not to draw the battle screen)
    from .commands import DefenceOrder, InsteadOfHitting

Decision = Rejected | Sequence[EventDraft]


def instead_of_hitting(state: BattleState, cmd: InsteadOfHitting, dice: DiceSource) -> Decision:
    if not state.has_model(cmd.model):
        return Rejected(f"no model '{cmd.model}'", kind="malformed")
    m = state.model(cmd.model)
    problem = skill_problem(state, m, cmd.instead)
    if problem:
        return Rejected(problem, "§20.5", kind="malformed" if problem.startswith("unknown") else "illegal")
    loser = melee_loser(state, m.id)
    assert loser is not None
    if cmd.instead == "theft":
        return [
            _no_hit(loser, f"{m.name} does not hit {loser.name}: it takes a marker instead ({skill_term('theft')})."),
            EventDraft(
                "marker_taken",
                {"from": loser.id, "to": m.id},
                actor=m.id,
                text=f"{m.name} takes a technology marker from {loser.name} ({skill_term('theft')}, §20.5).",
            ),
        ]
    return [
        _no_hit(loser, f"{m.name} does not hit {loser.name}: it breaks off instead ({skill_term('escape')})."),
        *(
            EventDraft(
                "disengaged",
                {"a": m.id, "b": o},
                actor=m.id,
                text=f'{m.name} breaks off to 1" from {state.model(o).name}; both keep the actions they have left '
                f"({skill_term('escape')}, §20.5).",
            )
            for o in sorted(m.engaged_with)
        ),
    ]


def _no_hit(loser: ModelState, text: str) -> EventDraft:
    return EventDraft("save_resolved", {"model": loser.id, "passed": True, "rolled": False}, actor=loser.id, text=text)


def order_problem(state: BattleState, m: ModelState, friend_id: str) -> str | None:
    """Why Rozkaz obrony given by ``m`` cannot place a Defensive stance on ``friend_id``."""
    if not state.has_model(friend_id):
        return f"no model '{friend_id}'"
    f = state.model(friend_id)
    if f.side != m.side:
        return f"{f.name} is not a friend of {m.name}"
    if f.id == m.id and state.setting("defence_order_self") != "on":
        return f"{m.name} gives the order: it does not take the stance itself [SM-A33]"
    if not f.on_table:
        return f"{f.name} is not on the table"
    if f.engaged:
        return f"{f.name} is engaged in melee"
    if DEFENSIVE_STANCE in f.markers:
        return f"{f.name} already has a {term('Defensive stance')}"
    return None


def defence_order(state: BattleState, cmd: DefenceOrder, dice: DiceSource) -> Decision:
    """The giver spends its non-Move action; each friend gets the marker and spends nothing
    (it may have activated already)."""
    if not state.has_model(cmd.model):
        return Rejected(f"no model '{cmd.model}'", kind="malformed")
    m = state.model(cmd.model)
    if "defence-order" not in m.spec.skills:
        return Rejected(f"{m.name} does not know {skill_term('defence-order')}", "§20.2")
    for f in cmd.friends:
        problem = order_problem(state, m, f)
        if problem:
            return Rejected(problem, "§20.2", kind="malformed" if problem.startswith("no model") else "illegal")
    drafts = take_action(
        state,
        m.id,
        "other",
        f"{m.name} gives {skill_term('defence-order')} (§20.2).",
        what=f"gives {skill_term('defence-order')}",
    )
    if isinstance(drafts, Rejected):
        return drafts
    for f in dict.fromkeys(cmd.friends):
        drafts.append(
            EventDraft(
                "marker_placed",
                {"model": f, "marker": DEFENSIVE_STANCE, "order": m.id},
                actor=m.id,
                text=f"{term('Defensive stance')} marker on {state.model(f).name} ({skill_term('defence-order')}: no action of its own).",
            )
        )
    return drafts

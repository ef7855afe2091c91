"""What the dashboard asks before it opens a picker: may this unit take this activation
now (``can``), and how each warband stands in the turn (``activation_counts``). Pure: the
same checks ``Activate`` makes, targets aside."""

from __future__ import annotations

from engine.ruleset import ActivationCounts, Rejected

from .commands import Activate
from .melee import engage_problem as _engage_problem
from .state import BattleState
from .turn import _activation_problem


def can(state: BattleState, kind: str, unit_id: str, source: str = "normal") -> Rejected | None:
    """Why ``unit_id`` may not take an activation of ``kind`` ("move", "charge", "shoot",
    "rest") now, or None: asked before any target or cover picker opens. ``source``
    "saga": by a SAGA ability (any turn; an exhausted unit's is cancelled, not refused).
    ``kind`` "engage": an engagement without a Move to engage (``Engage``), targets aside."""
    if kind == "engage":
        return _engage_problem(state, unit_id) or _no_enemy(state, unit_id)
    problem = _activation_problem(state, Activate(unit_id, kind, source=source))
    if problem:
        return problem
    u = state.unit(unit_id)
    if kind == "rest":
        if u.activations:
            done = ", ".join(a.kind for a in u.activations)
            return Rejected(f"{u.name} already activated this turn ({done}); Rest must be its first activation", "§4.4")
        return None
    if u.exhausted and source != "saga":
        return Rejected(
            f"{u.name} is exhausted ({u.fatigue}/{u.limit}): it cannot Move or Shoot, only Rest as "
            "its first activation",
            "§4.6",
        )
    if kind in ("charge", "shoot"):
        return _no_enemy(state, unit_id)
    return None


def _no_enemy(state: BattleState, unit_id: str) -> Rejected | None:
    u = state.unit(unit_id)
    if not any(x.alive and x.side != u.side for x in state.units):
        return Rejected("no enemy unit is left on the table", "§3.0")
    return None


def activation_counts(state: BattleState, side: str) -> ActivationCounts:
    """``side``'s units this turn: acted (activated at least once), ready (alive, not yet),
    out (wiped out)."""
    units = [u for u in state.units if u.side == side]
    alive = [u for u in units if u.alive]
    acted = sum(1 for u in alive if u.activations)
    return ActivationCounts(acted=acted, ready=len(alive) - acted, out=len(units) - len(alive))


def refused_now(state: BattleState, command: object) -> Rejected | None:
    """The engine's refusal of ``command`` now (a dry run with throwaway dice: nothing is
    saved; a choice still to come is not a refusal), or None: asked to grey a picker's
    answers before they are chosen."""
    from engine.dice import DiceEntryError, SeededDice

    from .ruleset import HANDLERS

    handler = HANDLERS.get(type(command))
    if handler is None:
        return Rejected(f"SAGA has no command {type(command).__name__}", kind="malformed")
    try:
        out = handler(state, command, SeededDice(0, "dry run"))
    except DiceEntryError:
        return None  # dice typed into the command: the roll dialog checks them
    return out if isinstance(out, Rejected) and out.kind != "ambiguous" else None

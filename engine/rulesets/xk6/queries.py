"""What the dashboard asks before it opens a picker: may this model activate or attack
now (``can``), and how each band stands in the turn (``activation_counts``). Pure: the
same checks ``Activate`` and ``Attack`` make, the choices still to come left out."""

from __future__ import annotations

from engine.ruleset import ActivationCounts, Rejected

from . import tables as t
from .activation import acting_problem, activation_problem
from .attack import check
from .commands import Activate, Attack
from .reactions import reaction_problem
from .state import BattleState
from .view import _kinds  # the kinds of attack a weapon allows, as the attack options list them

ACTIONS = ("activate", "attack", "designate", "skill", "react")
OPTION_OF = {"designate": t.MOVE_DESIGNATE, "skill": t.SKILL}


def can(state: BattleState, action: str, model_id: str) -> Rejected | None:
    """Why ``model_id`` may not ``action`` now, or None: asked before the option, speed,
    weapon, target, skill or reaction picker opens. ``activate``; ``attack`` (refused when
    no weapon of the model could attack now: the reason of the first; targets aside);
    ``designate`` and ``skill`` (the action of the model activated for it: ``model_id``
    is that model); ``react`` (``model_id``'s held action against the model acting now)."""
    if action not in ACTIONS:
        return Rejected(f"unknown action '{action}'", kind="malformed")
    if not state.has_model(model_id):
        return Rejected(f"no model '{model_id}'", kind="malformed")
    if action in OPTION_OF:
        return acting_problem(state, OPTION_OF[action])
    if action == "react":
        act = state.turn.active
        if act is None:
            return Rejected("a reaction answers an enemy's activation: none is under way", "§14")
        return reaction_problem(state, model_id, act.model)
    if action == "activate":
        problem = activation_problem(state, Activate(model_id, t.HOLD))
        return None if problem is None or problem.kind == "ambiguous" else problem
    m = state.model(model_id)
    first: Rejected | None = None
    for weapon in m.spec.weapons:
        for kind in _kinds(weapon):
            problem = check(state, Attack(m.id, weapon.id, kind=kind))
            if problem is None or problem.kind == "ambiguous":
                return None
            first = first or problem
    return first or Rejected(f"{m.name} has no weapon to attack with", "§8")


def activation_counts(state: BattleState, side: str) -> ActivationCounts:
    """``side``'s models this turn: acted (in play, activated or its activation under way),
    ready (in play, not yet), out (out of play)."""
    models = [m for m in state.models if m.side == side]
    playing = [m for m in models if m.in_play]
    acting = state.turn.active.model if state.turn.active else None
    acted = sum(1 for m in playing if m.activated or m.id == acting)
    return ActivationCounts(acted=acted, ready=len(playing) - acted, out=len(models) - len(playing))

"""What the dashboard asks before it opens a picker: may this unit take this action now
(``can``; an action by a hero with no activation open activates it first, so that
activation is checked too), and how each side stands in the round
(``activation_counts``). Pure: the same checks the commands make, choices aside."""

from __future__ import annotations

from typing import Any

from engine.dice import TypedDice
from engine.ruleset import ActivationCounts, Rejected

from . import tables as t
from .attack import acting_problem
from .commands import ActivateHero, DangerousTerrain, Fall, Jump
from .flow import ai_to_activate, heroes_to_activate
from .state import BattleState
from .terrain import dangerous_problem, fall_problem, jump_problem
from .turn import activate_hero

ACTIONS = ("act", "skill", "cast", "shoot")
"""``act``: the hero's action (Hold, Advance, Rush, Charge, Skill, Rest); ``skill``: its
skill action; ``cast``: a spell; ``shoot``: a shot (after Hold or Advance)."""


def can(state: BattleState, action: str, unit_id: str) -> Rejected | None:
    """Why ``unit_id`` may not take ``action`` (one of ``ACTIONS``) now, or None: asked
    before any weapon, target, spell or skill picker and before any die."""
    if action not in ACTIONS:
        return Rejected(f"unknown action '{action}'", kind="malformed")
    if not state.has_unit(unit_id):
        return Rejected(f"no unit '{unit_id}'", kind="malformed")
    u = state.unit(unit_id)
    if action in ("act", "skill") and not u.hero:
        return Rejected(f"{u.name} is an AI unit: it acts through the flow chart", "§16.2")
    if action == "cast" and not u.spec.spells:
        return Rejected(f"{u.name} has no spells", "§17 Caster")
    if action == "shoot" and not any(not w.melee for w in u.spec.weapons):
        return Rejected(f"{u.name} has no ranged weapon", "§9")
    act = state.activation
    if u.hero and act is None:  # any action activates the hero first (§5)
        refusal = activate_hero(state, ActivateHero(u.id), TypedDice([]))  # no die is rolled
        if isinstance(refusal, Rejected):
            return refusal
        if action == "shoot":
            return Rejected(f"{u.name} may shoot only after a Hold or Advance action", "§6.1, §9 step 1")
        return None
    problem = acting_problem(state, unit_id)
    if problem:
        return problem
    if action == "shoot" and u.hero and act is not None and not any(a in t.MAY_SHOOT for a in act.actions):
        return Rejected(f"{u.name} may shoot only after a Hold or Advance action", "§6.1, §9 step 1")
    return None


def refused_now(state: BattleState, *commands: Any) -> Rejected | None:
    """The engine's refusal of ``commands`` one after the other now (a dry run: nothing is
    saved; a choice still to come is not a refusal), or None: asked to grey a picker's
    answers before they lead to a roll dialog."""
    from .ruleset import refusal

    return refusal(state, commands)


def hazard_problem(state: BattleState, command: Jump | Fall | DangerousTerrain) -> Rejected | None:
    """Why a jump, fall or dangerous-terrain roll would be refused now (None: it would
    not): asked before the roll dialog opens, so no die is typed for nothing."""
    if isinstance(command, Jump):
        return jump_problem(state, command.hero, command.distance)
    if isinstance(command, Fall):
        return fall_problem(state, command.unit, command.height)
    return dangerous_problem(state, command.unit, command.models)


def activation_counts(state: BattleState, side: str) -> ActivationCounts:
    """``side`` ("heroes" or "ai") this round: acted (activated or acting now, still in play), ready
    (may still activate, as the round's own order says), out (the rest: unconscious,
    dead or destroyed, a revived hero kept idle), waiting (not yet on the table)."""
    units = state.heroes() if side == t.HEROES else state.enemies()
    to_activate = heroes_to_activate(state) if side == t.HEROES else ai_to_activate(state)
    acting = state.activation.unit if state.activation else None
    ready = sum(1 for u in to_activate if u != acting)  # the unit acting now has acted
    acted = sum(1 for u in units if u.activated and u.alive and u.on_table and not u.unconscious)
    acted += len(to_activate) - ready
    waiting = sum(1 for u in units if u.alive and not u.on_table)  # Ambush, a later wave
    return ActivationCounts(acted=acted, ready=ready, out=len(units) - acted - ready - waiting, waiting=waiting)

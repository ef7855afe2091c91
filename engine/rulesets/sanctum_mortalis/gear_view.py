"""What the dashboard shows before a grenade throw or a Dispel roll (§17.6, §20.4): the
roll's target and exact chance, and why the engine would refuse it (a dry run with
placeholder dice: nothing is saved). Pure: the TUI renders it."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from engine.formatting import possessive
from engine.records import Record

from . import tables as t
from .grenades import EFFECT_TEXT, blast_effect, grenades_of, throw_chance
from .procedures.common import profile_of
from .state import BattleState
from .terms import skill_term, trick_term
from .tricks import dispel_odds, dispellers

if TYPE_CHECKING:
    from .commands import CastTrick, ThrowGrenade


class GearRollPreview(Record):
    """One 2k6 roll of the gear rules: ``terms`` (how the target is made), the chance of
    ``goal``, the dice to type, and why it would be refused ("" if it would not)."""

    title: str
    terms: str
    goal: str
    p_goal: Fraction
    refusal: str = ""
    dice: int = 2


def _refusal(state: BattleState, cmd: object) -> str:
    from engine.dice import ScriptedDice
    from engine.ruleset import Rejected

    from .view import _rules

    decision = _rules().decide(state, cmd, ScriptedDice([6] * 6))
    return str(decision) if isinstance(decision, Rejected) else ""


def grenade_preview(state: BattleState, cmd: ThrowGrenade) -> GearRollPreview:
    """The Accuracy roll of a throw: 2k6 < the thrower's current C, no modifiers."""
    m = state.model(cmd.model)
    name = t.ITEMS[cmd.grenade].name if cmd.grenade in t.ITEMS else cmd.grenade
    c = profile_of(m.spec, m.infected).C.value
    return GearRollPreview(
        f"{m.name} throws a {name}",
        f"2k6 < {c} ({possessive(m.name)} Accuracy, no modifiers, §17.6)",
        "on target",
        throw_chance(state, m.id),
        _refusal(state, cmd),
    )


def dispel_preview(state: BattleState, cmd: CastTrick) -> GearRollPreview:
    """The Dispel roll against a trick being cast: 2k6 ≥ 8 (§20.4)."""
    caster = state.model(cmd.model)
    who = state.model(cmd.dispeller).name if cmd.dispeller else "A model"
    trick = trick_term(cmd.trick) if cmd.trick in t.TRICKS else cmd.trick
    return GearRollPreview(
        f"{who}: {skill_term('dispel')} against {possessive(caster.name)} {trick}",
        f"2k6 ≥ {t.DISPEL_TARGET} (§20.4)",
        "dispelled",
        dispel_odds(),
        _refusal(state, cmd),
    )


def blast_candidates(state: BattleState) -> list[tuple[str, str]]:
    """(model id, label) of every model on the table that may be in the waiting grenade's
    blast, with what the blast would do to it."""
    thrown = state.grenade
    if thrown is None:
        return []
    out = []
    for m in state.on_table():
        side = state.side(m.side).name if m.side in ("A", "B") else "independent"
        out.append((m.id, f"{m.name} ({side}) — {EFFECT_TEXT[blast_effect(state, thrown.grenade, m.id)]}"))
    return out


__all__ = [
    "GearRollPreview",
    "blast_candidates",
    "dispel_preview",
    "dispellers",
    "grenade_preview",
    "grenades_of",
]

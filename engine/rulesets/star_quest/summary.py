"""What generic code may read of a Star Quest battle (``engine.ruleset.BattleSummary``):
the heroes' party and the AI's enemies are its two sides."""

from __future__ import annotations

from engine.ruleset import BattleSummary, MemberSummary, SideSummary

from . import tables as t
from .state import BattleState, UnitState

SIDE_NAMES = ((t.HEROES, "Heroes"), (t.AI, "Enemies"))
"""Each side's name when its roster has none."""


def _out(u: UnitState) -> tuple[bool, str]:
    """(out of play, how): a unit with no model left is out; a hero at wounds = Tough lies
    unconscious until revived (§10): out of play too, but not killed."""
    if u.alive and u.unconscious:
        return True, "unconscious"
    return not u.alive, ""


def summary(state: BattleState) -> BattleSummary:
    """Heroes and enemies (named by their rosters: the party's, the enemies'), each unit
    (out: an unconscious hero (§10) or no model left, and how; an enemy unit's models
    left), the round and the side activating."""
    named = dict(state.band_names)
    return BattleSummary(
        round=state.round,
        sides=tuple(SideSummary(key, named.get(key) or name) for key, name in SIDE_NAMES),
        members=tuple(
            MemberSummary(
                u.id,
                u.name,
                u.side,
                u.name,
                out=_out(u)[0],
                models=u.models if not u.hero else None,
                out_as=_out(u)[1],
            )
            for u in state.units
        ),
        active_side=state.activation.side if state.activation is not None else None,
    )

"""What generic code may read of a Star Quest battle (``engine.ruleset.BattleSummary``):
the heroes' party and the AI's enemies are its two sides."""

from __future__ import annotations

from engine.ruleset import BattleSummary, MemberSummary, SideSummary

from . import tables as t
from .state import BattleState

SIDE_NAMES = ((t.HEROES, "Heroes"), (t.AI, "Enemies"))
"""Each side's name when its roster has none."""


def summary(state: BattleState) -> BattleSummary:
    """Heroes and enemies (named by their rosters: the party's, the enemies'), each unit
    (none left: out; an enemy unit's models left), the round and the side activating."""
    named = dict(state.band_names)
    return BattleSummary(
        round=state.round,
        sides=tuple(SideSummary(key, named.get(key) or name) for key, name in SIDE_NAMES),
        members=tuple(
            MemberSummary(u.id, u.name, u.side, u.name, out=not u.alive, models=u.models if not u.hero else None)
            for u in state.units
        ),
        active_side=state.activation.side if state.activation is not None else None,
    )

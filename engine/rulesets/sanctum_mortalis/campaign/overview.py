"""What generic code may read of a campaign (``engine.ruleset.BattleSummary``): its
bands as they are now and the battles played as its result."""

from __future__ import annotations

from engine.ruleset import BattleSummary, MemberSummary, SideSummary

from ..summary import describe
from .history import battles_played
from .state import CampaignState


def summary(state: CampaignState) -> BattleSummary:
    """Each band with its models (stash included); ``result``: the battles played."""
    played = battles_played(state)
    return BattleSummary(
        round=state.round,
        sides=tuple(SideSummary(b.key, b.name, b.roster.player) for b in state.bands),
        members=tuple(
            MemberSummary(m.name, m.name, b.key, f"{m.name} ({describe(m)})")
            for b in state.bands
            for m in b.roster.models
        ),
        result="; ".join(f"Battle {b.number}, {b.scenario}: {b.result}" for b in played) or None,
    )

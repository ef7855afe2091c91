"""What generic code may read of an xK6 battle (``engine.ruleset.BattleSummary``)."""

from __future__ import annotations

from engine.ruleset import BattleSummary, MemberSummary, SideSummary

from .state import BattleState


def summary(state: BattleState) -> BattleSummary:
    """The bands, their models (out of play: out), the turn and the side acting or next."""
    active = state.turn.active
    return BattleSummary(
        round=state.round,
        sides=tuple(SideSummary(key, name) for key, name in state.bands.items()),
        members=tuple(MemberSummary(m.id, m.name, m.side, m.name, out=not m.in_play) for m in state.models),
        active_side=state.model(active.model).side
        if active is not None and state.has_model(active.model)
        else state.turn.next_side,
    )

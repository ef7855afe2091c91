"""What generic code may read of a SAGA battle (``engine.ruleset.BattleSummary``)."""

from __future__ import annotations

from engine.ruleset import BattleSummary, MemberSummary, SideSummary

from .state import BattleState


def summary(state: BattleState) -> BattleSummary:
    """The warbands, their units (a unit with no model left is out; its models left), the
    game round and whose turn it is."""
    return BattleSummary(
        round=state.round,
        sides=tuple(SideSummary(key, name) for key, name in state.warbands.items()),
        members=tuple(
            MemberSummary(
                u.id,
                u.name,
                u.side,
                f"{u.name} ({u.cls.replace('-', ' ')})" if u.cls else u.name,
                out=not u.alive,
                models=u.models,
            )
            for u in state.units
        ),
        active_side=state.turn.active if state.turn.phase == "turn" else None,
    )

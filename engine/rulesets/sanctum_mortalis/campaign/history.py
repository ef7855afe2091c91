"""The campaign's battle list as a screen shows it (``view.battles_played``): each battle
recorded, in order, with its scenario's name and who won, by how many VP."""

from __future__ import annotations

from engine.records import Record

from .. import tables as t
from .state import CampaignState


class BattleLine(Record):
    """One battle of the campaign's list: ``result`` says who won and the VP."""

    number: int
    title: str
    scenario: str
    result: str
    ref: str


def battles_played(state: CampaignState) -> tuple[BattleLine, ...]:
    """The battles recorded, in order: number, title, scenario name and result."""
    out = []
    for b in state.battles:
        names = [state.band(k).name if state.has_band(k) else k for k in b.bands]
        score = f"{b.vp[0]}–{b.vp[1]}"
        if b.winner is None:
            result = f"{names[0]} and {names[1]} drew {score}"
        else:
            won = names[b.bands.index(b.winner)] if b.winner in b.bands else b.winner
            result = f"{won} won ({names[0]} {score} {names[1]})"
        scenario = t.SCENARIOS[b.scenario].name if b.scenario in t.SCENARIOS else "no scenario"
        out.append(BattleLine(b.number, b.title, scenario, result, b.ref))
    return tuple(out)


__all__ = ["BattleLine", "battles_played"]

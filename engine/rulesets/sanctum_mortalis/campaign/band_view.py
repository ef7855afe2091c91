"""A campaign band at a glance: pure queries over ``CampaignState``.

``band_summary(state, band)``: the models (XP, level, wounds, skills, kit, what the
last battle gave each, a post-battle injury), the treasury, the stash and the band's
strength (§15.9: the models that can fight next).
"""

from __future__ import annotations

from typing import Any

from engine.records import Record

from .. import tables as t
from ..band_building import band_cost, band_strength
from ..postbattle.injuries import INJURY_RESULTS
from .next_battle import playing
from .state import CampaignState


class ModelLine(Record):
    """One model of a band summary."""

    id: str
    name: str
    archetype: str
    captain: bool
    xp: int
    level: int
    wounds: tuple[str, ...]
    skills: tuple[str, ...]
    tricks: tuple[str, ...]
    items: tuple[str, ...]
    mods: tuple[str, ...]
    misses_next: bool
    levels_pending: int
    stashed: bool = False
    """Kept in the stash (§15.10): not in the next battle, not in band strength."""
    battle_xp: tuple[tuple[str, int, str], ...] = ()
    """The XP the last battle's log gives it (§19.1), as (label, value, rule) terms."""
    injury: str = ""
    """Its post-battle injury (§18.1): "" (none), "roll due", the result rolled, or the
    result and "settled" once accepted."""


class BandSummary(Record):
    """A band at a glance (§15.9 strength counts the models that can fight next)."""

    key: str
    name: str
    player: str
    treasury: int
    stash: tuple[str, ...]
    models: tuple[ModelLine, ...]
    strength: int
    cost: int
    captain_lost: bool
    step: str | None


def band_summary(state: CampaignState, band: str) -> BandSummary:
    """The band at a glance."""
    b = state.band(band)
    bp = state.post.of(band) if state.post else None
    pending: dict[str, int] = {}
    for u in bp.level_ups if bp else ():
        if not u.pick:
            pending[u.model] = pending.get(u.model, 0) + 1
    lines = tuple(
        ModelLine(
            m.id,
            m.name,
            m.archetype,
            m.captain,
            m.xp,
            t.level_for(m.xp),
            m.wounds,
            m.skills,
            m.tricks,
            m.items,
            m.mods,
            m.id in b.misses_next,
            pending.get(m.id, 0),
            stashed=m.stashed,
            battle_xp=bp.xp_terms(m.id) if bp else (),
            injury=_injury(bp.wound(m.id) if bp else None),
        )
        for m in b.roster.models
    )
    return BandSummary(
        b.key,
        b.name,
        b.roster.player,
        b.roster.treasury,
        b.roster.stash,
        lines,
        band_strength(playing(b.roster, b.misses_next), state.settings),
        band_cost(b.roster, state.settings),
        b.captain_lost,
        bp.step if bp else None,
    )


def _injury(w: Any) -> str:
    if w is None:
        return ""
    if w.case is None:
        return "roll due"
    name = INJURY_RESULTS[w.case.result].name
    return f"{name}, settled" if w.resolved else name


__all__ = ["BandSummary", "ModelLine", "band_summary"]

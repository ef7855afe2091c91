"""Challenges (§23.7): choosing them, checking the countable conditions, their rewards.

Each player picks **at most two** Challenges (never the same one twice). When a
Challenge counts models, Volunteers never count: pass counts without them. An
"additional technology" is one more loot roll and, under [SM-A20] ``vp-and-loot``
(default), also 1 VP as a collected technology.
"""

from __future__ import annotations

from typing import Mapping, Sequence

from engine.records import Record

from .. import tables as t
from ..roster import BandRoster, ModelSpec
from ..terms import challenge_term
from . import data as d
from .common import reading


def challenge_key(name: str) -> str | None:
    """The Challenge key for a key, English or Polish name; None if unknown."""
    return t.CHALLENGE_ALIASES.get(t.slug(name))


def _members(band: BandRoster) -> list[ModelSpec]:
    return [m for m in band.team if not (m.volunteer or m.neutral)]  # the stash does not fight (§15.10)


def challenge_refusal(
    chosen: Sequence[str], new: str, *, own: BandRoster | None = None, opponent: BandRoster | None = None
) -> str | None:
    """Why a player who already chose ``chosen`` may not take ``new``, or None if he may.

    At most two Challenges, each once (§23.7). With the bands given, the Specialist
    Challenges need an enemy Specialist (and Pojedynek jajogłowych your own), and Bez
    fajerwerków needs one of your models to know tricks.
    """
    key = challenge_key(new)
    if key is None:
        return f"unknown Challenge '{new}'"
    name = challenge_term(key)
    if key in (challenge_key(c) for c in chosen):
        return f"{name} is already chosen: each Challenge once (§23.7)"
    if len(chosen) >= t.MAX_CHALLENGES:
        names = " and ".join(challenge_term(challenge_key(c) or c) for c in chosen)
        return f"at most {t.MAX_CHALLENGES} Challenges per player, and {names} are already chosen (§23.7)"
    if opponent is not None and key in d.SPECIALIST_CHALLENGES and not any(m.specialist for m in _members(opponent)):
        return f"{name} needs an enemy Specialist (§23.7)"
    if own is not None:
        if key == "eggheads-duel" and not any(m.specialist for m in _members(own)):
            return f"{name} needs a Specialist of your own (§23.7)"
        if key == "no-fireworks" and not any("technomancer-tricks" in m.skills for m in _members(own)):
            return f"{name} needs one of your models that knows tricks (§23.7)"
    return None


def predator_reward(kills: int, standing: bool) -> tuple[int, int]:
    """§23.7 Predator: (VP, extra XP). Nothing unless the model is still standing at the
    end (it rolls no injury; fleeing the table is fine); then 1 VP and 1 XP for the 2nd
    and each later enemy it defeated. WE15: 3 kills → (2, 2); 1 kill → (0, 0)."""
    if kills < 0:
        raise ValueError("kills cannot be negative")
    extra = max(0, kills - d.PREDATOR_FREE_KILLS) if standing else 0
    return extra, extra


def lesson_met(removed: int, opponent_models_at_start: int) -> bool:
    """§23.7 Nauczka: at least half the opponent's models (Volunteers not counted) were
    removed from play: ``removed × 2 ≥ at start``. An opponent with no models gives nothing."""
    return opponent_models_at_start > 0 and removed * 2 >= opponent_models_at_start


def prudence_met(lost: int) -> bool:
    """§23.7 Przezorność: at most two of your models removed from play (leaving the table
    on purpose is not a loss, as recommended)."""
    return lost <= d.PRUDENCE_MAX_LOST


class ChallengeReward(Record):
    """What a Challenge gives: ``vp`` (its own plus, under [SM-A20], 1 per additional
    technology), ``xp`` to ``xp_to``, ``technologies`` (additional ones) and the
    ``loot_rolls`` they bring."""

    challenge: str
    vp: int
    xp: int
    technologies: int
    loot_rolls: int
    xp_to: str


def challenge_reward(
    challenge: str, met: bool, settings: Mapping[str, str] | None = None, *, kills: int = 0, standing: bool = False
) -> ChallengeReward:
    """The reward of one Challenge (§23.7). For Predator, ``kills`` and ``standing`` decide
    (``met`` is ignored)."""
    key = challenge_key(challenge)
    if key is None:
        raise ValueError(f"unknown Challenge '{challenge}'")
    vp, xp, tech, xp_to = d.CHALLENGE_REWARDS[key]
    if key == "predator":
        vp, xp = predator_reward(kills, standing)
    elif not met:
        vp = xp = tech = 0
    tech_vp = tech if reading(settings, "extra_technology") == "vp-and-loot" else 0
    return ChallengeReward(key, vp + tech_vp, xp, tech, tech, xp_to)


__all__ = [
    "ChallengeReward",
    "challenge_key",
    "challenge_refusal",
    "challenge_reward",
    "lesson_met",
    "predator_reward",
    "prudence_met",
]

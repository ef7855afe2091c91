"""Experience and levels (§19): XP from a battle, the 50 XP cap, levels gained, the
level-up roll and the limits on characteristic advances.

XP sources (§19.1): 1 per enemy model the model defeated (independent models count),
1 per technology marker it carried off across an edge (markers a side gets for being
the last on the table give none), and scenario and Challenge XP by their own rules.
War pets, Volunteers, independent models and models in the stash gain none. A model
never has more than 50 XP (``tables.MAX_XP``).
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Collection

from engine.formatting import plural
from engine.dice import DiceSource
from engine.records import Record
from engine.rolls import Modifier, RollRecord

from .. import tables as t
from ..procedures.common import ProcedureRefused
from ..roster import ModelSpec
from ..terms import skill_term
from . import data as d
from .common import RollTable, table_roll

LEVEL_UP = "sm.level-up"
LEVEL_UP_TABLE = RollTable(
    "level-up",
    "Level-up roll",
    "§19.3",
    2,
    t.LEVEL_UP_TABLE,
    MappingProxyType({"stat-or-skill": "raise one characteristic by 1 or learn one skill", "skill": "learn one skill"}),
)
"""§19.3 as a roll table: 2–7 a characteristic or a skill, 8–12 a skill (low rolls give more)."""


def level_up_choice(total: int) -> str:
    """§19.3: ``"stat-or-skill"`` for 2–7, ``"skill"`` for 8–12."""
    return LEVEL_UP_TABLE.lookup(total)


def add_xp(xp: int, gain: int) -> int:
    """XP after gaining ``gain`` (≥ 0), never above 50 (§19.1)."""
    if gain < 0 or xp < 0:
        raise ValueError("XP is gained, never lost, and never negative")
    return min(t.MAX_XP, xp + gain)


def levels_gained(xp_before: int, xp_after: int) -> list[int]:
    """§19.2: every level whose threshold lies in (before, after] — one level-up roll each.
    ``levels_gained(9, 13) == [5, 6]``."""
    return list(range(t.level_for(xp_before) + 1, t.level_for(min(xp_after, t.MAX_XP)) + 1))


def roll_level_up(dice: DiceSource, level: int | None = None, model: str = "") -> RollRecord:
    """One level-up roll. ``outcome``: ``stat-or-skill`` or ``skill``; ``success``: the
    wider choice (2–7); ``detail["level"]``: the level it is for."""
    who = f"{model}: " if model else ""
    title = f"{who}level-up roll" + (f" (level {level})" if level is not None else "")
    return table_roll(
        LEVEL_UP_TABLE,
        dice,
        LEVEL_UP,
        title=title,
        success_results=("stat-or-skill",),
        extra={"model": model, "level": level},
    )


def roll_level_ups(dice: DiceSource, xp_before: int, xp_after: int, model: str = "") -> tuple[RollRecord, ...]:
    """One level-up roll for each level gained between the two XP totals, lowest first."""
    return tuple(roll_level_up(dice, level, model) for level in levels_gained(xp_before, xp_after))


def gains_xp(model: ModelSpec, in_stash: bool = False) -> bool:
    """War pets, Volunteers, independent models and the stash gain no XP (§15.6, §15.9, §19.1)."""
    return not (model.pet or model.volunteer or model.neutral or in_stash or model.stashed)


def interception_xp(carriers: int) -> int:
    """§23.5: XP to each model that carried the special marker off its own edge (alone 2, two 1 each)."""
    if carriers not in d.INTERCEPTION_CARRY_XP:
        raise ValueError("the special marker is carried by one model or by two together (§23.5)")
    return d.INTERCEPTION_CARRY_XP[carriers]


class XpAward(Record):
    """A model's XP from one battle: ``terms`` (each source as label, XP, rule),
    ``earned`` their sum, ``granted`` what it actually gets (cap, pets...), the XP before
    and after and the ``levels`` gained (one level-up roll each); ``note`` says why it got
    less than it earned."""

    model: str
    terms: tuple[Modifier, ...]
    earned: int
    granted: int
    xp_before: int
    xp_after: int
    levels: tuple[int, ...]
    note: str = ""


def battle_xp(
    model: ModelSpec,
    *,
    kills: int = 0,
    markers_carried_off: int = 0,
    scenario_xp: int = 0,
    challenge_xp: int = 0,
    in_stash: bool = False,
) -> XpAward:
    """§19.1: XP from what the battle log shows for ``model``.

    ``kills``: enemy models it defeated (removed from play; independent models count);
    ``markers_carried_off``: technology markers it carried off across an edge (not the
    markers its side got for being last on the table); ``scenario_xp``: e.g. 2 for the
    special marker carried alone (``interception_xp``), 1 for leaving the table in Duma;
    ``challenge_xp``: from Challenges (Predator: ``challenges.predator_reward``).
    """
    counts = {
        "kills": kills,
        "markers_carried_off": markers_carried_off,
        "scenario_xp": scenario_xp,
        "challenge_xp": challenge_xp,
    }
    for name, n in counts.items():
        if n < 0:
            raise ProcedureRefused(f"{name} cannot be negative ({n})", "§19.1", "malformed")
    terms = tuple(
        m
        for m in (
            Modifier(f"{plural(kills, 'enemy model')} defeated", kills * d.XP_PER_KILL, "§19.1", "kills"),
            Modifier(
                f"{plural(markers_carried_off, 'technology marker')} carried off",
                markers_carried_off * d.XP_PER_MARKER,
                "§19.1",
                "markers",
            ),
            Modifier("Scenario", scenario_xp, "§23", "scenario"),
            Modifier("Challenges", challenge_xp, "§23.7", "challenges"),
        )
        if m.value
    )
    earned = sum(m.value for m in terms)
    before = model.xp
    if not gains_xp(model, in_stash):
        why = (
            "in the stash"
            if in_stash
            else "a war pet"
            if model.pet
            else "a Volunteer"
            if model.volunteer
            else "an independent model"
        )
        return XpAward(model.id, terms, earned, 0, before, before, (), f"{why} gains no XP (§19.1)")
    after = add_xp(before, earned)
    note = f"capped at {t.MAX_XP} XP (§19.1)" if after - before < earned else ""
    return XpAward(model.id, terms, earned, after - before, before, after, tuple(levels_gained(before, after)), note)


def advance_refusal(
    model: ModelSpec, stat: str, *, raised_this_gap: Collection[str] = (), choice: str = "stat-or-skill"
) -> str | None:
    """Why ``model`` may not raise ``stat`` (S, W, C, O) now, or None if it may (§19.3).

    ``raised_this_gap``: characteristics already raised since the last battle;
    ``choice``: what the level-up roll allowed.
    """
    if choice == "skill":
        return "this level-up roll allows a skill only (8–12, §19.3)"
    if stat not in t.STAT_NAMES:
        return f"'{stat}' is not a characteristic (S, W, C or O)"
    name = t.STAT_NAMES[stat]
    if not gains_xp(model):
        return f"{model.name or model.id} gains no XP and no levels (§19.1)"
    if stat in raised_this_gap:
        return f"{name} was already raised since the last battle: never the same characteristic twice (§19.3)"
    if model.small and stat in t.SMALL_GUY_SHIFT:
        return f"small guys may not advance {name} (§15.5)"
    taken = model.advance(stat)
    if taken >= t.MAX_ADVANCES[stat]:
        return f"{name} may be advanced at most {plural(t.MAX_ADVANCES[stat], 'time')} (§19.3)"
    need = t.THIRD_ADVANCE_NEEDS.get(stat)
    if taken + 1 == 3 and need and need not in model.skills:
        return f"the third {name} advance needs the skill {skill_term(need)} (§19.3)"
    return None


__all__ = [
    "LEVEL_UP",
    "LEVEL_UP_TABLE",
    "XpAward",
    "add_xp",
    "advance_refusal",
    "battle_xp",
    "gains_xp",
    "interception_xp",
    "level_up_choice",
    "levels_gained",
    "roll_level_up",
    "roll_level_ups",
]

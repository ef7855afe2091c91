"""Effective profile: S, W, C, O after archetype, small-guy shift, advances, wounds,
armour's Speed penalty and battle effects, each number with where it comes from.

Armour, shields and melee weapon bonuses are not part of the profile (§3.1); they
are applied by the roll procedures.
"""

from __future__ import annotations

from engine.records import Record
from engine.rolls import Modifier

from . import tables as t
from .roster import ModelSpec

STATS = ("S", "W", "C", "O")


class Stat(Record):
    """A characteristic's value and every term that made it."""

    name: str
    value: int
    terms: tuple[Modifier, ...]

    def explain(self) -> str:
        return " ".join(f"{m.value:+d} {m.label}" if i else f"{m.value} {m.label}" for i, m in enumerate(self.terms))


class Profile(Record):
    S: Stat
    W: Stat
    C: Stat
    O: Stat

    def __getitem__(self, stat: str) -> Stat:
        value: Stat = getattr(self, stat)
        return value

    def values(self) -> dict[str, int]:
        return {s: self[s].value for s in STATS}

    def line(self) -> str:
        return " | ".join(f"{s}{self[s].value}" for s in STATS)


def base_profile(model: ModelSpec) -> dict[str, Modifier]:
    """The starting number of each characteristic and its rule."""
    if model.profile_override:
        values = dict(model.profile_override)
        return {s: Modifier("independent model profile", int(values.get(s, 0)), "§13 [SM-M1]") for s in STATS}
    if model.pet:
        return {s: Modifier("war pet", t.PET_PROFILE[s], "§15.6") for s in STATS}
    label = "Volunteer" if model.volunteer else "archetype"
    return {s: Modifier(label, t.BASE_PROFILE[s], "§3.1") for s in STATS}


def effective_profile(model: ModelSpec, infected: bool = False) -> Profile:
    """The model's profile with every lasting and battle modifier applied."""
    terms: dict[str, list[Modifier]] = {s: [m] for s, m in base_profile(model).items()}
    if model.small:
        for stat, shift in t.SMALL_GUY_SHIFT.items():
            terms[stat].append(Modifier("small guy", shift, "§15.5"))
    for stat in STATS:
        n = model.advance(stat)
        if n:
            terms[stat].append(Modifier(f"advance ×{n}" if n > 1 else "advance", n, "§19.3"))
    for wound_key in model.wounds:
        wound = t.WOUNDS.get(wound_key)
        if wound is None:
            continue
        if wound.cyber in model.items:
            terms[wound.stat].append(Modifier(f"{wound.name} (cancelled by {t.ITEMS[wound.cyber].name})", 0, "§17.7"))
        else:
            terms[wound.stat].append(Modifier(wound.name, t.WOUND_PENALTY, "§18.1"))
    armour = t.ARMOURS.get(model.armour)
    if armour and armour.speed:
        if "power-boost" in model.mods:
            terms["S"].append(Modifier(f"{armour.name} (Power boost)", 0, "§17.4"))
        else:
            terms["S"].append(Modifier(armour.name, armour.speed, "§9.2"))
    if infected:
        for stat in STATS:
            terms[stat].append(Modifier("Infection (Zakażenie)", t.INFECTION, "§21"))
    for stat, value, why, until in model.adjustments:
        when = "this round" if until == "round" else "this battle"
        terms[stat].append(Modifier(f"GM: {why} ({when})", value, "GM correction"))
    return Profile(**{s: Stat(s, sum(m.value for m in terms[s]), tuple(terms[s])) for s in STATS})

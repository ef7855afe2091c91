"""Exact xK6 odds (§23) as ``Fraction`` distributions.

* ``pool_result(faces)``: the unmodified result of a pool (§3).
* ``pool_distribution(x)``: the unmodified result of x dice, by the closed form of §23.1.
* ``opposed_sl(...)`` / ``threshold_sl(...)``: the success level of a test (§4);
  ``against_result(...)``: the SL against an attack result already rolled (§9 step 2);
  ``rerolled_sl(...)``: the SL when a command point re-rolls one pool and the other stands (§15).
* ``depletion(x, k)``: P(unmodified result ≤ k) = (k/6)^x (§23.4).
* ``damage_distribution`` / ``wound_distribution``: SL × DAM and wounds against Armour (§17).

Modifiers only shift a result; they never change the number of dice (§19).
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from math import comb
from typing import Iterable, Mapping

from engine.odds import add_to, at_least, opposed, remap, shift, sum_distribution

from . import tables as t

Dist = dict[int, Fraction]


class NoDice(ValueError):
    """[XK-A1]: a skill of level 0 has no dice, so there is no test."""


def pool_result(faces: Iterable[int]) -> int:
    """§3: the highest face, +1 for every 6 after the first ([3, 6, 6] → 7)."""
    faces = tuple(faces)
    if not faces:
        raise NoDice("skill level 0: no dice [XK-A1]")
    sixes = faces.count(6)
    return t.SIX_BASE + sixes if sixes else max(faces)


@lru_cache(maxsize=None)
def _pool(x: int) -> tuple[tuple[int, Fraction], ...]:
    whole = 6**x
    out = [(k, Fraction(k**x - (k - 1) ** x, whole)) for k in range(1, 6)]
    out += [(t.SIX_BASE + j, Fraction(comb(x, j) * 5 ** (x - j), whole)) for j in range(1, x + 1)]
    return tuple(out)


def pool_distribution(x: int) -> Dist:
    """§23.1: the unmodified result of ``x`` dice; ``NoDice`` for x < 1 [XK-A1]."""
    if x < 1:
        raise NoDice("skill level 0: no dice [XK-A1]")
    return dict(_pool(x))


def result_distribution(x: int, modifier: int = 0) -> Dist:
    """The modified result: the pool shifted by ``modifier``."""
    return shift(dict(_pool(x)), modifier) if x >= 1 else pool_distribution(x)


@lru_cache(maxsize=4096)
def _opposed(xa: int, ma: int, xd: int, md: int) -> tuple[tuple[int, Fraction], ...]:
    out: Dist = {}
    for a, pa in _pool(xa):
        for d, pd in _pool(xd):
            add_to(out, (a + ma) - (d + md), pa * pd)
    return tuple(sorted(out.items()))


def opposed_sl(att_dice: int, att_mod: int, def_dice: int, def_mod: int) -> Dist:
    """§4.1: SL = attacker's result − defender's result (SL ≤ 0 fails)."""
    pool_distribution(att_dice), pool_distribution(def_dice)  # NoDice for level 0
    return dict(_opposed(att_dice, att_mod, def_dice, def_mod))


def threshold_sl(dice: int, modifier: int, threshold: int) -> Dist:
    """§4.2: SL = result − threshold (SL ≤ 0 fails)."""
    return {v - threshold: p for v, p in result_distribution(dice, modifier).items()}


def against_result(result: int, def_dice: int, def_mod: int = 0) -> Dist:
    """§9 step 2: SL = a known attack result − the defender's Def result (indirect fire, once the
    attacker's unmodified result is rolled, only the Def pool is left to roll)."""
    return {result - d: p for d, p in sorted(result_distribution(def_dice, def_mod).items())}


def rerolled_sl(rerolled: str, att_dice: int, att_mod: int, def_dice: int, def_mod: int, kept: int) -> Dist:
    """§15: the SL when one pool of an opposed test is rolled again and the other pool's
    (modified) result ``kept`` stands: ``rerolled`` "attack" (``kept`` is the Def result) or
    "defence" (``kept`` is the attack result)."""
    if rerolled == "attack":
        return {v - kept: p for v, p in sorted(result_distribution(att_dice, att_mod).items())}
    if rerolled == "defence":
        return against_result(kept, def_dice, def_mod)
    raise ValueError(f"rerolled must be 'attack' or 'defence', not {rerolled!r}")


def success(sl: Mapping[int, Fraction]) -> Fraction:
    """P(SL ≥ 1)."""
    return at_least(sl, 1)


def depletion(dice: int, empties_on: int) -> Fraction:
    """§23.4: P(unmodified result ≤ k) = (k/6)^x — every die must show k or less."""
    k = max(0, min(6, empties_on))
    return Fraction(k, 6) ** dice if dice >= 1 else Fraction(0)


def any_die_depletion(dice: int, empties_on: int) -> Fraction:
    """[XK-A13](a) other reading: the magazine empties when any single die shows ≤ k."""
    k = max(0, min(6, empties_on))
    return 1 - Fraction(6 - k, 6) ** dice if dice >= 1 else Fraction(0)


def damage_distribution(sl: Mapping[int, Fraction], dam: int) -> Dist:
    """§8.1 step 7: damage = SL × DAM on a success, 0 otherwise."""
    return dict(sorted(remap(sl, lambda s: s * dam if s >= 1 else 0).items()))


def wound_distribution(sl: Mapping[int, Fraction], dam: int, armour: int) -> Dist:
    """§17: wounds = floor(SL × DAM / Armour) on a success."""
    return dict(sorted(remap(damage_distribution(sl, dam), lambda d: t.wounds_from(d, armour)).items()))


def one_die_above(value: int, modifier: int = 0) -> Fraction:
    """§4.3: one die, modified, above ``value`` (Medic 4 heals on 5+)."""
    return Fraction(sum(1 for f in range(1, 7) if f + modifier > value), 6)


def initiative_odds(command_a: int, command_b: int) -> tuple[Fraction, Fraction, Fraction]:
    """§5.1: (P(A higher), P(tie), P(B higher)) of 1d6 + highest Command each."""
    d6 = sum_distribution(1)
    return opposed(shift(d6, command_a), shift(d6, command_b))


def as_text(dist: Mapping[int, Fraction]) -> dict[str, str]:
    """JSON-safe form for roll records: {"2": "7/36", ...}."""
    return {str(k): f"{p.numerator}/{p.denominator}" for k, p in sorted(dist.items())}

"""Exact SAGA odds (§9): hits, uncancelled hits and casualties as ``Fraction`` distributions.

One die succeeds with ``P(d6 ≥ t) = clamp((7 − t)/6, 0, 1)`` — literally, with no
automatic hit or miss [SAGA-A4]. A side's attack dice become hits (binomial, per pool);
the opponent rolls one defence die per hit plus extras, capped at twice the hits
(step 5); a success cancels one hit, never more than were scored. Re-rolls follow
"re-roll failed dice, best chance first": a die is re-rolled at most once.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Mapping, Sequence

from engine.odds import add_to as _add
from engine.odds import binomial, convolve, remap

from . import tables as t

Dist = dict[int, Fraction]


def p_success(target: int) -> Fraction:
    """Chance one d6 shows ``target`` or more [SAGA-A4: no limits]."""
    return Fraction(max(0, min(6, 7 - target)), 6)


def successes(dice: int, p: Fraction, rerolls: int = 0) -> Dist:
    """Successes among ``dice`` dice of chance ``p`` when up to ``rerolls`` failures are
    re-rolled once each."""
    return dict(_successes(dice, p, rerolls))


@lru_cache(maxsize=4096)
def _successes(dice: int, p: Fraction, rerolls: int) -> tuple[tuple[int, Fraction], ...]:
    out: Dist = {}
    for first, p1 in binomial(dice, p).items():
        again = min(rerolls, dice - first)
        for second, p2 in binomial(again, p).items():
            _add(out, first + second, p1 * p2)
    return tuple(out.items())


def hits_distribution(dice: int, armour: int, rerolls: int = 0) -> Dist:
    """Hits of ``dice`` attack dice against ``armour`` (step 4)."""
    return successes(dice, p_success(armour), rerolls)


def pooled_hits(pools: Sequence[tuple[int, int]], rerolls: int = 0) -> Dist:
    """Total hits of several pools (dice, armour) sharing a re-roll budget, spent on the
    pool with the best chance first [SAGA-M3]."""
    return dict(_pooled(tuple((int(d), int(a)) for d, a in pools), rerolls))


@lru_cache(maxsize=1024)
def _pooled(pools: tuple[tuple[int, int], ...], rerolls: int) -> tuple[tuple[int, Fraction], ...]:
    ordered = sorted(pools, key=lambda pool: -p_success(pool[1]))
    states: dict[tuple[int, int], Fraction] = {(0, rerolls): Fraction(1)}
    for dice, armour in ordered:
        p = p_success(armour)
        nxt: dict[tuple[int, int], Fraction] = {}
        for (hits, left), ps in states.items():
            for first, p1 in binomial(dice, p).items():
                again = min(left, dice - first)
                for second, p2 in binomial(again, p).items():
                    key = (hits + first + second, left - again)
                    nxt[key] = nxt.get(key, Fraction(0)) + ps * p1 * p2
        states = nxt
    out: Dist = {}
    for (hits, _), p in states.items():
        _add(out, hits, p)
    return tuple(out.items())


def reroll_gain(failed: Sequence[tuple[int, int]], rerolls: int) -> Dist:
    """Extra successes from re-rolling up to ``rerolls`` of the ``failed`` dice, given as
    (count, target) groups; the best chance is re-rolled first."""
    out: Dist = {0: Fraction(1)}
    left = rerolls
    for count, target in sorted(failed, key=lambda g: -p_success(g[1])):
        take = min(left, count)
        left -= take
        out = convolve(out, binomial(take, p_success(target)))
    return out


def uncancelled_distribution(
    hits: Mapping[int, Fraction], save_on: int = t.DEFENCE_SAVE, extra_defence: int = 0, rerolls: int = 0
) -> Dist:
    """Hits left after the step-5 defence roll, given the distribution of hits scored."""
    return dict(_uncancelled(tuple(sorted(hits.items())), p_success(save_on), extra_defence, rerolls))


@lru_cache(maxsize=1024)
def _uncancelled(
    hits: tuple[tuple[int, Fraction], ...], q: Fraction, extra: int, rerolls: int
) -> tuple[tuple[int, Fraction], ...]:
    out: Dist = {}
    for h, ph in hits:
        for left, pl in _left_after_defence(h, q, extra, rerolls):
            _add(out, left, ph * pl)
    return tuple(out.items())


@lru_cache(maxsize=4096)
def _left_after_defence(hits: int, q: Fraction, extra: int, rerolls: int) -> tuple[tuple[int, Fraction], ...]:
    out: Dist = {}
    for s, ps in successes(t.defence_dice(hits, extra), q, rerolls).items():
        _add(out, hits - min(s, hits), ps)
    return tuple(out.items())


def capped(dist: Mapping[int, Fraction], models: int | None) -> Dist:
    """Casualties: a unit cannot lose more models than it has (step 6)."""
    if models is None:
        return dict(dist)
    return remap(dist, lambda v: min(v, models))


def casualty_distribution(
    attack_dice: int,
    armour: int,
    save_on: int = t.DEFENCE_SAVE,
    extra_defence: int = 0,
    *,
    attack_rerolls: int = 0,
    defence_rerolls: int = 0,
    models: int | None = None,
) -> Dist:
    """Exact distribution of the casualties one side's attack inflicts: ``attack_dice``
    against ``armour``, the opponent cancelling on ``save_on``+ with ``extra_defence``
    set-aside or ability dice (step 5 cap applies), at most ``models`` casualties.

    ``casualty_distribution(6, 4)`` is §9 Case A; ``(6, 4, 4)`` Case B; ``(4, 4, 5, 2)`` Case C.
    """
    return capped(
        dict(_casualties(attack_dice, armour, save_on, extra_defence, attack_rerolls, defence_rerolls)), models
    )


@lru_cache(maxsize=1024)
def _casualties(
    dice: int, armour: int, save_on: int, extra: int, rr_a: int, rr_d: int
) -> tuple[tuple[int, Fraction], ...]:
    hits = hits_distribution(dice, armour, rr_a)
    return tuple(uncancelled_distribution(hits, save_on, extra, rr_d).items())


def retreat_odds(
    attacker_losses: Mapping[int, Fraction],
    defender_losses: Mapping[int, Fraction],
    attacker_models: int,
    defender_models: int,
    building: bool = False,
    other_occupants: bool = False,
) -> dict[str, Fraction]:
    """Who must retreat in step 8, before any "cannot retreat" ruling: "attacker",
    "defender" or "none" (a side wiped out), with exact chances. In a building melee
    the Attacker retreats unless the Defender is wiped out and no other enemy is inside."""
    out = {"attacker": Fraction(0), "defender": Fraction(0), "none": Fraction(0)}
    for lost_a, pa in attacker_losses.items():
        for lost_d, pd in defender_losses.items():
            out[who_retreats(lost_a, lost_d, attacker_models, defender_models, building, other_occupants)] += pa * pd
    return out


def who_retreats(
    lost_a: int,
    lost_d: int,
    attacker_models: int,
    defender_models: int,
    building: bool = False,
    other_occupants: bool = False,
) -> str:
    """Step 8 by casualties alone: "attacker", "defender" or "none"."""
    defender_wiped = lost_d >= defender_models
    attacker_wiped = lost_a >= attacker_models
    if building and (not defender_wiped or other_occupants) and not attacker_wiped:
        return "attacker"
    if defender_wiped or attacker_wiped:
        return "none"
    return "defender" if lost_d > lost_a else "attacker"

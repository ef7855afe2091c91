"""Exact odds by enumeration.

Every dice procedure can list its outcomes with exact probabilities
(``fractions.Fraction``). Distributions are cached: the few shapes the games use
(2d6, 3d6 keep 2, ...) are computed once, so an odds update on a key press costs
a handful of dictionary lookups.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from functools import lru_cache
from math import comb
from typing import Callable, Hashable, Iterable, Iterator, Literal, Mapping, TypeVar

Distribution = Mapping[int, Fraction]
"""Value -> exact probability; the probabilities add up to 1."""

Drop = Literal["highest", "lowest"]

K = TypeVar("K", bound=Hashable)


def all_faces(count: int, sides: int = 6) -> Iterator[tuple[int, ...]]:
    """Every ordered outcome of ``count`` dice, each equally likely."""
    return itertools.product(range(1, sides + 1), repeat=count)


@lru_cache(maxsize=None)
def _sum_counts(count: int, sides: int, kept: int, drop: Drop) -> tuple[tuple[int, int], ...]:
    ways: dict[int, int] = {}
    for faces in all_faces(count, sides):
        ordered = sorted(faces, reverse=(drop == "lowest"))
        value = sum(ordered[:kept])
        ways[value] = ways.get(value, 0) + 1
    return tuple(sorted(ways.items()))


@lru_cache(maxsize=None)
def sum_distribution(
    count: int = 2, sides: int = 6, kept: int | None = None, drop: Drop = "lowest"
) -> dict[int, Fraction]:
    """Distribution of the sum of ``count`` dice, keeping ``kept`` of them.

    ``drop="lowest"`` keeps the highest faces; ``drop="highest"`` keeps the lowest.
    ``sum_distribution(3, kept=2, drop="highest")`` is "3 dice, drop the highest".
    """
    kept = count if kept is None else kept
    counts = _sum_counts(count, sides, kept, drop)
    whole = sides**count
    return {value: Fraction(ways, whole) for value, ways in counts}


def probability(dist: Distribution, predicate: Callable[[int], bool]) -> Fraction:
    """P(predicate(value))."""
    return sum((p for v, p in dist.items() if predicate(v)), Fraction(0))


def at_most(dist: Distribution, limit: int) -> Fraction:
    """P(value ≤ limit)."""
    return probability(dist, lambda v: v <= limit)


def below(dist: Distribution, limit: int) -> Fraction:
    """P(value < limit)."""
    return probability(dist, lambda v: v < limit)


def above(dist: Distribution, limit: int) -> Fraction:
    """P(value > limit)."""
    return probability(dist, lambda v: v > limit)


def at_least(dist: Distribution, limit: int) -> Fraction:
    """P(value ≥ limit)."""
    return probability(dist, lambda v: v >= limit)


def shift(dist: Distribution, by: int) -> dict[int, Fraction]:
    """The distribution of value + by."""
    return {v + by: p for v, p in dist.items()}


def opposed(a: Distribution, b: Distribution) -> tuple[Fraction, Fraction, Fraction]:
    """(P(a > b), P(a == b), P(a < b)) for independent a and b."""
    win = tie = lose = Fraction(0)
    for va, pa in a.items():
        for vb, pb in b.items():
            p = pa * pb
            if va > vb:
                win += p
            elif va == vb:
                tie += p
            else:
                lose += p
    return win, tie, lose


def faces_probability(count: int, success: Callable[[tuple[int, ...]], bool], sides: int = 6) -> Fraction:
    """P(success(faces)) over every outcome of ``count`` dice."""
    hits = sum(1 for faces in all_faces(count, sides) if success(faces))
    return Fraction(hits, sides**count)


def reroll_one_probability(count: int, success: Callable[[tuple[int, ...]], bool], sides: int = 6) -> Fraction:
    """P(success) when, after a failure, the roller may re-roll one die of their choice
    (przerzut) and must keep the new face. The roller picks the die that gives the best
    chance; a success is never re-rolled."""
    whole: int = sides**count
    total: Fraction = Fraction(0)
    for faces in all_faces(count, sides):
        if success(faces):
            total += 1
            continue
        best = 0
        for i in range(count):
            ok = sum(1 for f in range(1, sides + 1) if success(faces[:i] + (f,) + faces[i + 1 :]))
            best = max(best, ok)
        total += Fraction(best, sides)
    return total / whole


# --------------------------------------------------------------------------- building blocks
# The one copy of the distribution arithmetic every rule system uses (SAGA's casualties,
# Star Quest's wounds, xK6's pools and damage, Sanctum Mortalis' tables). All exact.


@lru_cache(maxsize=4096)
def _binomial(n: int, p: Fraction) -> tuple[tuple[int, Fraction], ...]:
    q = 1 - p
    return tuple((k, comb(n, k) * p**k * q ** (n - k)) for k in range(n + 1))


def binomial(n: int, p: Fraction) -> dict[int, Fraction]:
    """Number of successes among ``n`` independent trials of chance ``p`` (cached: the
    same few shapes recur on every key press)."""
    return dict(_binomial(n, p))


def add_to(out: dict[K, Fraction], value: K, p: Fraction) -> None:
    """``out[value] += p``, leaving impossible values out."""
    if p:
        out[value] = out.get(value, Fraction(0)) + p


def convolve(a: Mapping[int, Fraction], b: Mapping[int, Fraction]) -> dict[int, Fraction]:
    """Distribution of the sum of two independent values."""
    out: dict[int, Fraction] = {}
    for va, pa in a.items():
        for vb, pb in b.items():
            add_to(out, va + vb, pa * pb)
    return out


def power(dist: Mapping[int, Fraction], n: int) -> dict[int, Fraction]:
    """The sum of ``n`` independent copies of ``dist``."""
    out: dict[int, Fraction] = {0: Fraction(1)}
    base = dict(dist)
    while n:
        if n & 1:
            out = convolve(out, base)
        base = convolve(base, base)
        n >>= 1
    return out


def remap(dist: Mapping[int, Fraction], fn: Callable[[int], K]) -> dict[K, Fraction]:
    """The distribution of ``fn(value)`` (values that map together add up)."""
    out: dict[K, Fraction] = {}
    for v, p in dist.items():
        add_to(out, fn(v), p)
    return out


def mean(dist: Mapping[int, Fraction]) -> Fraction:
    """The expected value, exact."""
    return sum((v * p for v, p in dist.items()), Fraction(0))


def at_least_table(dist: Mapping[int, Fraction]) -> dict[int, Fraction]:
    """P(value ≥ k) for every k from 0 to the largest value."""
    top = max(dist) if dist else 0
    return {k: at_least(dist, k) for k in range(top + 1)}


def total_probability(dist: Distribution) -> Fraction:
    return sum(dist.values(), Fraction(0))


def as_counts(dist: Distribution, denominator: int) -> dict[int, int]:
    """The distribution as whole counts out of ``denominator`` (for tables like "15/36")."""
    out = {}
    for v, p in dist.items():
        scaled = p * denominator
        if scaled.denominator != 1:
            raise ValueError(f"{p} is not a whole number of 1/{denominator}")
        out[v] = int(scaled)
    return out


def percent(p: Fraction) -> str:
    """A probability for display: "41.7%"."""
    return f"{float(p) * 100:.1f}%"


def ratio(p: Fraction, whole: int) -> str:
    """A probability as "15/36" when it is a whole count of ``whole``, else reduced."""
    scaled = p * whole
    if scaled.denominator == 1:
        return f"{scaled.numerator}/{whole}"
    return f"{p.numerator}/{p.denominator}"


def outcomes_sum_to_one(dists: Iterable[Distribution]) -> bool:
    return all(total_probability(d) == 1 for d in dists)

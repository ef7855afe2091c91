"""Exact Star Quest odds (§22) as ``Fraction`` distributions.

A stat test succeeds with ``clamp((7 − t + m)/6, 1/6, 5/6)`` (``stat_test.success_chance``).
An attack is resolved per die: the hit die (natural 6s may add extra hits and, for
Rending, get AP(4)), Blast multiplies the hits, each hit is blocked or becomes a wound,
Deadly multiplies the wounds and Regeneration may ignore each one. Attacks are
independent, so an attack's distribution is the per-die one convolved ``attacks`` times.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Mapping

from engine.odds import add_to, binomial, convolve, power
from engine.records import Record

from .stat_test import passes, success_chance

Dist = dict[int, Fraction]


def block_chance(defense: int, net: int = 0, bane: str = "none") -> Fraction:
    """One Defense roll blocks (a stat test: natural 6 blocks, natural 1 fails).
    ``bane``: "once" re-rolls a natural 6 once, the new face stands [SQ-A14];
    "repeat" re-rolls until it is not a 6."""
    if bane == "none":
        return success_chance(defense, net)
    first = Fraction(sum(1 for f in range(1, 6) if passes(f, defense, net)), 6)
    if bane == "once":
        return first + Fraction(1, 6) * success_chance(defense, net)
    return first * Fraction(6, 5)


class AttackProfile(Record):
    """The numbers of one weapon's attack, as the modifier catalogue sets them."""

    attacks: int
    hit_chance: Fraction
    six_hits: bool = True
    """A natural 6 hits (always, under the natural rule or fatigue)."""
    extra_on_six: int = 0
    rending: bool = False
    blast: int = 1
    block: Fraction = Fraction(0)
    block_rending: Fraction = Fraction(0)
    deadly: int = 1
    regeneration: bool = False
    regeneration_chance: Fraction = Fraction(1, 3)
    regenerate_first: bool = False


class AttackOdds(Record):
    """Exact distributions of one attack: hits (after extra hits and Blast) and wounds
    (after blocks, Deadly and Regeneration, before they are allocated to models)."""

    hits: Mapping[int, Fraction]
    wounds: Mapping[int, Fraction]
    hit_chance: Fraction
    block: Fraction
    wound_chance: Fraction
    """P(one plain hit becomes a wound), before Deadly and Regeneration."""


def _per_die(p: AttackProfile) -> dict[tuple[int, int], Fraction]:
    """(normal hits, rending hits) from one hit die, before Blast."""
    six = Fraction(1, 6) if p.six_hits else Fraction(0)
    other = p.hit_chance - six
    out: dict[tuple[int, int], Fraction] = {}
    add_to(out, (0, 0), 1 - p.hit_chance)
    add_to(out, (1, 0), other)
    add_to(out, (p.extra_on_six, 1) if p.rending else (1 + p.extra_on_six, 0), six)
    return out


def standing_wounds(rolls: int, p: AttackProfile) -> Dist:
    """Exact wounds that stand after ``rolls`` Regeneration rolls (each ignores one with
    ``p.regeneration_chance``), as the Deadly and Regeneration setting [SQ-A15] has them:
    "multiply-first" rolls once per wound Deadly already multiplied, so what stands is
    final; "regenerate-first" rolls once per unblocked hit and Deadly multiplies each that
    stands. Without Regeneration every roll's wound stands."""
    keep = 1 - p.regeneration_chance if p.regeneration else Fraction(1)
    factor = p.deadly if p.regenerate_first else 1
    return {k * factor: q for k, q in binomial(rolls, keep).items()}


def wounds_from(normal: int, rending: int, p: AttackProfile) -> Dist:
    """Exact wounds from ``normal`` plain hits and ``rending`` Rending hits (each blocked
    with its own chance), after Deadly and Regeneration in the order [SQ-A15] sets: what
    the Defense rolls of a known group of hits lead to."""
    unblocked = convolve(binomial(normal, 1 - p.block), binomial(rending, 1 - p.block_rending))
    out: Dist = {}
    for u, pu in unblocked.items():
        rolls = u if p.regenerate_first else u * p.deadly
        for k, q in standing_wounds(rolls, p).items():
            out[k] = out.get(k, Fraction(0)) + pu * q
    return out


def attack_odds(p: AttackProfile) -> AttackOdds:
    """Exact hits and wounds of ``p.attacks`` attacks."""
    per_hits: Dist = {}
    per_wounds: Dist = {}
    for (normal, rending), q in _per_die(p).items():
        n, r = normal * p.blast, rending * p.blast
        per_hits[n + r] = per_hits.get(n + r, Fraction(0)) + q
        for k, w in wounds_from(n, r, p).items():
            per_wounds[k] = per_wounds.get(k, Fraction(0)) + q * w
    return AttackOdds(power(per_hits, p.attacks), power(per_wounds, p.attacks), p.hit_chance, p.block, 1 - p.block)


def hits_then_wounds(hits: Mapping[int, Fraction], block: Fraction) -> Dist:
    """Wounds from a known distribution of plain hits, each blocked with ``block``."""
    out: Dist = {}
    for h, ph in hits.items():
        for k, q in binomial(h, 1 - block).items():
            out[k] = out.get(k, Fraction(0)) + ph * q
    return out

"""Star Quest odds equal icepool's exactly: one Defense roll (the natural rule, Bane re-rolls
of a 6), and an attack's hits and wounds (extra hits and Rending on a 6, Blast, blocks,
Deadly, Regeneration before or after Deadly). icepool enumerates the dice; the rules are
restated here from the text."""

from __future__ import annotations

from fractions import Fraction

import icepool
import pytest
from icepool import d6

from engine.rulesets.star_quest.odds import AttackProfile, attack_odds, block_chance, hits_then_wounds

from ..oracle import chance, dist, nonzero


def stat_test(die: icepool.Die[int], target: int, net: int) -> icepool.Die[bool]:
    """§4.1: a natural 6 succeeds, a natural 1 fails, otherwise face + net ≥ target."""
    return die.map(lambda face: face == 6 or (face != 1 and face + net >= target))


@pytest.mark.parametrize("defense", range(2, 7))
@pytest.mark.parametrize("net", [-4, -1, 0, 2])
@pytest.mark.parametrize("bane", ["none", "once", "repeat"])
def test_a_defense_roll_blocks_as_often_as_icepool_says(defense, net, bane):
    die = {"none": d6, "once": d6.reroll([6], depth=1), "repeat": d6.reroll([6], depth="inf")}[bane]
    assert block_chance(defense, net, bane) == chance(stat_test(die, defense, net))


def attack(p: AttackProfile, quality: int) -> tuple[icepool.Die[int], icepool.Die[int]]:
    """(hits, wounds) of ``p.attacks`` hit dice on ``quality``+: a 6 hits with its extra hits
    (one of them Rending if the weapon rends), each hit times Blast; each hit may be blocked;
    Deadly multiplies an unblocked hit; Regeneration ignores each wound on 5+ (before Deadly
    when ``regenerate_first``: one roll per hit)."""
    blocked = icepool.coin(p.block)
    blocked_rending = icepool.coin(p.block_rending)
    kept = d6.map(lambda face: face < 5) if p.regeneration else icepool.Die([True])

    def hits_of(face: int) -> tuple[int, int]:
        if face == 6:
            return (p.extra_on_six, 1) if p.rending else (1 + p.extra_on_six, 0)
        return (1, 0) if face >= quality else (0, 0)

    def wounds_of(face: int) -> icepool.Die[int]:
        normal, rending = (n * p.blast for n in hits_of(face))
        unblocked = normal @ blocked.map(lambda b: int(not b)) + rending @ blocked_rending.map(lambda b: int(not b))
        if p.regenerate_first:
            return unblocked.map(lambda u: (u @ kept.map(lambda b: int(b))) * p.deadly)
        return unblocked.map(lambda u: (u * p.deadly) @ kept.map(lambda b: int(b)))

    hits = p.attacks @ d6.map(lambda face: sum(hits_of(face)) * p.blast)
    return hits, p.attacks @ d6.map(wounds_of)


PROFILES = [
    dict(attacks=1),
    dict(attacks=3, extra_on_six=1),
    dict(attacks=2, rending=True, blast=2),
    dict(attacks=4, deadly=3, regeneration=True),
    dict(attacks=2, deadly=2, regeneration=True, regenerate_first=True, rending=True, extra_on_six=1),
    dict(attacks=3, blast=3),
]


@pytest.mark.parametrize("shape", PROFILES)
@pytest.mark.parametrize(("quality", "defense"), [(4, 4), (2, 6), (5, 3)])
def test_hits_and_wounds_of_an_attack_equal_icepools(shape, quality, defense):
    p = AttackProfile(
        hit_chance=Fraction(7 - quality, 6),
        block=block_chance(defense),
        block_rending=block_chance(defense, -4),
        **shape,
    )
    hits, wounds = attack(p, quality)
    got = attack_odds(p)
    assert nonzero(got.hits) == dist(hits)
    assert nonzero(got.wounds) == dist(wounds)


@pytest.mark.parametrize("defense", [2, 4, 6])
def test_wounds_from_known_hits_equal_icepools(defense):
    hits = {0: Fraction(1, 4), 1: Fraction(1, 2), 3: Fraction(1, 4)}
    hit_die = icepool.Die({0: 1, 1: 2, 3: 1})
    unblocked = stat_test(d6, defense, 0).map(lambda b: int(not b))
    assert nonzero(hits_then_wounds(hits, block_chance(defense))) == dist(hit_die.map(lambda h: h @ unblocked))

"""xK6 odds (§23) equal icepool's exactly: the pool result, opposed and threshold tests, a
known attack result against a Def pool, ammunition depletion, damage and wounds, initiative
and one-die tests. icepool enumerates the dice; the rules are restated here from the text."""

from __future__ import annotations

from functools import cache

import icepool
import pytest
from icepool import d6

from engine.rulesets.xk6 import odds

from ..oracle import chance, dist, nonzero

POOLS = range(1, 6)


@cache
def pool(x: int) -> icepool.Die[int]:
    """§3 restated: the highest face; with sixes, 5 + the number of sixes."""
    return d6.pool(x).expand().map(lambda faces: 5 + faces.count(6) if 6 in faces else max(faces))


@pytest.mark.parametrize("x", POOLS)
def test_the_pool_result_of_x_dice_equals_icepools(x):
    assert nonzero(odds.pool_distribution(x)) == dist(pool(x))


@pytest.mark.parametrize("x", POOLS)
@pytest.mark.parametrize("modifier", [-2, 0, 3])
def test_a_modified_result_equals_icepools(x, modifier):
    assert nonzero(odds.result_distribution(x, modifier)) == dist(pool(x) + modifier)


@pytest.mark.parametrize(
    ("xa", "ma", "xd", "md"), [(1, 0, 1, 0), (2, 1, 3, 0), (3, 0, 2, -1), (4, 2, 4, 1), (5, -1, 1, 2), (2, 0, 5, 0)]
)
def test_an_opposed_test_sl_equals_icepools(xa, ma, xd, md):
    assert nonzero(odds.opposed_sl(xa, ma, xd, md)) == dist((pool(xa) + ma) - (pool(xd) + md))


@pytest.mark.parametrize("x", POOLS)
@pytest.mark.parametrize(("modifier", "threshold"), [(0, 4), (1, 6), (-1, 3), (2, 8)])
def test_a_threshold_test_sl_equals_icepools(x, modifier, threshold):
    assert nonzero(odds.threshold_sl(x, modifier, threshold)) == dist(pool(x) + modifier - threshold)


@pytest.mark.parametrize(("result", "xd", "md"), [(4, 1, 0), (7, 3, 1), (2, 2, -1), (9, 5, 0)])
def test_a_known_attack_result_against_a_def_pool_equals_icepools(result, xd, md):
    assert nonzero(odds.against_result(result, xd, md)) == dist(result - (pool(xd) + md))


@pytest.mark.parametrize("x", POOLS)
@pytest.mark.parametrize("k", range(0, 6))
def test_depletion_is_icepools_chance_of_an_unmodified_result_of_k_or_less(x, k):
    assert odds.depletion(x, k) == chance(pool(x) <= k)


@pytest.mark.parametrize("x", POOLS)
@pytest.mark.parametrize("k", range(0, 7))
def test_any_die_depletion_is_icepools_chance_that_the_lowest_die_shows_k_or_less(x, k):
    assert odds.any_die_depletion(x, k) == chance(d6.pool(x).lowest(1).sum() <= k)


@pytest.mark.parametrize(("xa", "xd", "dam", "armour"), [(2, 2, 4, 8), (3, 1, 3, 3), (1, 3, 2, 4), (4, 4, 5, 2)])
def test_damage_and_wounds_equal_icepools(xa, xd, dam, armour):
    sl_die = pool(xa) - pool(xd)
    damage = sl_die.map(lambda sl: sl * dam if sl >= 1 else 0)  # §8.1 step 7
    sl = odds.opposed_sl(xa, 0, xd, 0)
    assert nonzero(odds.damage_distribution(sl, dam)) == dist(damage)
    assert nonzero(odds.wound_distribution(sl, dam, armour)) == dist(damage // armour)  # §17: full Armours


@pytest.mark.parametrize(("ca", "cb"), [(0, 0), (3, 1), (1, 4), (2, 2)])
def test_initiative_odds_equal_icepools(ca, cb):
    a, b = d6 + ca, d6 + cb
    assert odds.initiative_odds(ca, cb) == (chance(a > b), chance(a == b), chance(a < b))


@pytest.mark.parametrize("value", range(0, 8))
@pytest.mark.parametrize("modifier", [-1, 0, 1])
def test_one_die_above_a_value_equals_icepools(value, modifier):
    assert odds.one_die_above(value, modifier) == chance(d6 + modifier > value)

"""The shared probability module (``engine.odds``) equals icepool exactly: sums of dice with
the highest or lowest dropped, binomials, convolution and repeated sums, opposed totals, the
mean, and a one-die re-roll chosen for the best chance."""

from __future__ import annotations

from fractions import Fraction

import icepool
import pytest
from icepool import d6

from engine import odds

from .oracle import chance, dist, nonzero


@pytest.mark.parametrize(("count", "sides"), [(1, 6), (2, 6), (3, 6), (4, 6), (2, 3), (3, 10)])
def test_a_sum_of_dice_equals_icepools(count, sides):
    assert nonzero(odds.sum_distribution(count, sides)) == dist(count @ icepool.d(sides))


@pytest.mark.parametrize(("count", "kept"), [(3, 2), (4, 3), (4, 1), (5, 2)])
@pytest.mark.parametrize("drop", ["lowest", "highest"])
def test_a_sum_with_dice_dropped_equals_icepools(count, kept, drop):
    pool = d6.pool(count)
    expected = pool.highest(kept).sum() if drop == "lowest" else pool.lowest(kept).sum()
    assert nonzero(odds.sum_distribution(count, 6, kept, drop)) == dist(expected)


@pytest.mark.parametrize("n", [0, 1, 4, 9])
@pytest.mark.parametrize("p", [Fraction(1, 6), Fraction(1, 2), Fraction(2, 3), Fraction(0), Fraction(1)])
def test_a_binomial_equals_icepools(n, p):
    assert nonzero(odds.binomial(n, p)) == dist(n @ icepool.coin(p).map(lambda hit: int(hit)))


def test_convolution_and_repeated_sums_equal_icepools():
    a = icepool.Die({0: 1, 2: 3, 5: 2})
    b = icepool.Die({-1: 1, 1: 1, 4: 4})
    assert nonzero(odds.convolve(dist(a), dist(b))) == dist(a + b)
    for n in range(0, 6):
        assert nonzero(odds.power(dist(a), n)) == dist(n @ a)


def test_opposed_totals_and_the_mean_equal_icepools():
    a, b = 2 @ d6, d6.pool(3).highest(2).sum()
    assert odds.opposed(dist(a), dist(b)) == (chance(a > b), chance(a == b), chance(a < b))
    assert odds.mean(dist(b)) == b.mean()


@pytest.mark.parametrize("target", [5, 7, 9, 11, 12])
@pytest.mark.parametrize("count", [2, 3])
def test_one_die_rerolled_for_the_best_chance_equals_icepools(target, count):
    def success(faces: tuple[int, ...]) -> bool:
        return sum(sorted(faces)[-2:]) >= target

    def after(*faces: int) -> icepool.Die[bool]:
        if success(faces):
            return icepool.Die([True])
        options = [d6.map(lambda f, i=i: success(faces[:i] + (f,) + faces[i + 1 :])) for i in range(count)]
        return max(options, key=chance)

    assert odds.faces_probability(count, success) == chance(icepool.map(lambda *f: success(f), *[d6] * count))
    assert odds.reroll_one_probability(count, success) == chance(icepool.map(after, *[d6] * count))

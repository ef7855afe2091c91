from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.odds import at_most, below, binomial, opposed, reroll_one_probability, sum_distribution, total_probability


def test_two_d6_at_most_seven_is_seven_twelfths():
    assert at_most(sum_distribution(2), 7) == Fraction(7, 12)


def test_two_d6_below_seven_is_fifteen_thirty_sixths():
    assert below(sum_distribution(2), 7) == Fraction(15, 36)


def test_three_dice_drop_highest_matches_the_reference_pair_distribution():
    # sanctum-mortalis.md §27.2: 2:16, 3:27, 4:34, 5:36, 6:34, 7:27, 8:19, 9:12, 10:7, 11:3, 12:1 (/216)
    dist = sum_distribution(3, kept=2, drop="highest")
    assert {v: p * 216 for v, p in dist.items()} == {
        2: 16,
        3: 27,
        4: 34,
        5: 36,
        6: 34,
        7: 27,
        8: 19,
        9: 12,
        10: 7,
        11: 3,
        12: 1,
    }


@pytest.mark.parametrize(
    "count, kept, drop",
    [(1, None, "lowest"), (2, None, "lowest"), (3, 2, "highest"), (3, 2, "lowest"), (4, 1, "lowest")],
)
def test_every_distribution_sums_to_one(count, kept, drop):
    assert total_probability(sum_distribution(count, kept=kept, drop=drop)) == 1


def test_opposed_two_d6_is_symmetric():
    d = sum_distribution(2)
    win, tie, lose = opposed(d, d)
    assert win == lose == Fraction(575, 1296) and tie == Fraction(146, 1296)


def test_reroll_one_die_on_a_failure_helps_exactly():
    # need a total below 7 on 2d6, may re-roll one die after a failure
    p = reroll_one_probability(2, lambda f: sum(f) < 7)
    assert Fraction(15, 36) < p < 1
    assert reroll_one_probability(1, lambda f: f[0] == 6) == Fraction(1, 6) + Fraction(5, 6) * Fraction(1, 6)


@given(st.integers(0, 6), st.fractions(min_value=0, max_value=1))
def test_binomial_sums_to_one(n, p):
    assert total_probability(binomial(n, p)) == 1

"""§3, §4, §23: the xK6 pool, success levels and every exact table of the reference."""

from collections import Counter
from fractions import Fraction as F
from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.odds import at_least, mean
from engine.rulesets.xk6 import odds
from engine.rulesets.xk6 import tables as t
from engine.rulesets.xk6.odds import NoDice, pool_distribution, pool_result


@pytest.mark.parametrize(
    "faces, expected", [((3, 6, 6), 7), ((6,), 6), ((6, 6, 6), 8), ((2, 5, 4), 5), ((1, 1, 1), 1), ((6, 1), 6)]
)
def test_worked_example_1_the_pool_result_is_the_highest_face_plus_one_per_extra_six(faces, expected):
    assert pool_result(faces) == expected


def test_worked_example_1_a_modifier_changes_the_result_not_the_dice():
    from engine.rolls import Modifier
    from engine.rulesets.xk6.procedures import result

    assert result((3, 6, 6), [Modifier("hard cover", -2, "§7")]) == 5
    assert result((4, 2), [Modifier("stunned", -1, "§13")]) == 3


def test_a_pool_with_no_dice_is_refused_xk_a1():
    with pytest.raises(NoDice, match="skill level 0"):
        pool_result(())
    with pytest.raises(NoDice):
        pool_distribution(0)


def _enumerated(x):
    c = Counter(pool_result(f) for f in product(range(1, 7), repeat=x))
    return {r: F(n, 6**x) for r, n in c.items()}


TABLE_23_2 = {
    1: {k: F(1, 6) for k in range(1, 7)},
    2: dict(zip(range(1, 8), (F(n, 36) for n in (1, 3, 5, 7, 9, 10, 1)))),
    3: dict(zip(range(1, 9), (F(n, 216) for n in (1, 7, 19, 37, 61, 75, 15, 1)))),
    4: dict(zip(range(1, 10), (F(n, 1296) for n in (1, 15, 65, 175, 369, 500, 150, 20, 1)))),
}
MEANS = {1: F(7, 2), 2: F(9, 2), 3: F(136, 27), 4: F(1165, 216)}


@pytest.mark.parametrize("x", [1, 2, 3, 4])
def test_section_23_2_pool_distribution_matches_the_published_table_exactly(x):
    assert pool_distribution(x) == TABLE_23_2[x]
    assert mean(pool_distribution(x)) == MEANS[x]


@pytest.mark.parametrize("x", [1, 2, 3, 4, 5])
def test_section_23_1_closed_form_equals_enumerating_every_roll(x):
    assert pool_distribution(x) == _enumerated(x)


AT_LEAST = {
    1: [1, F(5, 6), F(2, 3), F(1, 2), F(1, 3), F(1, 6)],
    2: [1, F(35, 36), F(8, 9), F(3, 4), F(5, 9), F(11, 36), F(1, 36)],
    3: [1, F(215, 216), F(26, 27), F(7, 8), F(19, 27), F(91, 216), F(2, 27), F(1, 216)],
}


@pytest.mark.parametrize("x", [1, 2, 3])
def test_section_23_2_at_least_rows(x):
    assert [at_least(pool_distribution(x), k) for k in range(1, len(AT_LEAST[x]) + 1)] == AT_LEAST[x]


OPPOSED_23_3 = {
    (1, 1): F(5, 12),
    (1, 2): F(55, 216),
    (1, 3): F(25, 144),
    (2, 1): F(7, 12),
    (2, 2): F(515, 1296),
    (2, 3): F(1129, 3888),
    (3, 1): F(871, 1296),
    (3, 2): F(319, 648),
    (3, 3): F(1471, 3888),
}


@pytest.mark.parametrize("att, dfn", sorted(OPPOSED_23_3))
def test_section_23_3_opposed_success_without_modifiers(att, dfn):
    assert odds.success(odds.opposed_sl(att, 0, dfn, 0)) == OPPOSED_23_3[(att, dfn)]


IF_HIT_23_3 = {
    1: [0, F(1, 6), F(1, 3), F(1, 2), F(2, 3)],
    2: [F(1, 36), F(11, 36), F(5, 9), F(3, 4), F(8, 9)],
    3: [F(2, 27), F(91, 216), F(19, 27), F(7, 8), F(26, 27)],
}


@pytest.mark.parametrize("dice", [1, 2, 3])
def test_section_23_3_indirect_fire_hit_by_net_modifier(dice):
    got = [odds.success(odds.threshold_sl(dice, m, t.IF_THRESHOLD)) for m in (-2, -1, 0, 1, 2)]
    assert got == IF_HIT_23_3[dice]


DEPLETION_23_4 = {
    1: [F(1, 6), F(1, 3), F(1, 2), F(2, 3)],
    2: [F(1, 36), F(1, 9), F(1, 4), F(4, 9)],
    3: [F(1, 216), F(1, 27), F(1, 8), F(8, 27)],
}


@pytest.mark.parametrize("dice", [1, 2, 3])
def test_section_23_4_magazine_depletion_chance(dice):
    assert [odds.depletion(dice, k) for k in (1, 2, 3, 4)] == DEPLETION_23_4[dice]


@pytest.mark.parametrize(
    "rof, used, empties_on",
    [(4, 1, 2), (4, 2, 3), (4, 3, 3), (4, 4, 4), (3, 1, 2), (3, 2, 3), (2, 1, 3), (1, 1, 3), (4, 0, 1), (0, 0, 1)],
)
def test_worked_example_5_section_12_1_ammunition_rows(rof, used, empties_on):
    assert t.empties_on(rof, used) == empties_on


def test_worked_example_5_odds_shown_for_att_2_using_its_full_rof():
    assert odds.depletion(2, t.empties_on(4, 4)) == F(4, 9)


@pytest.mark.parametrize("damage, wounds", [(7, 0), (8, 1), (15, 1), (16, 2), (23, 2), (24, 3), (31, 3)])
def test_worked_example_12_and_section_17_wounds_against_armour_8(damage, wounds):
    assert t.wounds_from(damage, 8) == wounds


@pytest.mark.parametrize(
    "speed, terrain, inches",
    [
        (6, "difficult", 3),
        (6, "very-difficult", 2),
        (9, "difficult", F(9, 2)),
        (9, "very-difficult", 3),
        (6, "normal", 6),
    ],
)
def test_worked_example_11_terrain_speed(speed, terrain, inches):
    assert t.terrain_speed(speed, terrain) == inches


def test_a_threshold_test_needs_a_result_above_the_threshold():
    sl = odds.threshold_sl(1, 0, 4)
    assert odds.success(sl) == F(1, 3) and sl[1] == F(1, 6)  # a 5 is SL 1


def test_a_tie_in_an_opposed_test_fails():
    sl = odds.opposed_sl(1, 0, 1, 0)
    assert sl[0] == F(1, 6) and odds.success(sl) == F(5, 12)


def test_wound_distribution_of_sl_times_dam():
    sl = {-1: F(1, 2), 1: F(1, 4), 2: F(1, 4)}
    assert odds.damage_distribution(sl, 4) == {0: F(1, 2), 4: F(1, 4), 8: F(1, 4)}
    assert odds.wound_distribution(sl, 4, 8) == {0: F(3, 4), 1: F(1, 4)}


@pytest.mark.parametrize("value, modifier, chance", [(4, 0, F(1, 3)), (5, 0, F(1, 6)), (5, -1, F(0)), (4, -1, F(1, 6))])
def test_section_4_3_one_die_above_a_value(value, modifier, chance):
    assert odds.one_die_above(value, modifier) == chance


@given(
    st.integers(1, 5), st.integers(-4, 4), st.integers(1, 5), st.integers(-4, 4), st.integers(0, 6), st.integers(1, 12)
)
def test_every_distribution_sums_to_one(xa, ma, xd, md, dam, armour):
    sl = odds.opposed_sl(xa, ma, xd, md)
    for dist in (
        pool_distribution(xa),
        odds.result_distribution(xa, ma),
        sl,
        odds.threshold_sl(xa, ma, 4),
        odds.damage_distribution(sl, dam),
        odds.wound_distribution(sl, dam, armour),
    ):
        assert sum(dist.values()) == 1


@given(st.integers(1, 4), st.integers(-3, 3), st.integers(0, 9))
def test_a_modifier_only_shifts_the_result(x, m, k):
    assert at_least(odds.result_distribution(x, m), k) == at_least(pool_distribution(x), k - m)


def test_initiative_odds_sum_to_one():
    assert sum(odds.initiative_odds(4, 2)) == 1

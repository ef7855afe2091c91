"""§9 exact odds: the reference's tables as fixtures, and an independent enumeration."""

import itertools
from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.odds import at_least_table, binomial, mean
from engine.rulesets.saga import casualty_distribution
from engine.rulesets.saga.odds import hits_distribution, p_success, pooled_hits, retreat_odds, uncancelled_distribution

CASE_A = {0: F(64, 729), 1: F(64, 243), 2: F(80, 243), 3: F(160, 729), 4: F(20, 243), 5: F(4, 243), 6: F(1, 729)}
CASE_B = {
    0: F(729, 4096),
    1: F(729, 2048),
    2: F(1215, 4096),
    3: F(135, 1024),
    4: F(135, 4096),
    5: F(9, 2048),
    6: F(1, 4096),
}
CASE_C = {0: F(301, 729), 1: F(259, 729), 2: F(43, 243), 3: F(4, 81), 4: F(4, 729)}


@pytest.mark.parametrize("target, p", [(4, F(1, 2)), (5, F(1, 3)), (1, F(1)), (0, F(1)), (7, F(0)), (2, F(5, 6))])
def test_one_die_succeeds_with_clamped_seven_minus_target_over_six_A4(target, p):
    assert p_success(target) == p


def test_case_A_six_dice_on_armour_4_cancelled_on_5_matches_the_reference_table():
    dist = casualty_distribution(6, 4)
    assert dist == CASE_A
    assert mean(dist) == 2


def test_case_A_is_binomial_six_one_third_as_the_cross_check_says():
    assert casualty_distribution(6, 4) == binomial(6, F(1, 3))


def test_case_A_at_least_table_matches_to_four_places():
    table = at_least_table(casualty_distribution(6, 4))
    assert [round(float(table[k]), 4) for k in range(7)] == [1.0, 0.9122, 0.6488, 0.3196, 0.1001, 0.0178, 0.0014]


def test_raw_hits_before_the_defence_roll_are_binomial_six_one_half():
    dist = hits_distribution(6, 4)
    assert [round(float(dist[k]), 4) for k in range(7)] == [0.0156, 0.0938, 0.2344, 0.3125, 0.2344, 0.0938, 0.0156]


def test_case_B_hard_cover_cancels_on_4_and_matches_the_reference_table():
    dist = casualty_distribution(6, 4, save_on=4)
    assert dist == CASE_B
    assert mean(dist) == F(3, 2)


def test_case_C_two_set_aside_defence_dice_under_the_step5_cap_match_the_reference_table():
    dist = casualty_distribution(4, 4, 5, extra_defence=2)
    assert dist == CASE_C
    assert mean(dist) == F(641, 729)


def test_case_C_without_the_extra_dice_is_the_plain_attack():
    dist = casualty_distribution(4, 4)
    assert [round(float(dist[k]), 4) for k in range(5)] == [0.1975, 0.3951, 0.2963, 0.0988, 0.0123]
    assert mean(dist) == F(4, 3)


def _count_faces(dice: int, at_least: int) -> dict[int, int]:
    """How many of the 6**dice face lists have k faces >= at_least (plain counting)."""
    ways: dict[int, int] = {}
    for faces in itertools.product(range(1, 7), repeat=dice):
        k = sum(f >= at_least for f in faces)
        ways[k] = ways.get(k, 0) + 1
    return ways


def brute_force(attack: int, armour: int, save: int, extra: int) -> dict[int, F]:
    """Independent check: count every attack face list, then every defence face list."""
    out: dict[int, F] = {}
    for hits, ways in _count_faces(attack, armour).items():
        d = min(hits + extra, 2 * hits)
        for saved, dways in _count_faces(d, save).items():
            left = hits - min(hits, saved)
            out[left] = out.get(left, F(0)) + F(ways, 6**attack) * F(dways, 6**d)
    return out


@pytest.mark.parametrize("attack, armour, save, extra", [(3, 4, 5, 0), (3, 3, 4, 2), (2, 5, 5, 3), (4, 2, 4, 1)])
def test_the_exact_distribution_agrees_with_enumerating_every_face(attack, armour, save, extra):
    got = {k: v for k, v in casualty_distribution(attack, armour, save, extra).items() if v}
    assert got == {k: v for k, v in brute_force(attack, armour, save, extra).items() if v}


def test_a_unit_cannot_lose_more_models_than_it_has():
    dist = casualty_distribution(6, 4, models=2)
    assert max(dist) == 2 and dist[2] == sum(v for k, v in CASE_A.items() if k >= 2)


def test_one_attack_reroll_of_a_failed_die_raises_the_hit_chance_exactly():
    # one die, Armour 4, may re-roll it once if it misses: 1/2 + 1/2·1/2
    assert hits_distribution(1, 4, rerolls=1)[1] == F(3, 4)


def test_pools_share_a_reroll_budget_spent_on_the_best_chance_first():
    # pool 1 hits on 6 (1/6), pool 2 on 2+ (5/6). Both missed: pool 2's die is re-rolled;
    # pool 2 hit: the re-roll is left for pool 1's miss.
    dist = pooled_hits([(1, 6), (1, 2)], rerolls=1)
    two_hits = F(5, 6) * (F(1, 6) + F(5, 6) * F(1, 6)) + F(1, 6) * F(5, 6) * F(1, 6)
    assert dist[2] == two_hits == F(5, 18)


def test_a_tie_or_a_wiped_side_decides_who_retreats_in_the_odds():
    sure = {1: F(1)}
    assert retreat_odds(sure, sure, 5, 5) == {"attacker": 1, "defender": 0, "none": 0}
    assert retreat_odds({0: F(1)}, {3: F(1)}, 5, 3)["none"] == 1


@settings(max_examples=80, deadline=None)
@given(
    st.integers(0, 10),
    st.integers(0, 8),
    st.integers(1, 7),
    st.integers(0, 4),
    st.integers(0, 3),
    st.integers(0, 3),
    st.none() | st.integers(0, 12),
)
def test_every_casualty_distribution_sums_to_one(dice, armour, save, extra, rr_a, rr_d, models):
    dist = casualty_distribution(dice, armour, save, extra, attack_rerolls=rr_a, defence_rerolls=rr_d, models=models)
    assert sum(dist.values()) == 1
    assert all(v >= 0 for v in dist.values())
    assert max(dist) <= (dice if models is None else min(dice, models))


@settings(max_examples=50, deadline=None)
@given(st.dictionaries(st.integers(0, 8), st.integers(1, 9), min_size=1), st.integers(2, 6), st.integers(0, 5))
def test_uncancelled_hits_never_exceed_the_hits_scored(weights, save, extra):
    total = sum(weights.values())
    hits = {k: F(v, total) for k, v in weights.items()}
    dist = uncancelled_distribution(hits, save, extra)
    assert sum(dist.values()) == 1 and max(dist) <= max(hits)

"""§27 of the Sanctum Mortalis reference: the exact odds tables, reproduced by the procedures."""

from fractions import Fraction

import pytest

from engine.odds import sum_distribution
from engine.rulesets.sanctum_mortalis.procedures import (
    DROP_HIGHEST,
    DROP_LOWEST,
    PLAIN,
    MeleeSituation,
    dispel_chance,
    fall_survival_chance,
    initiative_odds,
    jump_down_chance,
    melee_chance,
    melee_odds,
    scenario_start_odds,
    success_chance,
)
from engine.rulesets.sanctum_mortalis.roster import ModelSpec

HIT_TABLE = {2: 0, 3: 1, 4: 3, 5: 6, 6: 10, 7: 15, 8: 21, 9: 26, 10: 30, 11: 33, 12: 35, 13: 36}
TOUGHNESS_TABLE = {1: 0, 2: 1, 3: 3, 4: 6, 5: 10, 6: 15, 7: 21, 8: 26, 9: 30, 10: 33}
WOOHOO_TABLE = {2: 16, 3: 43, 4: 77, 5: 113, 6: 147, 7: 174, 8: 193, 9: 205, 10: 212}
WOOHOO_PAIRS = {2: 16, 3: 27, 4: 34, 5: 36, 6: 34, 7: 27, 8: 19, 9: 12, 10: 7, 11: 3, 12: 1}
AIMED_HIGHEST = {3: 16, 4: 43, 5: 77, 6: 113, 7: 147, 8: 174, 9: 193, 10: 205}
AIMED_LOWEST = {3: 1, 4: 4, 5: 11, 6: 23, 7: 42, 8: 69, 9: 103, 10: 139}
JUMP = {0: 35, 1: 33, 2: 30, 3: 26, 4: 21, 5: 15, 6: 10, 7: 6, 8: 3, 9: 1, 10: 0}
FALL = {0: 36, 1: 35, 2: 33, 3: 30, 4: 26, 5: 21, 6: 15, 7: 10, 8: 6, 9: 3, 10: 1}
MELEE = {
    -6: (35, 35, 1226),
    -5: (70, 56, 1170),
    -4: (126, 80, 1090),
    -3: (206, 104, 986),
    -2: (310, 125, 861),
    -1: (435, 140, 721),
    0: (575, 146, 575),
    1: (721, 140, 435),
    2: (861, 125, 310),
    3: (986, 104, 206),
    4: (1090, 80, 126),
    5: (1170, 56, 70),
    6: (1226, 35, 35),
}
DEADLY_BLOW = {0: (4812, 819, 2145), 1: (5631, 687, 1458), -1: (3915, 897, 2964)}


def _toughness(tmod: int, mode=PLAIN) -> Fraction:
    # pass iff total <= Tmod and total <= 10
    return success_chance("<=", min(tmod, 10), mode)


@pytest.mark.parametrize("cmod, hits", HIT_TABLE.items(), ids=[f"27.1 Cmod={c}" for c in HIT_TABLE])
def test_hit_roll_matches_table(cmod, hits):
    assert success_chance("<", cmod) == Fraction(hits, 36)


@pytest.mark.parametrize("cmod", [-3, 0, 1, 2])
def test_modified_accuracy_of_two_or_less_never_hits_27_1(cmod):
    assert success_chance("<", cmod) == 0


@pytest.mark.parametrize("cmod", [13, 14, 20])
def test_modified_accuracy_of_thirteen_or_more_always_hits_27_1(cmod):
    assert success_chance("<", cmod) == 1


@pytest.mark.parametrize("tmod, passes", TOUGHNESS_TABLE.items(), ids=[f"27.2 T={t}" for t in TOUGHNESS_TABLE])
def test_toughness_roll_matches_table(tmod, passes):
    assert _toughness(tmod) == Fraction(passes, 36)


@pytest.mark.parametrize("tmod", [10, 11, 12, 15])
def test_toughness_of_ten_or_more_passes_33_of_36_27_2(tmod):
    assert _toughness(tmod) == Fraction(33, 36)


@pytest.mark.parametrize("tmod", [-2, 0, 1])
def test_toughness_of_one_or_less_always_fails_27_2(tmod):
    assert _toughness(tmod) == 0


@pytest.mark.parametrize("tmod, passes", WOOHOO_TABLE.items(), ids=[f"27.2 Woohoo T={t}" for t in WOOHOO_TABLE])
def test_woohoo_toughness_matches_table_out_of_216(tmod, passes):
    assert _toughness(tmod, DROP_HIGHEST) == Fraction(passes, 216)


def test_woohoo_kept_pair_distribution_matches_27_2():
    dist = sum_distribution(3, 6, 2, "highest")
    assert {v: p * 216 for v, p in dist.items()} == WOOHOO_PAIRS


@pytest.mark.parametrize(
    "cmod, hits", AIMED_HIGHEST.items(), ids=[f"27.3 drop-highest Cmod={c}" for c in AIMED_HIGHEST]
)
def test_aimed_shot_dropping_the_highest_matches_table(cmod, hits):
    assert success_chance("<", cmod, DROP_HIGHEST) == Fraction(hits, 216)


@pytest.mark.parametrize("cmod, hits", AIMED_LOWEST.items(), ids=[f"27.3 drop-lowest Cmod={c}" for c in AIMED_LOWEST])
def test_aimed_shot_dropping_the_lowest_matches_table(cmod, hits):
    assert success_chance("<", cmod, DROP_LOWEST) == Fraction(hits, 216)


@pytest.mark.parametrize("h, ways", JUMP.items(), ids=[f"27.4 jump h={h}" for h in JUMP])
def test_jump_down_matches_table(h, ways):
    assert jump_down_chance(h) == Fraction(ways, 36)


@pytest.mark.parametrize("h, ways", FALL.items(), ids=[f"27.4 fall h={h}" for h in FALL])
def test_fall_survival_matches_table(h, ways):
    assert fall_survival_chance(h) == Fraction(ways, 36)


def test_a_drop_of_ten_inches_or_more_never_lands_27_4():
    assert jump_down_chance(10) == jump_down_chance(14.5) == 0


@pytest.mark.parametrize("d, counts", MELEE.items(), ids=[f"27.5 d={d:+d}" for d in MELEE])
def test_melee_matches_table(d, counts):
    assert melee_chance(d) == tuple(Fraction(c, 1296) for c in counts)


@pytest.mark.parametrize("d, counts", DEADLY_BLOW.items(), ids=[f"27.5 Zabojczy cios d={d:+d}" for d in DEADLY_BLOW])
def test_deadly_blow_melee_matches_table_out_of_7776(d, counts):
    assert melee_chance(d, DROP_LOWEST, PLAIN) == tuple(Fraction(c, 7776) for c in counts)


@pytest.mark.parametrize(
    "d, counts", DEADLY_BLOW.items(), ids=[f"27.5 Zabojczy cios situation d={d:+d}" for d in DEADLY_BLOW]
)
def test_deadly_blow_figures_come_out_of_a_melee_situation(d, counts):
    attacker = ModelSpec(
        "a",
        "Killer",
        "swordsman",
        melee=("hand-weapon",),
        skills=("deadly-blow",),
        advances=(("W", 1),) if d > 0 else (),
    )
    defender = ModelSpec("d", "Victim", "swordsman", melee=("hand-weapon",), advances=(("W", 1),) if d < 0 else ())
    sit = MeleeSituation(attacker, defender, toggles=frozenset({"attacker_deadly_blow"}))
    assert melee_odds(sit) == tuple(Fraction(c, 7776) for c in counts)


def test_two_dice_total_of_at_most_seven_is_seven_twelfths_2_5():
    assert success_chance("<=", 7) == Fraction(7, 12)


def test_dispel_succeeds_on_fifteen_of_thirty_six_25_8():
    assert dispel_chance() == Fraction(15, 36)


def test_tied_roll_off_rolled_again_gives_each_side_half_sm_a40():
    assert initiative_odds(3, 3) == (Fraction(1, 2), Fraction(1, 2))
    assert scenario_start_odds() == (Fraction(1, 2), Fraction(1, 2))


def test_side_with_more_models_starts_without_a_roll_5_1():
    assert initiative_odds(4, 3) == (1, 0)
    assert initiative_odds(2, 5) == (0, 1)

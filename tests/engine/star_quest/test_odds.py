"""§22: exact odds by enumeration, compared with the reference's closed forms."""

from fractions import Fraction as F

import pytest

from engine.odds import binomial
from engine.rulesets.star_quest import commands as c
from engine.rulesets.star_quest import view
from engine.rulesets.star_quest.odds import AttackProfile, attack_odds, block_chance
from engine.rulesets.star_quest.stat_test import success_chance

from .conftest import activate, enemy, hero, new_battle, ok

TABLE = {  # target: chances for net modifier −3 … +2
    2: ("1/3", "1/2", "2/3", "5/6", "5/6", "5/6"),
    3: ("1/6", "1/3", "1/2", "2/3", "5/6", "5/6"),
    4: ("1/6", "1/6", "1/3", "1/2", "2/3", "5/6"),
    5: ("1/6", "1/6", "1/6", "1/3", "1/2", "2/3"),
    6: ("1/6", "1/6", "1/6", "1/6", "1/3", "1/2"),
}


@pytest.mark.parametrize("target", TABLE)
def test_sq22_stat_test_table_matches_the_clamped_closed_form(target):
    for net, want in zip(range(-3, 3), TABLE[target]):
        assert success_chance(target, net) == F(want)
        assert success_chance(target, net) == min(F(5, 6), max(F(1, 6), F(7 - target + net, 6)))


def test_sq22_a_fatigued_melee_hit_is_one_in_six_whatever_the_quality():
    assert all(success_chance(q, m, only_six=True) == F(1, 6) for q in range(2, 7) for m in (-1, 0, 2))


@pytest.mark.parametrize("q, d, net, want", [(4, 4, 0, "1/4"), (4, 4, 1, "1/6"), (3, 5, -1, "5/9")])
def test_sq22_one_attack_becomes_an_unblocked_wound(q, d, net, want):
    p = AttackProfile(1, success_chance(q), block=block_chance(d, net))
    assert attack_odds(p).wounds[1] == F(want)


@pytest.mark.parametrize("defense, want", [(3, "11/18"), (4, "5/12"), (5, "2/9"), (6, "1/36")])
def test_sq22_bane_block_chance_with_one_reroll(defense, want):
    assert block_chance(defense, 0, "once") == F(want)


def test_sq22_regeneration_impact_fearless_and_cast_chances():
    assert 1 - success_chance(5) == F(2, 3) and success_chance(5) == F(1, 3)
    assert success_chance(2) == F(5, 6) and success_chance(4) == F(1, 2)


def test_sq22_hits_from_n_attacks_are_binomial():
    assert attack_odds(AttackProfile(3, F(1, 2))).hits == binomial(3, F(1, 2))


def test_surge_adds_a_hit_on_each_six_in_the_distribution():
    odds = attack_odds(AttackProfile(1, F(1, 3), extra_on_six=1))
    assert odds.hits == {0: F(2, 3), 1: F(1, 6), 2: F(1, 6)}


def test_the_shot_preview_matches_the_recorded_roll_chance():
    b = new_battle([hero("vex", quality=4)], [enemy("e", defense=4)])
    activate(b, "vex")
    ok(b, c.TakeAction("vex", "hold"))
    assert view.shot_preview(b.state, "vex", "Gun", "e").wounds[1] == F(1, 4)
    assert view.shot_preview(b.state, "vex", "Gun", "e", cover=True).wounds[1] == F(1, 6)
    assert view.test_preview(b.state, "vex", "dex") == F(1, 2)
    assert view.morale_preview(b.state, "e") == F(1, 2)

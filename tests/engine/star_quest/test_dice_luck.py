"""Dice luck in a short scripted Star Quest battle: the sides are named by their rosters
(the party, the enemies) and every roll with odds is counted for the side that rolled it."""

from fractions import Fraction as F

from engine.luck import counted_rolls, luck_table
from engine.rulesets.star_quest import commands as c
from engine.rulesets.star_quest.summary import summary

from .conftest import activate, enemy, hero, new_battle, ok


def test_dice_luck_names_the_party_and_the_enemies_and_counts_each_sides_rolls():
    b = new_battle([hero("kara", quality=4), hero("brin")], [enemy("cult", models=3, defense=4)])
    activate(b, "kara")
    ok(b, c.TakeAction("kara", "hold"))
    ok(b, c.Shoot("kara", "Gun", "cult"))
    ok(b, c.RollHits(faces=(5,)))  # a hit on 4+
    ok(b, c.RollBlocks(faces=(2,)))  # the cultist's Defense die fails
    s = summary(b.state)
    assert [s.side_name(k) for k in s.side_keys] == ["Party", "Foes"]
    heroes, foes = luck_table(counted_rolls(b.active_events, s.side_of, s.roll_side), s.side_keys)
    assert (heroes.rolls, heroes.successes, heroes.expected) == (1, 1, F(1, 2))
    assert (foes.rolls, foes.successes) == (1, 0) and foes.expected == F(1, 2)


def test_dice_luck_counts_the_fearless_roll_after_a_failed_morale_test():
    b = new_battle([hero("vex")], [enemy("pack", models=5, quality=4, unit_rules=("Fearless",))])
    ok(b, c.StartRound())
    ok(b, c.ActivateHero("vex"))
    ok(b, c.AdjustWounds("pack", 3))
    ok(b, c.EndActivation())
    ok(b, c.RollMorale((3, 5)), [])  # the test fails on a 3, Fearless passes on a 5
    s = summary(b.state)
    _, foes = luck_table(counted_rolls(b.active_events, s.side_of, s.roll_side), s.side_keys)
    assert (foes.rolls, foes.successes, foes.expected) == (2, 1, F(1, 2) + F(1, 2))

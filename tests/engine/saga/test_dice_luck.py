"""Dice luck in a short scripted SAGA battle: the sides are named by their warbands and
every roll with odds is counted for the side that rolled it (the target's defence dice
are the target's, though logged in the shooter's event)."""

from fractions import Fraction as F

from engine.luck import counted_rolls, luck_table
from engine.rulesets.saga import commands as c
from engine.rulesets.saga.summary import summary

from .conftest import new_battle, ok, to_step4, unit


def test_dice_luck_counts_every_saga_roll_for_the_side_that_rolled_it():
    b = new_battle([unit("bows", models=2), unit("axes", models=1)], [unit("shields", models=3)])
    ok(b, c.StartTurn("A"))
    ok(b, c.Activate("A.bows", "shoot", target="B.shields"))
    ok(b, c.RollShot(faces=(6, 1)))  # one hit against Armour 4
    ok(b, c.RollShotDefence(faces=(2,)))  # Shields' defence die fails
    to_step4(b, "A.axes", "B.shields")
    ok(b, c.RollAttacks(attacker=(1,), defender=(1, 1)))
    s = summary(b.state)
    assert [s.side_name(k) for k in s.side_keys] == ["Raiders", "Locals"]
    raiders, locals_ = luck_table(counted_rolls(b.active_events, s.side_of, s.roll_side), s.side_keys)
    # each die is a roll with its own chance: the shot's 2 dice and the Axes' 1 die against Armour 4
    assert (raiders.rolls, raiders.successes, raiders.expected) == (3, 1, 3 * F(1, 2))
    # the Shields' defence die (cancels on 5+) and their 2 melee dice against Armour 4
    assert (locals_.rolls, locals_.successes, locals_.expected) == (3, 0, F(1, 3) + 2 * F(1, 2))


def test_a_re_rolled_die_is_one_more_roll_and_the_rest_of_the_pool_is_not_counted_again():
    from .conftest import to_step3

    b = new_battle([unit("axes", models=3)], [unit("shields", models=3)])
    ok(b, c.StartTurn("A"))
    to_step3(b, "A.axes", "B.shields")
    ok(b, c.DeclareAbility("Fury", reroll_attack=1))
    ok(b, c.EndDeclarations())
    ok(b, c.EndDeclarations())
    ok(b, c.RollAttacks(attacker=(6, 2, 1), defender=(1, 1, 1)))
    ok(b, c.Reroll("A", "attack", (1,), faces=(5,)))  # the 2 becomes a 5: a hit against Armour 4
    s = summary(b.state)
    raiders, _ = luck_table(counted_rolls(b.active_events, s.side_of, s.roll_side), s.side_keys)
    assert (raiders.rolls, raiders.successes, raiders.expected) == (4, 2, 4 * F(1, 2))  # 3 dice, then 1 re-rolled

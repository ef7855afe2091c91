"""Dice luck in a short scripted Sanctum Mortalis battle: the sides are named by their
bands and every roll with odds is counted for the side that rolled it."""

from fractions import Fraction

from engine.battle import Battle, new_header
from engine.dice import ScriptedDice
from engine.luck import counted_rolls, luck_table
from engine.records import changed
from engine.rolls import records_in
from engine.rulesets.sanctum_mortalis import commands as c
from engine.rulesets.sanctum_mortalis import make_setup
from engine.rulesets.sanctum_mortalis.summary import summary

from .conftest import small_bands


def test_dice_luck_names_the_bands_and_counts_the_shot_and_the_toughness_roll(battle):
    battle.submit(c.StartRound())
    battle.submit(c.Activate("A.kara"))
    battle.submit(c.Shoot("A.kara", "B.xan", "assault-rifle"), ScriptedDice([1, 1]))  # a hit
    battle.submit(c.Save("B.xan"), ScriptedDice([1, 2]))  # saved
    s = summary(battle.state)
    assert [s.side_name(k) for k in s.side_keys] == ["Wolves", "Saints"]
    rolls = counted_rolls(battle.active_events, s.side_of, s.roll_side)
    wolves, saints = luck_table(rolls, s.side_keys)
    assert (wolves.rolls, wolves.successes) == (1, 1) and (saints.rolls, saints.successes) == (1, 1)
    with_odds = [r for e in battle.active_events for r in records_in(e.payload) if r.comparison]
    assert len(rolls) == len(with_odds) == 2  # every roll with odds has its side


def test_the_round_start_roll_off_counts_each_sides_dice_for_that_side_5_1():
    """Two models a side: both roll 2k6 (a tie rolled again); the higher total starts. One
    record holds both sides' dice: each side is counted once, with its own chance."""
    a, b = small_bands()
    a = changed(a, models=a.models[:2])
    battle = Battle(new_header("sanctum-mortalis", make_setup(a, b, scenario="none"), seed=1))
    battle.submit(c.StartRound(), ScriptedDice([3, 3, 2, 4, 6, 5, 1, 2]))  # 6 v 6, then 11 v 3
    assert battle.state.order.first == "A"
    s = summary(battle.state)
    rolls = counted_rolls(battle.active_events, s.side_of, s.roll_side)
    assert [(r.side, r.chance, r.success) for r in rolls] == [("A", Fraction(1, 2), True), ("B", Fraction(1, 2), False)]
    wolves, saints = luck_table(rolls, s.side_keys)
    assert (wolves.rolls, wolves.luck, saints.rolls, saints.luck) == (1, Fraction(1, 2), 1, Fraction(-1, 2))


def test_more_models_starts_with_no_dice_and_counts_for_nobody_5_1(battle):
    battle.submit(c.StartRound())  # three models against two: no roll-off
    s = summary(battle.state)
    assert counted_rolls(battle.active_events, s.side_of, s.roll_side) == []

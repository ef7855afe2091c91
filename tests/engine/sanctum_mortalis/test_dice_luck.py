"""Dice luck in a short scripted Sanctum Mortalis battle: the sides are named by their
bands and every roll with odds is counted for the side that rolled it."""

from engine.dice import ScriptedDice
from engine.luck import counted_rolls, luck_table
from engine.rolls import records_in
from engine.rulesets.sanctum_mortalis import commands as c
from engine.rulesets.sanctum_mortalis.summary import summary


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

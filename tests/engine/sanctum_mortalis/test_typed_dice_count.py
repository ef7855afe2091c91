"""Dice typed at the table: too few or too many is a clear refusal that changes nothing
(a typo never passes for a roll)."""
from engine.dice import TypedDice
from engine.ruleset import Rejected
from engine.rulesets.sanctum_mortalis import commands as c


def _ready(battle):
    battle.submit(c.StartRound())
    battle.submit(c.Activate("A.kara"))
    return battle.state, len(battle.entries)


def test_a_die_too_many_is_refused_and_nothing_is_logged(battle):
    state, entries = _ready(battle)
    r = battle.submit(c.Shoot("A.kara", "B.xan", "assault-rifle"), TypedDice([3, 4, 5]))
    assert isinstance(r, Rejected) and r.kind == "malformed"
    assert r.reason == "3 dice typed (3 4 5), but the roll used 2: type just the dice rolled"
    assert battle.state is state and len(battle.entries) == entries


def test_dice_typed_for_a_command_that_rolls_none_are_refused(battle):
    state, entries = _ready(battle)
    r = battle.submit(c.EndActivation(), TypedDice([6]))
    assert isinstance(r, Rejected) and "the command rolls no dice" in r.reason
    assert battle.state is state and len(battle.entries) == entries


def test_a_die_too_few_is_refused(battle):
    state, entries = _ready(battle)
    r = battle.submit(c.Shoot("A.kara", "B.xan", "assault-rifle"), TypedDice([3]))
    assert isinstance(r, Rejected) and r.reason == "2 more dice needed for hit roll, but only 1 was typed"
    assert battle.state is state and len(battle.entries) == entries


def test_exactly_the_dice_rolled_are_taken(battle):
    _ready(battle)
    battle.submit(c.Shoot("A.kara", "B.xan", "assault-rifle"), TypedDice([3, 4]))
    assert [d["face"] for d in battle.entries[-1].payload["roll"]["dice"]] == [3, 4]

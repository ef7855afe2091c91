"""Dice typed at the table: too few or too many is a clear refusal that changes nothing
(a typo never passes for a roll)."""

from battle_testkit import assert_unchanged, snapshot

from engine.dice import TypedDice
from engine.ruleset import Rejected
from engine.rulesets.sanctum_mortalis import commands as c


def _ready(battle):
    battle.submit(c.StartRound())
    battle.submit(c.Activate("A.kara"))
    return snapshot(battle)


def test_a_die_too_many_is_refused_and_nothing_is_logged(battle):
    before = _ready(battle)
    r = battle.submit(c.Shoot("A.kara", "B.xan", "assault-rifle"), TypedDice([3, 4, 5]))
    assert isinstance(r, Rejected) and r.kind == "malformed"
    assert r.reason == "3 dice typed (3 4 5); this roll needs 2"
    assert_unchanged(battle, before)


def test_dice_typed_for_a_command_that_rolls_none_are_refused(battle):
    before = _ready(battle)
    r = battle.submit(c.EndActivation(), TypedDice([6]))
    assert isinstance(r, Rejected) and "this command rolls no dice" in r.reason
    assert_unchanged(battle, before)


def test_a_die_too_few_is_refused(battle):
    before = _ready(battle)
    r = battle.submit(c.Shoot("A.kara", "B.xan", "assault-rifle"), TypedDice([3]))
    assert isinstance(r, Rejected) and r.reason == "2 more dice needed for hit roll, but only 1 was typed"
    assert_unchanged(battle, before)


def test_exactly_the_dice_rolled_are_taken(battle):
    _ready(battle)
    battle.submit(c.Shoot("A.kara", "B.xan", "assault-rifle"), TypedDice([3, 4]))
    assert [d["face"] for d in battle.entries[-1].payload["roll"]["dice"]] == [3, 4]


def test_the_shot_preview_says_how_many_dice_its_command_rolls(battle):
    from engine.rulesets.sanctum_mortalis import view

    _ready(battle)
    assert view.shot_preview(battle.state, c.Shoot("A.kara", "B.xan", "assault-rifle")).dice == 2
    crowd = c.Shoot("A.kara", "B.xan", "assault-rifle", crowd=("B.xan", "B.yul"))
    assert view.shot_preview(battle.state, crowd).dice is None  # a hit picks who saves with one more die
    # the dry run agrees with the count: two dice pass, three do not
    assert view.dice_problem(battle.state, c.Shoot("A.kara", "B.xan", "assault-rifle"), (3, 4)) == ""
    assert view.dice_problem(battle.state, crowd, (1, 1, 2)) == ""  # the hit, then the crowd die


def test_a_flamer_rolls_no_dice_so_typed_dice_are_refused():
    from engine.battle import Battle, new_header
    from engine.rulesets.sanctum_mortalis import make_setup, view
    from engine.rulesets.sanctum_mortalis.roster import BandRoster, ModelSpec

    a = BandRoster("Wolves", "Ann", (ModelSpec("fi", "Fi", "trooper", ranged=("flamer",), captain=True),))
    b = BandRoster("Saints", "Bob", (ModelSpec("xan", "Xan", "trooper", ranged=("assault-rifle",), captain=True),))
    battle = Battle(new_header("sanctum-mortalis", make_setup(a, b, scenario="none"), seed=3))
    battle.submit(c.StartRound(), TypedDice([6, 6, 1, 1]))  # 1 v 1 models: the roll-off, 12 v 2
    assert battle.state.order.to_act == "A"
    battle.submit(c.Activate("A.fi"))
    flamer = c.Shoot("A.fi", "B.xan", "flamer")
    assert view.shot_preview(battle.state, flamer).dice == 0  # an automatic hit (§10.7)
    assert view.dice_problem(battle.state, flamer, (3, 4)) == "2 dice typed (3 4); this command rolls no dice"
    assert view.dice_problem(battle.state, flamer, ()) == ""

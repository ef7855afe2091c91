"""Issue 17 items 3 and 4: the engine says whether an action may be taken before any
picker or die (``queries.can``), an end with a Toughness roll pending needs the GM's word,
and one count of acted / ready / out serves the tracker, the panes and the help."""

import pytest
from battle_testkit import assert_unchanged, snapshot

from engine.dice import ScriptedDice
from engine.ruleset import ActivationCounts, Rejected
from engine.rulesets.sanctum_mortalis import commands as c
from engine.rulesets.sanctum_mortalis.queries import ACTIONS, activation_counts, can, pending_roll


def hit_kara_on_xan(battle):
    battle.submit(c.StartRound())
    r = battle.submit(c.Shoot("A.kara", "B.xan", "assault-rifle"), ScriptedDice([1, 1]))
    assert not isinstance(r, Rejected) and battle.state.pending


@pytest.mark.parametrize("action", ["shoot", "move", "fight", "pick-up", "other"])
def test_5_1_an_already_activated_model_is_refused_every_action(battle, action):
    battle.submit(c.StartRound())
    battle.submit(c.Activate("A.kara"))
    battle.submit(c.EndActivation())
    problem = can(battle.state, action, "A.kara")
    assert isinstance(problem, Rejected)
    if action != "fight":
        assert "already been activated" in problem.reason and problem.rule == "§5.1"


def test_the_query_agrees_with_the_shot_itself(battle):
    battle.submit(c.StartRound())
    battle.submit(c.Activate("A.kara"))
    battle.submit(c.EndActivation())
    battle.submit(c.Activate("B.xan"))
    battle.submit(c.EndActivation())
    before = snapshot(battle)
    refused = battle.submit(c.Shoot("A.kara", "B.xan", "assault-rifle"), ScriptedDice([6, 6]))
    assert isinstance(refused, Rejected) and refused == can(battle.state, "shoot", "A.kara")
    assert_unchanged(battle, before)


def test_a_model_that_may_act_is_not_refused(battle):
    battle.submit(c.StartRound())
    for action in ("shoot", "move", "other"):
        assert can(battle.state, action, "A.kara") is None


def test_8_1_fighting_needs_contact_and_10_shooting_needs_a_gun(battle):
    battle.submit(c.StartRound())
    assert can(battle.state, "fight", "A.kara").rule == "§8.1"
    assert can(battle.state, "withdraw", "A.kara").rule == "§8.1"
    assert "no ranged weapon" in can(battle.state, "shoot", "A.bo").reason


def test_9_a_pending_toughness_roll_refuses_the_next_action(battle):
    hit_kara_on_xan(battle)
    assert pending_roll(battle.state) == "Xan's Toughness roll"
    assert can(battle.state, "move", "A.kara").rule == "§9"


@pytest.mark.parametrize("command", [c.EndActivation(), c.EndRound()], ids=["end-activation", "end-round"])
def test_9_ending_with_a_toughness_roll_pending_is_ambiguous_and_changes_nothing(battle, command):
    hit_kara_on_xan(battle)
    before = snapshot(battle)
    refused = battle.submit(command)
    assert isinstance(refused, Rejected) and refused.kind == "ambiguous" and "still pending" in refused.reason
    assert_unchanged(battle, before)
    forced = battle.submit(type(command)(force=True))
    assert not isinstance(forced, Rejected)


def test_unknown_actions_are_malformed(battle):
    assert can(battle.state, "dance", "A.kara").kind == "malformed"
    assert set(ACTIONS) >= {"move", "shoot", "fight"}


def test_counts_leave_out_of_action_models_out_of_acted_and_ready(battle):
    battle.submit(c.StartRound())
    battle.submit(c.RemoveModel("A.cy", cause="test"))
    assert activation_counts(battle.state, "A") == ActivationCounts(acted=0, ready=2, out=1)
    for model in ("A.kara", "B.xan", "A.bo", "B.yul"):
        battle.submit(c.Activate(model))
        battle.submit(c.EndActivation())
    assert activation_counts(battle.state, "A") == ActivationCounts(acted=2, ready=0, out=1)
    battle.submit(c.StartRound())
    assert activation_counts(battle.state, "A") == ActivationCounts(acted=0, ready=2, out=1)
    assert activation_counts(battle.state, "B") == ActivationCounts(acted=0, ready=2, out=0)


def test_7_5_a_fall_takes_no_action_so_an_activated_model_may_still_fall(battle):
    battle.submit(c.StartRound())
    battle.submit(c.Activate("A.kara"))
    battle.submit(c.EndActivation())
    assert can(battle.state, "move", "A.kara").rule == "§5.1"
    assert can(battle.state, "drop", "A.kara") is None


def test_5_1_the_move_menu_of_a_model_of_the_side_not_acting_is_refused_with_its_moves_reason(battle):
    """QA, 60×20: `m` on a model of the side not acting opened the Move menu with every entry
    greyed ("it is …'s activation, not …'s side"); `s` and `f` are refused at the key."""
    battle.submit(c.StartRound())  # A starts (more models)
    problem = can(battle.state, "move-menu", "B.xan")
    assert problem == can(battle.state, "move", "B.xan") and problem.rule == "§5.1"
    assert "activation, not" in problem.reason
    assert can(battle.state, "move-menu", "A.kara") is None  # the side acting: its menu opens
    battle.submit(c.Activate("A.kara"))
    battle.submit(c.Move("A.kara"))
    battle.submit(c.Move("A.kara"))
    assert can(battle.state, "move", "A.kara").rule == "§6"  # two Moves made: greyed in the menu,
    assert can(battle.state, "move-menu", "A.kara") is None  # which still offers a jump or a fall
    battle.submit(c.EndActivation())
    refused = can(battle.state, "move-menu", "A.kara")  # B's turn now: refused at the key
    assert refused is not None and refused == can(battle.state, "move", "A.kara")

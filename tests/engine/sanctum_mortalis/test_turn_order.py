"""§5.1 initiative and activation order."""

from battle_testkit import assert_unchanged, snapshot

from engine.dice import ScriptedDice
from engine.ruleset import Rejected
from engine.rulesets.sanctum_mortalis import commands as c


def test_the_side_with_more_models_starts_the_round(battle):
    r = battle.submit(c.StartRound())
    assert battle.state.order.first == "A"
    assert "more models: 3 v 2" in battle.state.order.reason
    assert battle.state.order.to_act == "A"
    assert r.events[0].text.startswith("Round 1 begins")


def test_equal_models_roll_off_and_ties_roll_again(battle):
    battle.submit(c.StartRound())
    battle.submit(c.RemoveModel("A.cy", cause="test"))
    battle.submit(c.EndRound(force=True))
    battle.submit(c.StartRound(), ScriptedDice([3, 4, 5, 2, 2, 2, 6, 6]))
    order = battle.state.order
    assert order.first == "B"
    assert [r["totals"] for r in order.rolloff["detail"]["rounds"]] == [[7, 7], [4, 12]]
    assert "roll-off Wolves 4 v Saints 12 after 1 tie" in order.reason


def test_activations_alternate_then_the_other_side_finishes(battle):
    battle.submit(c.StartRound())
    sides = []
    for model in ("A.kara", "B.xan", "A.bo", "B.yul", "A.cy"):
        assert battle.state.order.to_act == model[0]
        battle.submit(c.Activate(model))
        battle.submit(c.EndActivation())
        sides.append(model[0])
    assert battle.state.order.phase == "round-over"
    assert "round is over" in battle.entries[-1].text


def test_a_model_of_the_wrong_side_cannot_activate(battle):
    battle.submit(c.StartRound())
    before = snapshot(battle)
    r = battle.submit(c.Activate("B.xan"))
    assert isinstance(r, Rejected) and "Wolves' activation" in r.reason
    assert_unchanged(battle, before)


def test_a_model_cannot_activate_twice_in_a_round(battle):
    battle.submit(c.StartRound())
    battle.submit(c.Activate("A.kara"))
    battle.submit(c.EndActivation())
    battle.submit(c.Activate("B.xan"))
    battle.submit(c.EndActivation())
    r = battle.submit(c.Activate("A.kara"))
    assert isinstance(r, Rejected) and "already been activated" in r.reason


def test_each_round_decides_the_first_player_anew(battle):
    battle.submit(c.StartRound())
    battle.submit(c.EndRound(force=True))
    battle.submit(c.RemoveModel("A.cy", cause="test"))
    battle.submit(c.RemoveModel("A.bo", cause="test"))
    battle.submit(c.StartRound())
    assert battle.state.order.first == "B" and battle.state.round == 2


def test_end_round_with_models_waiting_asks_first(battle):
    battle.submit(c.StartRound())
    r = battle.submit(c.EndRound())
    assert isinstance(r, Rejected) and r.kind == "ambiguous"


def test_undo_then_redo_restores_the_same_state(battle):
    battle.submit(c.StartRound())
    battle.submit(c.Activate("A.kara"))
    after = battle.state
    battle.undo()
    assert battle.state.order.active_model is None
    battle.redo()
    assert battle.state == after

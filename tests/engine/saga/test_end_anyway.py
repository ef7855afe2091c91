"""Issue 17 for SAGA: ending the turn while a move, shot or melee is open asks the GM
("end the turn anyway" cancels it) instead of refusing; ``battle_testkit.ends_anyway``
checks the question, the cancellation, replay and undo/redo."""

from battle_testkit import ends_anyway, kinds

from engine.rulesets.saga import commands as c

from .conftest import ok, refused, to_step3


def test_m5_the_turn_ended_with_a_move_open_is_asked_and_anyway_passes_to_the_other_player(duel):
    ok(duel, c.Activate("A.axes", "move"))
    done = ends_anyway(duel, c.EndTurn())
    assert kinds(done)[-1] == "turn_ended" and duel.state.busy == ""
    ok(duel, c.StartTurn())
    assert duel.state.turn.active == "B"
    ok(duel, c.Activate("B.shields", "move"))  # the rules go on


def test_m5_the_turn_ended_with_a_shot_open_is_asked(duel):
    ok(duel, c.Activate("A.axes", "shoot", target="B.shields"))
    assert duel.state.busy == "shot"
    ends_anyway(duel, c.EndTurn())
    assert duel.state.shot is None


def test_m5_the_turn_ended_with_a_melee_open_is_asked(duel):
    to_step3(duel, "A.axes", "B.shields")
    assert duel.state.busy == "melee"
    ends_anyway(duel, c.EndTurn())
    assert duel.state.melee is None


def test_m5_with_nothing_open_the_turn_simply_ends_and_without_a_turn_it_is_refused(duel):
    ok(duel, c.EndTurn())
    r = refused(duel, c.EndTurn(force=True))
    assert r.kind == "illegal" and r.anyway is None

"""Issue 17 for xK6: ending an activation while an attack or a reaction is open asks the
GM ("end the activation anyway" cancels it) instead of refusing."""

from battle_testkit import ends_anyway, kinds

from engine.rulesets.xk6 import commands as c
from engine.rulesets.xk6 import tables as t

from .conftest import model, new_battle, ok, started


def test_8_the_activation_ended_with_an_attack_rolled_and_not_resolved_is_asked(duel):
    ok(duel, c.Activate("A.shooter", t.MOVE_ATTACK, speed="still"))
    weapon = duel.state.model("A.shooter").spec.weapons[0].id
    ok(duel, c.Attack("A.shooter", weapon, (c.Target("B.target", faces=(1, 1)),), faces=(6, 6)))
    assert duel.state.attack is not None
    done = ends_anyway(duel, c.EndActivation())
    assert "activation_ended" in kinds(done) and duel.state.attack is None
    assert duel.state.model("B.target").wounds == 0  # the cancelled attack did nothing
    ok(duel, c.Activate("B.target", t.HOLD))  # play passed to the other side


def test_14_the_activation_ended_with_a_reaction_open_is_asked():
    b = started(new_battle([model("a"), model("a2")], [model("watcher")]), first="B")
    ok(b, c.Activate("B.watcher", "hold"))
    ok(b, c.EndActivation())
    ok(b, c.Activate("A.a", "move-attack", speed="walk"))
    ok(b, c.React("B.watcher", "shoot", trigger="A.a", trigger_event=len(b.entries) - 1))
    ends_anyway(b, c.EndActivation())
    assert b.state.reaction is None and (b.state.turn.active is None or b.state.turn.active.model != "A.a")


def test_5_1_the_turn_s_last_activation_ended_with_an_attack_open_is_asked_and_anyway_ends_the_turn():
    """xK6 has no end-of-turn command: the last activation's end ends the turn, so "end the
    round with something open" is this question."""
    b = started(new_battle([model("shooter")], [model("target")]), first="B")
    ok(b, c.Activate("B.target", t.HOLD))
    ok(b, c.EndActivation())
    ok(b, c.Activate("A.shooter", t.MOVE_ATTACK, speed="still"))
    weapon = b.state.model("A.shooter").spec.weapons[0].id
    ok(b, c.Attack("A.shooter", weapon, (c.Target("B.target", faces=(1, 1)),), faces=(6, 6)))
    assert b.state.attack is not None
    done = ends_anyway(b, c.EndActivation())
    assert "activation_ended" in kinds(done) and b.state.attack is None
    assert b.state.turn.phase == "between"  # the turn is over
    ok(b, c.StartTurn(faces=(6, 1)))  # the next one starts

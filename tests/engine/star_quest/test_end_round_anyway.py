"""Issue 17 for Star Quest's end of round: ending the round while an activation is open
asks the GM (an ``ambiguous`` refusal that saves nothing) instead of refusing; "anyway"
ends the activation as ``EndActivation(force=True)`` does (what is open in it cancelled by
a GM correction), then the round. Replay, reopening, undo and redo give the same state
exactly; an end that would be refused even then says that reason at once."""

from __future__ import annotations

import pickle

from battle_testkit import ends_anyway, snapshot

from engine.battle import Battle, replay
from engine.records import changed
from engine.ruleset import Rejected
from engine.rulesets.star_quest import commands as c

from .conftest import ai_hold_and_shoot, enemy, hero, kinds, new_battle, ok, refused, to_ai_phase


def last_ai_activation_open() -> Battle:
    """Every hero has acted; the only AI unit's activation is open, its action chosen."""
    b = new_battle([hero("vex"), hero("ilsa")], [enemy("e")])
    to_ai_phase(b)
    ai_hold_and_shoot(b, "e")
    assert b.state.activation is not None and not b.state.busy
    return b


def test_5_ending_the_round_with_an_activation_open_asks_and_saves_nothing():
    b = last_ai_activation_open()
    question = refused(b, c.EndRound())  # ``refused``: the state and the log are unchanged
    assert question.kind == "ambiguous" and question.rule == "§5"
    assert "E's activation is still open" in question.reason and "end the round anyway" in question.reason
    assert question.anyway == c.EndRound(force=True)
    assert question.anyway_label == "end the round anyway (E's activation ends first)"


def test_5_yes_ends_the_activation_then_the_round_and_replay_undo_redo_agree():
    b = last_ai_activation_open()
    before = snapshot(b)
    done = ok(b, c.EndRound(force=True))
    assert kinds(done)[0] == "activation_ending" and kinds(done)[-1] == "round_ended"
    assert "activation_ended" in kinds(done)
    assert b.state.activation is None and b.state.turn.phase == "end"
    assert replay(b.ruleset, b.initial, b.active_events) == b.state
    assert Battle(b.header, [e.to_dict() for e in b.entries]).state == b.state
    after = pickle.dumps(b.state)
    b.undo()
    assert pickle.dumps(b.state) == before.state
    b.redo()
    assert pickle.dumps(b.state) == after
    ok(b, c.StartRound())  # the rules go on


def test_5_yes_ends_the_activation_exactly_as_end_activation_anyway_does():
    forced_end, round_end = last_ai_activation_open(), last_ai_activation_open()
    ok(forced_end, c.EndActivation(force=True))
    ok(forced_end, c.EndRound())
    ok(round_end, c.EndRound(force=True))
    assert round_end.state == forced_end.state


def test_5_with_an_attack_open_yes_cancels_it_by_a_gm_correction_first():
    b = new_battle([hero("vex"), hero("ilsa")], [enemy("e")])
    to_ai_phase(b)
    ai_hold_and_shoot(b, "e")
    ok(b, c.Shoot("e", "Gun", "vex"))
    assert b.state.busy == "attack"
    question = refused(b, c.EndRound())
    assert "the open attack is cancelled" in question.anyway_label
    done = ends_anyway(b, c.EndRound())  # a GM correction first; replay, reopening, undo, redo exact
    assert kinds(done)[-1] == "round_ended" and b.state.attack is None


def test_5_5_an_end_refused_even_then_says_that_reason_without_asking():
    b = new_battle([hero("vex"), hero("ilsa")], [enemy("e")])
    ok(b, c.StartRound())
    ok(b, c.ActivateHero("vex"))
    r = refused(b, c.EndRound())  # Ilsa and the AI unit have still to act
    assert r.kind != "ambiguous" and r.anyway is None and "still to activate" in r.reason


def test_18_an_activation_with_status_conditions_to_resolve_is_not_ended_by_the_round():
    b = last_ai_activation_open()
    state = b.state
    from engine.rulesets.star_quest.turn import end_round

    with_status = changed(state, activation=changed(state.activation, statuses=("poisoned",)))
    r = end_round(with_status, c.EndRound(), None)
    assert isinstance(r, Rejected) and r.kind != "ambiguous" and r.rule == "§18"

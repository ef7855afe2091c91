"""Issue 17 items 3 and 4 for SAGA: the engine says whether a unit may take an activation
before any target picker opens (``queries.can``, the same checks ``Activate`` makes), and
one count of activated / ready / wiped-out units serves the tracker, panes and help."""

import pytest

from engine.records import changed
from engine.ruleset import ActivationCounts, Rejected
from engine.rulesets.saga import commands as c
from engine.rulesets.saga.queries import activation_counts, can

from .conftest import ok, refused, set_fatigue


@pytest.mark.parametrize("kind", ["move", "charge", "shoot", "rest"])
def test_m5_a_unit_of_the_side_not_in_its_turn_is_refused(duel, kind):
    problem = can(duel.state, kind, "B.shields")
    assert isinstance(problem, Rejected) and "turn" in problem.reason
    assert problem == refused(duel, c.Activate("B.shields", kind, target="A.axes"))


def test_4_6_an_exhausted_unit_is_refused_move_and_shoot_but_may_rest_first(duel):
    set_fatigue(duel, "A.axes", duel.state.unit("A.axes").limit)
    for kind in ("move", "charge", "shoot"):
        assert can(duel.state, kind, "A.axes").rule == "§4.6"
    assert can(duel.state, "rest", "A.axes") is None
    assert can(duel.state, "shoot", "A.axes", source="saga") is None  # cancelled by the engine, not refused


def test_4_4_rest_after_another_activation_is_refused(duel):
    ok(duel, c.Activate("A.axes", "move"))
    ok(duel, c.CompleteMove())
    assert can(duel.state, "rest", "A.axes").rule == "§4.4"
    assert can(duel.state, "move", "A.axes") is None


def test_3_0_nothing_activates_while_a_move_is_open(duel):
    ok(duel, c.Activate("A.axes", "move"))
    assert "finish the move" in can(duel.state, "shoot", "A.spears").reason


def test_counts_leave_wiped_out_units_out_of_activated_and_ready(duel):
    ok(duel, c.Activate("A.axes", "move"))
    ok(duel, c.CompleteMove())
    assert activation_counts(duel.state, "A") == ActivationCounts(acted=1, ready=1, out=0)
    state = duel.state
    wiped = changed(state, units=tuple(changed(u, models=0) if u.id == "A.spears" else u for u in state.units))
    assert activation_counts(wiped, "A") == ActivationCounts(acted=1, ready=0, out=1)
    assert activation_counts(wiped, "B") == ActivationCounts(acted=0, ready=2, out=0)


def test_3_engaging_is_refused_before_the_target_picker_while_a_move_is_open(duel):
    assert can(duel.state, "engage", "A.spears") is None
    ok(duel, c.Activate("A.axes", "move"))
    problem = can(duel.state, "engage", "A.spears")
    assert "finish the move" in problem.reason
    assert problem == refused(duel, c.Engage("A.spears", "B.shields"))


def test_4_1_a_dry_run_refuses_fatigue_below_0_as_the_command_does_and_saves_nothing(duel):
    from engine.rulesets.saga.queries import refused_now

    problem = refused_now(duel.state, c.AdjustFatigue("A.axes", -1, "GM"))
    assert problem is not None and problem.rule == "§4.1"
    assert problem == refused(duel, c.AdjustFatigue("A.axes", -1, "GM"))
    assert refused_now(duel.state, c.AdjustFatigue("A.axes", 1, "GM")) is None and not duel.entries[1:]

"""Issue 17 for Star Quest: ending an activation while an attack, offer or melee is open
asks the GM ("end the activation anyway" cancels it) instead of refusing; an end that
would be refused for another reason too says that reason at once."""

from battle_testkit import ends_anyway

from engine.records import changed
from engine.ruleset import Rejected
from engine.rulesets.star_quest import commands as c
from engine.rulesets.star_quest.flow import end_activation

from .conftest import activate, enemy, hero, new_battle, ok


def shooting():
    b = new_battle([hero("vex"), hero("ilsa")], [enemy("e")])
    activate(b, "vex")
    ok(b, c.TakeAction("vex", "hold"))
    ok(b, c.Shoot("vex", "Gun", "e"))
    assert b.state.busy == "attack"
    return b


def test_5_the_activation_ended_with_an_attack_open_is_asked_and_anyway_cancels_it():
    b = shooting()
    ends_anyway(b, c.EndActivation())
    assert b.state.attack is None and b.state.unit("vex").activated
    ok(b, c.ActivateHero("ilsa"))  # the rules go on


def test_5_an_end_refused_for_another_reason_as_well_says_that_reason_without_asking():
    b = shooting()
    state = b.state
    with_status = changed(state, activation=changed(state.activation, statuses=("poisoned",)))
    r = end_activation(with_status, c.EndActivation(), None)
    assert isinstance(r, Rejected) and r.kind != "ambiguous" and r.rule == "§18"

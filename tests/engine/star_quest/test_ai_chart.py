"""§16.2: the AI flow chart as data, walked one GM answer at a time, the path recorded,
the proposal taken or overridden (an event either way)."""

import pytest

from engine.rulesets.star_quest import commands as c
from engine.rulesets.star_quest.ai_chart import AI_ACTIONS, CHART, NODES
from engine.rulesets.star_quest.roster import MissionSpec

from .conftest import enemy, event, hero, new_battle, ok, refused, to_ai_phase, weapon


def test_every_branch_of_the_chart_leads_to_a_node_or_an_action():
    for node in CHART:
        for target in (node.yes, node.no):
            assert target in NODES or target in AI_ACTIONS or target == "zero-advance"


@pytest.mark.parametrize(
    "answers, proposal",
    [
        ((False,), "rush-objective"),
        ((True, False), "rush-enemy"),
        ((True, True, False), "charge"),
        ((True, True, True, False), "advance-shoot"),
        ((True, True, True, True), "hold-shoot"),
    ],
)
def test_the_gm_answers_lead_to_the_proposal_and_the_path_is_recorded(answers, proposal):
    b = new_battle([hero("vex"), hero("ilsa")], [enemy("e")])
    to_ai_phase(b)
    ok(b, c.ActivateAI("e"))
    if answers == (False,):
        ok(b, c.AnswerAI(False))
        ok(b, c.AnswerAI(False))  # Q3: not within 3" of the objective
    else:
        for a in answers:
            ok(b, c.AnswerAI(a))
    assert b.state.ai.proposal == proposal
    assert [p[0] for p in b.state.ai.path][:4] == ["dangerous", "shaken", "caster", "immobile"]


def test_a_shaken_unit_is_proposed_to_remove_shaken_and_ends_unshaken():
    b = new_battle([hero("vex"), hero("ilsa")], [enemy("e", models=4)])
    ok(b, c.StartRound())
    ok(b, c.ActivateHero("vex"))
    ok(b, c.AdjustWounds("e", 2))
    ok(b, c.EndActivation())
    ok(b, c.RollMorale((1,)))
    ok(b, c.ActivateHero("ilsa"))
    ok(b, c.EndActivation())
    ok(b, c.ActivateAI("e"))
    assert b.state.ai.proposal == "remove-shaken"
    ok(b, c.ChooseAIAction())
    ok(b, c.EndActivation())
    assert not b.state.unit("e").shaken


def test_without_an_objective_question_3_is_answered_yes_and_the_unit_skips():
    b = new_battle(
        [hero("vex"), hero("ilsa")], [enemy("e")], mission=MissionSpec("No objective", dangerous_terrain=False)
    )
    to_ai_phase(b)
    ok(b, c.ActivateAI("e"))
    ok(b, c.AnswerAI(False))
    assert b.state.ai.proposal == "skip"
    assert b.state.ai.path[-1] == ("q3", "yes", "auto")


def test_an_immobile_unit_holds_and_may_not_be_overridden_into_a_move():
    b = new_battle([hero("vex"), hero("ilsa")], [enemy("gun", unit_rules=("Immobile",))])
    to_ai_phase(b)
    ok(b, c.ActivateAI("gun"))
    assert b.state.ai.proposal == "hold-shoot"
    refused(b, c.ChooseAIAction("rush-enemy", reason="why not"))


def test_an_override_needs_a_reason_and_is_logged_as_one():
    b = new_battle([hero("vex"), hero("ilsa")], [enemy("e")])
    to_ai_phase(b)
    ok(b, c.ActivateAI("e"))
    ok(b, c.AnswerAI(True))
    ok(b, c.AnswerAI(False))
    assert refused(b, c.ChooseAIAction("skip")).kind == "ambiguous"
    r = ok(b, c.ChooseAIAction("skip", reason="it is guarding the door"))
    chosen = event(r, "ai_action_chosen").payload
    assert chosen["overridden"] and chosen["proposed"] == "rush-enemy" and chosen["reason"]


def test_an_ai_unit_with_no_ranged_weapon_charges_when_in_range():
    b = new_battle([hero("vex"), hero("ilsa")], [enemy("e", weapons=(weapon("Claw", "melee"),))])
    to_ai_phase(b)
    ok(b, c.ActivateAI("e"))
    ok(b, c.AnswerAI(True))
    ok(b, c.AnswerAI(True))
    assert b.state.ai.proposal == "charge"
    assert refused(b, c.ChooseAIAction()).kind == "ambiguous"  # the GM names the nearest hero
    ok(b, c.ChooseAIAction(target="vex"))
    assert b.state.melee is not None


def test_sq_a5_ties_for_the_nearest_ai_unit_are_the_gms_choice_not_a_die():
    b = new_battle([hero("vex"), hero("ilsa")], [enemy("a"), enemy("b")])
    to_ai_phase(b)
    r = refused(b, c.ActivateAI(ties=("a", "b")), [2])
    assert r.kind == "ambiguous" and "the GM chooses among the tied units (A, B)" in r.reason
    ok(b, c.ActivateAI("b"), [])
    assert b.state.activation.unit == "b"


def _ai_passes(b, unit=None, **kw):
    """An AI activation that answers No to every question, takes the proposal and ends."""
    ok(b, c.ActivateAI(unit, **kw))
    while b.state.ai.proposal is None:
        ok(b, c.AnswerAI(False))
    ok(b, c.ChooseAIAction())
    ok(b, c.EndActivation())


def test_sq_a5_a_fixed_ai_order_is_given_once_and_then_followed():
    b = new_battle([hero("vex"), hero("ilsa")], [enemy("a"), enemy("b"), enemy("d")], settings={"ai_order": "fixed"})
    to_ai_phase(b)
    assert refused(b, c.ActivateAI("a")).kind == "ambiguous"  # the whole order first
    assert refused(b, c.ActivateAI("a", order=("a", "b"))).kind == "malformed"  # every unit, once
    _ai_passes(b, "d", order=("d", "a", "b"))
    assert b.state.turn.ai_order == ("d", "a", "b")
    assert "says A activates next" in refused(b, c.ActivateAI("b")).reason
    _ai_passes(b)  # no unit named: the order's next
    assert b.state.turn.order[-2:] == ("d", "a")


def test_heroes_cannot_act_in_the_ai_phase_and_ai_units_not_in_the_hero_phase():
    b = new_battle([hero("vex"), hero("ilsa")], [enemy("e")])
    ok(b, c.StartRound())
    refused(b, c.ActivateAI("e"))
    to_ai_phase(b)
    refused(b, c.ActivateHero("vex"))

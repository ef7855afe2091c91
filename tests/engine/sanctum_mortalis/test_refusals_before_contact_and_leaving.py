"""Issue 17, the last Sanctum Mortalis keys: contact (``i``), leaving the table (``l``),
removing a model (``x``), picking up (``p``) and tricks (``T``) are refused by
``queries.can`` before any question, with the very refusal their command would give, and
nothing is saved; ``queries.refusal`` greys a picker's answer the command would refuse."""

from __future__ import annotations

import pytest
from battle_testkit import assert_unchanged, snapshot

from engine.battle import Battle, new_header
from engine.ruleset import Rejected
from engine.rulesets.sanctum_mortalis import commands as c
from engine.rulesets.sanctum_mortalis import make_setup
from engine.rulesets.sanctum_mortalis.queries import ACTIONS, can, refusal
from engine.rulesets.sanctum_mortalis.roster import BandRoster, ModelSpec

from .conftest import small_bands


def battle_with(*extra: ModelSpec, scenario: str = "none", roles: dict[str, str] | None = None) -> Battle:
    """The small bands, with ``extra`` models in the first band."""
    a, b = small_bands()
    a = BandRoster(a.name, a.player, a.team + extra)
    return Battle(new_header("sanctum-mortalis", make_setup(a, b, scenario=scenario, roles=roles), seed=11))


def refused_alike(battle: Battle, action: str, model: str, command: object) -> Rejected:
    """``can`` refuses ``action`` exactly as ``command`` is refused, and that changes nothing."""
    asked = can(battle.state, action, model)
    before = snapshot(battle)
    done = battle.submit(command)
    assert isinstance(asked, Rejected) and done == asked
    assert_unchanged(battle, before)
    return asked


def test_the_new_actions_are_listed():
    assert {"contact", "leave", "remove"} <= set(ACTIONS)


def test_7_7_a_model_off_the_table_is_refused_contact_leaving_and_removal_before_the_question(battle):
    battle.submit(c.StartRound())
    battle.submit(c.LeaveTable("A.kara"))
    assert refused_alike(battle, "contact", "A.kara", c.Engage("A.kara", "B.xan")).rule == "§8.1"
    assert refused_alike(battle, "leave", "A.kara", c.LeaveTable("A.kara")).rule == "§7.7"
    assert "not on the table" in refused_alike(battle, "remove", "A.kara", c.RemoveModel("A.kara")).reason


def test_a_model_on_the_table_may_be_asked_about_contact_leaving_and_removal(battle):
    battle.submit(c.StartRound())
    for action in ("contact", "leave", "remove"):
        assert can(battle.state, action, "A.kara") is None


def test_contact_takes_no_action_so_an_activated_model_may_still_be_engaged(battle):
    battle.submit(c.StartRound())
    battle.submit(c.Activate("A.kara"))
    battle.submit(c.EndActivation())
    assert can(battle.state, "shoot", "A.kara").rule == "§5.1"
    assert can(battle.state, "contact", "A.kara") is None and can(battle.state, "leave", "A.kara") is None


def test_15_9_a_volunteer_is_refused_leaving_before_the_question():
    battle = battle_with(ModelSpec("vic", "Vic", "trooper", volunteer=True))
    battle.submit(c.StartRound())
    assert "Volunteers" in refused_alike(battle, "leave", "A.vic", c.LeaveTable("A.vic")).reason


def test_13_an_independent_model_is_refused_leaving_before_the_question():
    a, b = small_bands()
    neutral = ModelSpec("ogr", "Ogr", "savage", melee=("hand-weapon",), neutral=True, neutral_type="fighting")
    battle = Battle(new_header("sanctum-mortalis", make_setup(a, b, scenario="none", neutrals=(neutral,)), seed=11))
    ogr = next(m.id for m in battle.state.models if m.spec.neutral)
    assert refused_alike(battle, "leave", ogr, c.LeaveTable(ogr)).rule == "§13"


def test_23_3_a_defender_carrying_a_marker_in_barricades_is_refused_leaving_before_the_question():
    battle = battle_with(scenario="barricades", roles={"A": "defender", "B": "attacker"})
    battle.submit(c.StartRound())
    assert can(battle.state, "leave", "A.kara") is None  # carrying nothing it may go
    picked = battle.submit(c.PickUpTech("A.kara"))
    assert not isinstance(picked, Rejected)
    assert refused_alike(battle, "leave", "A.kara", c.LeaveTable("A.kara")).rule == "§23.3"


def test_8_1_no_enemy_on_the_table_refuses_contact_before_the_question(battle):
    battle.submit(c.StartRound())
    battle.submit(c.LeaveTable("B.xan"))
    battle.submit(c.LeaveTable("B.yul"))
    problem = can(battle.state, "contact", "A.kara")
    assert isinstance(problem, Rejected) and "no enemy" in problem.reason and problem.rule == "§8.1"


def engaged(battle: Battle) -> Battle:
    battle.submit(c.StartRound())
    assert not isinstance(battle.submit(c.Engage("A.bo", "B.yul")), Rejected)
    return battle


def test_8_1_an_engaged_model_is_refused_picking_up_before_the_question():
    battle = engaged(battle_with(scenario="slaughter"))
    assert "engaged in melee" in refused_alike(battle, "pick-up", "A.bo", c.PickUpTech("A.bo")).reason


def test_7_6_a_volunteer_is_refused_picking_up_before_the_question():
    battle = battle_with(ModelSpec("vic", "Vic", "trooper", volunteer=True), scenario="slaughter")
    battle.submit(c.StartRound())
    assert refused_alike(battle, "pick-up", "A.vic", c.PickUpTech("A.vic")).rule == "§7.6"


def test_21_an_engaged_technomancer_is_refused_its_trick_before_any_picker():
    battle = battle_with(ModelSpec("tia", "Tia", "technomancer", tricks=("drone-strike", "lava", "flash")))
    battle.submit(c.StartRound())
    assert can(battle.state, "trick", "A.tia") is None
    battle.submit(c.Engage("A.tia", "B.yul"))
    problem = refused_alike(battle, "trick", "A.tia", c.CastTrick("A.tia", "flash", None))
    assert "cannot cast" in problem.reason and problem.rule == "§21"


def test_11_1_an_engaged_model_s_intercept_answer_is_greyed_with_the_command_s_refusal():
    battle = engaged(battle_with())
    intercept = c.Engage("A.bo", "B.xan", intercept=True)
    why = refusal(battle.state, intercept)
    assert isinstance(why, Rejected) and why.rule == "§11.1"
    assert why == battle.submit(intercept)
    assert refusal(battle.state, c.Engage("A.bo", "B.xan")) is None
    assert refusal(battle.state, c.Disengage("A.bo", "B.yul")) is None


def test_a_dry_run_saves_nothing(battle):
    battle.submit(c.StartRound())
    before = snapshot(battle)
    assert refusal(battle.state, c.Engage("A.kara", "B.xan")) is None
    assert_unchanged(battle, before)


@pytest.mark.parametrize("edge", ["", "own"])
def test_a_question_still_to_come_is_not_a_refusal(battle, edge):
    battle.submit(c.StartRound())
    assert refusal(battle.state, c.LeaveTable("A.kara", edge=edge)) is None


def test_7_6_with_no_marker_left_the_pick_up_answer_is_greyed_with_the_command_s_refusal(battle):
    battle.submit(c.StartRound())  # scenario "none": no technology marker on the table
    assert can(battle.state, "pick-up", "A.kara") is None
    why = refusal(battle.state, c.PickUpTech("A.kara"))
    assert isinstance(why, Rejected) and why.rule == "§7.6" and "no technology markers" in why.reason
    assert why == battle.submit(c.PickUpTech("A.kara"))


def test_14_ending_an_ended_battle_is_refused_before_the_question(battle):
    assert refusal(battle.state, c.EndBattle()) is None
    battle.submit(c.EndBattle())
    why = refusal(battle.state, c.EndBattle())
    assert isinstance(why, Rejected) and why.rule == "§14" and why == battle.submit(c.EndBattle())


def test_21_a_trick_with_no_charge_left_is_greyed_with_the_command_s_refusal():
    from engine.rulesets.sanctum_mortalis.queries import trick_refusal
    from engine.rulesets.sanctum_mortalis.ruleset import SanctumMortalis

    battle = battle_with(ModelSpec("tia", "Tia", "technomancer", tricks=("drone-strike", "flash")))
    battle.submit(c.StartRound())
    state = battle.state
    assert trick_refusal(state, "A.tia", "flash") is None
    assert "does not know" in trick_refusal(state, "A.tia", "lava").reason
    spent = state.with_model("A.tia", trick_charges=tuple((k, 0) for k, _ in state.model("A.tia").trick_charges))
    why = trick_refusal(spent, "A.tia", "flash")
    assert isinstance(why, Rejected) and why.rule == "§21" and "no charges left" in why.reason
    assert why == SanctumMortalis().decide(spent, c.CastTrick("A.tia", "flash", None), None)


def test_8_1_an_engaged_model_is_refused_its_grenade_before_the_grenade_picker():
    battle = battle_with(ModelSpec("gus", "Gus", "trooper", items=("frag-grenade",)))
    battle.submit(c.StartRound())
    assert can(battle.state, "grenade", "A.gus") is None
    battle.submit(c.Engage("A.gus", "B.yul"))
    problem = refused_alike(battle, "grenade", "A.gus", c.ThrowGrenade("A.gus", "frag-grenade"))
    assert "engaged in melee" in problem.reason and problem.rule == "§8.1"


def test_17_6_a_grenade_still_in_the_air_refuses_the_next_throw_before_its_picker():
    from engine.dice import ScriptedDice

    battle = battle_with(
        ModelSpec("gus", "Gus", "trooper", items=("frag-grenade",)),
        ModelSpec("hal", "Hal", "trooper", items=("stun-grenade",)),
    )
    battle.submit(c.StartRound())
    assert not isinstance(battle.submit(c.ThrowGrenade("A.gus", "frag-grenade"), ScriptedDice([1, 1])), Rejected)
    assert battle.state.grenade is not None
    battle.submit(c.EndActivation())
    problem = can(battle.state, "grenade", "A.hal")
    assert isinstance(problem, Rejected) and problem.rule == "§17.6" and "has not gone off" in problem.reason


def test_a_jet_pack_used_up_greys_its_move_in_the_move_menu():
    battle = battle_with(ModelSpec("jet", "Jet", "trooper", items=("jet-pack",)))
    battle.submit(c.StartRound())
    assert refusal(battle.state, c.Move("A.jet", jet_pack=True)) is None
    assert not isinstance(battle.submit(c.Move("A.jet", jet_pack=True)), Rejected)
    why = refusal(battle.state, c.Move("A.jet", jet_pack=True))
    assert isinstance(why, Rejected) and why == battle.submit(c.Move("A.jet", jet_pack=True))
    assert refusal(battle.state, c.Move("A.jet")) is None  # its second, plain Move is open

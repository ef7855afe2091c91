"""§5 terrain and §6 buildings: §8 worked example 15, the terrain limits, line of sight."""

import pytest

from engine.rulesets.saga import commands as c
from engine.rulesets.saga import view
from engine.rulesets.saga.melee_numbers import save_on
from engine.rulesets.saga.melee_state import ATTACKER, DEFENDER
from engine.rulesets.saga.terrain import line_of_sight, terrain_problem

from .conftest import new_battle, ok, refused, unit


def enter(b, uid, building):
    ok(b, c.Activate(uid, "move"))
    return b.submit(c.CompleteMove(enter=building))


@pytest.fixture
def town():
    b = new_battle(
        [
            unit("six", models=6),
            unit("three", models=3),
            unit("two", models=2),
            unit("nine", models=9),
            unit("five", models=5),
            unit("seven", models=7),
            unit("eight", models=8),
        ],
        [unit("shields", models=6), unit("bows", models=2)],
    )
    ok(b, c.AddBuilding("hall", "Hall", "normal"))
    ok(b, c.AddBuilding("church", "Church", "large"))
    ok(b, c.StartTurn("A"))
    return b


def accepted(r):
    return type(r).__name__ == "Accepted"


# -- example 15: entering --------------------------------------------------------------------------------------
def test_ex15_a_normal_building_takes_6_then_not_3_but_2(town):
    assert accepted(enter(town, "A.six", "hall"))
    assert not accepted(enter(town, "A.three", "hall"))
    town.submit(c.CompleteMove())
    assert accepted(enter(town, "A.two", "hall"))
    assert sum(u.models for u in town.state.occupants("hall")) == 8


def test_ex15_a_unit_of_9_can_never_enter_a_normal_building(town):
    r = enter(town, "A.nine", "hall")
    assert not accepted(r) and "room for 8" in r.reason


@pytest.mark.parametrize("uid, fits", [("A.seven", True), ("A.eight", False)])
def test_ex15_a_large_building_holding_5_takes_7_but_not_8(town, uid, fits):
    ok(town, c.PlaceInBuilding("A.five", "church"))
    assert accepted(enter(town, uid, "church")) is fits


def test_ex15_a_building_with_an_enemy_inside_cannot_be_entered(town):
    ok(town, c.PlaceInBuilding("B.bows", "hall"))
    assert "occupied by the enemy" in enter(town, "A.two", "hall").reason


def test_ex15_a_unit_that_entered_this_turn_cannot_leave(town):
    enter(town, "A.six", "hall")
    ok(town, c.Activate("A.six", "move"))
    refused(town, c.CompleteMove(leave=True))
    ok(town, c.CompleteMove())
    ok(town, c.EndTurn())
    ok(town, c.StartTurn())
    ok(town, c.EndTurn())
    ok(town, c.StartTurn())
    ok(town, c.Activate("A.six", "move"))
    ok(town, c.CompleteMove(leave=True))
    assert town.state.unit("A.six").building is None


# -- example 15: melee against a building ------------------------------------------------------------------------
def building_melee(b, inflicted, suffered, defence=None):
    """A.eight engages the hall; typed dice give ``inflicted`` and ``suffered`` casualties."""
    ok(b, c.Activate("A.eight", "charge", target="B.shields"))
    ok(b, c.CompleteMove())
    m = b.state.melee
    assert m.building == "hall"
    if m.stage == "choose-defender":
        ok(b, c.ChooseDefender("B.shields"))
    assert b.state.melee.pool("B.shields").models == 6  # all models take part [SAGA-A15]
    ok(b, c.ConfirmAttackDice())
    ok(b, c.TradeDice(False))
    ok(b, c.EndDeclarations())
    ok(b, c.EndDeclarations())
    ok(
        b,
        c.RollAttacks(
            attacker=(6,) * inflicted + (1,) * (8 - inflicted), defender=(6,) * suffered + (1,) * (6 - suffered)
        ),
    )
    ok(b, c.RollDefence(attacker=(1,) * suffered, defender=defence or (1,) * inflicted))
    ok(b, c.RemoveCasualties())
    if b.state.melee.stage == "within-s":
        ok(b, c.MarkWithinS(()))


def result(b):
    return next(e for e in reversed(b.active_events) if e.kind == "melee_result").payload


def test_ex15_the_attacker_retreats_from_a_building_still_held_regardless_of_casualties(town):
    ok(town, c.PlaceInBuilding("B.shields", "hall"))
    building_melee(town, 4, 1)
    assert town.state.unit("B.shields").models == 2
    ok(town, c.ResolveRetreat())
    assert result(town)["retreating"] == ATTACKER and "regardless of casualties" in result(town)["reason"]


def test_ex15_clearing_the_building_means_no_one_retreats(town):
    ok(town, c.PlaceInBuilding("B.shields", "hall"))
    building_melee(town, 6, 0)
    ok(town, c.ResolveRetreat())
    assert result(town)["retreating"] is None
    assert town.state.occupants("hall") == ()


def test_ex15_killing_all_6_with_a_second_enemy_unit_inside_still_sends_the_attacker_back(town):
    ok(town, c.PlaceInBuilding("B.shields", "hall"))
    ok(town, c.PlaceInBuilding("B.bows", "hall"))
    building_melee(town, 6, 0)
    ok(town, c.ResolveRetreat())
    assert result(town)["retreating"] == ATTACKER


def test_ex15_defenders_in_a_building_cancel_on_4_without_the_two_thirds_test(town):
    ok(town, c.PlaceInBuilding("B.shields", "hall"))
    ok(town, c.Engage("A.eight", "hall"))
    m = town.state.melee
    assert save_on(town.state, m, DEFENDER) == 4 and save_on(town.state, m, ATTACKER) == 5
    refused(town, c.SetMeleeCover(6, 0))


def test_with_two_enemy_units_inside_the_defender_chooses_which_one_defends(town):
    ok(town, c.PlaceInBuilding("B.shields", "hall"))
    ok(town, c.PlaceInBuilding("B.bows", "hall"))
    ok(town, c.Engage("A.eight", "hall"))
    assert town.state.melee.stage == "choose-defender"
    assert view.pending_step(town.state).decider == "B"
    refused(town, c.ChooseDefender("A.six"))
    ok(town, c.ChooseDefender("B.bows"))
    assert town.state.melee.primary(DEFENDER) == "B.bows"


def test_A16_an_attacker_that_must_leave_a_building_but_cannot_needs_a_gm_ruling(town):
    ok(town, c.PlaceInBuilding("B.shields", "hall"))
    building_melee(town, 4, 1)
    r = refused(town, c.ResolveRetreat(loser_can_retreat=False))
    assert r.kind == "ambiguous" and "[SAGA-A16]" in r.rule
    ok(town, c.ResolveRetreat(loser_can_retreat=False, ruling="defenders-leave"))
    assert result(town)["retreating"] == DEFENDER and result(town)["not_a_retreat"]
    assert town.state.unit("B.shields").building is None


def test_a_shot_at_a_unit_inside_a_building_is_against_hard_cover(town):
    ok(town, c.PlaceInBuilding("B.shields", "hall"))
    ok(town, c.Activate("A.six", "shoot", target="B.shields"))
    assert town.state.shot.cover == "hard"


# -- §5 terrain -------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "piece, problem",
    [
        (("area", "high", "open", "none"), None),  # hill
        (("area", "low", "broken", "none"), None),  # marsh
        (("linear", "high", "broken", "none"), None),  # palisade
        (("area", "high", "broken", "hard"), None),  # building-like
        (("area", "low", "open", "light"), "open terrain never gives cover"),
        (("linear", "high", "broken", "hard"), "high linear obstacle"),
    ],
)
def test_terrain_characteristics_respect_the_texts_limits(piece, problem):
    got = terrain_problem(*piece)
    assert (got is None) if problem is None else (problem in got)


def test_a_terrain_piece_breaking_the_limits_is_refused(town):
    refused(town, c.SetTerrain("f", "Field", "area", "low", "open", "light"))
    ok(town, c.SetTerrain("w", "Wood", "area", "high", "broken", "light"))
    assert town.state.terrain[0].name == "Wood"


@pytest.mark.parametrize(
    "crossings, clear",
    [
        ([("area", "low", "passes-through"), ("linear", "low", "crossed")], True),
        ([("linear", "high", "crossed")], False),
        ([("area", "high", "passes-through")], False),
        ([("area", "high", "enters-only")], True),
        ([("area", "high", "starts-inside")], True),
    ],
)
def test_line_of_sight_is_blocked_only_by_high_linear_or_passing_through_high_area(crossings, clear):
    assert line_of_sight(crossings)[0] is clear


def test_A14_a_line_from_inside_high_area_terrain_is_blocked_only_with_the_setting():
    assert line_of_sight([("area", "high", "both-inside")], "not-blocked")[0]
    assert not line_of_sight([("area", "high", "both-inside")], "blocked")[0]


def test_6_putting_a_unit_in_a_building_the_engine_refuses_is_refused_by_the_dry_run_too(town):
    """Issue 17: the terrain picker greys a building the unit may not be put in (the same
    refusal, computed before the answer is chosen, nothing saved)."""
    from engine.rulesets.saga.queries import refused_now

    count = len(town.entries)
    problem = refused_now(town.state, c.PlaceInBuilding("A.nine", "hall"))
    assert problem is not None and problem == town.submit(c.PlaceInBuilding("A.nine", "hall"))
    assert refused_now(town.state, c.PlaceInBuilding("A.six", "hall")) is None and len(town.entries) == count

"""§6 buildings, reminded where the GM measures: a move from inside a building is measured
from its outside walls, and no model may move within VS of a building the enemy holds
unless it is engaging that building (the keep-away zone)."""

from engine.rulesets.saga import commands as c
from engine.rulesets.saga import view

from .conftest import new_battle, ok, unit

KEEP_AWAY = "keep away: no model may move within Very short (VS) of Hall, held by the enemy, unless engaging it (§6)"


def town():
    b = new_battle([unit("axes"), unit("bows", models=6)], [unit("shields", models=6)])
    ok(b, c.AddBuilding("hall", "Hall"))
    ok(b, c.AddBuilding("barn", "Barn"))
    ok(b, c.PlaceInBuilding("B.shields", "hall"))
    ok(b, c.PlaceInBuilding("A.bows", "barn"))
    ok(b, c.StartTurn("A"))
    return b


def test_a_move_near_an_enemy_held_building_is_reminded_of_the_keep_away_zone():
    b = town()
    r = ok(b, c.Activate("A.axes", "move"))
    assert (
        "Keep away: no model may move within Very short (VS) of Hall"
        in next(e for e in r.events if e.kind == "move_started").text
    )
    assert KEEP_AWAY in view.pending_step(b.state).lines


def test_a_move_to_engage_that_building_is_not_kept_away_from_it():
    b = town()
    ok(b, c.Activate("A.axes", "charge", target="hall"))
    assert KEEP_AWAY not in view.pending_step(b.state).lines


def test_a_move_from_inside_a_building_is_measured_from_its_walls():
    b = town()
    ok(b, c.Activate("A.bows", "move"))
    lines = view.pending_step(b.state).lines
    assert "measure the move from the outside walls of Barn (§6)" in lines and KEEP_AWAY in lines


def test_no_reminder_without_buildings():
    b = new_battle([unit("axes")], [unit("shields")])
    ok(b, c.StartTurn("A"))
    ok(b, c.Activate("A.axes", "move"))
    assert not [x for x in view.pending_step(b.state).lines if "§6" in x]

"""§5.2 line of sight, used where the rules need it: a Shooting is refused when the GM's
line crosses a high linear obstacle or passes through high area terrain (the GM may rule
it clear, logged), and the [SAGA-A14] setting decides a line from inside high area terrain."""

import pytest

from engine.ruleset import Rejected
from engine.rulesets.saga import commands as c

from .conftest import new_battle, ok, refused, unit

WALL = ("linear", "high", "crossed")
HILL_THROUGH = ("area", "high", "passes-through")
HILL_INTO = ("area", "high", "enters-only")
FROM_INSIDE = ("area", "high", "starts-inside")


def battle(settings=None):
    b = new_battle([unit("bows")], [unit("shields")], settings=settings)
    ok(b, c.StartTurn("A"))
    return b


@pytest.mark.parametrize("piece, why", [(WALL, "crosses a high linear obstacle"), (HILL_THROUGH, "passes all the way")])
def test_a_shot_across_blocking_terrain_is_refused_with_the_reason_and_the_gm_may_overrule(piece, why):
    b = battle()
    r = refused(b, c.Activate("A.bows", "shoot", target="B.shields", los=(piece,)))
    assert r.reason.startswith("Bows cannot see Shields: the line " + why) and r.rule == "§5.2"
    assert r.kind == "ambiguous" and r.anyway == c.Activate(
        "A.bows", "shoot", target="B.shields", los=(piece,), los_override=True
    )
    declared = next(e for e in ok(b, r.anyway).events if e.kind == "shot_declared")
    assert "the GM rules it clear" in declared.text and declared.payload["los"] == [list(piece)]


@pytest.mark.parametrize("piece", [WALL, HILL_THROUGH])
def test_a_blocked_line_names_its_rule_once_and_an_overruled_line_says_what_the_gm_overruled(piece):
    b = battle()
    r = refused(b, c.Activate("A.bows", "shoot", target="B.shields", los=(piece,)))
    assert "§5.2" not in r.reason and r.rule == "§5.2"  # shown as "reason (§5.2)", once
    declared = next(e for e in ok(b, r.anyway).events if e.kind == "shot_declared")
    assert "the GM rules it clear (the line " in declared.text and "[SAGA-A14]" not in declared.text, declared.text


def test_low_terrain_and_a_target_inside_high_area_terrain_do_not_block():
    b = battle()
    r = ok(b, c.Activate("A.bows", "shoot", target="B.shields", los=(("area", "low", "passes-through"), HILL_INTO)))
    assert "line of sight clear (§5.2)" in next(e for e in r.events if e.kind == "shot_declared").text


@pytest.mark.parametrize("reading, blocked", [("not-blocked", False), ("blocked", True)])
def test_a14_a_shot_from_inside_high_area_terrain_follows_the_setting(reading, blocked):
    b = battle({"los_inside_high_area": reading})
    r = b.submit(c.Activate("A.bows", "shoot", target="B.shields", los=(FROM_INSIDE,)))
    assert isinstance(r, Rejected) is blocked
    if blocked:
        assert "[SAGA-A14]" in r.reason


def test_a_malformed_piece_on_the_line_is_refused():
    b = battle()
    assert refused(b, c.Activate("A.bows", "shoot", target="B.shields", los=(("area", "high", "over"),))).kind == (
        "malformed"
    )


def test_occupants_shoot_from_any_part_of_their_building():
    b = battle()
    ok(b, c.AddBuilding("hall", "Hall"))
    ok(b, c.PlaceInBuilding("A.bows", "hall"))
    r = ok(b, c.Activate("A.bows", "shoot", target="B.shields"))
    assert "measured from any part of Hall (§6)" in next(e for e in r.events if e.kind == "shot_declared").text

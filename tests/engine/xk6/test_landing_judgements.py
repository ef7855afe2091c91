"""§9 [XK-M8]: where indirect fire landed, the scatter direction the GM entered and each
model's cover are recorded; cover changes no die there (the damage step uses the
attacker's unmodified result, [XK-A8](c))."""

from fractions import Fraction as F

import pytest

from engine.rulesets.xk6 import commands as c
from engine.rulesets.xk6 import view

from .conftest import model, new_battle, ok, started


def scattered(settings=None):
    b = started(new_battle([model("a")], [model("b", defence=2, armour=4), model("c")], settings))
    ok(b, c.Activate("A.a", "move-attack", speed="still"))
    ok(b, c.Attack("A.a", "mortar", (c.Target("B.b"),), kind="indirect", faces=(2, 1), scatter_face=3))
    assert not b.state.attack.hit and b.state.attack.scatter == 3
    return b


@pytest.mark.parametrize("cover", ["open", "soft", "hard"])
def test_cover_where_it_landed_is_recorded_and_the_odds_stay_against_the_unmodified_result(cover):
    b = scattered()
    land = c.Land((c.Target("B.b", cover=cover),), direction="NE")
    in_the_open = view.landing_preview(b.state, c.Land((c.Target("B.b"),))).pairs[0].p_success
    assert view.landing_preview(b.state, land).pairs[0].p_success == in_the_open == F(1, 36)  # two 1s beat a 2
    r = ok(b, c.Land((c.Target("B.b", cover=cover, faces=(4, 1)),), direction="NE"))
    landed = r.events[0]
    assert landed.payload["direction"] == "NE" and landed.payload["targets"][0]["cover"] == cover
    assert '3" away (NE)' in landed.text and b.state.attack.direction == "NE"


def test_the_cover_note_says_what_cover_does_under_each_reading():
    assert view.landing_cover_note(scattered().state).startswith("no die changes")
    assert "only in the hit test" in view.landing_cover_note(scattered({"cover_vs_if": "on"}).state)

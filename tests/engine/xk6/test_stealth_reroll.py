"""§15 with §16: a command point re-rolls a failed Stealth die after the roll, before the
attack is resolved (issue #17 item 2); the new face stands, and is never re-rolled again."""

from fractions import Fraction as F

from engine.battle import Battle
from engine.log import Event
from engine.rulesets.xk6 import commands as c
from engine.rulesets.xk6 import view

from .conftest import model, new_battle, ok, refused, started


def _failed_stealth():
    b = started(
        new_battle(
            [model("shooter", att=2)],
            [model("target", defence=2, armour=8, stealth=5, command_points=1)],
        )
    )
    ok(b, c.Activate("A.shooter", "move-attack", speed="still"))
    ok(b, c.Attack("A.shooter", "rifle", (c.Target("B.target", faces=(1, 1), stealth_face=3),), faces=(6, 6)))
    return b


def test_a_failed_stealth_die_is_offered_with_the_exact_odds_of_its_re_roll():
    b = _failed_stealth()
    offers = [o for o in view.cp_options(b.state) if o.test == "stealth"]
    assert [(o.commander, o.model, o.problem) for o in offers] == [("B.target", "B.target", "")]
    assert view.stealth_reroll_chance(b.state, "B.target") == F(1, 6)  # Stealth 5: a 6


def test_the_typed_re_rolled_stealth_die_avoids_the_attack_and_replays():
    b = _failed_stealth()
    ok(b, c.SpendCommandPoint("B.target", "reroll", "B.target", faces=(6,), test="stealth"))
    x = b.state.attack.target("B.target")
    assert x.avoided and x.stealth_face == 6 and x.stealth_rerolled
    assert b.state.model("B.target").command_points == 0
    reloaded = Battle(b.header, [Event.from_dict(e.to_dict()) for e in b.entries])
    assert reloaded.state == b.state
    ok(b, c.ResolveAttack())
    assert not b.state.model("B.target").stunned  # avoided: no damage


def test_a_stealth_re_roll_that_fails_again_stands_and_is_not_re_rolled_again():
    b = started(
        new_battle(
            [model("shooter", att=2)],
            [model("target", defence=2, armour=8, stealth=5, command_points=2)],
        )
    )
    ok(b, c.Activate("A.shooter", "move-attack", speed="still"))
    ok(b, c.Attack("A.shooter", "rifle", (c.Target("B.target", faces=(1, 1), stealth_face=3),), faces=(6, 6)))
    ok(b, c.SpendCommandPoint("B.target", "reroll", "B.target", faces=(2,), test="stealth"))
    before = len(b.entries)
    assert "may not be re-rolled again" in str(
        refused(b, c.SpendCommandPoint("B.target", "reroll", "B.target", faces=(6,), test="stealth"))
    )
    assert len(b.entries) == before


def test_bad_stealth_re_rolls_are_refused_with_nothing_saved():
    b = _failed_stealth()
    before = len(b.entries)
    for cmd, why in (
        (
            c.SpendCommandPoint("B.target", "reroll", "B.target", faces=(6, 6), test="stealth"),
            "2 dice typed (6 6); this roll needs 1",
        ),
        (c.SpendCommandPoint("B.target", "reroll", "A.shooter", faces=(6,), test="stealth"), "not a friendly model"),
        (c.SpendCommandPoint("B.target", "reroll", "B.target", faces=(6,), test="x"), "test must be"),
    ):
        assert why in str(refused(b, cmd)), cmd
    assert len(b.entries) == before


def test_a_stealth_die_that_avoided_is_not_re_rolled():
    b = _failed_stealth()
    ok(b, c.SpendCommandPoint("B.target", "reroll", "B.target", faces=(6,), test="stealth"))
    assert not [o for o in view.cp_options(b.state) if o.test == "stealth"]

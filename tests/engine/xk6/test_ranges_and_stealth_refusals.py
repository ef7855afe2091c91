"""§18 [XK-A19]: a weapon fires only at the range bands it has (an optimal-only weapon has
no "maximum"); [XK-A18]: a Stealth die typed for a model that may not roll one is refused
with the reason, never dropped."""

from fractions import Fraction as F

from engine.rulesets.xk6 import commands as c
from engine.rulesets.xk6 import view
from engine.rulesets.xk6.roster import WeaponSpec

from .conftest import ARMS, MORTAR, model, new_battle, ok, refused, started

HOLDOUT = WeaponSpec("holdout", "Holdout pistol", dam=2, rof=0, mags=1, optimal=6)
"""A pistol with only an optimal range (no maximum)."""


def shooter_battle(**b_kw):
    b = started(new_battle([model("a", weapons=ARMS + (HOLDOUT,))], [model("b", **b_kw), model("c")]))
    ok(b, c.Activate("A.a", "move-attack", speed="still"))
    return b


def test_xk_a19_the_range_bands_a_weapon_has():
    assert HOLDOUT.range_bands == ("optimal", "beyond")
    assert MORTAR.range_bands == ("optimal", "maximum", "beyond")


def test_xk_a19_an_optimal_only_pistol_at_maximum_range_is_refused_with_the_reason():
    b = shooter_battle()
    r = refused(b, c.Attack("A.a", "holdout", (c.Target("B.b"),), range="maximum", faces=(6, 6)))
    assert "no maximum range" in r.reason and r.rule == "§18 [XK-A19]"
    ok(b, c.Attack("A.a", "holdout", (c.Target("B.b", faces=(1, 1)),), range="optimal", faces=(6, 6)))


def test_xk_a19_an_optimal_only_pistol_beyond_its_range_needs_the_gm_override():
    b = shooter_battle()
    refused(b, c.Attack("A.a", "holdout", (c.Target("B.b"),), range="beyond", faces=(6, 6)))
    ok(
        b,
        c.Attack("A.a", "holdout", (c.Target("B.b", faces=(1, 1)),), range="beyond", override_range=True, faces=(6, 6)),
    )


def test_xk_a18_a_stealth_die_for_a_model_without_stealth_is_refused():
    b = shooter_battle()
    r = refused(b, c.Attack("A.a", "rifle", (c.Target("B.b", stealth_face=6, faces=(1, 1)),), faces=(6, 6)))
    assert "B's Stealth die cannot be rolled: B has no Stealth" in r.reason and "[XK-A18]" in r.rule


def test_xk_a18_a_stealth_die_typed_when_aiming_indirect_fire_is_refused():
    b = shooter_battle(stealth=5)
    r = refused(b, c.Attack("A.a", "mortar", (c.Target("B.b", stealth_face=6),), kind="indirect", faces=(6, 5)))
    assert "rolled where the shot lands" in r.reason


def test_xk_a18_a_stealth_die_for_an_indirect_fire_target_is_refused_under_the_default_setting():
    b = shooter_battle(stealth=5)
    ok(b, c.Attack("A.a", "mortar", (c.Target("B.b"),), kind="indirect", faces=(6, 5)))
    r = refused(b, c.Land((c.Target("B.b", stealth_face=6, faces=(1, 1)),)))
    assert "Stealth does not avoid indirect fire" in r.reason and "stealth_vs_if" in r.reason
    assert b.state.attack.stage == "landed"
    assert "Stealth does not avoid" in view.landing_preview(b.state, c.Land((c.Target("B.b", stealth_face=6),))).problem
    ok(b, c.Land((c.Target("B.b", faces=(1, 1)),)))


def test_xk_a18_the_stealth_die_counts_where_the_setting_lets_it_roll_against_indirect_fire():
    b = started(new_battle([model("a")], [model("b", stealth=5), model("c")], settings={"stealth_vs_if": "on"}))
    ok(b, c.Activate("A.a", "move-attack", speed="still"))
    ok(b, c.Attack("A.a", "mortar", (c.Target("B.b"),), kind="indirect", faces=(6, 5)))
    assert view.landing_preview(b.state, c.Land((c.Target("B.b"),))).pairs[0].stealth_chance == F(1, 6)
    ok(b, c.Land((c.Target("B.b", stealth_face=6),)))
    assert b.state.attack.targets[0].avoided

"""§7: every AMBIGUITY reading and every MISSING value the GM supplies is a visible setting."""

import pytest

from engine.ruleset import get_ruleset, ruleset_names
from engine.rulesets.saga import commands as c
from engine.rulesets.saga.settings import SETTINGS, SETTINGS_BY_KEY, defaults

from .conftest import new_battle, ok, refused, unit

RECOMMENDED = {  # §7 / the AMBIGUITY lines: the recommended reading is the default
    "SAGA-A1": "step5",
    "SAGA-A2": "gm-enters",
    "SAGA-A3": "step3",
    "SAGA-A4": "literal",
    "SAGA-A5": "lose-up",
    "SAGA-A6": "off",
    "SAGA-A7": "gm-ruling",
    "SAGA-A8": "checklist",
    "SAGA-A9": "move-shoot",
    "SAGA-A10": "gm-checklist",
    "SAGA-A11": "once-per-melee",
    "SAGA-A12": "vs-floor",
    "SAGA-A13": "none",
    "SAGA-A14": "not-blocked",
    "SAGA-A15": "all-models",
    "SAGA-A16": "ask-gm",
}


@pytest.mark.parametrize("ref, default", sorted(RECOMMENDED.items()))
def test_each_ambiguity_is_a_setting_whose_default_is_the_recommended_reading(ref, default):
    specs = [s for s in SETTINGS if s.ref == ref]
    assert len(specs) == 1 and specs[0].default == default


@pytest.mark.parametrize("ref", ["SAGA-M1", "SAGA-M4", "SAGA-M7", "SAGA-M9"])
def test_each_missing_value_the_gm_supplies_is_a_setting_marked_as_a_house_default(ref):
    specs = [s for s in SETTINGS if s.ref == ref]
    assert specs and all("house default, not from the source text" in s.note for s in specs)


def test_the_per_class_armour_and_dice_defaults_cover_every_class():
    for field in ("armour_melee", "armour_shooting", "attack_dice", "shooting_dice"):
        for cls in ("levy", "warriors", "hearthguard", "warlord"):
            assert f"{field}.{cls}" in SETTINGS_BY_KEY


def test_the_ruleset_is_registered_as_saga_with_its_settings():
    assert "saga" in ruleset_names()
    assert get_ruleset("saga").settings == SETTINGS


def test_a_new_battle_starts_with_every_default_and_a_change_is_logged():
    b = new_battle([unit("a")], [unit("b")])
    assert dict(b.state.settings) == defaults()
    r = ok(b, c.ChangeSetting("exhaustion_rounding", "lose-down"))
    assert "SAGA-A5" in r.events[0].text and b.state.setting("exhaustion_rounding") == "lose-down"


@pytest.mark.parametrize(
    "key, value", [("nope", "x"), ("exhaustion_rounding", "sideways"), ("exhaustion_rounding", "lose-up")]
)
def test_an_unknown_or_unchanged_setting_is_refused(key, value):
    refused(new_battle([unit("a")], [unit("b")]), c.ChangeSetting(key, value))


def test_a_class_default_setting_changes_a_units_armour_that_the_roster_left_out():
    from engine.rulesets.saga.roster import UnitSpec

    b = new_battle([UnitSpec("levy", "Levy", "levy", 6)], [unit("b")])
    assert b.state.profile("A.levy", "armour_melee") == (3, True)
    ok(b, c.ChangeSetting("armour_melee.levy", "4"))
    assert b.state.profile("A.levy", "armour_melee") == (4, True)

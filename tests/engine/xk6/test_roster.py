"""[XK-M1]–[XK-M4], [XK-M10]: roster TOML with model cards, movement and weapon tables;
every problem with its line; the demo bands say they are examples, not rules."""

import json

import pytest

from engine.battle import Battle, new_header
from engine.rulesets.xk6 import RosterError, make_setup, parse_roster
from engine.rulesets.xk6.demo import DEMO_FILES, demo_bands, demo_setup, demo_text

GOOD = """name = "Test squad"
player = "Ann"

[[movement]]
type = "infantry"
speeds = [
  { name = "still", inches = 0, att = 0, def = 0 },
  { name = "walk", inches = 4, att = -1, def = 0 },
  { name = "run", inches = 8, att = "-", def = 1 },
]

[[weapon]]
name = "Rifle"
optimal = 18
maximum = 30
dam = 3
rof = 2
mags = 3

[[weapon]]
name = "Torch"
dam = 2
mags = "LA"
la_rounds = 4
traits = ["FT", "SB"]

[[model]]
name = "Sgt. Vance"
type = "infantry"
att = 3
def = 2
armour = 6
command = 4
command_points = 2
wounds = 3
wound_track = [[1, -1], [2, -2]]
weapons = ["Rifle", "Torch"]
"""


def problems_of(text):
    with pytest.raises(RosterError) as err:
        parse_roster(text, "test.toml")
    return err.value.problems


def test_a_roster_gives_model_cards_with_their_movement_row_and_weapons():
    band = parse_roster(GOOD, "test.toml")
    vance = band.models[0]
    assert (band.name, vance.id, vance.att, vance.defence, vance.armour, vance.command_points) == (
        "Test squad",
        "sgt-vance",
        3,
        2,
        6,
        2,
    )
    assert [s.name for s in vance.speeds] == ["still", "walk", "run"] and vance.speeds[2].att is None
    rifle, torch = vance.weapons
    assert rifle.magazine and rifle.mags == 3 and torch.limited and torch.la_rounds == 4 and torch.has("FT")
    assert vance.wound_modifier(0) == 0 and vance.wound_modifier(1) == -1 and vance.wound_modifier(5) == -2
    assert vance.line == 27


def test_armour_below_1_is_refused_on_its_line():
    assert problems_of(GOOD.replace("armour = 6", "armour = 0")) == [
        (32, "armour must be at least 1 (wounds are damage ÷ Armour, §17), not 0")
    ]


def test_a_skill_of_level_0_is_flagged_xk_a1():
    found = problems_of(GOOD.replace("def = 2", "def = 0"))
    assert found[0][0] == 31 and "skill level 0" in found[0][1]


def test_a_model_without_armour_is_reported_at_its_header():
    assert problems_of(GOOD.replace("armour = 6\n", ""))[0] == (
        27,
        "model 'Sgt. Vance' needs armour (at least 1: wounds are damage ÷ Armour (§17)) [XK-M1]",
    )


def test_the_movement_table_needs_three_columns_the_first_at_0_inches():
    text = GOOD.replace('{ name = "still", inches = 0', '{ name = "still", inches = 2')
    assert problems_of(text)[0][0] == 6 and 'must be 0"' in problems_of(text)[0][1]
    two = GOOD.replace('  { name = "run", inches = 8, att = "-", def = 1 },\n', "")
    assert "exactly three" in problems_of(two)[0][1]


def test_an_unknown_model_type_or_weapon_is_reported_on_its_line():
    found = problems_of(GOOD.replace('type = "infantry"\natt', 'type = "cavalry"\natt').replace('"Torch"]', '"Axe"]'))
    assert [ln for ln, _ in found] == [29, 37]
    assert "movement table" in found[0][1] and "no weapon 'Axe'" in found[1][1]


def test_an_la_weapon_needs_its_rounds_xk_m10():
    assert "la_rounds" in problems_of(GOOD.replace("la_rounds = 4\n", ""))[0][1]


def test_weapon_errors_unknown_trait_short_maximum_and_no_range():
    text = GOOD.replace("maximum = 30", "maximum = 10").replace('["FT", "SB"]', '["XX"]')
    found = problems_of(text)
    assert [ln for ln, _ in found] == [15, 20, 25]
    assert "shorter than optimal" in found[0][1] and "optimal range, or the M or FT" in found[1][1]
    assert len(found) == 3  # a broken weapon is not reported again as missing from the model
    assert "unknown weapon trait 'XX'" in found[2][1]


def test_several_problems_are_all_listed_in_line_order_with_unknown_keys():
    text = GOOD.replace("command = 4", "command = 4\nshield = true").replace("wounds = 3", "wounds = 0")
    found = problems_of(text)
    assert [ln for ln, _ in found] == [34, 36] and "unknown model key 'shield'" in found[0][1]


def test_a_toml_syntax_error_gives_its_line():
    assert problems_of('name = "x"\n[[model]\n')[0][0] == 2


def test_a_bad_wound_track_is_reported():
    assert "wound_track" in problems_of(GOOD.replace("[[1, -1], [2, -2]]", "[1, 2]"))[0][1]


def test_the_error_message_names_the_source_and_lines():
    with pytest.raises(RosterError, match=r"test.toml: line 32"):
        parse_roster(GOOD.replace("armour = 6", "armour = 0"), "test.toml")


@pytest.mark.parametrize("name", DEMO_FILES)
def test_each_demo_roster_says_its_numbers_are_examples_not_rules(name):
    header = demo_text(name).split("name =")[0]
    assert "EXAMPLE DATA, NOT RULES" in header and "[XK-M1]" in header and "[XK-M2]" in header


def test_the_demo_battle_builds_and_its_setup_survives_json():
    a, b = demo_bands()
    battle = Battle(new_header("xk6", demo_setup(), seed=1))
    assert len(battle.state.models) == len(a.models) + len(b.models)
    setup = make_setup(a, b)
    assert json.loads(json.dumps(setup)) == setup
    assert any(m.command_points for m in a.models) and any(m.medic for m in a.models)
    assert any(m.stealth for m in b.models)

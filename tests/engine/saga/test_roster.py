"""Roster TOML text: units, documented house defaults, errors with their lines, the demo."""

import pytest

from engine.battle import Battle, new_header
from engine.rulesets.saga import RosterError, make_setup, parse_roster
from engine.rulesets.saga import tables as t
from engine.rulesets.saga.demo import DEMO_FILES, demo_setup, demo_text, demo_warbands
from engine.rulesets.saga.roster import profile_value

GOOD = """
name = "Test host"
player = "Ann"

[[unit]]
name = "Hirdmen"
class = "hearthguard"
models = 4
armour_melee = 5
attack_dice = 2

[[unit]]
name = "Riders"
class = "Warriors"
models = 6
mounted = true
"""


def problems_of(text):
    with pytest.raises(RosterError) as err:
        parse_roster(text, "test.toml")
    return err.value.problems


def test_a_roster_gives_units_with_class_models_and_the_values_it_names():
    wb = parse_roster(GOOD, "test.toml")
    hird, riders = wb.units
    assert (wb.name, wb.player, wb.source) == ("Test host", "Ann", "test.toml")
    assert (hird.id, hird.cls, hird.models, hird.armour_melee, hird.attack_dice) == ("hirdmen", "hearthguard", 4, 5, 2)
    assert hird.fatigue_limit == 4 and riders.fatigue_limit == 3
    assert hird.line == 5


def test_mounted_units_move_L_and_foot_units_M():
    hird, riders = parse_roster(GOOD).units
    assert (hird.move_band, riders.move_band) == ("M", "L")


def test_values_left_out_come_from_the_per_class_house_default_settings():
    hird = parse_roster(GOOD).units[0]
    assert hird.defaulted() == ("armour_shooting", "shooting_dice")
    assert profile_value(hird, "armour_melee", {}) == (5, False)
    assert profile_value(hird, "armour_shooting", {}) == (t.HOUSE_DEFAULTS["armour_shooting"]["hearthguard"], True)
    assert profile_value(hird, "armour_shooting", {"armour_shooting.hearthguard": "6"}) == (6, True)


def test_an_unknown_class_is_reported_on_its_line():
    assert problems_of(GOOD.replace('"Warriors"', '"berserkers"')) == [
        (14, "unknown class 'berserkers' (one of: levy, warriors, hearthguard, warlord)")
    ]


def test_a_unit_without_models_is_reported_at_its_header():
    lines = problems_of(GOOD.replace("models = 6\n", ""))
    assert lines == [(12, "unit 'Riders' needs a model count (models = N)")]


def test_several_problems_are_all_listed_in_line_order():
    text = GOOD.replace("models = 4", "models = 0").replace("mounted = true", "mounted = 3\nshield = true")
    found = problems_of(text)
    assert [ln for ln, _ in found] == [8, 16, 17]
    assert "between 1 and 99" in found[0][1] and "true or false" in found[1][1] and "unknown unit key" in found[2][1]


def test_a_toml_syntax_error_gives_its_line():
    assert problems_of('name = "x"\n[[unit]\n')[0][0] == 2


def test_a_warband_needs_a_name_and_units():
    messages = [m for _, m in problems_of("player = 'Ann'\n")]
    assert any("needs a name" in m for m in messages) and any("no units" in m for m in messages)


def test_two_units_with_the_same_name_need_ids():
    text = GOOD.replace('"Riders"', '"Hirdmen"')
    assert "share the id 'hirdmen'" in problems_of(text)[0][1]


def test_the_error_message_names_the_source_and_lines():
    with pytest.raises(RosterError, match=r"test.toml: line 14"):
        parse_roster(GOOD.replace('"Warriors"', '"x"'), "test.toml")


def test_the_demo_battle_has_two_warbands_of_three_to_five_units():
    a, b = demo_warbands()
    assert 3 <= len(a.units) <= 5 and 3 <= len(b.units) <= 5
    battle = Battle(new_header("saga", demo_setup(), seed=1))
    assert len(battle.state.units) == len(a.units) + len(b.units)


@pytest.mark.parametrize("name", DEMO_FILES)
def test_each_demo_roster_says_its_numbers_are_house_defaults_not_rules(name):
    header = demo_text(name).split("name =")[0]
    assert "HOUSE DEFAULTS, NOT RULES" in header and "[SAGA-M4]" in header and "[SAGA-M1]" in header


def test_a_setup_survives_a_json_round_trip():
    import json

    setup = make_setup(*demo_warbands())
    assert json.loads(json.dumps(setup)) == setup

"""Roster and mission TOML: profiles, clear errors with their line numbers, the demo."""

import json

import pytest

from engine.battle import Battle, new_header
from engine.rulesets.star_quest import MissionError, RosterError, SetupError, make_setup, parse_mission, parse_roster
from engine.rulesets.star_quest.demo import DEMO_FILES, demo_rosters, demo_setup, demo_text
from engine.rulesets.star_quest.roster import Roster

GOOD = """name = "Test party"

[[hero]]
name = "Vex"
quality = "3+"
defense = 4
tough = 3
str = 4
dex = 3
wil = 4
power_max = 6
power_start = 2
rules = ["Fast", "Caster(2)"]

[[hero.weapon]]
name = "Pistol"
type = "ranged"
range = 12
attacks = 1
rules = ["AP(2)", "Rendering"]

[[enemy]]
name = "Cultists"
models = 5
quality = 5
defense = 6
tough = 1
"""


def problems_of(text):
    with pytest.raises(RosterError) as err:
        parse_roster(text, "test.toml")
    return err.value.problems


def test_a_roster_gives_heroes_and_enemies_with_their_profiles():
    r = parse_roster(GOOD, "test.toml")
    vex, cult = r.units
    assert (vex.id, vex.hero, vex.quality, vex.power_max, vex.power_start) == ("vex", True, 3, 6, 2)
    assert vex.rules == (("Fast", 0), ("Caster", 2)) and vex.line == 3
    assert vex.weapons[0].ap == 2 and vex.weapons[0].rules == (("Rending", 0),)  # source spelling accepted
    assert (cult.models, cult.str) == (5, None)


def test_a_target_outside_2_to_6_is_reported_on_its_line():
    assert problems_of(GOOD.replace("defense = 4", "defense = 7")) == [(6, "defense must be between 2 and 6, not 7")]


def test_an_unknown_special_rule_is_reported_on_its_line():
    found = problems_of(GOOD.replace('"Fast"', '"Sneaky"'))
    assert found[0][0] == 13 and "unknown special rule 'Sneaky'" in found[0][1]


def test_a_rule_that_needs_its_value_says_so():
    assert "Caster needs its value" in problems_of(GOOD.replace('"Caster(2)"', '"Caster"'))[0][1]


def test_a_weapon_problem_is_reported_on_the_weapon_line():
    assert problems_of(GOOD.replace("attacks = 1", "attacks = 0"))[0][0] == 19


def test_a_hero_without_power_max_or_a_stat_is_reported_at_its_header():
    found = problems_of(GOOD.replace("power_max = 6\npower_start = 2\n", "").replace("dex = 3\n", ""))
    assert [ln for ln, _ in found] == [3, 3]


def test_tough_must_be_at_least_1():
    assert "tough must be between 1" in problems_of(GOOD.replace("tough = 1", "tough = 0"))[0][1]


def test_an_enemy_with_power_points_is_an_error():
    text = GOOD + "power_max = 3\n"
    assert problems_of(text)[0] == (28, "only heroes have power points (§7)")


def test_a_toml_syntax_error_gives_its_line():
    assert problems_of('name = "x"\n[[hero]\n')[0][0] == 2


def test_the_error_message_names_the_source_and_lines():
    with pytest.raises(RosterError, match=r"test.toml: line 6"):
        parse_roster(GOOD.replace("defense = 4", "defense = 9"), "test.toml")


MISSION = """name = "Relay"
rounds = 5

[[objective]]
id = "relay"
name = "Relay"

[[wave]]
id = "first"
round = 1
units = ["cultists"]
"""


def test_a_mission_gives_objectives_and_waves():
    m = parse_mission(MISSION, "m.toml", enemies=["cultists"])
    assert m.objectives == (("relay", "Relay"),) and m.waves[0].units == ("cultists",) and m.rounds == 5


def test_a_wave_naming_an_unknown_enemy_is_reported_on_its_line():
    with pytest.raises(MissionError) as err:
        parse_mission(MISSION, "m.toml", enemies=["brutes"])
    assert err.value.problems[0][0] == 11 and "no enemy 'cultists'" in err.value.problems[0][1]


def test_a_wave_without_a_round_is_reported():
    with pytest.raises(MissionError) as err:
        parse_mission(MISSION.replace("round = 1\n", ""), "m.toml")
    assert err.value.problems[0][0] == 8


def test_a_party_outside_2_to_4_heroes_is_refused():
    party, enemies, mission = demo_rosters()
    with pytest.raises(SetupError, match="2–4 heroes"):
        make_setup(Roster("one", party.heroes[:1]), enemies, mission)


@pytest.mark.parametrize("name", DEMO_FILES)
def test_each_demo_file_says_it_is_an_example_not_rules(name):
    header = demo_text(name).split("name =")[0]
    assert "NOT RULES" in header and "[SQ-M" in header


def test_the_demo_battle_builds_and_its_setup_survives_json():
    setup = demo_setup()
    assert json.loads(json.dumps(setup)) == setup
    b = Battle(new_header("star-quest", setup, seed=1))
    assert len(b.state.heroes()) == 3 and not b.state.unit("ambushers").on_table

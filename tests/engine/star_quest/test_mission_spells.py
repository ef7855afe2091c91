"""Spells from the mission file ([SQ-M5]: the source gives no list): ``[[spell]]`` tables
with a roster spell's keys and the units that know it (none named: every AI Caster); the
same structured effect as a roster spell; ``skirmish check`` flags a text-only one."""

import pytest

from engine.rulesets.star_quest import commands as c
from engine.rulesets.star_quest.battle_setup import check
from engine.rulesets.star_quest.mission_toml import MissionError, parse_mission
from engine.rulesets.star_quest.roster import MissionSpec, SpellEffect
from engine.rulesets.star_quest.ruleset import SetupError

from .conftest import enemy, event, hero, new_battle, ok, to_ai_phase

MISSION = """
name = "Derelict"

[[objective]]
id = "reactor"
name = "Reactor"

[[spell]]
name = "Void lash"
value = 2
effect = "One hero takes 2 hits with AP(1)."
target = "enemy"
hits = 2
ap = 1
units = ["magus", "ilsa"]

[[spell]]
name = "Whispers"
value = 1
effect = "The lights flicker."
"""


def test_a_mission_spell_has_the_structured_effect_of_a_roster_spell_and_the_units_it_names():
    mission = parse_mission(MISSION)
    lash, whispers = mission.spells
    assert (lash.spell.does, lash.units, lash.line) == (SpellEffect("enemy", hits=2, ap=1), ("magus", "ilsa"), 8)
    assert whispers.spell.does is None and whispers.units == ()
    assert MissionSpec.from_dict(mission.to_dict()) == mission


def test_check_flags_the_missions_text_only_spell_with_its_line():
    lines, good = check([("m.toml", MISSION)])
    assert good and "m.toml:17: note: the mission's spell 'Whispers' is text only" in "\n".join(lines)
    assert not any("'Void lash'" in line for line in lines)


def _battle():
    return new_battle(
        [hero("ilsa", unit_rules=(("Caster", 2),)), hero("vex")],
        [enemy("magus", unit_rules=(("Caster", 2),)), enemy("seer", unit_rules=(("Caster", 1),)), enemy("brute")],
        mission=parse_mission(MISSION),
    )


def test_the_missions_spells_go_to_the_units_named_or_else_to_every_ai_caster():
    b = _battle()
    spells = {u.id: [sp.name for sp in u.spec.spells] for u in b.state.units}
    assert spells == {
        "ilsa": ["Void lash"],
        "vex": [],
        "magus": ["Void lash", "Whispers"],
        "seer": ["Whispers"],
        "brute": [],
    }


def test_an_ai_caster_casts_the_missions_spell_and_its_hits_go_to_the_heros_defense_roll():
    b = _battle()
    to_ai_phase(b)
    ok(b, c.ActivateAI("magus"))
    ok(b, c.AnswerAI(False))  # †2: the mission does not say the table has no dangerous terrain
    r = ok(b, c.Cast("magus", "Void lash", faces=(4,), target="vex"))
    assert event(r, "spell_tried").payload["cast"]
    a = b.state.attack
    assert (a.kind, a.target, a.groups[0].hits, a.fall_ap) == ("spell", "vex", 2, 1)


def test_a_mission_spell_naming_a_unit_in_neither_roster_is_a_setup_problem():
    with pytest.raises(SetupError, match="not in the rosters: ghost"):
        new_battle([hero("ilsa"), hero("vex")], [enemy("e")], mission=parse_mission(MISSION.replace("magus", "ghost")))


@pytest.mark.parametrize(
    "old, new, problem",
    [
        ('units = ["magus", "ilsa"]', "units = []", "units must be a list"),
        ("hits = 2\nap = 1", "ap = 1", "has ap but no hits"),
        ('target = "enemy"', 'target = "ally"', "spell target must be one of"),
        ("value = 2", "value = 9", "spell value"),
        ("value = 2", "value = 2\nrange = 12", "range"),
    ],
)
def test_a_mission_spell_the_app_cannot_use_is_a_mission_problem(old, new, problem):
    with pytest.raises(MissionError) as err:
        parse_mission(MISSION.replace(old, new, 1))
    assert any(problem in message for _, message in err.value.problems), err.value.problems

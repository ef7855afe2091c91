"""A spell that changes a stat is applied by the engine, not left as text (§17 Caster,
[SQ-M5]): the demo's Ward ("+1 Defense until the end of the round") puts +1 on the
target's Defense rolls — named in each roll's breakdown, counted in the exact odds,
listed on the unit's card — and ends with the round (§5 step 4). A Quality spell counts
in hit rolls and morale tests. Undo, redo and replay are exact."""

from fractions import Fraction as F

import pytest

from engine.battle import replay
from engine.events import EventDraft
from engine.rulesets.star_quest import commands as c
from engine.rulesets.star_quest import modifiers as mod
from engine.rulesets.star_quest import view
from engine.rulesets.star_quest.evolve import preview
from engine.rulesets.star_quest.roster import SpellEffect, SpellSpec
from engine.rulesets.star_quest.roster_toml import RosterError, parse_roster
from engine.rulesets.star_quest.state import PendingAttack

from .conftest import GUN, activate, enemy, event, hero, new_battle, ok

WARD = SpellSpec("Ward", 1, "+1 Defense until the end of the round.", SpellEffect("friend", defense=1))
AEGIS = SpellSpec("Aegis", 1, "+1 Defense for the battle.", SpellEffect("friend", defense=1, until="battle"))
FOCUS = SpellSpec("Focus", 1, "+1 Quality until the end of the round.", SpellEffect("self", quality=1))


def _battle(*spells: SpellSpec):
    b = new_battle(
        [hero("ilsa", name="Sister Ilsa", unit_rules=(("Caster", 2),), spells=spells), hero("vex", name="Vex")],
        [enemy("cultists", quality=4, weapons=(GUN,))],
    )
    b.initial = b.state.with_unit("ilsa", tokens=6)
    b._reset_states()
    activate(b, "ilsa")
    return b


def _cultists_skip(b):
    ok(b, c.ActivateAI("cultists"))
    ok(b, c.AnswerAI(False))  # no hero in sight
    ok(b, c.AnswerAI(True))  # within 3" of the objective: skip
    ok(b, c.ChooseAIAction())
    ok(b, c.EndActivation())


def _cultists_shot_at_vex(b):
    """The cultists' one shot at Vex (Quality 4+ against Defense 4+), as the AI would fire it."""
    return view.shot_preview(b.state, "cultists", "Gun", "vex")


def test_ward_puts_plus_1_on_the_targets_defense_rolls_and_the_odds_count_it():
    b = _battle(WARD)
    before = _cultists_shot_at_vex(b)
    assert before.block == F(1, 2) and before.wounds[1] == F(1, 4)  # hit 1/2 × not blocked 1/2
    r = ok(b, c.Cast("ilsa", "Ward", faces=(4,), target="vex"))
    assert event(r, "spell_modifier").payload == {
        "unit": "vex",
        "stat": "defense",
        "value": 1,
        "spell": "Ward",
        "caster": "Sister Ilsa",
        "until": "round",
    }
    assert "+1 to Defense rolls until the end of the round" in event(r, "spell_modifier").text
    assert not [e for e in r.events if e.payload.get("text_only")]
    after = _cultists_shot_at_vex(b)
    assert after.block == F(2, 3) and after.wounds[1] == F(1, 6)  # blocked on 3+: 1/2 × 1/3


def test_the_defense_roll_names_ward_in_its_breakdown():
    b = _battle(WARD)
    ok(b, c.Cast("ilsa", "Ward", faces=(4,), target="vex"))
    shot = PendingAttack("cultists", "vex", "Gun", "shoot", 1)
    test = mod.block_test(b.state, shot, b.state.unit("vex"))
    assert [(m.label, m.value, m.rule) for m in test.modifiers] == [
        ("Sister Ilsa's Ward (this round)", 1, "§17 Caster: Ward")
    ]
    assert test.chance == F(2, 3)


def test_ward_is_on_the_heros_card_and_ends_with_the_round():
    b = _battle(WARD)
    ok(b, c.Cast("ilsa", "Ward", faces=(4,), target="vex"))
    vex = next(h for h in view.hero_lines(b.state) if h.id == "vex")
    assert vex.spells == ("+1 to Defense rolls — Sister Ilsa's Ward, until the end of the round (§5 step 4)",)
    ok(b, c.EndActivation())
    ok(b, c.ActivateHero("vex"))
    ok(b, c.EndActivation())
    assert b.state.unit("vex").spell_mods  # still on through the round
    _cultists_skip(b)
    r = ok(b, c.EndRound())
    assert "so do Vex's +1 Defense (Sister Ilsa's Ward)" in event(r, "round_ended").text
    assert b.state.unit("vex").spell_mods == ()
    assert _cultists_shot_at_vex(b).block == F(1, 2)


def test_a_spell_for_the_battle_outlasts_the_round():
    b = _battle(AEGIS)
    ok(b, c.Cast("ilsa", "Aegis", faces=(4,), target="vex"))
    ok(b, c.EndActivation())
    ok(b, c.ActivateHero("vex"))
    ok(b, c.EndActivation())
    _cultists_skip(b)
    ok(b, c.EndRound())
    assert [m.spell for m in b.state.unit("vex").spell_mods] == ["Aegis"]
    assert _cultists_shot_at_vex(b).block == F(2, 3)


def test_ward_cast_again_on_the_same_hero_does_not_add_up():
    b = _battle(WARD)
    r = ok(b, c.Cast("ilsa", "Ward", faces=(4,), target="vex"))
    again = preview(b.state, [EventDraft("spell_modifier", event(r, "spell_modifier").payload)])
    assert len(again.unit("vex").spell_mods) == 1


def test_a_quality_spell_counts_in_hit_rolls_and_morale_tests():
    b = _battle(FOCUS)
    ok(b, c.Cast("ilsa", "Focus", faces=(4,)))
    shot = view.shot_preview(b.state, "ilsa", "Gun", "cultists")
    assert shot.hit_chance == F(2, 3)  # Quality 4+ with +1
    assert view.morale_preview(b.state, "ilsa") == F(2, 3)


def test_undo_redo_and_replay_of_ward_are_exact():
    b = _battle(WARD)
    before = b.state
    ok(b, c.Cast("ilsa", "Ward", faces=(4,), target="vex"))
    warded = b.state
    assert replay(b.ruleset, b.initial, b.active_events) == warded
    b.undo()
    assert b.state == before and b.state.unit("vex").spell_mods == ()
    b.redo()
    assert b.state == warded and _cultists_shot_at_vex(b).block == F(2, 3)


ROSTER = """
name = "P"
[[hero]]
name = "Ilsa"
quality = 4
defense = 4
tough = 3
str = 4
dex = 4
wil = 4
power_max = 6
power_start = 3
rules = ["Caster(2)"]
[[hero.spell]]
name = "Ward"
value = 1
effect = "+1 Defense until the end of the round."
target = "friend"
defense = 1
"""


def test_a_roster_spell_with_defense_is_a_modifier_until_the_end_of_the_round():
    spell = parse_roster(ROSTER).units[0].spells[0]
    assert spell.does == SpellEffect("friend", defense=1, until="round")
    assert SpellSpec.from_list(spell.to_list()) == spell


@pytest.mark.parametrize(
    "extra, problem",
    [
        ('until = "forever"', "spell until must be one of round, battle"),
        ("defense = 0", "not 0"),
        ("defense = 4", "defense must be between -3 and 3"),
    ],
)
def test_a_spell_modifier_the_app_cannot_use_is_a_roster_problem(extra, problem):
    if "until" in extra:
        text = ROSTER + extra + "\n"
    else:
        text = ROSTER.replace("defense = 1\n", extra + "\n")
    with pytest.raises(RosterError, match=problem):
        parse_roster(text)


def test_the_demo_ward_is_applied_by_the_engine():
    from engine.ruleset import find_system

    spec = find_system("star-quest")
    setup = spec.demo(None, 4).setup
    ilsa = next(u for u in setup["party"]["units"] if u["name"] == "Sister Ilsa")
    ward = next(s for s in ilsa["spells"] if s[0] == "Ward")
    assert ward[3] == {"target": "friend", "defense": 1, "until": "round"}

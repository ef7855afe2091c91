"""Spells do what they say (§17 Caster, [SQ-M5]): a roster spell's structured effect —
hits with their AP through the target's Defense rolls, wounds, a status condition,
tokens, power points — is applied by the engine to the target chosen from the board;
a text-only spell is left to the GM and ``skirmish check`` says so. Impaired is −1 to
stat rolls only, not to the casting roll (§18)."""

from fractions import Fraction as F

import pytest

from engine.rulesets.star_quest import commands as c
from engine.rulesets.star_quest import view
from engine.rulesets.star_quest.battle_setup import check
from engine.rulesets.star_quest.roster import SpellEffect, SpellSpec
from engine.rulesets.star_quest.roster_toml import RosterError, parse_roster
from engine.rulesets.star_quest.spells import spell_targets

from .conftest import activate, enemy, event, hero, kinds, new_battle, ok, refused, to_ai_phase

BOLT = SpellSpec("Bolt", 2, "One enemy takes 2 hits with AP(1).", SpellEffect("enemy", hits=2, ap=1))
GAZE = SpellSpec("Gaze", 1, "One hero becomes Impaired.", SpellEffect("enemy", status="impaired"))
SPARK = SpellSpec("Spark", 1, "One enemy takes 1 wound.", SpellEffect("enemy", wounds=1))
FOCUS = SpellSpec("Focus", 1, "A hero gains 2 PP and 1 token.", SpellEffect("friend", pp=2, tokens=1))
WARD = SpellSpec("Ward", 1, "+1 Defense until the end of the round.")


def _caster(*spells: SpellSpec, tokens: int = 6, statuses: tuple[str, ...] = ()):
    b = new_battle(
        [hero("ilsa", pp=2, unit_rules=(("Caster", 2),), spells=spells), hero("vex", pp=1)],
        [enemy("cultists", models=5, defense=5), enemy("brute", tough=3)],
    )
    b.initial = b.state.with_unit("ilsa", tokens=tokens, statuses=statuses)
    b._reset_states()
    activate(b, "ilsa")
    return b


def test_a_cast_bolt_takes_its_target_and_opens_its_two_hits_with_ap_1():
    b = _caster(BOLT)
    r = ok(b, c.Cast("ilsa", "Bolt", faces=(4,), target="cultists"))
    started = event(r, "attack_started").payload
    assert (started["kind"], started["stage"], started["groups"], started["fall_ap"]) == (
        "spell",
        "blocks",
        [["cultists", 2, 0]],
        1,
    )
    # Defense 5+ with AP(1): blocks on 6 only → 1/6 per hit
    test_lines = view.pending(b.state).lines
    assert any("AP(1)" in line for line in test_lines)
    assert view.attack_preview(b.state)[0] == F(1, 36)  # no wound: both hits blocked
    r = ok(b, c.RollBlocks(faces=(6, 3)))
    assert event(r, "blocks_rolled").payload["wounds"] == 1
    assert b.state.unit("cultists").models == 4 and b.state.attack is None
    assert "§17 Caster" in event(r, "wounds_taken").payload["rule"]


def test_a_spell_with_a_target_is_refused_without_one_or_with_a_friend():
    b = _caster(BOLT)
    assert "choose it from the board" in refused(b, c.Cast("ilsa", "Bolt", faces=(4,))).reason
    assert "not a target" in refused(b, c.Cast("ilsa", "Bolt", faces=(4,), target="vex")).reason
    assert spell_targets(b.state, "ilsa", BOLT) == ("cultists", "brute")
    assert spell_targets(b.state, "ilsa", FOCUS) == ("ilsa", "vex")


def test_a_failed_cast_applies_nothing():
    b = _caster(BOLT)
    r = ok(b, c.Cast("ilsa", "Bolt", faces=(3,), target="cultists"))
    assert "attack_started" not in kinds(r) and b.state.offer.kind == "cast"


def test_a_failed_cast_paid_for_with_pp_takes_effect_on_its_target():
    b = _caster(SPARK)
    ok(b, c.Cast("ilsa", "Spark", faces=(2,), target="brute"))
    r = ok(b, c.AnswerOffer(True))
    assert event(r, "wounds_taken").payload["unit"] == "brute" and b.state.unit("brute").wounds == (1,)


def test_wounds_status_pp_and_tokens_are_applied_at_once():
    b = _caster(SPARK, FOCUS, tokens=4)
    ok(b, c.Cast("ilsa", "Spark", faces=(5,), target="brute"))
    assert b.state.unit("brute").wounds == (1,)
    ok(b, c.Cast("ilsa", "Focus", faces=(5,), target="vex"))
    vex = b.state.unit("vex")
    assert (vex.pp, vex.tokens) == (3, 1)


def test_a_text_only_spell_is_left_to_the_gm_and_needs_no_target():
    b = _caster(WARD)
    r = ok(b, c.Cast("ilsa", "Ward", faces=(5,)))
    assert [e.payload["spell"] for e in r.events if e.payload.get("text_only")] == ["Ward"]


@pytest.mark.parametrize("face, cast", [(4, True), (3, False)])
def test_impaired_is_not_a_modifier_of_the_casting_roll(face, cast):
    b = _caster(WARD, statuses=("impaired",))
    if b.state.activation.statuses:
        ok(b, c.ResolveStatus("impaired", pay=False))
    assert view.cast_preview(b.state, "ilsa", 0) == F(1, 2)
    r = ok(b, c.Cast("ilsa", "Ward", faces=(face,)))
    tried = event(r, "spell_tried").payload
    assert tried["cast"] == cast and tried["roll"]["modifiers"] == []


def test_the_ai_casters_spell_makes_the_hero_it_names_impaired():
    b = new_battle([hero("vex"), hero("ilsa")], [enemy("magus", unit_rules=(("Caster", 2),), spells=(GAZE,))])
    to_ai_phase(b)
    ok(b, c.ActivateAI("magus"))
    r = ok(b, c.Cast("magus", "random", faces=(4,), target="vex"))
    assert event(r, "status_applied").payload == {"unit": "vex", "status": "impaired", "cause": "Magus' Gaze"}
    assert "impaired" in b.state.unit("vex").statuses


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
rules = ["Caster(2)"]
[[hero.spell]]
name = "Bolt"
value = 2
effect = "2 hits AP(1)"
target = "enemy"
hits = 2
ap = 1
[[hero.spell]]
name = "Ward"
value = 1
effect = "+1 Defense"
"""


def test_the_roster_gives_a_spell_its_effect_and_check_flags_a_text_only_spell():
    ilsa = parse_roster(ROSTER).units[0]
    assert ilsa.spell("Bolt").does == SpellEffect("enemy", hits=2, ap=1)
    assert ilsa.spell("Ward").does is None
    lines, good = check([("p.toml", ROSTER)])
    assert good and any("'Ward' is text only" in line for line in lines)
    assert not any("'Bolt'" in line for line in lines)


@pytest.mark.parametrize(
    "extra, problem",
    [
        ('status = "dazed"', "spell status must be one of"),
        ('target = "ally"\nwounds = 1', "spell target must be one of"),
        ("hits = 2", "needs target"),
        ('target = "enemy"\nap = 1', "has ap but no hits"),
    ],
)
def test_a_spell_effect_the_app_cannot_use_is_a_roster_problem(extra, problem):
    text = ROSTER.replace('effect = "+1 Defense"', f'effect = "+1 Defense"\n{extra}')
    with pytest.raises(RosterError) as err:
        parse_roster(text)
    assert any(problem in message for _, message in err.value.problems)


def test_a_spell_effect_round_trips_through_the_save():
    from engine.rulesets.star_quest.roster import UnitSpec

    ilsa = parse_roster(ROSTER).units[0]
    assert UnitSpec.from_dict(ilsa.to_dict()) == ilsa

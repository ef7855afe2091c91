"""Every roll of an AI activation takes the dice typed at the table, with its exact odds
first: the AI caster's random spell and casting die (§17 Caster, [SQ-A29]), morale with
Fearless and the Tough 9+ D3 (§12.2), Bane re-rolls on the Defense dice (§9, [SQ-A14]) and
the Ambush delay of a wave (§17 Ambush, [SQ-A27]). A die missing or one too many is
refused, with nothing changed; ``view.dice_problem`` says so before anything is submitted."""

from fractions import Fraction as F

import pytest

from engine.rulesets.star_quest import commands as c
from engine.rulesets.star_quest import view
from engine.rulesets.star_quest.roster import MissionSpec, SpellSpec, Wave

from .conftest import ai_hold_and_shoot, enemy, event, hero, new_battle, ok, refused, to_ai_phase, weapon

SPELLS = (SpellSpec("Hex", 1, "a hero is Impaired"), SpellSpec("Doom", 3, "2 hits"))


def _caster_turn(spells=SPELLS, tokens_per_round: int = 2):
    """Round 1, AI phase: the magus (Caster(2), 2 tokens) stands at the chart's cast step;
    Ilsa (a hero Caster(1)) holds 1 token to hinder with."""
    b = new_battle(
        [hero("vex"), hero("ilsa", unit_rules=(("Caster", 1),), spells=(SpellSpec("Ward", 1),))],
        [enemy("magus", unit_rules=(("Caster", tokens_per_round),), spells=spells)],
    )
    to_ai_phase(b)
    ok(b, c.ActivateAI("magus"))
    assert b.state.ai.node == "cast" and b.state.unit("magus").tokens == 2
    return b


# -- the AI cast: exact odds before the spell is drawn -------------------------------------------------------------
@pytest.mark.parametrize(
    "hinder, hex_chance, overall",
    [
        (0, F(2, 3), F(1, 3)),  # Hex: value 1 + 1 spare token = +1, casts on 3+ (3,4,5,6); Doom: 2 < 3 tokens, nothing
        (1, F(1, 2), F(1, 4)),  # a hero's hindering token: −1, back to 4+
    ],
)
def test_sq_a29_ai_cast_odds_face_by_face_and_before_the_spell_is_drawn(hinder, hex_chance, overall):
    b = _caster_turn()
    faces, chance = view.ai_cast_preview(b.state, "magus", hinder)
    assert [(f.face, f.spell.name, f.tokens) for f in faces] == [(1, "Hex", 2), (2, "Doom", 0)]
    assert faces[0].chance == hex_chance and faces[1].test is None and faces[1].chance == 0
    assert chance == overall


def test_sq_a29_ai_cast_takes_the_typed_spell_die_and_casting_die():
    b = _caster_turn()
    r = ok(b, c.Cast("magus", "random", spell_face=1, faces=(3,)), [])  # no die left to the app
    tried = event(r, "spell_tried").payload
    assert tried["spell"] == "Hex" and tried["cast"]
    roll = tried["roll"]
    assert [d["face"] for d in roll["dice"]] == [3] and F(*roll["probability"]) == F(2, 3)
    assert [(m["label"], m["value"], m["rule"]) for m in roll["modifiers"]] == [
        ("1 extra spell token", 1, "§17 Caster")
    ]
    assert roll["detail"]["random_spell"] == {"face": 1, "sides": 2, "chance": "1/2"}
    assert b.state.unit("magus").tokens == 0
    assert b.state.ai.node != "cast"  # the chart goes on


def test_sq_a29_a_hindering_hero_token_is_a_modifier_of_the_typed_cast():
    b = _caster_turn()
    r = ok(b, c.Cast("magus", "random", hinder=(("ilsa", 1),), spell_face=1, faces=(3,)), [])
    roll = event(r, "spell_tried").payload["roll"]
    assert not event(r, "spell_tried").payload["cast"] and F(*roll["probability"]) == F(1, 2)
    assert ("1 hindering hero token", -1, "§17 Caster") in [
        (m["label"], m["value"], m["rule"]) for m in roll["modifiers"]
    ]
    assert b.state.unit("ilsa").tokens == 0


def test_sq_a29_c_a_drawn_spell_too_dear_rolls_no_casting_die():
    b = _caster_turn()
    assert "no casting die" in refused(b, c.Cast("magus", "random", spell_face=2, faces=(4,)), []).reason
    r = ok(b, c.Cast("magus", "random", spell_face=2, faces=()), [])
    assert "spell_tried" not in [e.kind for e in r.events] and b.state.unit("magus").tokens == 2


@pytest.mark.parametrize(
    "cmd, says",
    [
        (c.Cast("magus", "random", spell_face=3, faces=(4,)), "3 is not a face of the d2"),
        (c.Cast("magus", "random", spell_face=1, faces=(4, 4)), "2 dice typed (4 4); this roll needs 1"),
        (c.Cast("magus", "random", spell_face=1, faces=(7,)), "7 is not a face of a d6"),
    ],
)
def test_a_typo_in_the_ai_cast_dice_is_refused_and_changes_nothing(cmd, says):
    b = _caster_turn()
    rejected = refused(b, cmd, [])
    assert says in rejected.reason and rejected.kind == "malformed"


def test_one_spell_needs_no_spell_die():
    b = _caster_turn(spells=SPELLS[:1])
    r = ok(b, c.Cast("magus", "random", faces=(2,)), [])
    assert event(r, "spell_tried").payload["spell"] == "Hex" and not event(r, "spell_tried").payload["cast"]


def test_dice_problem_names_the_missing_casting_die_before_anything_is_submitted():
    b = _caster_turn()
    before = len(b.entries)
    assert "the casting roll: type its die too" in view.dice_problem(b.state, [c.Cast("magus", "random", spell_face=1)])
    assert view.dice_problem(b.state, [c.Cast("magus", "random", spell_face=1, faces=(5,))]) == ""
    assert len(b.entries) == before


# -- morale of an AI unit: the test, Fearless, the Tough 9+ D3 --------------------------------------------------------
def _morale_waiting(spec):
    b = new_battle([hero("vex")], [spec])
    ok(b, c.StartRound())
    ok(b, c.ActivateHero("vex"))
    ok(b, c.AdjustWounds(spec.id, spec.tough // 2 + 1 if spec.models == 1 else 3))
    ok(b, c.EndActivation())
    assert b.state.morale
    return b


@pytest.mark.parametrize(
    "faces, says",
    [
        ((3,), "the Fearless roll (the morale test failed): type its die too"),
        ((5, 4), "1 die typed too many (4): this morale test rolls no more dice"),
    ],
)
def test_sq12_a_fearless_unit_needs_every_die_typed_and_no_more(faces, says):
    b = _morale_waiting(enemy("pack", models=5, quality=4, unit_rules=("Fearless",)))
    assert says in refused(b, c.RollMorale(faces), []).reason
    assert says in view.dice_problem(b.state, [c.RollMorale(faces)])


def test_sq12_the_morale_chance_with_fearless_is_exact():
    b = _morale_waiting(enemy("pack", models=5, quality=4, unit_rules=("Fearless",)))
    assert view.morale_preview(b.state, "pack") == F(1, 2) + F(1, 2) * F(1, 2)


def test_sq12_tough_9_takes_the_d3_die_typed_after_the_test():
    b = _morale_waiting(enemy("big", tough=9, quality=4))
    assert "Tough 9+ D3 wounds (the morale test failed): type its die too" in refused(b, c.RollMorale((3,)), []).reason
    r = ok(b, c.RollMorale((3, 3)), [])  # a d6 of 3 is a D3 of 2 [SQ-A3]
    assert event(r, "note").payload["d3"] == {"d3": 2, "face": 3, "die": 6}
    assert b.state.unit("big").wounds == (5 + 2,) and not b.state.unit("big").shaken


# -- Bane: the re-roll of each natural 6 typed after the Defense dice --------------------------------------------------
def _bane_shot():
    b = new_battle(
        [hero("vex", defense=4), hero("ilsa")],
        [enemy("e", quality=4, weapons=(weapon("Fang rifle", attacks=2, rules=("Bane",)),))],
    )
    to_ai_phase(b)
    ai_hold_and_shoot(b, "e")
    ok(b, c.Shoot("e", "Fang rifle", "vex"))
    ok(b, c.RollHits((4, 5)), [])
    return b


def test_sq_a14_bane_rerolls_come_after_the_defense_dice():
    b = _bane_shot()
    r = ok(b, c.RollBlocks((6, 3, 5)), [])  # the 6 is re-rolled: 5 blocks; the 3 does not
    dice = event(r, "blocks_rolled").payload["roll"]["dice"]
    assert dice == [{"face": 5, "replaced": 6}, {"face": 3}]
    assert b.state.unit("vex").wounds == (1,)  # one wound taken


@pytest.mark.parametrize(
    "faces, says",
    [
        ((6, 3), "the Bane re-roll of a natural 6: type its die too"),
        ((2, 3, 5), "1 die typed too many (5): only a natural 6 is re-rolled (Bane)"),
    ],
)
def test_sq_a14_a_bane_reroll_missing_or_too_many_is_refused(faces, says):
    b = _bane_shot()
    assert says in refused(b, c.RollBlocks(faces), []).reason


# -- Ambush: the wave's arrival delay ----------------------------------------------------------------------------------
def _ambush_battle():
    mission = MissionSpec("Test", objectives=(("beacon", "Beacon"),), waves=(Wave("late", 1, ("lurkers",)),))
    return new_battle(
        [hero("vex"), hero("ilsa")], [enemy("e"), enemy("lurkers", unit_rules=("Ambush",))], mission=mission
    )


def test_sq_a27_the_ambush_delay_takes_the_typed_die():
    b = _ambush_battle()
    assert view.ambush_delays(b.state) == ("lurkers",)
    r = ok(b, c.StartRound(d3=(5,)), [])  # a d6 of 5 is a D3 of 3: round 1 + 3
    assert event(r, "wave_deployed").payload["arrivals"] == {"lurkers": 4}


@pytest.mark.parametrize(
    "typed, says", [((), "Ambush delay (D3): type its die too"), ((2, 2), "1 die typed too many (2)")]
)
def test_sq_a27_an_ambush_die_missing_or_too_many_is_refused(typed, says):
    b = _ambush_battle()
    assert says in refused(b, c.StartRound(d3=typed), []).reason


# -- a hero pays D3 PP to remove Impaired: the D3 typed ----------------------------------------------------------------
@pytest.mark.parametrize(
    "faces, pp, refusal", [((5,), 6 - 3, ""), ((5, 2), None, "1 die typed too many (2)"), ((), None, "type its die")]
)
def test_sq18_the_impaired_d3_is_the_die_typed(faces, pp, refusal):
    b = new_battle([hero("vex", pp=6), hero("ilsa")], [enemy("e")])
    ok(b, c.StartRound())
    ok(b, c.ApplyStatus("vex", "impaired"))
    ok(b, c.ActivateHero("vex"))
    cmd = c.ResolveStatus("impaired", faces=faces)
    if refusal:
        assert refusal in refused(b, cmd, []).reason
    else:
        ok(b, cmd, [])
        assert b.state.unit("vex").pp == pp and "impaired" not in b.state.unit("vex").statuses

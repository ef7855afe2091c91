"""§21 worked examples, one test each (exact Fractions)."""

from fractions import Fraction

import pytest

from engine.rulesets.star_quest import commands as c
from engine.rulesets.star_quest import melee
from engine.rulesets.star_quest import tables as t
from engine.rulesets.star_quest.actions import move_allowance
from engine.rulesets.star_quest.effects import fall_ap
from engine.rulesets.star_quest.modifiers import hit_test
from engine.rulesets.star_quest.stat_test import passes
from engine.rulesets.star_quest.state import Melee, PendingAttack
from engine.rulesets.star_quest.terrain import jump_tests

from .conftest import activate, ai_hold_and_shoot, enemy, event, hero, new_battle, ok, to_ai_phase, weapon


# -- 1. natural 6 and natural 1 beat modifiers ------------------------------------------------------------
def _indirect_shot(face):
    mortar = weapon("Mortar", rules=("Indirect",), rng=24)
    b = new_battle([hero("vex", quality=4, weapons=(mortar,))], [enemy("ghosts", unit_rules=("Stealth",))])
    activate(b, "vex")
    ok(b, c.TakeAction("vex", "advance"))
    ok(b, c.Shoot("vex", "Mortar", "ghosts", stealth_range=True))
    return ok(b, c.RollHits((face,)))


def test_ex1_a_natural_6_hits_despite_minus_two():
    r = _indirect_shot(6)
    roll = event(r, "hits_rolled").payload["roll"]
    assert event(r, "hits_rolled").payload["hits"] == 1
    assert [m["value"] for m in roll["modifiers"]] == [-1, -1]
    assert Fraction(*roll["probability"]) == Fraction(1, 6)


def test_ex1_a_5_minus_two_misses_quality_4():
    assert event(_indirect_shot(5), "hits_rolled").payload["hits"] == 0


def test_ex1_defense_2_in_cover_still_fails_on_a_natural_1_and_ap2_with_cover_is_net_minus_1():
    assert not passes(1, 2, +1)
    assert not passes(2, 2, -1) and passes(3, 2, -1)


@pytest.mark.parametrize("face, blocked", [(2, False), (3, True), (1, False)])
def test_ex1_ap2_against_defense_2_in_cover_in_a_battle(face, blocked):
    b = new_battle([hero("vex", weapons=(weapon("Las", ap=2),))], [enemy("brute", defense=2, tough=3)])
    activate(b, "vex")
    ok(b, c.TakeAction("vex", "hold"))
    ok(b, c.Shoot("vex", "Las", "brute", cover=True))
    ok(b, c.RollHits((5,)))
    r = ok(b, c.RollBlocks((face,)))
    assert event(r, "blocks_rolled").payload["wounds"] == (0 if blocked else 1)


# -- 2. buying a pass --------------------------------------------------------------------------------------
def test_ex2_a_failed_scurry_bought_for_2_pp_moves_d3_inches():
    b = new_battle([hero("vex", dex=4, pp=3)], [enemy("e")])
    activate(b, "vex")
    ok(b, c.UseSkill("vex", "scurry", faces=(3,)))
    assert b.state.offer.kind == "pass" and b.state.offer.cost == 2
    r = ok(b, c.AnswerOffer(True), [4])  # a d6 of 4 is a D3 of 2 [SQ-A3]
    assert b.state.unit("vex").pp == 1
    assert 'moves up to 2"' in event(r, "note").text


def test_ex2_a_failed_hit_roll_cannot_be_bought():
    b = new_battle([hero("vex")], [enemy("e")])
    activate(b, "vex")
    ok(b, c.TakeAction("vex", "hold"))
    ok(b, c.Shoot("vex", "Gun", "e"))
    ok(b, c.RollHits((2,)))
    assert b.state.offer is None and b.state.attack is None


# -- 3. exhaustion -------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "pp, reading, wounds, left",
    [
        (0, "whole-cost", 2, 0),
        (0, "shortfall", 2, 0),
        (2, "whole-cost", 0, 0),
        (1, "whole-cost", 2, 1),
        (1, "shortfall", 1, 0),
    ],
)
def test_ex3_exhaustion_when_buying_an_extra_action(pp, reading, wounds, left):
    b = new_battle([hero("vex", pp=pp, tough=5)], [enemy("e")], settings={"exhaustion": reading})
    activate(b, "vex")
    ok(b, c.TakeAction("vex", "hold"))
    ok(b, c.TakeAction("vex", "advance", extra=True))
    u = b.state.unit("vex")
    assert (u.wounds[0], u.pp) == (wounds, left)
    assert b.state.activation.actions == ("hold", "advance")


def test_ex3_a_hero_with_0_pp_who_fails_a_hero_skill_takes_1_wound_and_the_skill_still_happens():
    from engine.rulesets.star_quest.roster import SkillSpec

    b = new_battle([hero("vex", pp=0, skills=(SkillSpec("Rally", "wil", "Rallied!"),))], [enemy("e")])
    activate(b, "vex")
    ok(b, c.UseSkill("vex", "Rally", faces=(2,)))
    assert b.state.offer.kind == "hero-skill"
    r = ok(b, c.AnswerOffer(False))
    assert b.state.unit("vex").wounds == (1,) and b.state.unit("vex").pp == 0
    assert "Rallied!" in r.events[-1].text


# -- 4. morale at half, and Fear ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "tough, models, wounds, tests",
    [(5, 1, 2, False), (5, 1, 3, True), (6, 1, 3, True), (1, 5, 2, False), (1, 5, 3, True), (1, 4, 2, True)],
)
def test_ex4_a_fresh_unit_tests_when_it_loses_half(tough, models, wounds, tests):
    b = new_battle([hero("vex")], [enemy("e", models=models, tough=tough)])
    activate(b, "vex")
    ok(b, c.AdjustWounds("e", wounds, "test"))
    r = ok(b, c.EndActivation())
    assert ("morale_queued" in [e.kind for e in r.events]) == tests


@pytest.mark.parametrize("faces, tests", [((4, 4, 1, 1), True), ((1, 1), False)])
def test_ex4_fear_adds_to_wounds_dealt_in_melee_only_if_one_was_dealt(faces, tests):
    b = new_battle(
        [hero("vex", unit_rules=(("Fear", 1),), weapons=(weapon("Claws", "melee", attacks=2),))],
        [enemy("e", tough=5, weapons=())],
    )
    activate(b, "vex")
    ok(b, c.TakeAction("vex", "charge", target="e"))
    ok(b, c.RollHits(faces[:2]))
    if faces[0] > 1:
        ok(b, c.RollBlocks(faces[2:]))
    assert b.state.unit("e").wounds == ((2,) if tests else (0,))
    r = ok(b, c.EndActivation())
    assert ("morale_queued" in [e.kind for e in r.events]) == tests


# -- 5. failed morale -----------------------------------------------------------------------------------------------
def _morale(enemy_spec, faces, d3=None):
    b = new_battle([hero("vex")], [enemy_spec])
    activate(b, "vex")
    ok(b, c.AdjustWounds(enemy_spec.id, enemy_spec.tough // 2 + 1 if enemy_spec.models == 1 else 3))
    ok(b, c.EndActivation())
    return b, ok(b, c.RollMorale(faces, d3=d3))


def test_ex5_an_ai_unit_that_fails_morale_is_shaken():
    b, _ = _morale(enemy("e", models=5, quality=4), (3,))
    assert b.state.unit("e").shaken


@pytest.mark.parametrize("second, shaken", [(4, False), (3, True)])
def test_ex5_fearless_saves_a_failed_test_on_4(second, shaken):
    b, _ = _morale(enemy("e", models=5, quality=4, unit_rules=("Fearless",)), (3, second))
    assert b.state.unit("e").shaken == shaken


def test_ex5_a_hero_who_fails_and_pays_2_pp_is_not_shaken():
    b = new_battle([hero("vex"), hero("ilsa", quality=4, pp=3)], [enemy("e")])
    activate(b, "vex")
    ok(b, c.AdjustWounds("ilsa", 2))
    ok(b, c.EndActivation())
    ok(b, c.RollMorale((3,)))
    assert b.state.offer.kind == "ignore-shaken"
    ok(b, c.AnswerOffer(True))
    ilsa = b.state.unit("ilsa")
    assert not ilsa.shaken and ilsa.pp == 1 and b.state.activation is None


def test_ex5_an_enemy_with_tough_9_is_never_shaken_and_takes_d3_wounds():
    b, r = _morale(enemy("big", tough=9, quality=4), (3,), d3=3)  # a d6 of 3 is a D3 of 2
    big = b.state.unit("big")
    assert not big.shaken and big.wounds == (5 + 2,)


# -- 6. fatigue, Impact and Counter ---------------------------------------------------------------------------------
def _charger():
    return enemy(
        "ogre",
        quality=3,
        tough=6,
        unit_rules=(("Impact", 2),),
        weapons=(weapon("Lance", "melee", attacks=4, rules=("Thrust",)),),
    )


def _ai_charge(b):
    ok(b, c.ActivateAI("ogre"))
    ok(b, c.AnswerAI(True))
    ok(b, c.AnswerAI(True))
    ok(b, c.ChooseAIAction(target="vex"))


def test_ex6_a_fatigued_charger_hits_only_on_natural_6s_and_rolls_no_impact_dice():
    b = new_battle([hero("vex", tough=9, weapons=(weapon("Fist", "melee"),)), hero("ilsa")], [_charger()])
    activate(b, "vex")
    ok(b, c.TakeAction("vex", "charge", target="ogre"))
    ok(b, c.RollHits((1,)))
    ok(b, c.RollHits((1, 1, 1, 1)))  # the ogre strikes back: now fatigued
    ok(b, c.EndActivation())
    assert b.state.unit("ogre").fatigued
    to_ai_phase(b)
    _ai_charge(b)
    assert b.state.attack.kind == "melee"  # no Impact strike
    r = ok(b, c.RollHits((5, 6, 3, 4)))
    assert event(r, "hits_rolled").payload["hits"] == 1


def test_ex6_unfatigued_with_thrust_the_same_roll_gives_4_hits_after_the_impact_dice():
    b = new_battle([hero("vex", tough=9, weapons=()), hero("ilsa")], [_charger()])
    to_ai_phase(b)
    _ai_charge(b)
    assert b.state.attack.kind == "impact" and b.state.attack.attacks == 2
    ok(b, c.RollHits((1, 1)))
    r = ok(b, c.RollHits((5, 6, 3, 4)))
    assert event(r, "hits_rolled").payload["hits"] == 4


def test_ex6_two_impact_3_models_against_two_counter_models_roll_4_dice_and_2_of_1_2_4_1_hit():
    pike = weapon("Pikes", "melee", rules=("Counter",))
    b = new_battle(
        [hero("vex")],
        [enemy("riders", models=2, unit_rules=(("Impact", 3),)), enemy("pikes", models=2, weapons=(pike,))],
    )
    state = b.state
    m = Melee("riders", "pikes", 2, 2)
    assert melee.impact_dice(state, m)[0] == 4
    test = hit_test(state, PendingAttack("riders", "pikes", "Impact", "impact", 4))
    assert sum(test.passes(f) for f in (1, 2, 4, 1)) == 2


# -- 7. Surge and Rending ---------------------------------------------------------------------------------------------
def test_ex7_surge_and_rending_give_3_hits_and_only_the_original_6_has_ap4():
    gun = weapon("Ripper", attacks=3, rules=("Surge", "Rending"))
    b = new_battle([hero("vex", quality=5, weapons=(gun,))], [enemy("e", models=5, defense=3)])
    activate(b, "vex")
    ok(b, c.TakeAction("vex", "hold"))
    ok(b, c.Shoot("vex", "Ripper", "e"))
    r = ok(b, c.RollHits((6, 2, 5)))
    assert event(r, "hits_rolled").payload["groups"] == [["e", 3, 1]]
    r = ok(b, c.RollBlocks((5, 5, 5)))  # the Rending hit first: 5 − 4 < 3
    assert event(r, "blocks_rolled").payload["wounds"] == 1
    roll = event(r, "blocks_rolled").payload["roll"]
    assert roll["detail"]["rending_block_chance"] == "1/6"


# -- 8. Blast ----------------------------------------------------------------------------------------------------------
def test_ex8_blast_3_with_2_hits_on_a_unit_of_5_is_6_hits():
    b = new_battle(
        [hero("vex", weapons=(weapon("Grenade", attacks=2, rules=(("Blast", 3),)),))], [enemy("e", models=5)]
    )
    activate(b, "vex")
    ok(b, c.TakeAction("vex", "hold"))
    ok(b, c.Shoot("vex", "Grenade", "e"))
    r = ok(b, c.RollHits((5, 5)))
    assert event(r, "hits_rolled").payload["hits"] == 6


def test_ex8_blast_on_a_lone_hero_with_one_other_hero_near_is_4_hits_split_2_and_2():
    gun = weapon("Launcher", attacks=2, rules=(("Blast", 3),))
    b = new_battle([hero("vex"), hero("ilsa")], [enemy("e", weapons=(gun,))])
    to_ai_phase(b)
    ai_hold_and_shoot(b, "e")
    ok(b, c.Shoot("e", "Launcher", "vex", blast_models=2, blast_units=("ilsa",)))
    r = ok(b, c.RollHits((5, 5)))
    assert event(r, "hits_rolled").payload["groups"] == [["vex", 2, 0], ["ilsa", 2, 0]]


# -- 9. Deadly ------------------------------------------------------------------------------------------------------------
def test_ex9_deadly_3_with_2_unblocked_hits_kills_one_tough_1_model_and_the_rest_is_lost():
    b = new_battle([hero("vex", weapons=(weapon("Rail", attacks=2, rules=(("Deadly", 3),)),))], [enemy("e", models=5)])
    activate(b, "vex")
    ok(b, c.TakeAction("vex", "hold"))
    ok(b, c.Shoot("vex", "Rail", "e"))
    ok(b, c.RollHits((5, 5)))
    r = ok(b, c.RollBlocks((1, 1)))
    assert event(r, "blocks_rolled").payload["wounds"] == 6
    assert b.state.unit("e").models == 4


def test_ex9_one_deadly_3_hit_on_a_tough_4_hero_is_3_wounds_still_conscious():
    gun = weapon("Rail", rules=(("Deadly", 3),))
    b = new_battle([hero("vex", tough=4), hero("ilsa")], [enemy("e", weapons=(gun,))])
    to_ai_phase(b)
    ai_hold_and_shoot(b, "e")
    ok(b, c.Shoot("e", "Rail", "vex"))
    ok(b, c.RollHits((5,)))
    ok(b, c.RollBlocks((1,)))
    vex = b.state.unit("vex")
    assert vex.wounds == (3,) and not vex.unconscious


# -- 10. movement, jumping and falling ------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "unit_rules, statuses, action, difficult, inches",
    [
        (("Fast",), (), "rush", True, 6),
        ((), (t.CRIPPLED,), "advance", False, 3),
        ((), (t.CRIPPLED,), "rush", False, 6),
        (("Slow",), (), "charge", False, 8),
        (("Fast",), (t.CRIPPLED,), "advance", False, 4),
        (("Fast",), (t.CRIPPLED,), "rush", False, 8),
        (("Slow",), (t.CRIPPLED,), "advance", False, 2),
        (("Slow",), (t.CRIPPLED,), "charge", False, 4),
    ],
)
def test_ex10_move_allowances(unit_rules, statuses, action, difficult, inches):
    from engine.records import changed

    b = new_battle([hero("vex", unit_rules=unit_rules)], [enemy("e")])
    u = changed(b.state.unit("vex"), statuses=statuses)
    assert move_allowance(b.state, u, action, difficult)[0] == inches


@pytest.mark.parametrize("distance, tests", [(5, 2), (6, 3), (2.9, 1), (3, 2)])
def test_ex10_jump_tests_count_each_full_3_inches(distance, tests):
    assert jump_tests(new_battle([hero("vex")], [enemy("e")]).state, distance) == tests


def test_ex10_a_strider_passes_each_jump_test_on_2():
    b = new_battle([hero("vex", dex=6, unit_rules=("Strider",))], [enemy("e")])
    activate(b, "vex")
    r = ok(b, c.Jump("vex", 5, faces=(2, 2)))
    assert b.state.offer is None and "without counting" in r.events[-1].text


def test_ex10_a_failed_5_inch_drop_falls_for_1_hit_ap1():
    b = new_battle([hero("vex", dex=4, pp=0)], [enemy("e")])
    activate(b, "vex")
    ok(b, c.Jump("vex", 5, faces=(5, 2)))
    assert b.state.offer.kind == "jump" and b.state.offer.cost == 2
    ok(b, c.AnswerOffer(False))
    assert b.state.offer.kind == "stop-fall"
    ok(b, c.AnswerOffer(False))
    a = b.state.attack
    assert a.kind == "fall" and a.fall_ap == 1 and a.groups[0].hits == 1 and b.state.activation.over


@pytest.mark.parametrize("height, ap", [(6, 2), (2, 0), (1.9, None), (5, 1), (8.9, 2)])
def test_ex10_fall_ap_is_one_per_full_3_inches(height, ap):
    assert fall_ap(new_battle([hero("vex")], [enemy("e")]).state, height) == ap


def test_ex10_a_model_of_a_multi_model_unit_that_falls_is_killed_until_one_is_left():
    b = new_battle([hero("vex")], [enemy("e", models=3, defense=6)])
    ok(b, c.StartRound())
    ok(b, c.Fall("e", 4))
    assert b.state.unit("e").models == 2
    ok(b, c.Fall("e", 4))
    ok(b, c.Fall("e", 4))
    assert b.state.unit("e").models == 1 and b.state.attack.kind == "fall"


# -- 11. revival ----------------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("tough, left", [(3, 0), (5, 2)])
def test_ex11_revival_removes_3_wounds(tough, left):
    b = new_battle([hero("vex", pp=4), hero("ilsa", tough=tough)], [enemy("e")])
    activate(b, "vex")
    ok(b, c.AdjustWounds("ilsa", tough))
    assert b.state.unit("ilsa").unconscious
    ok(b, c.UseSkill("vex", "revive", target="ilsa"))
    ilsa = b.state.unit("ilsa")
    assert ilsa.wounds == (left,) and not ilsa.unconscious and b.state.unit("vex").pp == 2


# -- 12. caster -------------------------------------------------------------------------------------------------------------------
def _caster_battle():
    from engine.rulesets.star_quest.roster import SpellSpec

    b = new_battle(
        [hero("ilsa", pp=5, unit_rules=(("Caster", 2),), spells=(SpellSpec("Bolt", 2, "Zap"),))], [enemy("e")]
    )
    b.initial = b.state.with_unit("ilsa", tokens=5)  # a battle with no events yet: starts from here
    b._reset_states()
    return b


def test_ex12_a_caster_2_with_5_tokens_has_6_at_the_start_of_the_round():
    b = _caster_battle()
    ok(b, c.StartRound())
    assert b.state.unit("ilsa").tokens == 6


@pytest.mark.parametrize("face, cast", [(3, True), (1, False)])
def test_ex12_casting_value_2_with_1_extra_token(face, cast):
    b = _caster_battle()
    activate(b, "ilsa")
    r = ok(b, c.Cast("ilsa", "Bolt", extra_tokens=1, faces=(face,)))
    assert b.state.unit("ilsa").tokens == 3
    assert event(r, "spell_tried").payload["cast"] == cast
    if not cast:
        assert b.state.offer.kind == "cast" and b.state.offer.cost == 4

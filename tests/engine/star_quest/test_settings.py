"""Every AMBIGUITY is a visible setting whose default is the recommended reading, and the
alternatives change what the engine does."""

from fractions import Fraction as F

import pytest

from engine.ruleset import get_ruleset, ruleset_names
from engine.rulesets.star_quest import commands as c
from engine.rulesets.star_quest.odds import block_chance
from engine.rulesets.star_quest.settings import SETTINGS, defaults

from .conftest import activate, enemy, event, hero, new_battle, ok, refused, to_ai_phase

RECOMMENDED = {
    "scale": ("SQ-A1", "1"),
    "natural_scope": ("SQ-A2", "all"),
    "d3_input": ("SQ-A3", "d6"),
    "start_order": ("SQ-A4", "listed"),
    "ai_order": ("SQ-A5", "gm-each"),
    "extra_actions": ("SQ-A6", "once"),
    "exhaustion": ("SQ-A7", "whole-cost"),
    "diseased_exhaustion": ("SQ-A8", "pool"),
    "one_inch_rule": ("SQ-A9", "any"),
    "move_order": ("SQ-A10", "fast-crippled-cap"),
    "targets": ("SQ-A11", "per-weapon"),
    "allocation": ("SQ-A12", "one-until-dead"),
    "rending_ap": ("SQ-A13", "higher"),
    "bane_reroll": ("SQ-A14", "once"),
    "deadly_regeneration": ("SQ-A15", "multiply-first"),
    "wound_cap": ("SQ-A16", "cap"),
    "revived_activation": ("SQ-A16", "may-activate"),
    "counter_timing": ("SQ-A17", "first-only"),
    "counter_fatigue": ("SQ-A17", "counter-attack"),
    "morale_reading": ("SQ-A18", "R1"),
    "fear_count": ("SQ-A19", "same-count"),
    "villain_quality": ("SQ-A20", "better"),
    "shaken_autofail": ("SQ-A21", "stands"),
    "dangerous_dice": ("SQ-A22", "tough"),
    "jump_limit": ("SQ-A23", "6"),
    "unstoppable": ("SQ-A24", "hit-penalties"),
    "zero_advance_hold": ("SQ-A25", "on"),
    "no_objective": ("SQ-A25", "skip"),
    "immobile_ai": ("SQ-A26", "hold-shoot"),
    "ai_ambush": ("SQ-A27", "r+d3"),
    "blast_split": ("SQ-A28", "even"),
    "cast_attempts": ("SQ-A29", "activation"),
    "ai_cast_tokens": ("SQ-A29", "all"),
    "ai_impaired": ("SQ-A30", "cannot"),
}


@pytest.mark.parametrize("key", sorted(RECOMMENDED))
def test_each_ambiguity_is_a_setting_whose_default_is_the_recommended_reading(key):
    ref, default = RECOMMENDED[key]
    spec = next(s for s in SETTINGS if s.key == key)
    assert (spec.ref, spec.default) == (ref, default)


def test_every_ambiguity_id_has_a_setting():
    ambiguities = {s.ref for s in SETTINGS if s.ref.startswith("SQ-A")}
    assert ambiguities == {f"SQ-A{i}" for i in range(1, 31)}
    assert {s.ref for s in SETTINGS} - ambiguities == {f"SQ-M{i}" for i in range(1, 10)}  # house readings, as notes


def test_the_ruleset_is_registered_with_its_settings():
    assert "star-quest" in ruleset_names() and get_ruleset("star-quest").settings == SETTINGS


def test_a_new_battle_has_every_default_and_a_change_is_logged_with_its_id():
    b = new_battle([hero("vex")], [enemy("e")])
    assert dict(b.state.settings) == defaults()
    r = ok(b, c.ChangeSetting("exhaustion", "shortfall"))
    assert "SQ-A7" in r.events[0].text
    refused(b, c.ChangeSetting("exhaustion", "nonsense"))


def test_sq_a1_half_scale_halves_moves_and_thresholds():
    b = new_battle([hero("vex")], [enemy("e")], settings={"scale": "1/2"})
    activate(b, "vex")
    r = ok(b, c.TakeAction("vex", "advance"))
    assert event(r, "action_taken").payload["distance"] == 3
    refused(b, c.Jump("vex", 3.5))  # 6" limit halved


def test_sq_a2_stat_tests_only_lets_a_cast_with_tokens_succeed_on_a_1():
    from engine.rulesets.star_quest.casting import cast_test

    b = new_battle([hero("vex")], [enemy("e")], settings={"natural_scope": "stat-tests"})
    assert cast_test(b.state, "vex", 3, 0).passes(1)
    b2 = new_battle([hero("vex")], [enemy("e")])
    assert not cast_test(b2.state, "vex", 3, 0).passes(1)


def test_sq_a3_a_typed_d3_face_is_taken_directly():
    b = new_battle([hero("vex")], [enemy("e")], settings={"d3_input": "d3"})
    activate(b, "vex")
    r = ok(b, c.UseSkill("vex", "scurry", faces=(5,), d3=2))
    assert 'moves up to 2"' in r.events[-1].text


def test_sq_a6_unlimited_extra_actions():
    b = new_battle([hero("vex", pp=6)], [enemy("e")])
    activate(b, "vex")
    ok(b, c.TakeAction("vex", "hold"))
    ok(b, c.TakeAction("vex", "hold", extra=True))
    refused(b, c.TakeAction("vex", "hold", extra=True))
    ok(b, c.ChangeSetting("extra_actions", "unlimited"))
    ok(b, c.TakeAction("vex", "hold", extra=True))


def test_sq_a14_repeat_bane_rerolls_until_not_6():
    assert block_chance(4, 0, "repeat") == F(2, 5)  # faces 1–5 equally likely: 4 and 5 block


@pytest.mark.parametrize("reading, tests", [("R1", True), ("R2", False), ("R3", False)])
def test_sq_a18_a_second_small_loss_after_half(reading, tests):
    b = new_battle([hero("vex"), hero("ilsa")], [enemy("e", models=4)], settings={"morale_reading": reading})
    activate(b, "vex")
    ok(b, c.AdjustWounds("e", 2))
    ok(b, c.EndActivation())
    ok(b, c.RollMorale((6,)))
    ok(b, c.ActivateHero("ilsa"))
    ok(b, c.AdjustWounds("e", 1))
    r = ok(b, c.EndActivation())
    assert ("morale_queued" in [e.kind for e in r.events]) == tests


def test_sq_a22_one_die_per_model():
    b = new_battle([hero("vex", tough=4)], [enemy("e")], settings={"dangerous_dice": "one"})
    ok(b, c.StartRound())
    ok(b, c.DangerousTerrain("vex", faces=(1,)))
    assert b.state.unit("vex").wounds == (1,)


def test_sq_a25_zero_advance_counts_as_hold_unless_switched_off():
    b = new_battle([hero("vex")], [enemy("e")])
    activate(b, "vex")
    r = ok(b, c.TakeAction("vex", "advance", distance=0))
    assert event(r, "action_taken").payload["action"] == "hold"


def test_sq_a30_ai_impaired_removed_automatically_when_set():
    b = new_battle([hero("vex")], [enemy("e")], settings={"ai_impaired": "auto"})
    ok(b, c.ApplyStatus("e", "impaired"))
    to_ai_phase(b)
    ok(b, c.ActivateAI("e"))
    ok(b, c.ResolveStatus("impaired"))
    assert "impaired" not in b.state.unit("e").statuses


def test_sq_a30_by_default_ai_models_keep_impaired():
    b = new_battle([hero("vex")], [enemy("e")])
    ok(b, c.ApplyStatus("e", "impaired"))
    to_ai_phase(b)
    ok(b, c.ActivateAI("e"))
    ok(b, c.ResolveStatus("impaired"))
    assert "impaired" in b.state.unit("e").statuses

"""§21: every AMBIGUITY is a visible setting whose default is the recommended reading, and
the other reading changes what the engine does."""

import pytest

from engine.rolls import RollRecord
from engine.ruleset import get_ruleset, ruleset_names
from engine.rulesets.xk6 import commands as c
from engine.rulesets.xk6 import view
from engine.rulesets.xk6.roster import WeaponSpec
from engine.rulesets.xk6.settings import SETTINGS, SETTINGS_BY_KEY, defaults

from .conftest import model, new_battle, ok, refused, rolls, started

RECOMMENDED = {
    "skill_zero": ("XK-A1", "refuse"),
    "initiative_every_turn": ("XK-A2", "every-turn"),
    "initiative_ties": ("XK-A2", "reroll"),
    "run_out": ("XK-A2", "in-a-row"),
    "if_spotter": ("XK-A3", "off"),
    "if_needs_att_cell": ("XK-A3", "on"),
    "attacks_per_activation": ("XK-A4", "one"),
    "speed_is_maximum": ("XK-A5", "maximum"),
    "non_move_speed": ("XK-A6", "speed-0"),
    "mixed_terrain": ("XK-A7", "per-inch"),
    "cover_in_melee": ("XK-A8", "on"),
    "cover_vs_if": ("XK-A8", "off"),
    "hidden_if_penalty": ("XK-A8", "if-hit-test"),
    "crossfire": ("XK-A9", "gm-toggle"),
    "if_defender_mods": ("XK-A10", "own-state"),
    "area_friendly": ("XK-A11", "included"),
    "area_radius": ("XK-A11", "add"),
    "stealth_area": ("XK-A11", "centre-only"),
    "rof_declared": ("XK-A12", "before-roll"),
    "ammo_result": ("XK-A13", "test-result"),
    "ammo_emptying_attack": ("XK-A13", "resolves"),
    "reload_uses_mags": ("XK-A14", "yes"),
    "la_depletion": ("XK-A14", "off"),
    "stun_one_die": ("XK-A15", "medic-stealth"),
    "held_lasts": ("XK-A16", "next-activation"),
    "reaction_triggers": ("XK-A16", "enemy"),
    "reaction_shoot": ("XK-A16", "ranged"),
    "cp_cost": ("XK-A17", "1"),
    "cp_friendly": ("XK-A17", "friendly"),
    "cp_reroll_again": ("XK-A17", "off"),
    "cp_activation": ("XK-A17", "bonus"),
    "stealth_ammo": ("XK-A18", "on"),
    "stealth_vs_if": ("XK-A18", "off"),
    "beyond_range": ("XK-A19", "refuse"),
    "melee_reach": ("XK-M7", "base-contact"),
    "medic_contact": ("XK-M12", "base-contact"),
    "medic_self": ("XK-M12", "on"),
}


@pytest.mark.parametrize("key", sorted(RECOMMENDED))
def test_each_ambiguity_is_a_setting_whose_default_is_the_recommended_reading(key):
    ref, default = RECOMMENDED[key]
    spec = SETTINGS_BY_KEY[key]
    assert (spec.ref, spec.default) == (ref, default)


def test_every_ambiguity_of_the_reference_has_a_setting():
    assert {s.ref for s in SETTINGS} >= {f"XK-A{i}" for i in range(1, 20)}


def test_the_ruleset_is_registered_as_xk6_with_its_settings():
    assert "xk6" in ruleset_names() and get_ruleset("xk6").settings == SETTINGS


def test_a_new_battle_starts_with_every_default_and_a_change_is_logged_with_its_id():
    b = new_battle([model("a")], [model("b")])
    assert dict(b.state.settings) == defaults()
    r = ok(b, c.ChangeSetting("cover_in_melee", "off"))
    assert "XK-A8" in r.events[0].text
    assert refused(b, c.ChangeSetting("cover_in_melee", "maybe")).kind == "malformed"


def ready(settings=None, a_kw=None, b_kw=None, speed="still"):
    b = started(new_battle([model("a", **(a_kw or {}))], [model("b", **(b_kw or {})), model("b2")], settings))
    ok(b, c.Activate("A.a", "move-attack", speed=speed))
    return b


def att_keys(result):
    return {m.key for m in RollRecord.from_dict(rolls(result)[0]).modifiers}


def test_xk_a8_b_cover_in_melee_can_be_switched_off():
    for value, has_cover in (("on", True), ("off", False)):
        b = ready({"cover_in_melee": value})
        r = ok(b, c.Attack("A.a", "knife", (c.Target("B.b", "hard", faces=(1, 1)),), kind="melee", faces=(1, 1)))
        assert ("cover" in att_keys(r)) is has_cover


def test_xk_a8_c_cover_against_indirect_fire_when_switched_on():
    b = ready({"cover_vs_if": "on"})
    r = ok(b, c.Attack("A.a", "mortar", (c.Target("B.b", "hard"),), kind="indirect", faces=(6, 6)))
    assert "cover" in att_keys(r)


def test_xk_a8_d_the_hidden_penalty_can_be_switched_off():
    b = ready({"hidden_if_penalty": "none"})
    r = ok(b, c.Attack("A.a", "mortar", (c.Target("B.b", "hidden"),), kind="indirect", faces=(6, 6)))
    assert "hidden" not in att_keys(r)


def test_xk_a3_a_spotter_can_be_required_for_indirect_fire():
    b = ready({"if_spotter": "on"})
    assert "designated" in str(refused(b, c.Attack("A.a", "mortar", (c.Target("B.b"),), kind="indirect")))


def test_xk_a3_the_dash_need_not_forbid_indirect_fire():
    b = ready({"if_needs_att_cell": "off"}, speed="run")
    refused(b, c.Attack("A.a", "rifle", (c.Target("B.b"),)))
    ok(b, c.Attack("A.a", "mortar", (c.Target("B.b"),), kind="indirect", faces=(6, 6)))


def test_xk_a4_one_attack_per_weapon():
    b = ready({"attacks_per_activation": "one-per-weapon"})
    ok(b, c.Attack("A.a", "rifle", (c.Target("B.b", faces=(1, 1)),), faces=(1, 1)))
    ok(b, c.ResolveAttack())
    refused(b, c.Attack("A.a", "rifle", (c.Target("B.b"),)))
    ok(b, c.Attack("A.a", "pistol", (c.Target("B.b", faces=(1, 1)),), faces=(1, 1)))


def test_xk_a6_no_movement_modifiers_without_a_move():
    b = ready({"non_move_speed": "none"})
    assert b.state.column("B.b") is None


def test_xk_a10_indirect_defender_rolls_bare_def():
    b = ready({"if_defender_mods": "none"})
    ok(b, c.Attack("A.a", "mortar", (c.Target("B.b"),), kind="indirect", faces=(6, 6)))
    r = ok(b, c.Land((c.Target("B.b", faces=(1, 1)),)))
    assert RollRecord.from_dict(RollRecord.from_dict(rolls(r)[0]).detail["defender"]).modifiers == ()


def test_xk_a11_a_friendly_models_in_an_area_can_be_excluded():
    b = started(new_battle([model("a"), model("friend")], [model("b")], {"area_friendly": "excluded"}))
    ok(b, c.Activate("A.a", "move-attack", speed="still"))
    refused(b, c.Attack("A.a", "grenade", (c.Target("B.b"), c.Target("A.friend"))))


def test_xk_a11_b_radius_can_be_the_larger_instead_of_the_sum():
    launcher = WeaponSpec("l", "L", dam=1, rof=3, ae=2, mags=1, optimal=10)
    for value, radius in (("add", 5), ("larger", 3)):
        b = started(new_battle([model("a", weapons=(launcher,))], [model("b")], {"area_radius": value}))
        ok(b, c.Activate("A.a", "move-attack", speed="still"))
        r = ok(b, c.Attack("A.a", "l", (c.Target("B.b", faces=(1, 1)),), rof_area=3, faces=(1, 1)))
        assert r.events[0].payload["attack"]["radius"] == radius


def test_xk_a13_a_the_any_die_reading_and_c_the_void_reading():
    b = ready({"ammo_result": "any-die", "ammo_emptying_attack": "void"})
    ok(b, c.Attack("A.a", "rifle", (c.Target("B.b", faces=(1, 1)),), faces=(6, 1)))
    r = ok(b, c.ResolveAttack())
    assert not b.state.model("A.a").weapon("rifle").loaded
    assert not any(e.kind == "damage_dealt" for e in r.events) and not b.state.model("B.b").stunned


def test_xk_a14_reload_without_using_mags_and_la_depletion():
    b = ready({"la_depletion": "on"})
    ok(b, c.Attack("A.a", "grenade", (c.Target("B.b", faces=(1, 1)),), faces=(1, 1)))
    r = ok(b, c.ResolveAttack())
    assert any(e.kind == "ammo_checked" for e in r.events)


def test_xk_a15_stun_on_one_die_rolls_can_be_switched_off():
    for value, chance in (("medic-stealth", 0), ("none", 1)):
        b = ready({"stun_one_die": value}, b_kw={"stealth": 5})
        ok(b, c.Attack("A.a", "rifle", (c.Target("B.b", faces=(1, 1)),), faces=(6, 6)))
        ok(b, c.ResolveAttack())
        ok(b, c.EndActivation())
        ok(b, c.Activate("B.b2", "hold"))  # B.b stays stunned
        ok(b, c.EndActivation())
        pv = view.attack_preview(b.state, c.Attack("A.a", "rifle", (c.Target("B.b"),)))
        assert pv.pairs[0].stealth_chance * 6 == chance


def test_xk_a16_a_held_action_can_end_with_the_turn():
    b = started(new_battle([model("a")], [model("b")], {"held_lasts": "end-of-turn"}))
    ok(b, c.Activate("A.a", "hold"))
    ok(b, c.EndActivation())
    ok(b, c.Activate("B.b", "hold"))
    ok(b, c.EndActivation())
    ok(b, c.StartTurn(faces=(6, 1)))
    assert not b.state.model("A.a").held


def test_xk_a17_a_re_roll_may_be_re_rolled_and_points_can_cost_two():
    b = started(new_battle([model("boss", command_points=4)], [model("b")], {"cp_reroll_again": "on", "cp_cost": "2"}))
    ok(b, c.Activate("A.boss", "move-attack", speed="still"))
    ok(b, c.Attack("A.boss", "rifle", (c.Target("B.b", faces=(1, 1)),), faces=(1, 1)))
    ok(b, c.SpendCommandPoint("A.boss", "reroll", "A.boss", faces=(1, 2)))
    ok(b, c.SpendCommandPoint("A.boss", "reroll", "A.boss", faces=(1, 3)))
    assert b.state.model("A.boss").command_points == 0


def test_xk_a17_d_a_bought_activation_can_replace_the_next_normal_one():
    b = started(
        new_battle(
            [model("boss", command_points=2), model("a")], [model("b"), model("b2")], {"cp_activation": "replaces"}
        )
    )
    ok(b, c.Activate("A.boss", "hold"))
    refused(b, c.SpendCommandPoint("A.boss", "activation", "A.boss"))  # only when A is about to activate
    ok(b, c.EndActivation())
    ok(b, c.Activate("B.b", "hold"))
    ok(b, c.EndActivation())
    ok(b, c.SpendCommandPoint("A.boss", "activation", "A.boss"))
    ok(b, c.Activate("A.boss", "hold"))
    ok(b, c.EndActivation())
    assert b.state.turn.next_side == "B"


def test_xk_a18_stealth_can_help_against_indirect_fire():
    b = ready({"stealth_vs_if": "on"}, b_kw={"stealth": 5})
    ok(b, c.Attack("A.a", "mortar", (c.Target("B.b"),), kind="indirect", faces=(6, 6)))
    r = ok(b, c.Land((c.Target("B.b", stealth_face=6),)))
    assert r.events[0].payload["stealth"] and b.state.attack.targets[0].avoided


def test_xk_a19_attacks_beyond_range_can_be_allowed():
    b = ready({"beyond_range": "allow"})
    ok(b, c.Attack("A.a", "rifle", (c.Target("B.b", faces=(1, 1)),), range="beyond", faces=(1, 1)))


def test_xk_a2_initiative_once_then_the_same_player_chooses():
    b = started(new_battle([model("a")], [model("b")], {"initiative_every_turn": "first-turn"}), first="B")
    ok(b, c.Activate("B.b", "hold"))
    ok(b, c.EndActivation())
    ok(b, c.Activate("A.a", "hold"))
    ok(b, c.EndActivation())
    r = ok(b, c.StartTurn())
    assert r.events[-1].payload.get("no_roll") and b.state.turn.chooser == "A"


def test_xk_a2_d_the_turn_can_end_when_one_side_runs_out():
    b = started(new_battle([model("a1"), model("a2")], [model("b")], {"run_out": "turn-ends"}))
    ok(b, c.Activate("A.a1", "hold"))
    ok(b, c.EndActivation())
    ok(b, c.Activate("B.b", "hold"))
    r = ok(b, c.EndActivation())
    assert r.events[-1].kind == "turn_ended"


def test_xk_m12_a_medic_may_be_forbidden_to_heal_itself():
    b = started(new_battle([model("doc", medic=4)], [model("b")], {"medic_self": "off"}))
    ok(b, c.AdjustWounds("A.doc", 1))
    ok(b, c.Activate("A.doc", "skill"))
    refused(b, c.Heal("A.doc", face=6))

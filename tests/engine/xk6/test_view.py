"""What a dashboard reads: model lines, the turn prompt, roll previews with both pools."""

from fractions import Fraction as F

from engine.rulesets.xk6 import commands as c
from engine.rulesets.xk6 import view

from .conftest import model, new_battle, ok, started


def test_model_lines_show_magazines_stun_command_points_and_the_speed_in_force():
    b = started(new_battle([model("boss", command_points=2, wounds=3, wound_track=((1, -1),))], [model("b")]))
    ok(b, c.Activate("A.boss", "move-attack", speed="walk"))
    ok(b, c.Attack("A.boss", "smg", (c.Target("B.b", faces=(1, 1)),), rof_dam=4, faces=(6, 6)))
    ok(b, c.ResolveAttack())
    boss, target = view.model_lines(b.state)
    assert (boss.command_points, boss.speed, boss.speed_att, boss.wound_limit) == (2, "walk", -1, 3)
    smg = next(w for w in boss.weapons if w.id == "smg")
    assert smg.status == "loaded, 1 mag" and "Rate of fire (ROF) 4" in smg.profile
    assert target.stunned and "stunned" in target.markers
    assert "CP 2" in view.model_text(boss) and "wounds 0/3" in view.model_text(boss)


def test_an_empty_magazine_and_la_rounds_show_in_the_weapon_status():
    b = started(new_battle([model("a")], [model("b")]))
    ok(b, c.Activate("A.a", "move-attack", speed="still"))
    ok(b, c.Attack("A.a", "rifle", (c.Target("B.b", faces=(1, 1)),), faces=(1, 1)))
    ok(b, c.ResolveAttack())
    line = view.model_lines(b.state)[0]
    assert next(w for w in line.weapons if w.id == "rifle").status == "EMPTY, 2 mags"
    assert next(w for w in line.weapons if w.id == "grenade").status == "2 rounds"


def test_the_turn_prompt_says_what_to_do_next():
    b = new_battle([model("a")], [model("b")])
    assert "StartTurn" in view.turn_view(b.state).prompt
    ok(b, c.StartTurn(faces=(1, 6)))
    assert view.turn_view(b.state).prompt.startswith("Blues chooses")
    ok(b, c.ChooseFirst("A"))
    assert view.turn_view(b.state).prompt == "Reds: Activate a model"
    assert view.legal_options(b.state, "A.a") == ("move-attack", "move-designate", "hold")


def test_an_attack_preview_has_both_pools_every_modifier_and_exact_odds():
    b = started(new_battle([model("a", att=2)], [model("b", defence=2)]))
    ok(b, c.Activate("A.a", "move-attack", speed="still"))
    pv = view.attack_preview(b.state, c.Attack("A.a", "smg", (c.Target("B.b", "soft"),), rof_dam=4))
    pair = pv.pairs[0]
    assert pv.problem == "" and pv.dam == 7 and pv.p_empty == F(4, 9)
    assert (pair.att_dice, pair.def_dice) == (2, 2)
    assert [m.key for m in pair.att_mods] == ["att_speed", "range", "acc", "cover"]
    assert pair.p_success == sum(p for sl, p in pair.sl_distribution.items() if sl >= 1)
    assert sum(pair.wound_distribution.values()) == 1


def test_the_preview_says_why_an_attack_would_be_refused():
    b = started(new_battle([model("a")], [model("b")]))
    ok(b, c.Activate("A.a", "move-attack", speed="run"))
    pv = view.attack_preview(b.state, c.Attack("A.a", "rifle", (c.Target("B.b"),)))
    assert "no attack at that speed" in pv.problem


def test_the_indirect_preview_gives_the_hit_chance():
    b = started(new_battle([model("a", att=2)], [model("b")]))
    ok(b, c.Activate("A.a", "move-attack", speed="still"))
    pv = view.attack_preview(b.state, c.Attack("A.a", "mortar", (c.Target("B.b"),), kind="indirect", range="maximum"))
    assert pv.p_hit == F(11, 36)


def test_crossfire_is_suggested_after_another_model_attacked_the_defender_this_turn():
    b = started(new_battle([model("a"), model("a2")], [model("b"), model("b2")]))
    ok(b, c.Activate("A.a", "move-attack", speed="still"))
    ok(b, c.Attack("A.a", "rifle", (c.Target("B.b", faces=(1, 1)),), faces=(1, 1)))
    assert view.crossfire_suggested(b.state, "B.b", "A.a2") and not view.crossfire_suggested(b.state, "B.b", "A.a")
    pending = view.pending_view(b.state)
    assert pending.commands == ("SpendCommandPoint", "ResolveAttack") and len(pending.records) == 1


def test_settings_in_force_show_the_reference_ids():
    b = new_battle([model("a")], [model("b")])
    refs = {ref for ref, _, _ in view.settings_in_force(b.state)}
    assert "XK-A8" in refs and "XK-A19" in refs


def test_importing_xk6_loads_no_ui_or_storage_library():
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[3]
    code = (
        "import engine.rulesets.xk6, engine.rulesets.xk6.view, engine.rulesets.xk6.demo as d; d.demo_setup()"
        "\nimport sys; print('\\n'.join(sys.modules))"
    )
    mods = set(
        subprocess.run(
            [sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=True
        ).stdout.split()
    )
    for banned in ("textual", "tinydb", "rich", "saves", "tui"):
        assert not any(x == banned or x.startswith(banned + ".") for x in mods), banned


def test_every_event_of_a_battle_has_a_log_line_and_every_roll_its_record():
    from engine.rolls import RollRecord

    b = started(new_battle([model("a", medic=4)], [model("b", stealth=5)]))
    ok(b, c.Activate("A.a", "move-attack", speed="still"))
    ok(b, c.Attack("A.a", "rifle", (c.Target("B.b", faces=(2, 2), stealth_face=1),), faces=(6, 3)))
    ok(b, c.ResolveAttack())
    ok(b, c.EndActivation())
    assert all(e.text for e in b.active_events)
    records = [RollRecord.from_dict(r) for e in b.active_events for r in e.payload.get("rolls", ())]
    records += [RollRecord.from_dict(r) for e in b.active_events for r in e.payload.get("stealth", ())]
    assert {r.procedure for r in records} == {"xk6.initiative", "xk6.direct", "xk6.stealth"}
    direct = next(r for r in records if r.procedure == "xk6.direct")
    assert direct.detail["sl"] == 5 and direct.detail["wounds"] == 2  # 6 + open 1 vs 2: SL 5 × DAM 4 ÷ Armour 8


def test_attack_options_list_each_weapon_and_kind_with_why_not_now():
    b = started(new_battle([model("a")], [model("b")]))
    before = {(o.weapon, o.kind): o for o in view.attack_options(b.state, "A.a")}
    assert "not activated" in before[("rifle", "direct")].problem
    assert set(k for w, k in before if w == "mortar") == {"direct", "indirect"}
    assert [k for w, k in before if w == "knife"] == ["melee"]
    ok(b, c.Activate("A.a", "move-attack", speed="still"))
    ok(b, c.Attack("A.a", "rifle", (c.Target("B.b", faces=(1, 1)),), faces=(1, 1)))
    ok(b, c.ResolveAttack())  # the unmodified 1 empties the rifle
    after = {(o.weapon, o.kind): o for o in view.attack_options(b.state, "A.a")}
    assert "already attacked" in after[("smg", "direct")].problem


def test_rof_splits_give_dam_radius_and_the_ammunition_row_of_each_declaration():
    b = started(new_battle([model("a")], [model("b")]))
    splits = view.rof_splits(b.state, "A.a", "smg")  # DAM 3, ROF 4
    assert (splits[0].rof_dam, splits[0].rof_area, splits[0].empties_on) == (0, 0, 1)
    full = [s for s in splits if s.rof_dam + s.rof_area == 4]
    assert {(s.dam, s.radius) for s in full} == {(7, 0), (6, 1), (5, 2), (4, 3), (3, 4)}
    assert all(s.empties_on == 4 and s.ammo_row == "all" for s in full)
    assert len(splits) == 15


def test_initiative_preview_gives_the_exact_odds_with_each_sides_command():
    b = new_battle([model("a", command=3)], [model("b", command=1)])
    p = view.initiative_preview(b.state)
    assert dict(p.commands) == {"A": 3, "B": 1}
    assert (p.p_a, p.p_tie, p.p_b) == (F(26, 36), F(4, 36), F(6, 36))


def test_cp_options_offer_a_reroll_of_each_test_in_the_open_attack_and_say_why_not():
    b = started(new_battle([model("boss", command_points=1)], [model("b")]))
    assert [(o.use, o.model, o.problem) for o in view.cp_options(b.state)] == [("activation", "A.boss", "")]
    ok(b, c.Activate("A.boss", "move-attack", speed="still"))
    ok(b, c.Attack("A.boss", "rifle", (c.Target("B.b", faces=(6, 1)),), faces=(2, 1)))
    options = view.cp_options(b.state)
    assert [(o.use, o.model, o.problem) for o in options] == [("reroll", "A.boss", "")]
    ok(b, c.SpendCommandPoint("A.boss", "reroll", "A.boss", faces=(3, 3)))
    assert "command points left" in view.cp_options(b.state)[0].problem

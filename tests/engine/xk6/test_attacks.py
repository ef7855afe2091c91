"""§7–§12, §16–§17 and worked examples 1–8, 10: attacks from command to wounds."""

from fractions import Fraction as F

import pytest

from engine.rolls import RollRecord
from engine.rulesets.xk6 import commands as c
from engine.rulesets.xk6.roster import WeaponSpec

from .conftest import PISTOL, model, new_battle, ok, refused, rolls, started

NO_COVER = ("cover",)  # the worked examples say "no modifiers"


def attack_ready(att=2, defence=2, armour=8, speed="still", weapons=None, target_kw=None, **kw):
    extra = {"weapons": weapons} if weapons else {}
    b = started(
        new_battle(
            [model("shooter", att=att, **extra, **kw)],
            [model("target", defence=defence, armour=armour, **(target_kw or {}))],
        )
    )
    ok(b, c.Activate("A.shooter", "move-attack", speed=speed))
    return b


def shoot(b, weapon="rifle", att=(), dfn=(), cover="open", off=(), **kw):
    target_kw = {k: kw.pop(k) for k in ("crossfire", "rear", "within_3") if k in kw}
    return ok(
        b,
        c.Attack("A.shooter", weapon, (c.Target("B.target", cover, faces=dfn, **target_kw),), faces=att, off=off, **kw),
    )


# -- worked example 1: the dice count never changes -----------------------------------------------
def test_worked_example_1_att_3_against_hard_cover_still_rolls_three_dice():
    b = attack_ready(att=3)
    r = shoot(b, att=(3, 6, 6), dfn=(4, 2), cover="hard")
    record = RollRecord.from_dict(rolls(r)[0])
    assert len(record.dice) == 3 and record.detail["attacker_result"] == 5  # 7 − 2 (hard cover)
    defender = RollRecord.from_dict(record.detail["defender"])
    assert len(defender.dice) == 2 and defender.detail["result"] == 4


# -- worked example 2: opposed attack to wounds; ties fail --------------------------------------
@pytest.mark.parametrize("armour, wounds", [(8, 1), (3, 2), (9, 0)])
def test_worked_example_2_sl_2_with_dam_4_is_8_damage(armour, wounds):
    b = attack_ready(att=3, armour=armour)
    r = shoot(b, att=(3, 6, 6), dfn=(5, 2), off=NO_COVER)
    record = RollRecord.from_dict(rolls(r)[0])
    assert record.detail["sl"] == 2 and record.detail["damage"] == 8 and record.detail["wounds"] == wounds
    ok(b, c.ResolveAttack())
    t = b.state.model("B.target")
    assert t.wounds == wounds and t.stunned


@pytest.mark.parametrize("att, dfn, sl", [((5,), (5, 1), 0), ((4,), (6, 1), -2)])
def test_worked_example_2_a_tie_or_worse_fails_with_no_damage_and_no_stun(att, dfn, sl):
    b = attack_ready(att=1)
    r = shoot(b, att=att, dfn=dfn, off=NO_COVER)
    record = RollRecord.from_dict(rolls(r)[0])
    assert record.detail["sl"] == sl and not record.success
    ok(b, c.ResolveAttack())
    t = b.state.model("B.target")
    assert t.wounds == 0 and not t.stunned


# -- worked example 3: the full modifier stack ----------------------------------------------------------
def test_worked_example_3_full_modifier_stack_gives_sl_0_and_no_empty_magazine():
    gun = WeaponSpec("gun", "Gun", dam=3, acc=1, rof=0, mags=1, optimal=12, maximum=24)
    b = started(new_battle([model("shooter", att=3, weapons=(gun,))], [model("target", weapons=(gun,))]), first="B")
    ok(b, c.Activate("B.target", "hold"))
    ok(b, c.EndActivation())
    ok(b, c.Activate("A.shooter", "move-attack", speed="walk"))
    ok(b, c.React("B.target", "shoot", trigger="A.shooter"))
    ok(b, c.Attack("B.target", "gun", (c.Target("A.shooter", "open", faces=(1, 1)),), faces=(6, 1)))
    ok(b, c.ResolveAttack())
    assert b.state.model("A.shooter").stunned  # a stun received during its own activation
    r = ok(
        b,
        c.Attack(
            "A.shooter",
            "gun",
            (c.Target("B.target", "soft", rear=True, crossfire=True, faces=(5, 3)),),
            range="maximum",
            faces=(4, 2, 6),
        ),
    )
    record = RollRecord.from_dict(rolls(r)[0])
    att = {m.key: m.value for m in record.modifiers}
    assert att == {"att_speed": -1, "range": -1, "acc": 1, "cover": -1, "stun": -1}
    assert record.detail["attacker_result"] == 3
    defender = RollRecord.from_dict(record.detail["defender"])
    assert {m.key: m.value for m in defender.modifiers} == {"def_speed": 0, "rear": -1, "crossfire": -1}
    assert defender.detail["result"] == 3 and record.detail["sl"] == 0 and not record.success
    assert all(m.rule for m in record.modifiers + defender.modifiers)
    res = ok(b, c.ResolveAttack())
    ammo = next(e for e in res.events if e.kind == "ammo_checked")
    assert ammo.payload["empties_on"] == 1 and ammo.payload["unmodified"] == 6 and not ammo.payload["empty"]
    assert b.state.model("A.shooter").weapon("gun").loaded


# -- worked example 4: open target, non-M weapon up close ---------------------------------------------
def test_worked_example_4_open_target_and_a_pistol_within_3_inches():
    b = attack_ready(att=1, defence=1, armour=2)
    r = shoot(b, weapon="pistol", att=(4,), dfn=(3,), within_3=True)
    record = RollRecord.from_dict(rolls(r)[0])
    assert {m.key: m.value for m in record.modifiers if m.value} == {"cover": 1, "close_range": -1}
    assert record.detail["attacker_result"] == 4 and record.detail["sl"] == 1 and record.detail["damage"] == 2
    ok(b, c.ResolveAttack())
    assert b.state.model("B.target").wounds == 1 and b.state.model("B.target").stunned


def test_an_m_weapon_up_close_has_no_close_range_penalty_and_melee_no_range():
    b = attack_ready()
    r = ok(b, c.Attack("A.shooter", "knife", (c.Target("B.target", "open", faces=(1, 1)),), kind="melee", faces=(2, 2)))
    keys = {m.key for m in RollRecord.from_dict(rolls(r)[0]).modifiers}
    assert "close_range" not in keys and "range" not in keys and "cover" in keys  # [XK-A8](b)


# -- worked example 5: ROF split and the ammo table ---------------------------------------------------
def test_worked_example_5_rof_split_raises_dam_makes_an_area_and_empties_on_1_to_3():
    b = attack_ready()
    r = shoot(b, weapon="smg", att=(3, 1), dfn=(1, 1), rof_dam=2, rof_area=1)
    attack = r.events[0].payload["attack"]
    assert (attack["dam"], attack["radius"], attack["empties_on"]) == (5, 1, 3)
    res = ok(b, c.ResolveAttack())
    kinds = [e.kind for e in res.events]
    assert "damage_dealt" in kinds  # the emptying attack still resolves [XK-A13](c)
    dealt = next(e for e in res.events if e.kind == "damage_dealt")
    assert dealt.payload["damage"] == (4 - 1) * 5  # 3 + open 1 = 4 against 1: SL 3 × DAM 5
    assert not b.state.model("A.shooter").weapon("smg").loaded


def test_an_empty_magazine_blocks_the_weapon_until_a_reload_which_uses_a_magazine():
    b = attack_ready()
    shoot(b, weapon="smg", att=(1, 1), dfn=(1, 1))
    ok(b, c.ResolveAttack())
    ok(b, c.EndActivation())
    ok(b, c.Activate("B.target", "hold"))
    ok(b, c.EndActivation())
    ok(b, c.StartTurn(faces=(6, 1)))
    ok(b, c.ChooseFirst("A"))
    ok(b, c.Activate("A.shooter", "move-attack", speed="still"))
    assert "empty" in str(refused(b, c.Attack("A.shooter", "smg", (c.Target("B.target"),))))
    ok(b, c.EndActivation())
    ok(b, c.Activate("B.target", "hold"))
    ok(b, c.EndActivation())
    ok(b, c.StartTurn(faces=(6, 1)))
    ok(b, c.ChooseFirst("A"))
    ok(b, c.Activate("A.shooter", "reload", weapon="smg"))
    w = b.state.model("A.shooter").weapon("smg")
    assert w.loaded and w.mags == 0


def test_a_limited_ammunition_weapon_counts_rounds_and_is_refused_at_zero():
    b = attack_ready()
    r = ok(b, c.Attack("A.shooter", "grenade", (c.Target("B.target", faces=(1, 1)),), faces=(1, 1)))
    res = ok(b, c.ResolveAttack())
    assert [e.kind for e in res.events].count("ammo_checked") == 0  # [XK-A14](b): no depletion for LA
    assert b.state.model("A.shooter").weapon("grenade").rounds == 1
    assert r.events[0].payload["attack"]["radius"] == 2


# -- worked example 6: indirect fire ------------------------------------------------------------------------
def test_worked_example_6_an_indirect_miss_scatters_d6_inches():
    b = attack_ready()
    r = ok(
        b,
        c.Attack(
            "A.shooter",
            "mortar",
            (c.Target("B.target"),),
            kind="indirect",
            range="maximum",
            faces=(4, 3),
            scatter_face=5,
        ),
    )
    hit = RollRecord.from_dict(rolls(r)[0])
    assert hit.target == 4 and hit.detail["result"] == 3 and not hit.success
    assert b.state.attack.scatter == 5 and b.state.attack.hit is False
    assert hit.probability == F(11, 36)  # Att 2, net −1 (§23.3)
    ok(b, c.Land((), direction="north-east"))
    res = ok(b, c.ResolveAttack())
    assert [e.kind for e in res.events] == ["ammo_checked", "attack_resolved"]


@pytest.mark.parametrize("rng", ["optimal", "maximum"])
def test_worked_example_6_a_hit_uses_the_unmodified_result_in_the_damage_step(rng):
    b = attack_ready(armour=4)
    r = ok(b, c.Attack("A.shooter", "mortar", (c.Target("B.target"),), kind="indirect", range=rng, faces=(6, 5)))
    hit = RollRecord.from_dict(rolls(r)[0])
    assert hit.success and hit.detail["result"] == (6 if rng == "optimal" else 5)
    landed = ok(b, c.Land((c.Target("B.target", "soft", faces=(4, 1)),)))
    pair = RollRecord.from_dict(rolls(landed)[0])
    assert pair.detail["attacker_result"] == 6 and pair.detail["sl"] == 2 and pair.detail["damage"] == 6
    assert pair.detail["wounds"] == 1 and pair.modifiers == ()  # cover has no effect on IF [XK-A8](c)
    ok(b, c.ResolveAttack())
    assert b.state.model("B.target").wounds == 1 and b.state.model("B.target").stunned


def test_indirect_fire_at_a_hidden_target_takes_minus_2_on_the_hit_test():
    b = attack_ready()
    r = ok(b, c.Attack("A.shooter", "mortar", (c.Target("B.target", "hidden"),), kind="indirect", faces=(6, 5)))
    hit = RollRecord.from_dict(rolls(r)[0])
    assert {m.key: m.value for m in hit.modifiers}["hidden"] == -2 and hit.detail["result"] == 4
    assert b.state.attack.hit is False


def test_a_direct_attack_on_a_hidden_target_is_refused():
    b = attack_ready()
    assert "not visible" in str(refused(b, c.Attack("A.shooter", "rifle", (c.Target("B.target", "hidden"),))))


# -- worked example 7: area attack, one roll ----------------------------------------------------------------
def test_worked_example_7_one_attack_roll_against_every_model_in_the_area():
    launcher = WeaponSpec("launcher", "Launcher", dam=2, ae=2, mags=1, optimal=12)
    b = started(
        new_battle(
            [model("shooter", weapons=(launcher,))], [model("a", defence=1, armour=3), model("b", defence=2, armour=3)]
        )
    )
    ok(b, c.Activate("A.shooter", "move-attack", speed="still"))
    r = ok(
        b,
        c.Attack(
            "A.shooter",
            "launcher",
            (c.Target("B.a", "open", faces=(4,)), c.Target("B.b", "hard", faces=(5, 1))),
            faces=(5, 6),
        ),
    )
    pa, pb = (RollRecord.from_dict(x) for x in rolls(r))
    assert (pa.detail["attacker_result"], pa.detail["sl"], pa.detail["damage"], pa.detail["wounds"]) == (7, 3, 6, 2)
    assert (pb.detail["attacker_result"], pb.detail["sl"]) == (4, -1)
    assert [d.face for d in pa.dice] == [d.face for d in pb.dice] == [5, 6]
    res = ok(b, c.ResolveAttack())
    assert [e.kind for e in res.events].count("ammo_checked") == 1
    assert b.state.model("B.a").wounds == 2 and b.state.model("B.a").stunned
    assert b.state.model("B.b").wounds == 0 and not b.state.model("B.b").stunned


def test_several_targets_need_an_area():
    b = started(new_battle([model("shooter")], [model("a"), model("b")]))
    ok(b, c.Activate("A.shooter", "move-attack", speed="still"))
    assert "area" in str(refused(b, c.Attack("A.shooter", "rifle", (c.Target("B.a"), c.Target("B.b")))))


# -- worked example 8: stun limits -----------------------------------------------------------------------------
def test_worked_example_8_two_hits_give_one_stun_which_goes_at_activation():
    b = started(new_battle([model("shooter"), model("second")], [model("target"), model("other")]))
    ok(b, c.Activate("A.shooter", "move-attack", speed="still"))
    shoot(b, att=(6, 6), dfn=(1, 1))
    ok(b, c.ResolveAttack())
    ok(b, c.EndActivation())
    ok(b, c.Activate("B.other", "hold"))
    ok(b, c.EndActivation())
    ok(b, c.Activate("A.second", "move-attack", speed="still"))
    r = ok(b, c.Attack("A.second", "rifle", (c.Target("B.target", faces=(1, 1)),), faces=(6, 6)))
    defender = RollRecord.from_dict(RollRecord.from_dict(rolls(r)[0]).detail["defender"])
    assert [m.value for m in defender.modifiers if m.key == "stun"] == [-1]
    assert len(defender.dice) == 2 and defender.detail["result"] == 0  # worked example 1: Def 2 still rolls 2
    ok(b, c.ResolveAttack())
    ok(b, c.EndActivation())
    assert b.state.model("B.target").stunned
    r = ok(b, c.Activate("B.target", "hold"))
    assert r.events[0].payload["stun_removed"] and not b.state.model("B.target").stunned


# -- worked example 10: Stealth ---------------------------------------------------------------------------------
@pytest.mark.parametrize("face, avoided", [(6, True), (5, False)])
def test_worked_example_10_stealth_5_avoids_on_6(face, avoided):
    b = attack_ready(target_kw={"stealth": 5})
    r = ok(
        b,
        c.Attack(
            "A.shooter",
            "rifle",
            (c.Target("B.target", faces=None if avoided else (1, 1), stealth_face=face),),
            faces=(6, 6),
        ),
    )
    stealth = RollRecord.from_dict(r.events[0].payload["stealth"][0])
    assert stealth.success is avoided and stealth.probability == F(1, 6)
    res = ok(b, c.ResolveAttack())
    assert any(e.kind == "ammo_checked" for e in res.events)  # the shot was fired [XK-A18]
    assert b.state.model("B.target").stunned is not avoided


# -- other checks ----------------------------------------------------------------------------------------------
def test_no_attack_at_a_speed_with_a_dash_in_the_att_row():
    b = attack_ready(speed="run")
    assert "no attack at that speed" in str(refused(b, c.Attack("A.shooter", "rifle", (c.Target("B.target"),))))


def test_one_attack_per_activation_by_default():
    b = attack_ready()
    shoot(b, att=(1, 1), dfn=(1, 1))
    ok(b, c.ResolveAttack())
    assert "already attacked" in str(refused(b, c.Attack("A.shooter", "pistol", (c.Target("B.target"),))))


def test_beyond_range_is_refused_unless_the_gm_overrides():
    b = attack_ready()
    refused(b, c.Attack("A.shooter", "rifle", (c.Target("B.target"),), range="beyond"))
    r = ok(
        b,
        c.Attack(
            "A.shooter",
            "rifle",
            (c.Target("B.target", faces=(1, 1)),),
            range="beyond",
            override_range=True,
            faces=(1, 1),
        ),
    )
    assert {m.key: m.value for m in RollRecord.from_dict(rolls(r)[0]).modifiers}["range"] == -1


def test_a_weapon_without_m_cannot_melee_and_a_blade_cannot_shoot():
    b = attack_ready()
    refused(b, c.Attack("A.shooter", "rifle", (c.Target("B.target"),), kind="melee"))
    refused(b, c.Attack("A.shooter", "knife", (c.Target("B.target"),), kind="direct"))


def test_rof_beyond_the_weapon_is_malformed():
    b = attack_ready()
    assert refused(b, c.Attack("A.shooter", "smg", (c.Target("B.target"),), rof_dam=3, rof_area=2)).kind == "malformed"


def test_an_incendiary_template_sets_the_target_burning():
    b = attack_ready()
    ok(b, c.Attack("A.shooter", "flamer", (c.Target("B.target", faces=(1, 1)),), faces=(4, 1)))
    ok(b, c.ResolveAttack())
    assert b.state.model("B.target").burning
    assert b.state.model("A.shooter").weapon("flamer").rounds == 2


def test_a_model_at_its_wound_limit_is_out_of_play():
    b = attack_ready(armour=1, target_kw={"wounds": 2})
    shoot(b, att=(6, 6), dfn=(1, 1))
    res = ok(b, c.ResolveAttack())
    assert any(e.kind == "model_out" for e in res.events) and b.state.model("B.target").out


def test_the_gm_can_add_a_logged_modifier():
    b = attack_ready()
    r = ok(
        b,
        c.Attack(
            "A.shooter", "rifle", (c.Target("B.target", faces=(1, 1)),), faces=(2, 2), adjust=(c.Adjust("fog", -1),)
        ),
    )
    mods = RollRecord.from_dict(rolls(r)[0]).modifiers
    assert any(m.label == "fog" and m.rule == "GM" and m.value == -1 for m in mods)


def test_pistol_is_a_plain_weapon():
    assert not PISTOL.has("M") and PISTOL.magazine

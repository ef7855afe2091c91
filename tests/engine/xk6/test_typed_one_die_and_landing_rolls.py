"""The burning die (§16 SB), the Medic's die (§16 Medic) and the Def dice where indirect fire
landed (§9 steps 2–4): exact odds before the roll (worked examples 6 and 10), the GM's typed
dice taken as typed, and a typo refused with nothing logged."""

from fractions import Fraction as F

import pytest

from engine.rolls import RollRecord
from engine.rulesets.xk6 import commands as c
from engine.rulesets.xk6 import view

from .conftest import model, new_battle, ok, refused, rolls, started


def burning_battle(wounds=None, already=0):
    """B.b was set burning by a flamer (SL 2, DAM 2 against Armour 8: no wound); A.a has acted."""
    b = started(new_battle([model("a")], [model("b", wounds=wounds)]))
    ok(b, c.Activate("A.a", "move-attack", speed="still"))
    ok(b, c.Attack("A.a", "flamer", (c.Target("B.b", faces=(1, 1)),), faces=(3, 3)))
    ok(b, c.ResolveAttack())
    ok(b, c.EndActivation())
    if already:
        ok(b, c.AdjustWounds("B.b", already, "earlier fight"))
    assert b.state.model("B.b").burning
    return b


# -- §16 SB: the burning die -------------------------------------------------------------------------------
def test_sb_burning_odds_before_the_roll_are_two_thirds_out_one_third_a_wound():
    b = burning_battle()
    pv = view.burning_preview(b.state, c.Activate("B.b", "hold"))
    assert (pv.problem, pv.out_max, pv.wounds_lost) == ("", 4, 1)
    assert (pv.p_out, pv.p_wound, pv.p_taken_out) == (F(2, 3), F(1, 3), F(0))


def test_sb_burning_odds_say_when_the_wound_takes_the_model_out():
    b = burning_battle(wounds=2, already=1)
    assert view.burning_preview(b.state, c.Activate("B.b", "hold")).p_taken_out == F(1, 3)


@pytest.mark.parametrize(
    "face, burning, wounds", [(4, False, 0), (5, True, 1)], ids=["example-10-rolls-4", "example-10-rolls-5"]
)
def test_worked_example_10_the_typed_burning_die_is_the_one_recorded(face, burning, wounds):
    b = burning_battle()
    r = ok(b, c.Activate("B.b", "hold", burn_face=face))
    record = RollRecord.from_dict(next(e for e in r.events if e.kind == "burning_rolled").payload["roll"])
    assert [d.face for d in record.dice] == [face] and record.probability == F(2, 3) and record.modifiers == ()
    assert b.state.model("B.b").burning is burning and b.state.model("B.b").wounds == wounds


def test_sb_a_burning_wound_at_the_limit_takes_the_model_out():
    b = burning_battle(wounds=2, already=1)
    r = ok(b, c.Activate("B.b", "hold", burn_face=6))
    assert [e.kind for e in r.events][-1] == "model_out" and b.state.model("B.b").out


@pytest.mark.parametrize("face", [0, 7])
def test_sb_a_burning_die_off_the_d6_is_refused_and_nothing_is_logged(face):
    b = burning_battle()
    assert "d6" in str(refused(b, c.Activate("B.b", "hold", burn_face=face)))


def test_sb_a_burning_die_for_a_model_not_burning_is_refused():
    b = started(new_battle([model("a")], [model("b")]))
    r = refused(b, c.Activate("A.a", "hold", burn_face=3))
    assert r.kind == "malformed" and "not burning" in str(r)
    assert "not burning" in view.burning_preview(b.state, c.Activate("A.a", "hold")).problem


def test_sb_the_preview_gives_the_activations_refusal_before_any_die():
    b = burning_battle()
    assert "Blues" not in view.burning_preview(b.state, c.Activate("B.b", "hold")).problem
    ok(b, c.Activate("B.b", "hold", burn_face=1))
    assert "still activated" in view.burning_preview(b.state, c.Activate("B.b", "hold")).problem


# -- §16 Medic: the Medic's die ----------------------------------------------------------------------------
def medic_battle(medic=4):
    b = started(new_battle([model("doc", medic=medic), model("hurt")], [model("b")]))
    ok(b, c.AdjustWounds("A.hurt", 2, "earlier fight"))
    ok(b, c.Activate("A.doc", "skill"))
    return b


@pytest.mark.parametrize("medic, needs, chance", [(4, 5, F(1, 3)), (5, 6, F(1, 6)), (2, 3, F(2, 3))])
def test_medic_x_heals_on_one_die_above_x_with_exact_odds(medic, needs, chance):
    pv = view.heal_preview(medic_battle(medic).state, c.Heal("A.hurt"))
    assert (pv.problem, pv.above, pv.mods, pv.needs, pv.p_heal) == ("", medic, (), needs, chance)


@pytest.mark.parametrize("face, healed", [(5, True), (4, False)], ids=["example-10-rolls-5", "example-10-rolls-4"])
def test_worked_example_10_the_typed_medic_die_is_the_one_recorded(face, healed):
    b = medic_battle()
    r = ok(b, c.Heal("A.hurt", face=face))
    record = RollRecord.from_dict(r.events[0].payload["roll"])
    assert [d.face for d in record.dice] == [face] and record.probability == F(1, 3) and record.success is healed
    assert b.state.model("A.hurt").wounds == (1 if healed else 2)


def test_medic_a_typo_is_refused_and_the_action_stays_open():
    b = medic_battle()
    refused(b, c.Heal("A.hurt", face=9))
    assert not b.state.turn.active.acted
    ok(b, c.Heal("A.hurt", face=6))


def test_medic_the_preview_gives_the_refusal_before_any_die():
    b = medic_battle()
    assert "no wounds" in view.heal_preview(b.state, c.Heal("A.doc")).problem
    assert "friendly" in view.heal_preview(b.state, c.Heal("B.b")).problem


# -- §9 steps 2–4: the Def dice where indirect fire landed -------------------------------------------------
def mortar_landed(att_faces=(6, 5), defence=2, armour=4, settings=None, b_kw=None):
    b = started(
        new_battle(
            [model("a")],
            [model("b", defence=defence, armour=armour, **(b_kw or {})), model("c", defence=1, armour=3)],
            settings,
        )
    )
    ok(b, c.Activate("A.a", "move-attack", speed="still"))
    ok(b, c.Attack("A.a", "mortar", (c.Target("B.b"),), kind="indirect", faces=att_faces))
    return b


def test_worked_example_6_landing_odds_are_against_the_unmodified_6_already_rolled():
    b = mortar_landed()
    pv = view.landing_preview(b.state, c.Land((c.Target("B.b"),)))
    assert (pv.problem, pv.unmodified, pv.dam) == ("", 6, 3)
    pair = pv.pairs[0]
    assert (pair.def_dice, sum(m.value for m in pair.def_mods), pair.stealth_chance) == (2, 0, None)
    # Def 2 results 1..5 have (2k−1)/36, 6 is 10/36, 7 is 1/36; SL = 6 − result.
    assert pair.sl_distribution == {
        5: F(1, 36),
        4: F(3, 36),
        3: F(5, 36),
        2: F(7, 36),
        1: F(9, 36),
        0: F(10, 36),
        -1: F(1, 36),
    }
    assert pair.p_success == F(25, 36)  # no six on two dice
    assert pair.wound_distribution == {0: F(5, 9), 1: F(7, 36), 2: F(5, 36), 3: F(1, 9)}  # DAM 3 v Armour 4
    assert pv.dice == (("B.b", 2, "Def"),)


def test_worked_example_6_the_typed_def_dice_give_sl_2_and_one_wound():
    b = mortar_landed()
    r = ok(b, c.Land((c.Target("B.b", faces=(4, 1)),)))
    pair = RollRecord.from_dict(rolls(r)[0])
    defender = RollRecord.from_dict(pair.detail["defender"])
    assert [d.face for d in defender.dice] == [4, 1]
    assert (pair.detail["sl"], pair.detail["damage"], pair.detail["wounds"]) == (2, 6, 1)
    assert pair.detail["given_result"] == {
        "unmodified": 6,
        "chance": "25/36",
        "sl_distribution": {"-1": "1/36", "0": "5/18", "1": "1/4", "2": "7/36", "3": "5/36", "4": "1/12", "5": "1/36"},
    }
    ok(b, c.ResolveAttack())
    assert b.state.model("B.b").wounds == 1 and b.state.model("B.b").stunned


def test_landing_on_several_models_lists_each_pool_in_order_with_its_own_odds():
    b = started(
        new_battle(
            [model("a", weapons=(_aoe_mortar(),))], [model("b", defence=2, armour=4), model("c", defence=1, armour=3)]
        )
    )
    ok(b, c.Activate("A.a", "move-attack", speed="still"))
    ok(b, c.Attack("A.a", "mortar2", (c.Target("B.b"),), kind="indirect", faces=(5, 6)))
    cmd = c.Land((c.Target("B.b"), c.Target("B.c")))
    pv = view.landing_preview(b.state, cmd)
    assert pv.dice == (("B.b", 2, "Def"), ("B.c", 1, "Def"))
    assert [p.p_success for p in pv.pairs] == [F(25, 36), F(5, 6)]  # Def 1: any face but a 6
    r = ok(b, c.Land((c.Target("B.b", faces=(6, 2)), c.Target("B.c", faces=(4,)))))
    assert [RollRecord.from_dict(x).detail["sl"] for x in rolls(r)] == [0, 2]


def test_landing_with_stealth_against_if_types_the_stealth_die_first():
    b = mortar_landed(settings={"stealth_vs_if": "on"}, b_kw={"stealth": 5})
    pv = view.landing_preview(b.state, c.Land((c.Target("B.b"),)))
    assert pv.dice == (("B.b", 1, "Stealth"), ("B.b", 2, "Def")) and pv.pairs[0].stealth_chance == F(1, 6)


@pytest.mark.parametrize("faces", [(4,), (4, 1, 2), (4, 8)], ids=["too-few", "too-many", "off-the-die"])
def test_landing_def_dice_typed_wrong_are_refused_and_the_shot_still_waits(faces):
    b = mortar_landed()
    refused(b, c.Land((c.Target("B.b", faces=faces),)))
    assert b.state.attack.stage == "landed"


def test_landing_preview_gives_the_refusal_and_none_without_a_shot_waiting():
    b = mortar_landed()
    assert "itself" in view.landing_preview(b.state, c.Land((c.Target("A.a"),))).problem
    ok(b, c.Land(()))
    assert view.landing_preview(b.state, c.Land(())) is None


def _aoe_mortar():
    from engine.rulesets.xk6.roster import WeaponSpec

    return WeaponSpec("mortar2", "Heavy mortar", dam=3, rof=0, mags=1, optimal=24, maximum=36, ae=2, traits=("IF",))

"""Grenades (§17.6), consumables (§17.3), the flamer template (§10.7), gap jumps and
ladders (§7.3–7.4), Atak Drona, Lawa and Dispel (§20.4, §21) in the battle engine."""

from fractions import Fraction

import pytest

from engine.battle import Battle, new_header
from engine.dice import ScriptedDice
from engine.ruleset import Rejected
from engine.rulesets.sanctum_mortalis import commands as c
from engine.rulesets.sanctum_mortalis import make_setup, view
from engine.rulesets.sanctum_mortalis.grenades import throw_chance
from engine.rulesets.sanctum_mortalis.roster import BandRoster, ModelSpec
from engine.rulesets.sanctum_mortalis.tricks import dispel_odds


def _battle(a_models=(), b_models=(), settings=None) -> Battle:
    a = BandRoster(
        "Wolves",
        "Ann",
        (
            ModelSpec(
                "kara",
                "Kara",
                "trooper",
                ranged=("assault-rifle",),
                captain=True,
                items=("frag-grenade", "stun-grenade"),
            ),
            ModelSpec("bo", "Bo", "swordsman", melee=("hand-weapon",)),
            *a_models,
        ),
    )
    b = BandRoster(
        "Saints",
        "Bob",
        (
            ModelSpec("xan", "Xan", "trooper", ranged=("assault-rifle",), captain=True, armour="none"),
            ModelSpec("yul", "Yul", "savage", ranged=("primitive",), melee=("hand-weapon",)),
            *b_models,
        ),
    )
    battle = Battle(new_header("sanctum-mortalis", make_setup(a, b, scenario="none", settings=settings), seed=3))
    _start(battle)
    return battle


def _start(battle: Battle) -> None:
    """Start the round with side A first (the roll-off, if any, won by A)."""
    a, b = (len(battle.state.on_table(s)) for s in ("A", "B"))
    _ok(battle.submit(c.StartRound(), ScriptedDice([6, 6, 1, 1]) if a == b else None))
    if battle.state.order.phase == "choose-first":
        _ok(battle.submit(c.ChooseFirst("A")))
    assert battle.state.order.to_act == "A" or a < b


def _ok(result):
    assert not isinstance(result, Rejected), result
    return result


# ------------------------------------------------------------------ grenades
def test_grenade_accuracy_for_c7_is_five_in_twelve_whatever_the_situation_17_6():
    battle = _battle()
    assert throw_chance(battle.state, "A.kara") == Fraction(5, 12)
    _ok(battle.submit(c.Move("A.kara", 3.0, difficult=True)))
    assert throw_chance(battle.state, "A.kara") == Fraction(5, 12)
    _ok(battle.submit(c.ThrowGrenade("A.kara", "frag-grenade", 8.0), ScriptedDice([3, 3])))
    roll = battle.entries[-1].payload["roll"]
    assert Fraction(*roll["probability"]) == Fraction(5, 12)
    assert roll["modifiers"] == [] and roll["target"] == 7 and roll["comparison"] == "<"
    assert [d["face"] for d in roll["dice"]] == [3, 3] and battle.state.grenade.hit


def test_a_grenade_is_an_action_and_used_once_17_6():
    battle = _battle()
    _ok(battle.submit(c.ThrowGrenade("A.kara", "frag-grenade"), ScriptedDice([6, 6])))
    kara = battle.state.model("A.kara")
    assert kara.others == 1 and kara.spec.items == ("stun-grenade",)
    assert battle.state.grenade is not None and not battle.state.grenade.hit
    again = battle.submit(c.ThrowGrenade("A.kara", "stun-grenade"), ScriptedDice([1, 1]))
    assert isinstance(again, Rejected) and "has not gone off" in again.reason


def test_a_grenade_reaches_8_inches_17_6():
    battle = _battle()
    r = battle.submit(c.ThrowGrenade("A.kara", "frag-grenade", 9.0), ScriptedDice([1, 1]))
    assert isinstance(r, Rejected) and r.rule == "§17.6"
    assert battle.state.model("A.kara").spec.items == ("frag-grenade", "stun-grenade")


def test_a_missed_grenade_needs_the_next_players_choice_17_6():
    battle = _battle()
    _ok(battle.submit(c.ThrowGrenade("A.kara", "frag-grenade"), ScriptedDice([4, 4])))
    r = battle.submit(c.GrenadeBlast(("B.xan",)))
    assert isinstance(r, Rejected) and r.kind == "ambiguous"
    _ok(battle.submit(c.GrenadeBlast(("B.xan",), scatter="farther")))
    assert battle.state.grenade is None and [p.model for p in battle.state.pending] == ["B.xan"]
    assert '3" farther' in battle.entries[-2].text


def test_the_captains_reroll_of_a_missed_throw_can_put_it_on_target_15_2():
    battle = _battle()
    _ok(battle.submit(c.ThrowGrenade("A.kara", "frag-grenade"), ScriptedDice([6, 2])))
    assert battle.state.last_roll.kind == "grenade" and not battle.state.grenade.hit
    _ok(battle.submit(c.Reroll("A.kara", 0, "captain"), ScriptedDice([1])))  # 1 + 2 < 7
    r = battle.submit(c.GrenadeBlast(("B.xan",), scatter="nearer"))
    assert isinstance(r, Rejected) and "goes off where it was aimed" in r.reason
    _ok(battle.submit(c.GrenadeBlast(("B.xan",))))
    assert [p.model for p in battle.state.pending] == ["B.xan"]


def test_a_frag_hit_removes_an_unarmoured_o5_model_with_13_in_18_17_6():
    battle = _battle()
    _ok(battle.submit(c.ThrowGrenade("A.kara", "frag-grenade"), ScriptedDice([1, 2])))
    _ok(battle.submit(c.GrenadeBlast(("B.xan", "B.yul"))))
    assert [(p.model, p.attack, p.weapon) for p in battle.state.pending] == [
        ("B.xan", "other", "frag-grenade"),
        ("B.yul", "other", "frag-grenade"),
    ]
    preview = view.save_preview(battle.state, c.Save("B.xan"))
    assert 1 - preview.p_pass == Fraction(13, 18)
    assert preview.tmod == 5
    _ok(battle.submit(c.Save("B.xan"), ScriptedDice([6, 6])))
    xan = battle.state.model("B.xan")
    assert not xan.on_table and xan.removed_by == "A.kara"


def test_a_stun_grenade_leaves_one_action_a_move_17_6():
    filt = ModelSpec("zed", "Zed", "trooper", ranged=("assault-rifle",), items=("suppression-filter",))
    battle = _battle(a_models=(ModelSpec("al", "Al", "trooper"),), b_models=(filt,))
    _ok(battle.submit(c.ThrowGrenade("A.kara", "stun-grenade"), ScriptedDice([1, 1])))
    _ok(battle.submit(c.GrenadeBlast(("B.xan", "B.zed"))))
    xan, zed = battle.state.model("B.xan"), battle.state.model("B.zed")
    assert (xan.action_cap, xan.move_only) == (1, "stun")
    assert (zed.action_cap, zed.move_only) == (2, "")
    assert not battle.state.pending
    _ok(battle.submit(c.EndActivation()))
    shot = battle.submit(c.Shoot("B.xan", "A.bo", "assault-rifle"), ScriptedDice([1, 1]))
    assert isinstance(shot, Rejected) and shot.rule == "§17.6"
    _ok(battle.submit(c.Move("B.xan", 3.0)))
    assert isinstance(battle.submit(c.Move("B.xan", 3.0)), Rejected)


def test_a_stun_grenade_does_nothing_to_a_model_with_no_actions_left_17_6():
    battle = _battle()
    _ok(battle.submit(c.Move("A.kara", 3.0)))
    _ok(battle.submit(c.ThrowGrenade("A.kara", "stun-grenade"), ScriptedDice([1, 1])))
    _ok(battle.submit(c.GrenadeBlast(("A.kara",))))
    assert battle.entries[-1].payload["effects"] == {"A.kara": "spent"}
    assert battle.state.model("A.kara").move_only == ""


def test_smoke_lets_the_models_inside_only_move_until_the_next_round_17_6():
    smoker = ModelSpec("sid", "Sid", "trooper", ranged=("assault-rifle",), items=("smoke-grenade",))
    battle = _battle(a_models=(smoker,))
    _ok(battle.submit(c.ThrowGrenade("A.sid", "smoke-grenade"), ScriptedDice([2, 2])))
    _ok(battle.submit(c.GrenadeBlast(("B.xan",))))
    assert battle.state.smoke and battle.state.model("B.xan").move_only == "smoke"
    _ok(battle.submit(c.EndRound(force=True)))
    _start(battle)
    assert battle.state.smoke == () and battle.state.model("B.xan").move_only == ""


def test_a_move_out_of_the_smoke_frees_the_model_17_6():
    smoker = ModelSpec("sid", "Sid", "trooper", ranged=("assault-rifle",), items=("smoke-grenade",))
    battle = _battle(a_models=(smoker,), b_models=(ModelSpec("zed", "Zed", "trooper"),))
    _ok(battle.submit(c.ThrowGrenade("A.sid", "smoke-grenade"), ScriptedDice([2, 2])))
    _ok(battle.submit(c.GrenadeBlast(("A.sid", "A.kara"))))
    assert isinstance(battle.submit(c.PlaceMarker("A.sid", "defensive-stance")), Rejected)
    _ok(battle.submit(c.Move("A.sid", 3.0)))  # still inside: Move only
    _ok(battle.submit(c.EndActivation()))
    _ok(battle.submit(c.Move("B.xan", 1.0)))
    _ok(battle.submit(c.EndActivation()))
    _ok(battle.submit(c.Move("A.kara", 3.0, leaves_smoke=True)))
    assert battle.state.model("A.kara").move_only == "" and battle.entries[-1].kind == "smoke_left"
    _ok(battle.submit(c.PlaceMarker("A.kara", "defensive-stance")))


def test_a_thrown_grenade_replays_to_the_same_state():
    battle = _battle()
    _ok(battle.submit(c.ThrowGrenade("A.kara", "frag-grenade"), ScriptedDice([1, 2])))
    _ok(battle.submit(c.GrenadeBlast(("B.xan",))))
    again = Battle(battle.header, [e.to_dict() for e in battle.entries])
    assert again.state == battle.state


# ------------------------------------------------------------------ consumables
def test_used_grenades_and_ammunition_are_crossed_off_after_the_battle_17_3():
    from engine.rulesets.sanctum_mortalis.campaign.summary import battle_summary

    ammo = ModelSpec("pia", "Pia", "trooper", ranged=("assault-rifle",), items=("piercing-rounds",))
    battle = _battle(a_models=(ammo,))
    _ok(battle.submit(c.ThrowGrenade("A.kara", "frag-grenade"), ScriptedDice([6, 6])))
    _ok(battle.submit(c.GrenadeBlast((), scatter="nearer")))
    _ok(battle.submit(c.EndBattle()))
    summary = battle_summary(battle.header["setup"], [e.to_dict() for e in battle.entries])
    assert summary["models"]["A.kara"]["spent"] == ["frag-grenade"]
    assert summary["models"]["A.pia"]["spent"] == ["piercing-rounds"]
    assert summary["models"]["A.bo"]["spent"] == []


def test_the_post_battle_sequence_takes_them_off_the_rosters_17_3():
    from engine.rulesets.sanctum_mortalis.campaign.sequence import consumables_spent
    from engine.rulesets.sanctum_mortalis.postbattle.consumables import spent_items, without

    assert spent_items(("frag-grenade", "frag-grenade", "piercing-rounds"), ("frag-grenade", "piercing-rounds")) == (
        "frag-grenade",
        "piercing-rounds",
    )
    assert without(("frag-grenade", "frag-grenade", "jet-pack"), ("frag-grenade",)) == ("frag-grenade", "jet-pack")

    class Band:
        key = "wolves"
        roster = BandRoster(
            "Wolves", "Ann", (ModelSpec("kara", "Kara", "trooper", items=("frag-grenade", "jet-pack")),)
        )

    drafts = consumables_spent(Band(), {"kara": {"spent": ["frag-grenade"]}})
    assert [d.payload["model"]["items"] for d in drafts] == [["jet-pack"]]
    assert "crossed off" in drafts[0].text


# ------------------------------------------------------------------ flamer
FLAMER = ModelSpec("fen", "Fen", "destroyer", ranged=("flamer",))


def test_the_flamer_hits_every_model_named_under_its_template_10_7():
    battle = _battle(a_models=(FLAMER,))
    _ok(battle.submit(c.Shoot("A.fen", "B.xan", "flamer", template=("B.yul", "A.bo")), ScriptedDice([])))
    assert [p.model for p in battle.state.pending] == ["B.xan", "B.yul", "A.bo"]
    previews = [view.save_preview(battle.state, c.Save(m)) for m in ("B.xan", "B.yul", "A.bo")]
    # +1 for the flamer on each: unarmoured O5 → 6, light armour O5+1 → 7
    assert [p.tmod for p in previews] == [6, 7, 7]
    assert [p.p_pass for p in previews] == [Fraction(15, 36), Fraction(21, 36), Fraction(21, 36)]
    _ok(battle.submit(c.Save("B.xan"), ScriptedDice([1, 1])))
    _ok(battle.submit(c.Save("B.yul"), ScriptedDice([6, 5])))
    _ok(battle.submit(c.Save("A.bo"), ScriptedDice([2, 2])))
    assert not battle.state.pending
    assert [battle.state.model(m).on_table for m in ("B.xan", "B.yul", "A.bo")] == [True, False, True]


def test_only_a_template_weapon_names_models_under_it_10_7():
    battle = _battle()
    r = battle.submit(c.Shoot("A.kara", "B.xan", "assault-rifle", template=("B.yul",)), ScriptedDice([1, 1]))
    assert isinstance(r, Rejected) and r.rule == "§10.7"


# ------------------------------------------------------------------ gap jumps and ladders
@pytest.mark.parametrize(
    ("skills", "gap", "run_up", "ok"),
    [
        ((), 3.0, None, True),
        ((), 3.5, None, False),
        (("acrobat",), 4.0, None, True),
        ((), 2.0, 2.0, True),
        ((), 2.5, 2.0, False),
        ((), 1.0, 0.0, True),
        ((), 1.5, 0.0, False),
    ],
    ids=[
        "3in-7.4",
        "over-3in-7.4",
        "acrobat-4in-20.1",
        "run-up-2in",
        "longer-than-run-up",
        "standing-1in",
        "standing-over-1in",
    ],
)
def test_a_gap_jump_is_at_most_3_inches_4_with_akrobata_7_4(skills, gap, run_up, ok):
    jumper = ModelSpec("jo", "Jo", "trooper", ranged=("assault-rifle",), skills=skills)
    battle = _battle(a_models=(jumper,))
    r = battle.submit(c.Move("A.jo", 2.0, gap=gap, run_up=run_up))
    assert isinstance(r, Rejected) != ok, r
    if not ok:
        assert r.rule == "§7.4"


def test_a_model_jumps_only_once_per_round_7_4():
    battle = _battle()
    _ok(battle.submit(c.Move("A.kara", 2.0, gap=2.0)))
    assert battle.state.model("A.kara").jumped
    r = battle.submit(c.Move("A.kara", 2.0, gap=1.0))
    assert isinstance(r, Rejected) and "once per round" in r.reason


def test_a_ladder_climb_costs_one_inch_per_inch_7_3():
    battle = _battle()
    assert isinstance(battle.submit(c.Move("A.kara", 1.0, climb=3.0)), Rejected)  # 1 + 6 > 4
    _ok(battle.submit(c.Move("A.kara", 1.0, climb=3.0, ladder=True)))
    assert "ladder" in battle.entries[-1].text or "ladder" in battle.entries[-2].text


# ------------------------------------------------------------------ tricks and Dispel
TECHNO = ModelSpec("tia", "Tia", "technomancer", tricks=("drone-strike", "lava", "flash"))
DISPELLER = ModelSpec("dov", "Dov", "technomancer", skills=("dispel",))


def test_atak_drona_hits_and_the_shield_gives_nothing_21():
    shielded = ModelSpec("sol", "Sol", "swordsman", melee=("hand-weapon",), shield=True)
    battle = _battle(a_models=(TECHNO,), b_models=(shielded,))
    _ok(battle.submit(c.CastTrick("A.tia", "drone-strike", "B.sol")))
    [pend] = battle.state.pending
    assert (pend.model, pend.attack, pend.weapon, pend.attacker) == ("B.sol", "other", "drone-strike", "A.tia")
    p = view.save_preview(battle.state, c.Save("B.sol"))
    assert p.tmod == 6 and p.p_pass == Fraction(15, 36)  # O5 + light armour 1, shield 0


def test_lava_makes_every_model_under_the_pool_test_21():
    battle = _battle(a_models=(TECHNO,))
    _ok(battle.submit(c.CastTrick("A.tia", "lava", victims=("B.xan", "A.bo"))))
    assert [(p.model, p.weapon) for p in battle.state.pending] == [("B.xan", "lava"), ("A.bo", "lava")]
    assert view.save_preview(battle.state, c.Save("B.xan")).p_pass == Fraction(10, 36)


def test_models_that_stay_in_the_lava_pool_may_only_move_round_after_round_21():
    battle = _battle(a_models=(TECHNO,))
    _ok(battle.submit(c.CastTrick("A.tia", "lava", victims=("B.xan", "A.bo"))))
    _ok(battle.submit(c.Save("B.xan"), ScriptedDice([1, 1])))
    _ok(battle.submit(c.Save("A.bo"), ScriptedDice([1, 1])))
    assert [battle.state.model(x).move_only for x in ("B.xan", "A.bo")] == ["lava", "lava"]
    _ok(battle.submit(c.EndActivation()))
    refused = battle.submit(c.PlaceMarker("B.xan", "defensive-stance"))
    assert isinstance(refused, Rejected) and refused.rule == "§21" and "burning pool" in refused.reason
    _ok(battle.submit(c.Move("B.xan", 3.0)))  # still inside: Move only
    _ok(battle.submit(c.Move("B.xan", 3.0, leaves_lava=True)))
    assert battle.state.model("B.xan").move_only == "" and battle.entries[-1].kind == "lava_left"
    _ok(battle.submit(c.EndRound(force=True)))
    _start(battle)
    assert battle.state.model("A.bo").move_only == "lava"  # the pool stays until the end (§21)
    assert battle.state.model("B.xan").move_only == ""
    again = Battle(battle.header, [e.to_dict() for e in battle.entries])
    assert again.state == battle.state


def test_a_dispelled_lava_leaves_nobody_in_a_pool_20_4():
    battle = _battle(a_models=(TECHNO,), b_models=(DISPELLER,))
    _ok(battle.submit(c.CastTrick("A.tia", "lava", victims=("B.xan",), dispeller="B.dov"), ScriptedDice([4, 4])))
    assert not battle.state.pending and battle.state.model("B.xan").move_only == ""


def test_dispel_on_8_or_more_cancels_the_trick_20_4():
    assert dispel_odds() == Fraction(15, 36)
    battle = _battle(a_models=(TECHNO,), b_models=(DISPELLER,))
    _ok(battle.submit(c.CastTrick("A.tia", "drone-strike", "B.xan", dispeller="B.dov"), ScriptedDice([4, 4])))
    kinds = [e.kind for e in battle.entries[-3:]]
    assert kinds[-2:] == ["dispel_rolled", "trick_cast"]
    assert not battle.state.pending and battle.state.model("A.tia").charges("drone-strike") == 0
    assert "dispelled by Dov" in battle.entries[-1].text


def test_a_failed_dispel_leaves_the_trick_its_effect_20_4():
    battle = _battle(a_models=(TECHNO,), b_models=(DISPELLER,))
    _ok(battle.submit(c.CastTrick("A.tia", "flash", "B.xan", dispeller="B.dov"), ScriptedDice([3, 4])))
    assert battle.state.model("B.xan").no_shooting


SPARKER = ModelSpec("tia", "Tia", "technomancer", tricks=("short-circuit",))


def test_dispel_on_8_or_more_stops_spiecie_before_its_shot_20_4():
    battle = _battle(a_models=(SPARKER,), b_models=(DISPELLER,))
    before = battle.state.model("A.tia").charges("short-circuit")
    _ok(battle.submit(c.Shoot("A.tia", "B.xan", "short-circuit", dispeller="B.dov"), ScriptedDice([4, 4])))
    kinds = [e.kind for e in battle.entries if e.kind in ("dispel_rolled", "trick_cast", "shot", "salvo_ended")]
    assert kinds == ["dispel_rolled", "trick_cast", "salvo_ended"]
    tia = battle.state.model("A.tia")
    assert tia.charges("short-circuit") == before - 1 and tia.actions_used == 1 and tia.salvo is None
    assert not battle.state.pending and "dispelled by Dov" in battle.entries[-2].text


def test_a_failed_dispel_lets_spiecie_shoot_with_the_next_dice_20_4():
    battle = _battle(a_models=(SPARKER,), b_models=(DISPELLER,))
    _ok(battle.submit(c.Shoot("A.tia", "B.xan", "short-circuit", dispeller="B.dov"), ScriptedDice([3, 4, 1, 1])))
    dispel = next(e for e in battle.entries if e.kind == "dispel_rolled")
    shot = next(e for e in battle.entries if e.kind == "shot")
    assert [d["face"] for d in dispel.payload["roll"]["dice"]] == [3, 4]
    assert [d["face"] for d in shot.payload["roll"]["dice"]] == [1, 1]
    assert [p.model for p in battle.state.pending] == ["B.xan"]
    assert Fraction(*dispel.payload["roll"]["probability"]) == Fraction(15, 36)


def test_dispel_is_refused_before_any_roll_for_a_gun_or_a_friend_20_4():
    battle = _battle(a_models=(SPARKER, DISPELLER), b_models=(DISPELLER,))
    before = len(battle.entries)
    gun = battle.submit(c.Shoot("A.kara", "B.xan", "assault-rifle", dispeller="B.dov"), ScriptedDice([1, 1]))
    assert isinstance(gun, Rejected) and gun.kind == "malformed" and gun.rule == "§20.4"
    friend = battle.submit(c.Shoot("A.tia", "B.xan", "short-circuit", dispeller="A.dov"), ScriptedDice([6, 6]))
    assert isinstance(friend, Rejected) and "[SM-A30]" in friend.reason
    assert len(battle.entries) == before


def test_dispel_is_only_against_enemy_tricks_by_default_sm_a30():
    battle = _battle(a_models=(TECHNO, DISPELLER))
    r = battle.submit(c.CastTrick("A.tia", "flash", "B.xan", dispeller="A.dov"), ScriptedDice([6, 6]))
    assert isinstance(r, Rejected) and "[SM-A30]" in r.reason
    other = _battle(a_models=(TECHNO, DISPELLER), settings={"dispel_optional": "off"})
    _ok(other.submit(c.CastTrick("A.tia", "flash", "B.xan", dispeller="A.dov"), ScriptedDice([6, 6])))
    assert not other.state.model("B.xan").no_shooting


def test_a_model_without_dispel_cannot_roll_it_20_4():
    battle = _battle(a_models=(TECHNO,))
    r = battle.submit(c.CastTrick("A.tia", "flash", "B.xan", dispeller="B.yul"), ScriptedDice([6, 6]))
    assert isinstance(r, Rejected) and r.rule == "§20.4"


def test_a_missed_throw_offers_the_captains_reroll_with_exact_odds_15_2():
    battle = _battle()
    _ok(battle.submit(c.ThrowGrenade("A.kara", "frag-grenade"), ScriptedDice([6, 2])))
    offers = {o.id: o for o in view.reroll_offers(battle.state)}
    assert set(offers) == {"captain:A.kara:0", "captain:A.kara:1"}
    assert offers["captain:A.kara:0"].odds_after == Fraction(4, 6)  # keeping the 2: f + 2 < 7
    assert offers["captain:A.kara:1"].odds_after == Fraction(0)  # keeping the 6: never
    assert offers["captain:A.kara:0"].goal == "on target"


def test_a_throw_on_target_offers_no_reroll_of_its_own_15_2():
    battle = _battle()
    _ok(battle.submit(c.ThrowGrenade("A.kara", "frag-grenade"), ScriptedDice([1, 2])))
    assert not view.reroll_offers(battle.state)

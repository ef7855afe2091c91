"""§8 worked examples 1–8 and 13: the melee, step by step, through the battle log."""

import pytest

from engine.rulesets.saga import commands as c
from engine.rulesets.saga import tables as t
from engine.rulesets.saga.melee_numbers import save_on
from engine.rulesets.saga.melee_state import ATTACKER, DEFENDER

from .conftest import new_battle, ok, refused, set_fatigue, to_step3, to_step4, unit


def battle_with(attacker=None, defender=None, settings=None, others=()):
    b = new_battle([attacker or unit("axes")], [defender or unit("shields"), *others], settings)
    ok(b, c.StartTurn("A"))
    return b


def pools(b):
    return {p.unit: p for p in b.state.melee.pools}


def last(b, kind):
    return next(e for e in reversed(b.active_events) if e.kind == kind)


def fight(b, att, dfd, att_def=(), def_def=()):
    """Steps 4 and 5 with typed dice (defence lists must match the dice each side gets)."""
    ok(b, c.RollAttacks(attacker=tuple(att), defender=tuple(dfd)))
    ok(b, c.RollDefence(attacker=tuple(att_def), defender=tuple(def_def)))


# -- example 1: the step-2 trade ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    "n, removed, kept, bonus",
    [
        (1, 1, 0, 1),
        (2, 1, 1, 1),
        (3, 2, 1, 1),
        (4, 2, 2, 1),
        (5, 3, 2, 2),
        (6, 3, 3, 2),
        (7, 4, 3, 2),
        (8, 4, 4, 2),
        (9, 5, 4, 3),
        (10, 5, 5, 3),
        (11, 6, 5, 3),
        (12, 6, 6, 3),
    ],
)
def test_step2_trade_follows_the_reference_table(n, removed, kept, bonus):
    assert t.trade(n) == (removed, kept, bonus)


def test_ex1_a_defender_with_7_dice_that_trades_keeps_3_and_sets_aside_2():
    b = battle_with(defender=unit("shields", models=7))
    to_step3(b, "A.axes", "B.shields", trade=True)
    assert pools(b)["B.shields"].step3 == 3 and b.state.melee.trade_bonus == 2
    assert pools(b)["A.axes"].step3 == 8  # the Attacker is never offered the trade
    assert "7 attack dice − 4 = 3" in last(b, "melee_trade").text


def test_ex1_a_defender_that_declines_keeps_7_dice_and_gets_no_defence_dice():
    b = battle_with(defender=unit("shields", models=7))
    to_step3(b, "A.axes", "B.shields", trade=False)
    assert pools(b)["B.shields"].step3 == 7 and b.state.melee.trade_bonus == 0


# -- example 2: the doubling cap ------------------------------------------------------------------------------
@pytest.mark.parametrize("bonus, final", [(5, 8), (4, 8), (3, 7)])
def test_ex2_four_attack_dice_with_ability_bonus_are_capped_at_eight(bonus, final):
    b = battle_with(attacker=unit("axes", models=4))
    to_step3(b, "A.axes", "B.shields")
    ok(b, c.DeclareAbility("Fury", attack_dice=bonus))
    ok(b, c.EndDeclarations())
    ok(b, c.EndDeclarations())
    p = pools(b)["A.axes"]
    assert (p.final, p.lost_to_cap) == (final, 4 + bonus - final)
    if bonus == 5:
        assert "capped at 2× 4: 1 lost" in last(b, "melee_step3").text


def test_ex2_an_ability_adding_dice_in_step4_counts_toward_the_same_cap():
    b = battle_with(attacker=unit("axes", models=3))
    to_step3(b, "A.axes", "B.shields")
    ok(b, c.DeclareAbility("Rage", attack_dice=2, acts_in=3))
    ok(b, c.DeclareAbility("Attack!", attack_dice=2, acts_in=4))
    ok(b, c.EndDeclarations())
    ok(b, c.EndDeclarations())
    assert pools(b)["A.axes"].final == 6


def test_the_defender_cannot_declare_before_the_attacker_is_done():
    b = battle_with()
    to_step3(b, "A.axes", "B.shields")
    assert b.state.melee.stage == "abilities-attacker"
    ok(b, c.DeclareAbility("Shield wall", defence_dice=1))
    assert b.state.melee.abilities[0].role == ATTACKER
    ok(b, c.EndDeclarations())
    ok(b, c.DeclareAbility("Shield wall", defence_dice=1))
    assert b.state.melee.abilities[1].role == DEFENDER


def test_after_step3_no_ability_can_be_declared():
    b = battle_with()
    to_step4(b, "A.axes", "B.shields")
    refused(b, c.DeclareAbility("Too late", attack_dice=1))


# -- example 3: the defence-dice cap ------------------------------------------------------------------------------
@pytest.mark.parametrize("hits, rolled", [(1, 2), (2, 4), (4, 7), (0, 0)])
def test_ex3_three_set_aside_dice_are_capped_at_twice_the_hits(hits, rolled):
    b = battle_with(defender=unit("shields", models=10))
    to_step4(b, "A.axes", "B.shields", trade=True)  # 10 dice: removes 5, keeps 5, sets aside 3
    assert b.state.melee.trade_bonus == 3
    ok(b, c.RollAttacks(attacker=(6,) * hits + (1,) * (8 - hits), defender=(1,) * 5))
    ok(b, c.RollDefence(attacker=(), defender=(1,) * rolled))
    assert last(b, "melee_defence_rolled").payload["dice"] == rolled  # the Defender rolls second
    if hits == 0:
        assert "3 set-aside defence dice lost" in last(b, "melee_defences_done").text


def test_ex3_an_ability_giving_defence_dice_is_lost_without_hits_and_its_saga_dice_not_returned():
    b = battle_with()
    to_step3(b, "A.axes", "B.shields")
    ok(b, c.EndDeclarations())
    ok(b, c.DeclareAbility("Shield wall", defence_dice=2, acts_in=5, saga_dice=1))
    ok(b, c.EndDeclarations())
    fight(b, (1,) * 8, (1,) * 8)
    assert "Shield wall: no hits to defend against — benefit lost, SAGA dice not returned" in b.state.melee.lost


# -- example 4: the attack roll and Armour changes -------------------------------------------------------------------
def _ex4(spend_own: bool, spend_enemy: bool):
    b = battle_with(attacker=unit("axes", models=6))
    set_fatigue(b, "A.axes", 1)
    set_fatigue(b, "B.shields", 1)
    to_step3(b, "A.axes", "B.shields")
    if spend_enemy:
        ok(b, c.SpendFatigue("A", "B.shields", "enemy_armour"))
    ok(b, c.EndDeclarations())
    if spend_own:
        ok(b, c.SpendFatigue("B", "A.axes", "own_armour"))
    ok(b, c.EndDeclarations())
    ok(b, c.RollAttacks(attacker=(1, 2, 3, 4, 5, 6), defender=(1,) * 8))
    return b


@pytest.mark.parametrize("own, enemy, armour, hits", [(False, False, 4, 3), (True, False, 5, 2), (True, True, 4, 3)])
def test_ex4_hits_against_armour_4_with_the_fatigue_spends(own, enemy, armour, hits):
    b = _ex4(own, enemy)
    assert b.state.melee.armour["A.axes"] == armour
    assert b.state.melee.hits[ATTACKER] == hits


def test_ex4_a_die_rerolled_from_3_to_1_cannot_be_rerolled_again():
    b = battle_with(attacker=unit("axes", models=6))
    to_step3(b, "A.axes", "B.shields")
    ok(b, c.DeclareAbility("Re-roll", reroll_attack=2))
    ok(b, c.EndDeclarations())
    ok(b, c.EndDeclarations())
    ok(b, c.RollAttacks(attacker=(1, 2, 3, 4, 5, 6), defender=(1,) * 8))
    ok(b, c.Reroll("A", "attack", (2,), faces=(1,)))
    die = b.state.melee.attack["A.axes"][2]
    assert (die.face, die.replaced) == (1, 3)
    r = refused(b, c.Reroll("A", "attack", (2,), faces=(6,)))
    assert "never be re-rolled again" in r.reason
    assert b.state.melee.hits[ATTACKER] == 3  # 4, 5, 6; the 1 stands


def test_a_reroll_needs_a_declared_ability():
    b = battle_with()
    to_step4(b, "A.axes", "B.shields")
    ok(b, c.RollAttacks(attacker=(1,) * 8, defender=(1,) * 8))
    assert "allow 0 more" in refused(b, c.Reroll("A", "attack", (0,), faces=(6,))).reason


# -- example 5: the defence roll with and without hard cover -----------------------------------------------------------
@pytest.mark.parametrize("cover, casualties", [(None, 2), ((3, 3), 1)])
def test_ex5_defence_dice_2_4_5_against_3_hits(cover, casualties):
    b = battle_with()
    to_step4(b, "A.axes", "B.shields")
    if cover:
        ok(b, c.SetMeleeCover(*cover))
    fight(b, (6, 6, 6, 1, 1, 1, 1, 1), (6, 6, 6, 1, 1, 1, 1, 1), att_def=(2, 4, 5), def_def=(2, 4, 5))
    m = b.state.melee
    assert m.uncancelled[DEFENDER] == casualties
    assert m.uncancelled[ATTACKER] == 2  # the Attacker cancels only on 5+, whatever the Defender's cover


# -- example 6: the 2/3 cover test ------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "in_contact, covered, has_cover", [(3, 2, True), (5, 3, False), (5, 4, True), (6, 4, True), (6, 0, False)]
)
def test_ex6_hard_cover_needs_two_thirds_of_the_defenders_in_contact(in_contact, covered, has_cover):
    assert t.hard_cover_in_melee(in_contact, covered) is has_cover


def test_ex6_the_attacker_never_gets_cover_and_light_cover_is_not_an_option_in_melee():
    b = battle_with()
    ok(b, c.Engage("A.axes", "B.shields"))
    ok(b, c.SetMeleeCover(6, 6))
    assert save_on(b.state, b.state.melee, DEFENDER) == 4
    assert save_on(b.state, b.state.melee, ATTACKER) == 5


# -- examples 7 and 8: who retreats --------------------------------------------------------------------------------------
def _casualties(b, by_attacker: int, by_defender: int):
    fight(
        b,
        (6,) * by_attacker + (1,) * (8 - by_attacker),
        (6,) * by_defender + (1,) * (8 - by_defender),
        att_def=(1,) * by_defender,
        def_def=(1,) * by_attacker,
    )
    ok(b, c.RemoveCasualties())


@pytest.mark.parametrize("a, d, retreating", [(3, 1, DEFENDER), (1, 3, ATTACKER), (2, 2, ATTACKER), (0, 0, ATTACKER)])
def test_ex7_the_side_that_inflicted_fewer_retreats_and_a_tie_sends_the_attacker_back(a, d, retreating):
    b = battle_with()
    to_step4(b, "A.axes", "B.shields")
    _casualties(b, a, d)
    ok(b, c.ResolveRetreat())
    result = last(b, "melee_result").payload
    assert result["retreating"] == retreating and not result["not_a_retreat"]
    assert b.state.melee is None


def test_ex7_when_the_loser_cannot_retreat_the_winner_retreats_and_it_is_not_a_retreat_for_abilities():
    b = battle_with()
    to_step4(b, "A.axes", "B.shields")
    _casualties(b, 3, 1)
    ok(b, c.ResolveRetreat(loser_can_retreat=False))
    result = last(b, "melee_result").payload
    assert result["retreating"] == ATTACKER and result["not_a_retreat"]


def test_A7_when_neither_side_can_retreat_the_gm_ruling_leaves_both_in_place():
    b = battle_with()
    to_step4(b, "A.axes", "B.shields")
    _casualties(b, 3, 1)
    ok(b, c.ResolveRetreat(loser_can_retreat=False, winner_can_retreat=False))
    result = last(b, "melee_result").payload
    assert result["retreating"] is None and "GM ruling [SAGA-A7]" in result["reason"]


def test_ex8_a_wiped_out_defender_means_the_attacker_does_not_retreat_despite_losing_more():
    b = battle_with(defender=unit("shields", models=3, dice=2), others=[unit("bows")])
    to_step4(b, "A.axes", "B.shields")
    fight(b, (6, 6, 6, 1, 1, 1, 1, 1), (6, 6, 6, 6, 1, 1), att_def=(1,) * 4, def_def=(1,) * 3)
    ok(b, c.RemoveCasualties())
    assert b.state.unit("B.shields").models == 0 and b.state.unit("A.axes").models == 4
    ok(b, c.MarkWithinS(()))  # B's other unit, "bows", was not within S
    ok(b, c.ResolveRetreat())
    assert last(b, "melee_result").payload["retreating"] is None


def test_step6_removes_the_defenders_casualties_first():
    b = battle_with()
    to_step4(b, "A.axes", "B.shields")
    _casualties(b, 2, 1)
    removed = [e.payload["unit"] for e in b.active_events if e.kind == "casualties_removed"]
    assert removed == ["B.shields", "A.axes"]


def test_step7_every_surviving_unit_in_the_melee_gains_one_fatigue():
    b = battle_with()
    to_step4(b, "A.axes", "B.shields")
    _casualties(b, 1, 1)
    assert b.state.unit("A.axes").fatigue == 1 and b.state.unit("B.shields").fatigue == 1


# -- example 13: an exhausted defender ------------------------------------------------------------------------------------
def test_ex13_exhausted_warriors_attacked_with_8_dice_keep_4_then_trade_to_2_and_1_defence_die():
    b = battle_with(defender=unit("shields", models=8))
    set_fatigue(b, "B.shields", 3)
    ok(b, c.Engage("A.axes", "B.shields"))
    ok(b, c.ConfirmAttackDice())
    assert pools(b)["B.shields"].step1 == 4
    ok(b, c.TradeDice(True))
    assert pools(b)["B.shields"].step3 == 2 and b.state.melee.trade_bonus == 1


@pytest.mark.parametrize("rounding, kept", [("lose-up", 3), ("lose-down", 4)])
def test_A5_an_exhausted_defender_with_7_dice_loses_half_rounded_by_the_setting(rounding, kept):
    b = battle_with(defender=unit("shields", models=7), settings={"exhaustion_rounding": rounding})
    set_fatigue(b, "B.shields", 3)
    ok(b, c.Engage("A.axes", "B.shields"))
    ok(b, c.ConfirmAttackDice())
    assert pools(b)["B.shields"].step1 == kept


@pytest.mark.parametrize("setting, dice", [("off", 8), ("on", 4)])
def test_A6_an_exhausted_attacker_is_halved_only_with_the_setting(setting, dice):
    b = battle_with(settings={"exhausted_attacker_halved": setting})
    set_fatigue(b, "A.axes", 3)
    ok(b, c.Engage("A.axes", "B.shields"))
    ok(b, c.ConfirmAttackDice())
    assert pools(b)["A.axes"].step1 == dice


@pytest.mark.parametrize("setting, final", [("step3", 4), ("before-step2", 8)])
def test_A3_the_defenders_cap_base_follows_the_setting(setting, final):
    b = battle_with(settings={"defender_cap_base": setting})
    to_step3(b, "A.axes", "B.shields", trade=True)  # 8 -> 4 kept
    ok(b, c.EndDeclarations())
    ok(b, c.DeclareAbility("Fury", attack_dice=6))
    ok(b, c.EndDeclarations())
    assert pools(b)["B.shields"].final == min(4 + 6, final * 2 if setting == "step3" else 16)
    assert ("before step 2" in last(b, "melee_step3").text) is (setting == "before-step2")


def test_participants_and_typed_dice_set_step1():
    b = battle_with()
    ok(b, c.Engage("A.axes", "B.shields"))
    ok(b, c.SetParticipants("A.axes", models=5))
    ok(b, c.SetParticipants("B.shields", dice=3))
    ok(b, c.ConfirmAttackDice())
    assert pools(b)["A.axes"].step1 == 5 and pools(b)["B.shields"].step1 == 3


def test_a_melee_needs_a_player_turn_in_progress():
    b = new_battle([unit("axes")], [unit("shields")])
    refused(b, c.Engage("A.axes", "B.shields"))


def test_a_gm_added_second_unit_fights_with_its_own_dice_and_a_note_that_joining_is_not_in_the_source():
    from engine.rulesets.saga import view

    b = new_battle([unit("axes"), unit("lord", cls="warlord", models=1, dice=4)], [unit("shields")])
    ok(b, c.StartTurn("A"))
    ok(b, c.Engage("A.axes", "B.shields"))
    ok(b, c.JoinMelee("A.lord"))
    assert "joining rules not in source text [SAGA-M3]" in view.pending_step(b.state).notes
    ok(b, c.ConfirmAttackDice())
    assert pools(b)["A.lord"].step1 == 4 and pools(b)["A.axes"].step1 == 8


def test_a_side_with_two_units_may_split_its_casualties_but_not_change_their_number():
    b = new_battle([unit("axes", models=3), unit("spears", models=3)], [unit("shields")])
    ok(b, c.StartTurn("A"))
    ok(b, c.Engage("A.axes", "B.shields"))
    ok(b, c.JoinMelee("A.spears"))
    for cmd in (c.ConfirmAttackDice(), c.TradeDice(False), c.EndDeclarations(), c.EndDeclarations()):
        ok(b, cmd)
    fight(b, (1,) * 6, (6, 6, 6, 6, 1, 1, 1, 1), att_def=(1, 1, 1, 1))
    refused(b, c.RemoveCasualties(split=(("A.axes", 1), ("A.spears", 1))))
    ok(b, c.RemoveCasualties(split=(("A.axes", 1), ("A.spears", 3))))
    assert b.state.unit("A.axes").models == 2 and b.state.unit("A.spears").models == 0

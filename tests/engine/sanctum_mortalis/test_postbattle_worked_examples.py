"""§28 worked examples WE10, WE11, WE14 and WE15, exactly as the reference writes them."""

import pytest

from engine.dice import ScriptedDice
from engine.rulesets.sanctum_mortalis import tables as t
from engine.rulesets.sanctum_mortalis.postbattle import (
    add_xp,
    battle_xp,
    buy_price,
    care_choices,
    care_cost,
    challenge_refusal,
    find_value,
    injury_outcome,
    item_buy_price,
    item_sell_price,
    levels_gained,
    open_injury,
    pay_for_care,
    predator_reward,
    roll_injury,
    roll_level_ups,
    roll_loot,
    sell_price,
)
from engine.rulesets.sanctum_mortalis.procedures import ProcedureRefused
from engine.rulesets.sanctum_mortalis.roster import ModelSpec

TROOPER = ModelSpec("sz", "Szturmowiec", "trooper", ranged=("assault-rifle",))


def faces_for(total: int) -> list[int]:
    """Two die faces with the given total."""
    low = max(1, total - 6)
    return [low, total - low]


# --------------------------------------------------------------------------- WE10
def test_we10_serious_injury_paid_care_rolls_critical_and_the_model_dies():
    case = open_injury(roll_injury(ScriptedDice(faces_for(5)), "sz"))
    assert case.result == "serious"
    assert care_cost(case.result, medic_available=False) == 10
    assert care_cost(case.result, medic_available=True) == 8
    dice = ScriptedDice(faces_for(4))
    cared = pay_for_care(case, dice)
    assert dice.unused == 0
    assert cared.paid == 10 and cared.result == "critical" and cared.from_care
    # care from care cannot be paid for
    assert care_cost(cared.result, from_care=True) is None
    assert "pay" not in {c.key for c in care_choices(cared)}
    with pytest.raises(ProcedureRefused, match="cannot be paid for"):
        pay_for_care(cared, ScriptedDice(faces_for(8)))
    outcome = injury_outcome(cared)
    assert outcome.effect == "dies" and outcome.crossed_off and outcome.paid == 10


def test_we10_the_medyk_makes_the_same_care_cost_eight():
    case = open_injury(roll_injury(ScriptedDice(faces_for(5))))
    cared = pay_for_care(case, ScriptedDice(faces_for(4)), medic=True)
    assert cared.paid == 8
    assert injury_outcome(cared).crossed_off


def test_we10_not_paying_gives_a_wound_and_the_next_battle_is_missed():
    outcome = injury_outcome(open_injury(roll_injury(ScriptedDice(faces_for(5)))))
    assert outcome.effect == "wound" and outcome.misses_next_battle and not outcome.crossed_off
    assert outcome.paid == 0


def test_we10_amnesia_paid_five_is_light_injuries_with_no_roll():
    case = open_injury(roll_injury(ScriptedDice(faces_for(6))))
    assert case.result == "amnesia" and care_cost(case.result) == 5
    cared = pay_for_care(case, ScriptedDice([]))  # no dice: no roll is made
    assert cared.result == "light" and cared.paid == 5 and len(cared.rolls) == 1
    assert injury_outcome(cared).effect == "none"


def test_we10_a_roll_of_eleven_gives_one_xp_at_once():
    outcome = injury_outcome(open_injury(roll_injury(ScriptedDice(faces_for(11)))))
    assert outcome.result == "lesson" and outcome.xp == 1


# --------------------------------------------------------------------------- WE11
def test_we11_xp_to_levels():
    assert t.level_for(1) == 0
    assert t.level_for(9) == 4
    assert t.level_for(13) == 6
    assert levels_gained(9, 13) == [5, 6]


def test_we11_two_level_up_rolls_six_then_nine():
    rolls = roll_level_ups(ScriptedDice(faces_for(6) + faces_for(9)), 9, 13)
    assert [r.detail["level"] for r in rolls] == [5, 6]
    assert [r.outcome for r in rolls] == ["stat-or-skill", "skill"]


def test_we11_gaining_four_xp_from_nine_through_battle_xp():
    award = battle_xp(ModelSpec("m", "M", "trooper", xp=9), kills=3, markers_carried_off=1)
    assert award.xp_after == 13 and award.levels == (5, 6)


def test_we11_new_captain_is_level_two_with_two_rolls_and_a_veteran_level_one():
    assert t.level_for(t.CAPTAIN_XP) == 2 and levels_gained(0, t.CAPTAIN_XP) == [1, 2]
    assert t.level_for(t.VETERAN_XP) == 1 and levels_gained(0, t.VETERAN_XP) == [1]


def test_we11_fifty_xp_is_level_seventeen_and_no_more_xp_is_gained():
    assert t.level_for(50) == 17
    assert add_xp(50, 3) == 50
    award = battle_xp(ModelSpec("m", "M", "trooper", xp=50), kills=2)
    assert award.granted == 0 and award.xp_after == 50 and award.levels == ()


# --------------------------------------------------------------------------- WE14
def test_we14_nine_one_six_is_a_nano_blade_worth_fifteen():
    find = roll_loot(ScriptedDice(faces_for(9) + [1, 6]))
    assert [r.outcome for r in find.records] == ["armour-mod", "melee-weapon", "nano-blade"]
    assert find.find == "nano-blade" and find.value == 15
    assert t.ITEMS["nano-blade"].effect == "Fight +1 and opponent's T −1."
    assert item_sell_price("nano-blade") == 15 == sell_price(15)
    assert item_buy_price("nano-blade") == 45 == buy_price(15)


def test_we14_seven_four_one_is_piercing_rounds_for_one_battle_in_a_slot():
    find = roll_loot(ScriptedDice(faces_for(7) + [4, 1]))
    assert [r.outcome for r in find.records] == ["weapon-mod", "ammunition", "piercing-rounds"]
    assert find.find == "piercing-rounds" and find.value == 5
    assert t.ITEMS["piercing-rounds"].kind == "ammo" and t.ITEMS["piercing-rounds"].slot


def test_we14_five_is_ten_tk_of_technology():
    find = roll_loot(ScriptedDice(faces_for(5)))
    assert find.find == 10 and find.technology == 10 and len(find.records) == 1
    assert item_sell_price(find.result) == 10


def test_we14_eleven_five_nine_is_medical_nanobots():
    find = roll_loot(ScriptedDice(faces_for(11) + [5] + faces_for(9)))
    assert [r.outcome for r in find.records] == ["special-item", "medicine", "medical-nanobots"]
    assert find.find == "medical-nanobots" and find_value(find.result) is None


# --------------------------------------------------------------------------- WE15
def test_we15_predator_with_three_kills_standing_gets_three_xp_plus_two_vp_and_two_xp():
    vp, xp = predator_reward(3, standing=True)
    assert (vp, xp) == (2, 2)
    award = battle_xp(TROOPER, kills=3, challenge_xp=xp)
    assert award.earned == 5 and [m.value for m in award.terms] == [3, 2]


def test_we15_predator_with_one_kill_gets_nothing():
    assert predator_reward(1, standing=True) == (0, 0)


def test_we15_a_third_challenge_is_refused():
    assert challenge_refusal([], "predator") is None
    assert challenge_refusal(["predator"], "lesson") is None
    reason = challenge_refusal(["predator", "lesson"], "hunt")
    assert reason is not None and "at most 2" in reason

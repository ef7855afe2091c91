"""Movement numbers (§6–§7), who starts (§5.1, §23), grenades (§17.6) and Dispel (§20.4)."""

from fractions import Fraction

import pytest

from engine.dice import DiceEntryError, ScriptedDice
from engine.records import changed
from engine.rulesets.sanctum_mortalis.procedures import (
    ProcedureRefused,
    climb_cost,
    dispel_roll,
    fall_roll,
    grenade_chance,
    grenade_roll,
    initiative_roll,
    jump_down_roll,
    jump_max,
    move_allowance,
    scenario_start_roll,
)
from engine.rulesets.sanctum_mortalis.roster import ModelSpec

TROOPER = ModelSpec("sz", "Szturmowiec", "trooper", ranged=("assault-rifle",))
PET = ModelSpec("dog", "Dog", "war-pet", armour="none")


def test_sprint_adds_one_only_to_a_first_action_move_20_1():
    sprinter = changed(TROOPER, skills=("sprint",))
    assert move_allowance(sprinter, 1, first_action_is_move=True)[0] == 5
    assert move_allowance(sprinter, 1, first_action_is_move=False)[0] == 4
    assert move_allowance(sprinter, 2)[0] == 3


def test_sure_footed_ignores_difficult_terrain_20_1():
    assert move_allowance(changed(TROOPER, skills=("sure-footed",)), 2, difficult_terrain=True)[0] == 3


def test_speed_skills_do_not_work_in_powered_armour_without_servomotors_sm_a8():
    runner = changed(TROOPER, skills=("runner",), armour="powered")
    assert move_allowance(runner, 2)[0] == 3
    assert move_allowance(changed(runner, mods=("servomotors",)), 2)[0] == 4
    assert move_allowance(runner, 2, settings={"powered_needs_servomotors": "off"})[0] == 4


def test_speed_skills_do_not_work_with_a_heavy_weapon_20_1():
    gunner = ModelSpec("hv", "Wsparcie", "support", ranged=("heavy-rifle",), skills=("runner",))
    assert move_allowance(gunner, 2)[0] == 3


def test_special_marker_alone_is_minus_two_together_no_penalty_23_5():
    assert move_allowance(TROOPER, 1, carrying_special_marker="alone")[0] == 2
    assert move_allowance(TROOPER, 1, carrying_special_marker="together")[0] == 4


def test_damaged_leg_and_infection_slow_the_model():
    limping = changed(TROOPER, wounds=("damaged-leg",))
    amount, terms = move_allowance(limping, 1, infected=True)
    assert amount == 2 and [m.label for m in terms][0] == "Speed"


def test_move_allowance_never_goes_below_zero():
    slow = changed(TROOPER, wounds=("damaged-leg",))
    assert move_allowance(slow, 2, difficult_terrain=True, carrying_special_marker="alone", infected=True)[0] == 0


def test_a_third_move_is_malformed_6():
    with pytest.raises(ProcedureRefused):
        move_allowance(TROOPER, 3)


@pytest.mark.parametrize(
    "model, ladder, cost",
    [
        (TROOPER, False, 6.0),
        (TROOPER, True, 3.0),
        (changed(TROOPER, items=("climbing-gear",)), False, 3.0),
        (changed(TROOPER, skills=("climber",)), False, 3.0),
    ],
    ids=["7.3 two inches per inch", "7.3 ladder", "22.4 climbing gear", "20.1 Wspinacz"],
)
def test_climbing_three_inches_costs(model, ladder, cost):
    assert climb_cost(3, model, ladder).inches == cost


def test_an_obstacle_of_one_inch_needs_no_climbing_7_2():
    assert climb_cost(1, TROOPER).inches == 0


def test_war_pets_cannot_climb_15_6():
    with pytest.raises(ProcedureRefused):
        climb_cost(2, PET, ladder=True)


@pytest.mark.parametrize(
    "run_up, acrobat, gap",
    [(0, False, 1), (2, False, 2), (5, False, 3), (5, True, 4)],
    ids=["7.4 standing 1", "7.4 run-up 2", "7.4 max 3", "20.1 Akrobata 4"],
)
def test_jump_gap(run_up, acrobat, gap):
    model = changed(TROOPER, skills=("acrobat",)) if acrobat else TROOPER
    assert jump_max(model, run_up) == gap


def test_jump_down_uses_full_inches_7_5():
    record = jump_down_roll(5.9, ScriptedDice([3, 5]))
    assert record.base.value == 5 and record.target == 7 and record.success


def test_fall_of_exactly_h_plus_two_survives_7_5():
    assert fall_roll(3, ScriptedDice([2, 3])).success
    assert not fall_roll(3, ScriptedDice([1, 3])).success


def test_roll_off_higher_total_starts_and_ties_are_rolled_again_sm_a40():
    record = initiative_roll(ScriptedDice([3, 4, 5, 2, 6, 6, 1, 1]), 3, 3, "red", "green")
    assert record.detail["rerolled_ties"] == 1 and record.detail["winner"] == "red" and record.success
    assert len(record.dice) == 8 and record.probability == Fraction(1, 2)


def test_side_with_more_models_starts_with_no_dice_5_1():
    record = initiative_roll(ScriptedDice([]), 2, 4, "red", "green")
    assert record.detail["winner"] == "green" and record.dice == () and record.probability == 0


def test_scenario_start_lower_total_decides_23():
    record = scenario_start_roll(ScriptedDice([1, 2, 6, 6]), "red", "green")
    assert record.detail["winner"] == "red" and record.outcome == "red decides who starts"


def test_grenade_lands_on_a_roll_below_accuracy_with_no_modifiers_17_6():
    thrower = changed(TROOPER, items=("frag-grenade",))
    assert grenade_chance(thrower) == Fraction(15, 36)
    assert grenade_roll(thrower, ScriptedDice([3, 3])).success
    missed = grenade_roll(thrower, ScriptedDice([3, 4]))
    assert not missed.success and missed.detail["scatter"] == 3


def test_grenade_beyond_eight_inches_or_not_carried_is_refused_17_6():
    thrower = changed(TROOPER, items=("frag-grenade",))
    with pytest.raises(ProcedureRefused):
        grenade_roll(thrower, ScriptedDice([1, 1]), distance=9)
    with pytest.raises(ProcedureRefused):
        grenade_roll(TROOPER, ScriptedDice([1, 1]))


def test_dispel_needs_eight_or_more_20_4():
    assert dispel_roll(ScriptedDice([4, 4]), trick="lava").success
    assert not dispel_roll(ScriptedDice([3, 4])).success


def test_too_few_typed_dice_is_a_dice_entry_error():
    with pytest.raises(DiceEntryError):
        dispel_roll(ScriptedDice([4]))

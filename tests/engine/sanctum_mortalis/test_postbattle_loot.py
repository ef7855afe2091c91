"""The loot chain (§17) with Łowca technologii and Przeszukiwanie (§20.5)."""

from fractions import Fraction

import pytest

from engine.dice import ScriptedDice
from engine.rolls import RollRecord
from engine.rulesets.sanctum_mortalis.postbattle import (
    LOOT_TABLES,
    LootFind,
    MostCredits,
    hunt_reroll,
    loot_odds,
    roll_loot,
    roll_loot_stage,
    search_shift,
)
from engine.rulesets.sanctum_mortalis.procedures import ProcedureRefused, apply_reroll


class Scripted:
    """Loot choices typed in advance: re-roll die index per 2k6 stage, shift per k6 stage."""

    def __init__(self, rerolls=None, shifts=None):
        self.rerolls = dict(rerolls or {})
        self.shifts = dict(shifts or {})

    def reroll(self, stage, faces):
        return self.rerolls.get(stage)

    def shift(self, stage, face):
        return self.shifts.get(stage, 0)


def test_a_loot_record_names_its_table_row_and_exact_chance():
    record = roll_loot_stage("main", ScriptedDice([3, 4]))
    assert record.procedure == "sm.loot" and record.outcome == "weapon-mod"
    assert record.probability == Fraction(11, 36)
    assert record.detail["row"] == [7, 8] and record.detail["rule"] == "§17.1"
    assert record.detail["next"] == "weapon-mod"
    assert record.detail["odds"]["special-item"] == [1, 12]
    assert RollRecord.from_dict(record.to_dict()) == record


def test_sarcophagus_row_ends_the_chain_with_power_boost_and_no_second_roll():
    dice = ScriptedDice([4, 5, 6])
    find = roll_loot(dice)
    assert find.find == "power-boost" and len(find.records) == 2 and dice.unused == 0
    assert "no second roll" in find.records[-1].detail["note"]


def test_gadget_six_is_a_cyber_part_of_the_players_choice_worth_ten():
    find = roll_loot(ScriptedDice([6, 6, 3, 6]))
    assert find.find == "cyber-part" and find.value == 10


def test_neural_implant_chain():
    find = roll_loot(ScriptedDice([5, 6, 6, 5]))
    assert find.find == "cognitive-implant" and find.value is None


def test_tech_hunter_rerolls_one_die_of_the_main_roll_and_keeps_it():
    # 1+2 = 3 (5tk); re-roll the 1 -> 6: 6+2 = 8, a weapon mod; then 1, 6 precision sight
    find = roll_loot(ScriptedDice([1, 2, 6, 1, 6]), tech_hunter=True, choices=Scripted({"main": 0}))
    main = find.records[0]
    assert main.outcome == "weapon-mod" and main.dice[0].replaced == 1 and main.dice[0].face == 6
    assert main.detail["rerolls"][0]["by"] == "tech-hunter"
    assert find.find == "precision-sight"


def test_tech_hunter_must_keep_a_worse_result():
    find = roll_loot(ScriptedDice([4, 2, 1]), tech_hunter=True, choices=Scripted({"main": 0}))
    assert find.find == 5  # 6 (15tk) became 1+2 = 3 (5tk)


def test_tech_hunter_gives_one_reroll_per_roll_and_only_on_two_dice():
    record = roll_loot_stage("main", ScriptedDice([1, 1]))
    once = hunt_reroll(record, 0, ScriptedDice([2]))
    with pytest.raises(ProcedureRefused, match="one re-roll"):
        hunt_reroll(once, 1, ScriptedDice([2]))
    with pytest.raises(ProcedureRefused, match="2k6"):
        hunt_reroll(roll_loot_stage("grenade", ScriptedDice([3])), 0, ScriptedDice([2]))


def test_tech_hunter_works_on_the_medicine_two_dice_roll():
    record = roll_loot_stage("medicine", ScriptedDice([3, 1]))
    assert record.outcome == "combat-medkit"
    assert hunt_reroll(record, 1, ScriptedDice([6])).outcome == "medical-nanobots"


def test_the_generic_reroll_step_reads_loot_again():
    record = roll_loot_stage("main", ScriptedDice([1, 1]))
    assert apply_reroll(record, 1, ScriptedDice([5]), "tech-hunter").outcome == "tech-15"


def test_searching_moves_a_single_k6_by_one_and_records_it():
    record = roll_loot_stage("gadget", ScriptedDice([5]))
    moved = search_shift(record, +1)
    assert moved.outcome == "cyber-part" and moved.modifiers[0].label == "Searching (Przeszukiwanie)"
    assert moved.detail["total"] == 6 and moved.dice[0].face == 5


def test_searching_stays_on_the_die_and_is_used_once_per_roll():
    with pytest.raises(ProcedureRefused):
        search_shift(roll_loot_stage("gadget", ScriptedDice([6])), +1)
    with pytest.raises(ProcedureRefused):
        search_shift(roll_loot_stage("gadget", ScriptedDice([1])), -1)
    once = search_shift(roll_loot_stage("gadget", ScriptedDice([3])), -1)
    with pytest.raises(ProcedureRefused, match="once"):
        search_shift(once, -1)
    with pytest.raises(ProcedureRefused, match="single-k6"):
        search_shift(roll_loot_stage("main", ScriptedDice([3, 3])), 1)
    with pytest.raises(ProcedureRefused):
        search_shift(roll_loot_stage("gadget", ScriptedDice([3])), 2)


def test_searching_on_the_armour_type_roll_can_reach_the_sarcophagus():
    dice = ScriptedDice([5, 5, 5])
    find = roll_loot(dice, searching=True, choices=Scripted(shifts={"armour-mod": +1}))
    assert find.find == "power-boost" and dice.unused == 0


def test_searching_changes_each_k6_of_the_chain_once():
    find = roll_loot(
        ScriptedDice([3, 4, 2, 5]),
        searching=True,
        choices=Scripted(shifts={"weapon-mod": -1, "weapon-modification": +1}),
    )
    assert [r.outcome for r in find.records] == ["weapon-mod", "weapon-modification", "precision-sight"]


def test_without_the_skills_no_choice_is_asked():
    find = roll_loot(ScriptedDice([1, 2]), choices=Scripted({"main": 0}))
    assert find.find == 5 and find.records[0].dice[0].replaced is None


def test_most_credits_rerolls_a_low_technology_and_keeps_a_fifteen():
    owner = MostCredits(tech_hunter=True)
    assert owner.reroll("main", (1, 1)) is not None
    assert owner.reroll("main", (3, 3)) is None  # 15tk beats any re-roll's expectation
    assert MostCredits().reroll("main", (1, 1)) is None  # no skill, no re-roll


def test_skills_raise_the_expected_worth():
    plain, hunter = MostCredits().stage_worth("main"), MostCredits(True, True).stage_worth("main")
    assert hunter > plain


def test_plain_loot_odds_of_a_nano_blade():
    # 9–10 (7/36) × melee weapon (1/6) × 6 (1/6)
    assert loot_odds()["nano-blade"] == Fraction(7, 36) * Fraction(1, 6) * Fraction(1, 6)


def test_loot_odds_follow_scripted_choices():
    odds = loot_odds(tech_hunter=True, choices=Scripted({"main": 0}))
    assert sum(odds.values()) == 1
    # always re-rolling die 0 keeps the main total a uniform other die + fresh die: still 2k6
    assert odds == loot_odds()


def test_a_find_round_trips_through_json_form():
    find = roll_loot(ScriptedDice([5, 6, 2, 4]))
    assert LootFind.from_dict(find.to_dict()) == find and find.find == "stun-grenade"


def test_every_stage_but_main_is_reached_from_another():
    targets = {lo_hi[2] for tb in LOOT_TABLES.values() for lo_hi in tb.rows}
    assert set(LOOT_TABLES) - {"main"} <= targets

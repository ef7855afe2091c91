"""§28 worked examples WE1–WE9, exactly as the reference writes them."""

import pytest

from engine.dice import ScriptedDice
from engine.records import changed
from engine.rulesets.sanctum_mortalis.procedures import (
    MeleeSituation,
    ProcedureRefused,
    ShotSituation,
    ToughnessSituation,
    fall_roll,
    hit_chance,
    hit_roll,
    jump_down_chance,
    jump_down_roll,
    loser_toughness_situation,
    melee_roll,
    modified_accuracy,
    modified_toughness,
    move_allowance,
    support_counts,
    toughness_chance,
    toughness_for_shot,
    toughness_roll,
)
from engine.rulesets.sanctum_mortalis.roster import ModelSpec

SZTURMOWIEC = ModelSpec("sz", "Szturmowiec", "trooper", ranged=("assault-rifle",))
NISZCZYCIEL = ModelSpec("ni", "Niszczyciel", "destroyer", ranged=("heavy-rifle",), armour="sarcophagus")
DZIKUS = ModelSpec("dz", "Dzikus", "savage", ranged=("primitive",), melee=("hand-weapon",))
SUPPORT_ROCKETS = ModelSpec("ws", "Wsparcie", "support", ranged=("rocket-launcher",))
SUPPORT_CANNON = ModelSpec("wc", "Wsparcie", "support", ranged=("energy-cannon",))
TARGET = ModelSpec("tg", "Target", "trooper", ranged=("assault-rifle",))


def faces_for(total: int) -> tuple[int, int]:
    """Two die faces with the given total."""
    low = max(1, total - 6)
    return low, total - low


# --------------------------------------------------------------------------- WE1
def test_we1_trooper_moves_four_then_three_then_two_through_rubble():
    assert move_allowance(SZTURMOWIEC, 1)[0] == 4
    assert move_allowance(SZTURMOWIEC, 2)[0] == 3
    assert move_allowance(SZTURMOWIEC, 2, difficult_terrain=True)[0] == 2


def test_we1_destroyer_in_a_sarcophagus_moves_three_then_two():
    assert move_allowance(NISZCZYCIEL, 1)[0] == 3
    assert move_allowance(NISZCZYCIEL, 2)[0] == 2


def test_we1_runner_moves_four_and_four():
    runner = changed(SZTURMOWIEC, skills=("runner",))
    assert move_allowance(runner, 1)[0] == 4
    assert move_allowance(runner, 2)[0] == 4


# --------------------------------------------------------------------------- WE2
def test_we2_five_inch_jump_down_needs_more_than_seven():
    assert jump_down_roll(5, ScriptedDice([4, 4])).success  # 8
    failed = jump_down_roll(5, ScriptedDice([3, 4]))  # 7
    assert not failed.success and failed.target == 7 and failed.comparison == ">"


def test_we2_fall_of_five_inches_removes_on_six_and_survives_on_seven():
    assert fall_roll(5, ScriptedDice([3, 3])).outcome.startswith("removed")
    assert fall_roll(5, ScriptedDice([3, 4])).success


def test_we2_ten_inch_ledge_never_lands():
    assert jump_down_chance(10) == 0
    assert not jump_down_roll(10, ScriptedDice([6, 6])).success


def test_we2_acrobat_from_five_inches_lands_on_seven():
    assert jump_down_roll(5, ScriptedDice([3, 4]), acrobat=True).success


def test_we2_art_of_falling_from_five_inches_survives_on_five():
    assert fall_roll(5, ScriptedDice([2, 3]), art_of_falling=True).success
    assert not fall_roll(5, ScriptedDice([1, 3]), art_of_falling=True).success


# --------------------------------------------------------------------------- WE3
def _salvo(shot: int, **kw) -> ShotSituation:
    base = dict(shot_index=shot, distance=15, shooter_moved=True, toggles=frozenset({"obstacle"}))
    base.update(kw)
    return ShotSituation(SZTURMOWIEC, TARGET, "assault-rifle", **base)


def test_we3_first_shot_has_accuracy_four_and_a_three_hits_but_a_four_misses():
    assert modified_accuracy(_salvo(1)) == 4
    assert hit_roll(_salvo(1), ScriptedDice([1, 2])).success
    miss = hit_roll(_salvo(1), ScriptedDice([1, 3]))
    assert not miss.success and miss.outcome == "miss"


def test_we3_second_shot_has_accuracy_three_and_only_a_two_hits():
    assert modified_accuracy(_salvo(2)) == 3
    assert hit_roll(_salvo(2), ScriptedDice([1, 1])).success
    assert not hit_roll(_salvo(2), ScriptedDice([1, 2])).success


def test_we3_third_shot_has_accuracy_two_and_cannot_hit():
    assert modified_accuracy(_salvo(3)) == 2
    assert hit_chance(_salvo(3)) == 0
    assert not hit_roll(_salvo(3), ScriptedDice([1, 1])).success


def test_we3_control_standing_still_at_ten_inches_seven_misses_six_hits():
    control = ShotSituation(SZTURMOWIEC, TARGET, "assault-rifle", distance=10)
    assert modified_accuracy(control) == 7
    assert not hit_roll(control, ScriptedDice([3, 4])).success
    assert hit_roll(control, ScriptedDice([2, 4])).success


# --------------------------------------------------------------------------- WE4
SNIPER = changed(SZTURMOWIEC, ranged=("sniper-rifle",))


def _sniper_shot(target: ModelSpec = TARGET) -> ShotSituation:
    return ShotSituation(SNIPER, target, "sniper-rifle", distance=30, toggles=frozenset({"cover", "obstacle"}))


def test_we4_sniper_through_obstacle_and_cover_has_accuracy_four_and_a_three_hits():
    assert modified_accuracy(_sniper_shot()) == 4
    assert hit_roll(_sniper_shot(), ScriptedDice([1, 2])).success


def test_we4_light_armoured_target_saves_on_five_against_the_sniper_rifle():
    assert modified_toughness(toughness_for_shot(_sniper_shot())) == 5


def test_we4_caution_makes_cover_minus_three_and_the_three_misses():
    cautious = changed(TARGET, skills=("caution",))
    assert modified_accuracy(_sniper_shot(cautious)) == 3
    assert not hit_roll(_sniper_shot(cautious), ScriptedDice([1, 2])).success


# --------------------------------------------------------------------------- WE5
SZERMIERZ_SHIELD = ModelSpec("s1", "Szermierz", "swordsman", melee=("hand-weapon",), shield=True)
SZERMIERZ_TWO_HANDED = ModelSpec("s2", "Szermierz", "swordsman", melee=("two-handed",))


def _we5_save() -> ToughnessSituation:
    fight = MeleeSituation(SZERMIERZ_TWO_HANDED, SZERMIERZ_SHIELD)
    save = loser_toughness_situation(fight, "attacker")
    assert save is not None
    return save


def test_we5_shield_and_light_armour_against_a_two_handed_weapon_saves_on_five():
    save = _we5_save()
    assert modified_toughness(save) == 5
    assert toughness_roll(save, ScriptedDice([2, 3])).success
    removed = toughness_roll(save, ScriptedDice([3, 3]))
    assert not removed.success and removed.outcome == "removed"


def test_we5_the_same_model_hit_by_an_assault_rifle_saves_on_seven():
    save = toughness_for_shot(ShotSituation(SZTURMOWIEC, SZERMIERZ_SHIELD, "assault-rifle", distance=10))
    assert modified_toughness(save) == 7
    assert toughness_roll(save, ScriptedDice([3, 4])).success
    assert not toughness_roll(save, ScriptedDice([4, 4])).success


# --------------------------------------------------------------------------- WE6
TOUGH_DESTROYER = changed(NISZCZYCIEL, shield=True, advances=(("O", 1),))


def test_we6_toughness_eleven_still_fails_on_eleven():
    save = toughness_for_shot(ShotSituation(DZIKUS, TOUGH_DESTROYER, "primitive", distance=10))
    assert modified_toughness(save) == 11
    assert toughness_roll(save, ScriptedDice([4, 6])).success
    eleven = toughness_roll(save, ScriptedDice([5, 6]))
    assert not eleven.success and eleven.target == 11


def test_we6_the_same_model_hit_by_a_rocket_launcher_saves_on_seven():
    save = toughness_for_shot(ShotSituation(SUPPORT_ROCKETS, TOUGH_DESTROYER, "rocket-launcher", distance=10))
    assert modified_toughness(save) == 7


# --------------------------------------------------------------------------- WE7
CAPTAIN = ModelSpec("cap", "Captain", "trooper", captain=True, armour="powered", ranged=("assault-rifle",))


def _we7_save(**kw) -> ToughnessSituation:
    return toughness_for_shot(ShotSituation(SUPPORT_CANNON, CAPTAIN, "energy-cannon", distance=10), **kw)


def test_we7_captain_in_powered_armour_hit_by_an_energy_cannon_saves_on_five():
    assert modified_toughness(_we7_save()) == 5


def test_we7_what_are_you_gonna_do_sets_toughness_seven_exactly():
    save = _we7_save(toggles=frozenset({"what-are-you-gonna-do"}))
    assert modified_toughness(save) == 7
    passed = toughness_roll(save, ScriptedDice([3, 4]))
    assert passed.success and passed.modifiers == () and passed.base.value == 7
    assert not toughness_roll(save, ScriptedDice([4, 4])).success


def test_we7_a_second_what_are_you_gonna_do_in_the_battle_is_refused():
    save = _we7_save(toggles=frozenset({"what-are-you-gonna-do"}), used_plays=frozenset({"what-are-you-gonna-do"}))
    with pytest.raises(ProcedureRefused) as err:
        toughness_roll(save, ScriptedDice([3, 4]))
    assert "once per battle" in err.value.reason
    with pytest.raises(ProcedureRefused):
        toughness_chance(save)


# --------------------------------------------------------------------------- WE8
CONTACTS = {"A": {"1"}, "B": {"1", "2", "3"}}
SIDES = {"1": "red", "2": "red", "3": "red", "A": "green", "B": "green"}
WE8_ATTACKS = [("1", "A", 0), ("1", "B", 2), ("2", "B", 2), ("3", "B", 2), ("B", "1", 1), ("B", "2", 0), ("B", "3", 0)]


@pytest.mark.parametrize(
    "attacker, defender, bonus", WE8_ATTACKS, ids=[f"WE8 {a} attacks {d}: +{b}" for a, d, b in WE8_ATTACKS]
)
def test_we8_attackers_support_matches_the_book(attacker, defender, bonus):
    assert support_counts(CONTACTS, SIDES, attacker, defender)[0] == bonus


DEFENDER_SIDE = [("1", "B", 1), ("B", "1", 2), ("1", "A", 1), ("A", "1", 0)]


@pytest.mark.parametrize(
    "attacker, defender, bonus", DEFENDER_SIDE, ids=[f"8.3 {a} attacks {d}: defender +{b}" for a, d, b in DEFENDER_SIDE]
)
def test_we8_defenders_support_is_worked_out_the_same_way_sm_a2(attacker, defender, bonus):
    assert support_counts(CONTACTS, SIDES, attacker, defender)[1] == bonus


def test_we8_supporters_are_listed():
    a, d, a_ids, d_ids = support_counts(CONTACTS, SIDES, "1", "B")
    assert (a, d, a_ids, d_ids) == (2, 1, ("2", "3"), ("A",))


def test_we8_a_attacking_1_gets_plus_one_by_the_rule_sm_a1():
    assert support_counts(CONTACTS, SIDES, "A", "1")[0] == 1


def test_we8_a_attacking_1_gets_nothing_when_following_the_example_sm_a1():
    example = {"support_example": "example"}
    assert support_counts(CONTACTS, SIDES, "A", "1", settings=example)[0] == 0
    for attacker, defender, bonus in WE8_ATTACKS:
        assert support_counts(CONTACTS, SIDES, attacker, defender, settings=example)[0] == bonus


def test_we8_assist_on_model_2_gives_1_attacking_b_plus_three():
    assert support_counts(CONTACTS, SIDES, "1", "B", assist_ids={"2"})[0] == 3


def test_we8_assist_does_not_stack():
    assert support_counts(CONTACTS, SIDES, "1", "B", assist_ids={"2", "3"})[0] == 3


def test_we8_crowd_fighter_b_cuts_1s_support_to_plus_one():
    assert support_counts(CONTACTS, SIDES, "1", "B", crowd_fighter_ids={"B"})[0] == 1


def test_crowd_fighter_never_takes_support_below_zero_8_3():
    assert support_counts(CONTACTS, SIDES, "1", "A", crowd_fighter_ids={"A"})[0] == 0


def test_attacker_only_support_setting_gives_the_defender_nothing_sm_a2():
    assert support_counts(CONTACTS, SIDES, "1", "B", settings={"defender_support": "attacker"})[1] == 0


# --------------------------------------------------------------------------- WE9
SZERMIERZ_TWO_WEAPONS = ModelSpec("sw", "Szermierz", "swordsman", melee=("hand-weapon", "additional-weapon"))
LONE_TROOPER = ModelSpec("st", "Szturmowiec", "trooper", ranged=("assault-rifle",))
WE9 = MeleeSituation(SZERMIERZ_TWO_WEAPONS, LONE_TROOPER, defender_stance=True)


def test_we9_eight_against_eight_is_nine_against_nine_and_nobody_is_hit():
    record = melee_roll(WE9, ScriptedDice([4, 4, 3, 5]))
    assert record.detail["totals"] == {"attacker": 9, "defender": 9}
    assert record.detail["winner"] is None and record.outcome == "tie: nobody is hit"
    assert loser_toughness_situation(WE9, record) is None


def test_we9_ten_against_seven_is_eleven_against_eight_and_the_attacker_wins():
    record = melee_roll(WE9, ScriptedDice([4, 6, 3, 4]))
    assert record.detail["totals"] == {"attacker": 11, "defender": 8}
    assert record.success and record.detail["winner"] == "attacker"


def test_we9_the_trooper_then_saves_on_six():
    save = loser_toughness_situation(WE9, "attacker")
    assert modified_toughness(save) == 6
    assert toughness_roll(save, ScriptedDice([3, 3])).success
    assert not toughness_roll(save, ScriptedDice([3, 4])).success

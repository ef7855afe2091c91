"""Melee (§8, §8.6, §12.2 Pokaż kotku, §20.2, §23): both sides' modifiers, odds, resolution, the loser's save."""

from fractions import Fraction

import pytest

from engine.dice import ScriptedDice
from engine.records import changed
from engine.rulesets.sanctum_mortalis.procedures import (
    MeleeSituation,
    ProcedureRefused,
    apply_reroll,
    fight_totals,
    loser_toughness_situation,
    melee_chance,
    melee_kill_chance,
    melee_odds,
    melee_options,
    melee_roll,
    modified_toughness,
    toughness_chance,
    withdraw_chance,
)
from engine.rulesets.sanctum_mortalis.roster import ModelSpec

SWORDSMAN = ModelSpec("sw", "Szermierz", "swordsman", melee=("hand-weapon",))
TROOPER = ModelSpec("sz", "Szturmowiec", "trooper", ranged=("assault-rifle",))
DESTROYER = ModelSpec("ni", "Niszczyciel", "destroyer", ranged=("heavy-rifle",), armour="sarcophagus")
PET = ModelSpec("dog", "Dog", "war-pet", armour="none")


def option(sit, key):
    return next(o for o in melee_options(sit) if o.key == key)


def keys(sit):
    return {o.key for o in melee_options(sit)}


def test_plain_fight_matches_the_even_table_row_27_5():
    assert melee_odds(MeleeSituation(SWORDSMAN, TROOPER)) == tuple(Fraction(c, 1296) for c in (575, 146, 575))


def test_additional_weapon_is_plus_one_8_5():
    two = changed(SWORDSMAN, melee=("hand-weapon", "additional-weapon"))
    assert fight_totals(MeleeSituation(two, TROOPER)) == (1, 0)


def test_two_pistols_give_plus_one_not_two_sm_a3():
    gunslinger = ModelSpec("gs", "Rewolwerowiec", "gunslinger", ranged=("assault-pistol", "assault-pistol"))
    assert fight_totals(MeleeSituation(gunslinger, TROOPER)) == (1, 0)


def test_disarm_cancels_the_opponents_additional_weapon_20_2():
    two = changed(SWORDSMAN, melee=("hand-weapon", "additional-weapon"))
    disarmer = changed(TROOPER, skills=("disarm",))
    assert option(MeleeSituation(two, disarmer), "attacker_additional_weapon").value == 0


def test_support_models_add_to_each_side_8_3():
    sit = MeleeSituation(
        SWORDSMAN, TROOPER, attacker_support_models=(TROOPER, TROOPER), defender_support_models=(SWORDSMAN,)
    )
    assert fight_totals(sit) == (2, 1)


def test_assist_supporter_gives_plus_two_once_20_2():
    helper = changed(TROOPER, skills=("assist",))
    sit = MeleeSituation(SWORDSMAN, TROOPER, attacker_support_models=(helper, helper))
    assert fight_totals(sit) == (3, 0)
    sarcophagus_helper = changed(helper, armour="sarcophagus")
    assert fight_totals(MeleeSituation(SWORDSMAN, TROOPER, attacker_support_models=(sarcophagus_helper,))) == (1, 0)


def test_crowd_fighter_takes_one_from_the_opponents_support_20_2():
    crowd = changed(TROOPER, skills=("crowd-fighter",))
    assert fight_totals(MeleeSituation(SWORDSMAN, crowd, attacker_support_models=(TROOPER,))) == (0, 0)


def test_defender_gets_no_support_with_the_attacker_only_setting_sm_a2():
    sit = MeleeSituation(
        SWORDSMAN, TROOPER, defender_support_models=(SWORDSMAN,), settings={"defender_support": "attacker"}
    )
    assert fight_totals(sit) == (0, 0)


def test_defensive_stance_helps_the_defender_by_one_11_2():
    assert fight_totals(MeleeSituation(SWORDSMAN, TROOPER, defender_stance=True)) == (0, 1)


def test_battle_frenzy_helps_only_the_attacker_20_2():
    frenzied = changed(SWORDSMAN, skills=("battle-frenzy",))
    assert fight_totals(MeleeSituation(frenzied, TROOPER)) == (1, 0)
    assert fight_totals(MeleeSituation(TROOPER, frenzied)) == (0, 0)


def test_agile_takes_one_from_a_two_handed_or_heavy_opponent_20_2():
    agile = changed(TROOPER, skills=("agile",))
    assert fight_totals(MeleeSituation(changed(SWORDSMAN, melee=("two-handed",)), agile)) == (-1, 0)
    assert fight_totals(MeleeSituation(DESTROYER, agile)) == (-1, 0)
    assert fight_totals(MeleeSituation(SWORDSMAN, agile)) == (0, 0)


@pytest.mark.parametrize("mod", ["ultralight-alloy", "nano-blade"], ids=["17.4 Ultralekki stop", "17.4 Nanoostrze"])
def test_melee_weapon_mods_add_one_fight(mod):
    assert fight_totals(MeleeSituation(changed(SWORDSMAN, mods=(mod,)), TROOPER)) == (1, 0)


def test_special_marker_carrier_fights_at_minus_two_23_5():
    assert fight_totals(MeleeSituation(SWORDSMAN, TROOPER, defender_special_marker=True)) == (0, -2)


def test_sulking_pacifist_fights_at_one_when_attacked_23_7():
    weak = changed(TROOPER, wounds=("damaged-arm",))
    assert fight_totals(MeleeSituation(SWORDSMAN, weak, defender_pacifist=True)) == (0, 1)


def test_damaged_arm_and_infection_lower_fight():
    weak = changed(SWORDSMAN, wounds=("damaged-arm",))
    assert fight_totals(MeleeSituation(weak, TROOPER, attacker_infected=True)) == (-2, 0)


def test_show_me_kitty_is_plus_two_and_minus_two_toughness_on_a_win_12_2():
    sit = MeleeSituation(SWORDSMAN, DESTROYER, toggles=frozenset({"show-me-kitty"}))
    assert fight_totals(sit) == (2, 0)
    save = loser_toughness_situation(sit, "attacker")
    assert modified_toughness(save) == 5 + 3 - 1 - 2


def test_show_me_kitty_is_only_against_a_sarcophagus_and_once_12_2():
    assert "show-me-kitty" not in keys(MeleeSituation(SWORDSMAN, TROOPER))
    with pytest.raises(ProcedureRefused):
        melee_odds(MeleeSituation(SWORDSMAN, TROOPER, toggles=frozenset({"show-me-kitty"})))
    used = MeleeSituation(
        SWORDSMAN, DESTROYER, toggles=frozenset({"show-me-kitty"}), attacker_used_plays=frozenset({"show-me-kitty"})
    )
    with pytest.raises(ProcedureRefused):
        melee_roll(used, ScriptedDice([1, 1, 1, 1]))


def test_effective_parry_rolls_three_dice_plus_one_with_a_shield_and_deals_no_harm_20_2():
    parry = changed(SWORDSMAN, skills=("effective-parry",), shield=True)
    sit = MeleeSituation(TROOPER, parry, toggles=frozenset({"defender_effective_parry"}))
    assert fight_totals(sit) == (0, 1)
    record = melee_roll(sit, ScriptedDice([1, 1, 6, 5, 1]))
    assert [d.kept for d in record.dice[2:]] == [True, True, False]
    assert record.detail["winner"] == "defender" and record.detail["harmed"] is None
    assert loser_toughness_situation(sit, record) is None
    assert melee_kill_chance(sit)[1] == 0


def test_deadly_blow_loser_gets_minus_one_toughness_by_default_sm_a7():
    killer = changed(SWORDSMAN, skills=("deadly-blow",))
    sit = MeleeSituation(killer, SWORDSMAN, toggles=frozenset({"attacker_deadly_blow"}))
    assert modified_toughness(loser_toughness_situation(sit, "defender")) == 5 + 1 - 1 - 1
    roll_reading = changed(sit, settings={"deadly_blow_penalty": "roll"})
    assert modified_toughness(loser_toughness_situation(roll_reading, "defender")) == 5 + 1 - 1 + 1


def test_critical_hit_natural_twelve_wins_against_a_higher_total_20_2():
    crit = changed(SWORDSMAN, skills=("critical-hit",))
    sit = MeleeSituation(crit, changed(TROOPER, advances=(("W", 3),)), defender_stance=True)
    record = melee_roll(sit, ScriptedDice([6, 6, 6, 5]))
    assert record.detail["totals"] == {"attacker": 12, "defender": 15}
    assert record.detail["winner"] == "attacker" and "Trafienie krytyczne" in record.outcome


def test_two_criticals_cancel_and_the_totals_decide_sm_a28():
    crit = changed(SWORDSMAN, skills=("critical-hit",))
    sit = MeleeSituation(crit, changed(crit, advances=(("W", 1),)))
    assert melee_roll(sit, ScriptedDice([6, 6, 6, 6])).detail["winner"] == "defender"


def test_critical_hit_odds_include_the_automatic_win():
    crit = changed(SWORDSMAN, skills=("critical-hit",))
    w, t, l = melee_odds(MeleeSituation(crit, SWORDSMAN))
    # a natural 12 would otherwise win anyway, except against the defender's own 12 (a tie)
    assert w == Fraction(575, 1296) + Fraction(1, 36) * Fraction(1, 36)
    assert w + t + l == 1


def test_critical_is_not_natural_with_an_extra_die_or_after_a_reroll_sm_a28():
    crit = changed(SWORDSMAN, skills=("critical-hit", "deadly-blow"))
    sit = MeleeSituation(crit, changed(TROOPER, advances=(("W", 3),)), toggles=frozenset({"attacker_deadly_blow"}))
    assert melee_roll(sit, ScriptedDice([6, 6, 1, 6, 6])).detail["winner"] == "defender"
    literal = changed(sit, settings={"natural_rolls": "off"})
    assert melee_roll(literal, ScriptedDice([6, 6, 1, 6, 6])).detail["winner"] == "attacker"
    plain = MeleeSituation(changed(crit, skills=("critical-hit",)), changed(TROOPER, advances=(("W", 3),)))
    record = melee_roll(plain, ScriptedDice([6, 1, 6, 6]))
    after = apply_reroll(record, 1, ScriptedDice([6]), "captain")
    assert after.detail["criticals"]["attacker"] is False and after.detail["winner"] == "defender"


def test_withdraw_harms_nobody_and_a_tie_is_a_failure_by_default_sm_a4():
    sit = MeleeSituation(SWORDSMAN, TROOPER, withdraw=True)
    tie = melee_roll(sit, ScriptedDice([3, 4, 2, 5]))
    assert not tie.success and tie.detail["harmed"] is None and "no more actions" in tie.outcome
    assert withdraw_chance(sit) == Fraction(575, 1296)
    lenient = changed(sit, settings={"withdraw_tie": "win"})
    assert melee_roll(lenient, ScriptedDice([3, 4, 2, 5])).success
    assert withdraw_chance(lenient) == Fraction(575 + 146, 1296)
    assert loser_toughness_situation(sit, "attacker") is None


def test_winners_weapon_sets_the_losers_toughness_8_5():
    two_handed = changed(SWORDSMAN, melee=("two-handed",))
    assert modified_toughness(loser_toughness_situation(MeleeSituation(two_handed, TROOPER), "attacker")) == 4
    assert modified_toughness(loser_toughness_situation(MeleeSituation(PET, TROOPER), "attacker")) == 6
    assert modified_toughness(loser_toughness_situation(MeleeSituation(TROOPER, SWORDSMAN), "attacker")) == 6


def test_guns_count_as_hand_weapons_when_set_sm_a3():
    sit = MeleeSituation(TROOPER, SWORDSMAN, settings={"guns_as_hand_weapons": "on"})
    assert modified_toughness(loser_toughness_situation(sit, "attacker")) == 5


@pytest.mark.parametrize("mod", ["impact-pattern", "nano-blade"], ids=["17.4 Wzor impaktowy", "17.4 Nanoostrze"])
def test_melee_weapon_mods_take_one_more_toughness(mod):
    sit = MeleeSituation(changed(SWORDSMAN, mods=(mod,)), TROOPER)
    assert modified_toughness(loser_toughness_situation(sit, "attacker")) == 4


def test_defender_can_hit_the_attacker_8_2():
    record = melee_roll(MeleeSituation(SWORDSMAN, TROOPER), ScriptedDice([1, 1, 6, 6]))
    assert record.detail["winner"] == "defender" and record.detail["harmed"] == SWORDSMAN.id
    save = loser_toughness_situation(MeleeSituation(SWORDSMAN, TROOPER), record)
    assert save.model == SWORDSMAN and modified_toughness(save) == 6


def test_no_melee_re_roll_is_declared_before_the_roll_20_2():
    """#17: Zwadźca, Brudne zagrywki and the Captain's re-roll are offered after the
    result (``rerolls.reroll_offers``): no tick before the roll, and plain odds."""
    duellist = changed(SWORDSMAN, skills=("duellist",), captain=True)
    dirty = changed(TROOPER, skills=("dirty-tricks",), captain=True)
    sit = MeleeSituation(duellist, dirty, attacker_charged=True)
    assert not any(o.kind == "reroll" for o in melee_options(sit))
    assert melee_odds(sit) == melee_chance(fight_totals(sit)[0] - fight_totals(sit)[1])


def test_melee_kill_chance_is_win_times_failed_save():
    sit = MeleeSituation(SWORDSMAN, TROOPER)
    win, _, lose = melee_odds(sit)
    kill_d, kill_a = melee_kill_chance(sit)
    assert kill_d == win * (1 - toughness_chance(loser_toughness_situation(sit, "attacker")))
    assert kill_a == lose * (1 - toughness_chance(loser_toughness_situation(sit, "defender")))


def test_melee_record_lists_both_sides():
    sit = MeleeSituation(
        changed(SWORDSMAN, melee=("hand-weapon", "additional-weapon")), TROOPER, attacker_support_models=(TROOPER,)
    )
    record = melee_roll(sit, ScriptedDice([2, 3, 4, 4]))
    assert record.comparison == "opposed" and record.target is None
    assert record.detail["support"] == {"attacker": ["sz"], "defender": []}
    assert record.detail["attacker"]["fight"] == 2 and record.detail["defender"]["fight"] == 0
    assert [m.label for m in record.modifiers][0] == "Additional weapon"

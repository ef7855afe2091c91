"""The Toughness roll (§9, §12.2, §17.4, §20, §21): modifiers, heroic plays, tricks."""

from fractions import Fraction

import pytest

from engine.dice import ScriptedDice
from engine.odds import reroll_one_probability
from engine.records import changed
from engine.rolls import Modifier
from engine.rulesets.sanctum_mortalis.procedures import (
    ProcedureRefused,
    ShotSituation,
    ToughnessSituation,
    apply_reroll,
    modified_toughness,
    toughness_chance,
    toughness_for_shot,
    toughness_options,
    toughness_roll,
)
from engine.rulesets.sanctum_mortalis.roster import ModelSpec

TROOPER = ModelSpec("sz", "Szturmowiec", "trooper", ranged=("assault-rifle",))
SWORDSMAN = ModelSpec("sw", "Szermierz", "swordsman", melee=("hand-weapon",))
TECHNOMANCER = ModelSpec(
    "tm", "Technomanta", "trooper", specialist="technomancer", ranged=("assault-rifle",), tricks=("protective-shield",)
)


def shot_save(target=TROOPER, shooter=TROOPER, weapon="assault-rifle", **kw) -> ToughnessSituation:
    return toughness_for_shot(ShotSituation(shooter, target, weapon, distance=8), **kw)


def keys(sit):
    return {o.key for o in toughness_options(sit)}


@pytest.mark.parametrize(
    "armour, tmod",
    [("none", 5), ("light", 6), ("powered", 7), ("sarcophagus", 8)],
    ids=["9.2 no armour", "9.2 light +1", "9.2 powered +2", "9.2 sarcophagus +3"],
)
def test_armour_adds_to_toughness(armour, tmod):
    assert modified_toughness(shot_save(changed(TROOPER, armour=armour))) == tmod


def test_a_total_of_eleven_fails_whatever_the_toughness_9_1():
    sit = ToughnessSituation(
        changed(TROOPER, advances=(("O", 1),), armour="sarcophagus", shield=True), defensive_stance=True
    )
    assert modified_toughness(sit) == 6 + 3 + 1 + 1
    assert not toughness_roll(sit, ScriptedDice([5, 6])).success
    assert toughness_chance(sit) == Fraction(33, 36)


@pytest.mark.parametrize(
    "mod, armour, attack, value",
    [
        ("armoured-fibres", "light", "melee", 1),
        ("force-field", "light", "shooting", 2),
        ("force-field", "light", "melee", 0),
        ("polychitin", "powered", "shooting", 1),
        ("polychitin", "powered", "other", 0),
    ],
    ids=[
        "17.4 armoured fibres always",
        "17.4 force field vs shooting",
        "17.4 force field not in melee",
        "17.4 polychitin vs shooting",
        "17.4 polychitin not vs grenade",
    ],
)
def test_armour_mods(mod, armour, attack, value):
    model = changed(TROOPER, armour=armour, mods=(mod,))
    plain = changed(model, mods=())
    if attack == "shooting":
        sits = shot_save(model), shot_save(plain)
    elif attack == "melee":
        sits = (
            ToughnessSituation(model, "melee", attacker=SWORDSMAN),
            ToughnessSituation(plain, "melee", attacker=SWORDSMAN),
        )
    else:
        sits = ToughnessSituation(model, "other"), ToughnessSituation(plain, "other")
    assert modified_toughness(sits[0]) - modified_toughness(sits[1]) == value


@pytest.mark.parametrize("setting, value", [("zero", 0), ("one", 1)], ids=["SM-A5 shield +0", "SM-A5 shield +1"])
def test_past_the_shield_reading(setting, value):
    shooter = changed(TROOPER, skills=("past-the-shield",))
    shielded = changed(SWORDSMAN, shield=True)
    sit = toughness_for_shot(
        ShotSituation(shooter, shielded, "assault-rifle", distance=8, settings={"past_the_shield": setting})
    )
    assert modified_toughness(sit) == 5 + 1 + value


def test_feint_cancels_the_losers_shield_in_melee_20_2():
    shielded = changed(SWORDSMAN, shield=True)
    feinter = changed(SWORDSMAN, skills=("feint",))
    assert modified_toughness(ToughnessSituation(shielded, "melee", attacker=feinter)) == 5 + 1 - 1
    assert modified_toughness(ToughnessSituation(shielded, "melee", attacker=SWORDSMAN)) == 5 + 1 + 1 - 1


def test_drone_strike_gets_no_shield_21():
    shielded = changed(SWORDSMAN, shield=True)
    assert modified_toughness(ToughnessSituation(shielded, "other", weapon="drone-strike")) == 6


def test_soft_spot_strike_makes_a_sarcophagus_worth_two_20_2():
    destroyer = ModelSpec("ni", "Niszczyciel", "destroyer", ranged=("heavy-rifle",), armour="sarcophagus")
    striker = changed(SWORDSMAN, skills=("soft-spot-strike",))
    assert modified_toughness(ToughnessSituation(destroyer, "melee", attacker=striker)) == 5 + 2 - 1


@pytest.mark.parametrize(
    "weapon, delta",
    [
        ("primitive", 1),
        ("assault-rifle", 0),
        ("energy-rifle", -1),
        ("sniper-rifle", -1),
        ("heavy-rifle", -1),
        ("energy-cannon", -2),
        ("rocket-launcher", -3),
        ("flamer", 1),
    ],
    ids=lambda v: f"10.5 {v}" if isinstance(v, str) else f"{v:+d}",
)
def test_weapon_changes_the_targets_toughness(weapon, delta):
    shooter = changed(TROOPER, ranged=(weapon,))
    assert modified_toughness(shot_save(shooter=shooter, weapon=weapon)) == 6 + delta


def test_piercing_rounds_take_one_more_17_3():
    shooter = changed(TROOPER, items=("piercing-rounds",))
    assert modified_toughness(shot_save(shooter=shooter)) == 5


def test_sentinel_two_inches_higher_is_minus_one_20_3():
    sentinel = changed(TROOPER, skills=("sentinel",))
    high = toughness_for_shot(ShotSituation(sentinel, TROOPER, "assault-rifle", distance=8, height_above_target=2))
    low = toughness_for_shot(ShotSituation(sentinel, TROOPER, "assault-rifle", distance=8, height_above_target=1.5))
    assert modified_toughness(high) == 5 and modified_toughness(low) == 6
    unknown = shot_save(shooter=sentinel)
    assert next(o for o in toughness_options(unknown) if o.key == "sentinel").state == "off"


def test_protection_is_a_toggle_against_shooting_when_unengaged_20_2():
    assert modified_toughness(shot_save(toggles=frozenset({"protection"}))) == 7
    engaged = toughness_for_shot(ShotSituation(TROOPER, TROOPER, "assault-rifle", target_engaged=True))
    assert "protection" not in keys(engaged)
    assert "protection" not in keys(ToughnessSituation(TROOPER, "melee", attacker=SWORDSMAN))


def test_defensive_stance_is_plus_one_11_2():
    assert modified_toughness(shot_save(defensive_stance=True)) == 7


def test_deep_scars_and_infection_count_once_each_from_the_profile():
    scarred = changed(TROOPER, wounds=("deep-scars",))
    sit = shot_save(scarred, infected=True)
    assert modified_toughness(sit) == 5 - 1 - 1 + 1
    assert not any("Infection" in o.label or "scars" in o.label for o in toughness_options(sit))


def test_woohoo_rolls_three_dice_and_drops_the_highest_12_2():
    sit = toughness_for_shot(
        ShotSituation(TROOPER, TROOPER, "assault-rifle", overwatch=True), toggles=frozenset({"woohoo"})
    )
    assert toughness_chance(sit) == Fraction(147, 216)
    record = toughness_roll(sit, ScriptedDice([6, 2, 4]))
    assert [d.kept for d in record.dice] == [False, True, True] and record.success


def test_woohoo_is_only_for_an_overwatch_shot_12_2():
    assert "woohoo" not in keys(shot_save())
    with pytest.raises(ProcedureRefused):
        toughness_chance(shot_save(toggles=frozenset({"woohoo"})))


def test_what_are_you_gonna_do_ignores_every_modifier_even_bonuses_12_2():
    captain = changed(TROOPER, captain=True, armour="powered", shield=True)
    sit = shot_save(captain, toggles=frozenset({"what-are-you-gonna-do"}), defensive_stance=True)
    assert modified_toughness(sit) == 7
    assert toughness_chance(sit) == Fraction(21, 36)


def test_what_are_you_gonna_do_is_refused_for_a_soldier_in_powered_armour_12_1():
    sit = shot_save(changed(TROOPER, armour="powered"), toggles=frozenset({"what-are-you-gonna-do"}))
    with pytest.raises(ProcedureRefused) as err:
        modified_toughness(sit)
    assert "light armour" in err.value.reason


def test_what_are_you_gonna_do_and_woohoo_may_be_used_together_12_1():
    sit = toughness_for_shot(
        ShotSituation(TROOPER, TROOPER, "energy-cannon", overwatch=True),
        toggles=frozenset({"what-are-you-gonna-do", "woohoo"}),
    )
    assert toughness_chance(sit) == Fraction(174, 216)


def test_heroic_plays_are_not_for_heavy_gunners_but_im_fine_is_for_anyone_12_1():
    gunner = ModelSpec("hv", "Wsparcie", "support", ranged=("heavy-rifle",))
    sit = shot_save(gunner)
    assert "what-are-you-gonna-do" not in keys(sit)
    assert "im-fine" in keys(sit)


def test_im_fine_rerolls_one_die_after_a_failure_12_2():
    sit = shot_save(toggles=frozenset({"im-fine"}))
    assert toughness_chance(sit) == reroll_one_probability(2, lambda f: sum(f) <= 6)
    failed = toughness_roll(sit, ScriptedDice([5, 4]))
    assert not failed.success
    saved = apply_reroll(failed, 0, ScriptedDice([1]), "im-fine")
    assert saved.success and saved.dice[0].replaced == 5 and saved.detail["rerolls"][0]["by"] == "im-fine"


def test_im_fine_cannot_reroll_a_passed_roll_12_2():
    passed = toughness_roll(shot_save(), ScriptedDice([1, 2]))
    with pytest.raises(ProcedureRefused):
        apply_reroll(passed, 0, ScriptedDice([6]), "im-fine")


def test_protective_shield_passes_with_no_roll_against_shooting_21():
    sit = shot_save(TECHNOMANCER, toggles=frozenset({"protective_shield"}))
    record = toughness_roll(sit, ScriptedDice([]))
    assert toughness_chance(sit) == 1 and record.success and record.dice == ()


def test_protective_shield_does_not_work_while_engaged_or_in_melee_21():
    engaged = toughness_for_shot(ShotSituation(TROOPER, TECHNOMANCER, "assault-rifle", target_engaged=True))
    assert "protective_shield" not in keys(engaged)
    melee = ToughnessSituation(TECHNOMANCER, "melee", attacker=SWORDSMAN, toggles=frozenset({"protective_shield"}))
    with pytest.raises(ProcedureRefused):
        toughness_roll(melee, ScriptedDice([1, 1]))


def test_protective_shield_is_automatic_when_not_optional_sm_a29():
    sit = toughness_for_shot(
        ShotSituation(TROOPER, TECHNOMANCER, "assault-rifle", settings={"protective_shield_optional": "off"})
    )
    assert toughness_chance(sit) == 1


def test_adrenaline_turns_a_failed_test_into_a_pass_21():
    sit = shot_save(toggles=frozenset({"adrenaline"}))
    failed = toughness_roll(sit, ScriptedDice([6, 6]))
    assert failed.success and failed.detail["adrenaline_used"] and "Adrenalina" in failed.outcome
    passed = toughness_roll(sit, ScriptedDice([1, 1]))
    assert passed.success and not passed.detail["adrenaline_used"]


def test_extra_terms_from_the_caller_are_listed_and_applied():
    sit = ToughnessSituation(
        TROOPER, "melee", attacker=SWORDSMAN, extra_terms=(Modifier("Pokaż kotku", -2, "§12.2", "show_me_kitty"),)
    )
    assert modified_toughness(sit) == 5 + 1 - 1 - 2
    assert "show_me_kitty" in keys(sit)


def test_captain_reroll_whole_roll_setting_counts_a_fresh_roll_sm_a9():
    captain = changed(TROOPER, captain=True)
    one_die = shot_save(captain, toggles=frozenset({"captain_reroll"}))
    whole = toughness_for_shot(
        ShotSituation(TROOPER, captain, "assault-rifle", settings={"captain_reroll": "whole"}),
        toggles=frozenset({"captain_reroll"}),
    )
    p = Fraction(15, 36)
    assert toughness_chance(whole) == p + (1 - p) * p
    assert toughness_chance(one_die) == reroll_one_probability(2, lambda f: sum(f) <= 6)

"""The hit roll (§10, §12.2 Głowa w dół!, §17.3, §17.7, §20.3, §21 Spięcie): modifiers, variants, refusals."""

from fractions import Fraction

import pytest

from engine.dice import ScriptedDice
from engine.records import changed
from engine.rulesets.sanctum_mortalis.procedures import (
    ProcedureRefused,
    ShotSituation,
    crowd_pick,
    hit_chance,
    hit_roll,
    kill_chance,
    master_shot_chance,
    modified_accuracy,
    modified_toughness,
    shooting_options,
    shot_refusal,
    toughness_chance,
    toughness_for_shot,
)
from engine.rulesets.sanctum_mortalis.roster import ModelSpec

TROOPER = ModelSpec("sz", "Szturmowiec", "trooper", ranged=("assault-rifle",))
TARGET = ModelSpec("tg", "Target", "trooper", ranged=("assault-rifle",))
HEAVY = ModelSpec("hv", "Wsparcie", "support", ranged=("heavy-rifle",))
FLAMER = ModelSpec("fl", "Wsparcie", "support", ranged=("flamer",))
DESTROYER = ModelSpec("ni", "Niszczyciel", "destroyer", ranged=("heavy-rifle",), armour="sarcophagus")


def shot(shooter=TROOPER, target=TARGET, weapon="assault-rifle", **kw) -> ShotSituation:
    kw.setdefault("distance", 8)
    return ShotSituation(shooter, target, weapon, **kw)


def option(sit, key):
    return next(o for o in shooting_options(sit) if o.key == key)


def keys(sit):
    return {o.key for o in shooting_options(sit)}


def test_a_roll_equal_to_modified_accuracy_misses_10_2():
    assert not hit_roll(shot(), ScriptedDice([3, 4])).success
    assert hit_roll(shot(), ScriptedDice([3, 3])).success


def test_basic_shot_hits_fifteen_times_in_thirty_six_10_2():
    assert hit_chance(shot()) == Fraction(15, 36)


@pytest.mark.parametrize(
    "index, penalty", [(1, 0), (2, -1), (3, -2)], ids=["10.5 shot 1: 0", "10.5 shot 2: -1", "10.5 shot 3: -2 not -3"]
)
def test_per_shot_penalty_is_not_cumulative(index, penalty):
    assert modified_accuracy(shot(shot_index=index)) == 7 + penalty


def test_a_fourth_assault_rifle_shot_is_malformed_10_5():
    refusal = shot_refusal(shot(shot_index=4))
    assert refusal is not None and refusal.kind == "malformed"


def test_shot_after_move_is_minus_one_10_3():
    assert option(shot(shooter_moved=True), "shot_after_move").value == -1


@pytest.mark.parametrize(
    "shooter",
    [changed(TROOPER, skills=("steady-hand",)), changed(TROOPER, mods=("shot-stabiliser",))],
    ids=["20.3 Pewna reka", "17.3 Stabilizator wystrzalu"],
)
def test_steady_hand_and_shot_stabiliser_cancel_the_move_penalty(shooter):
    sit = shot(shooter=shooter, shooter_moved=True)
    assert option(sit, "shot_after_move").value == 0
    assert modified_accuracy(sit) == 7


def test_heavy_weapon_after_a_move_is_refused_10_6():
    with pytest.raises(ProcedureRefused) as err:
        hit_chance(shot(HEAVY, weapon="heavy-rifle", shooter_moved=True))
    assert err.value.rule.startswith("§10.6")
    assert err.value.as_rejected().kind == "illegal"


@pytest.mark.parametrize(
    "skills, value",
    [(("hip-fire",), -2), (("hip-fire", "steady-hand"), -1)],
    ids=["20.3 Strzal z biodra -2", "20.3 with Pewna reka -1"],
)
def test_hip_fire_lets_a_heavy_weapon_fire_after_a_move(skills, value):
    sit = shot(changed(HEAVY, skills=skills), weapon="heavy-rifle", shooter_moved=True)
    assert option(sit, "hip_fire").value == value
    assert "shot_after_move" not in keys(sit)
    assert modified_accuracy(sit) == 7 + value


def test_heavy_weapon_may_fire_from_overwatch_after_an_earlier_activation_move_when_set_sm_a36():
    sit = shot(
        HEAVY,
        weapon="heavy-rifle",
        shooter_moved=True,
        shooter_moved_this_activation=False,
        settings={"heavy_after_move": "ever"},
    )
    assert shot_refusal(sit) is None
    assert shot_refusal(changed(sit, settings={})) is not None


def test_long_range_beyond_twelve_inches_is_minus_one_10_3():
    assert option(shot(distance=13), "long_range").value == -1
    assert "long_range" not in keys(shot(distance=12))


@pytest.mark.parametrize(
    "shooter, weapon",
    [
        (changed(TROOPER, ranged=("sniper-rifle",)), "sniper-rifle"),
        (changed(TROOPER, skills=("good-eye",)), "assault-rifle"),
    ],
    ids=["10.5 sniper rifle", "20.3 Dobre oko"],
)
def test_sniper_rifle_and_good_eye_ignore_long_range(shooter, weapon):
    assert option(shot(shooter, weapon=weapon, distance=20), "long_range").value == 0


def test_without_a_distance_long_range_is_a_gm_toggle_10_3():
    sit = shot(distance=None)
    assert option(sit, "long_range").state == "off"
    on = changed(sit, toggles=frozenset({"long_range"}))
    assert option(on, "long_range").state == "on" and modified_accuracy(on) == 6


def test_obstacle_and_cover_together_are_minus_three_10_3():
    assert modified_accuracy(shot(toggles=frozenset({"obstacle", "cover"}))) == 4


def test_large_target_is_plus_one_3_3():
    assert option(shot(target=DESTROYER), "large_target").value == 1
    assert modified_accuracy(shot(target=DESTROYER)) == 8


def test_gm_may_decline_an_automatic_modifier():
    sit = shot(target=DESTROYER, declined=frozenset({"large_target"}))
    assert option(sit, "large_target").state == "off"
    assert modified_accuracy(sit) == 7


def test_camouflage_is_minus_one_and_bio_detector_ignores_it_17_7():
    camo = changed(TARGET, items=("camouflage",))
    assert modified_accuracy(shot(target=camo)) == 6
    assert modified_accuracy(shot(changed(TROOPER, items=("bio-detector",)), target=camo)) == 7


@pytest.mark.parametrize(
    "activity, setting, value",
    [
        ("idle", "acted", -3),
        ("moved", "acted", -2),
        ("acted", "acted", -1),
        ("moved+acted", "acted", -1),
        ("moved+acted", "moved", -2),
    ],
    ids=["17.7 idle -3", "17.7 moved -2", "17.7 acted -1", "SM-A16 moved and acted -1", "SM-A16 setting moved -2"],
)
def test_masking_protocol_depends_on_what_the_target_did(activity, setting, value):
    sit = shot(
        target=changed(TARGET, items=("masking-protocol",)),
        target_activity=activity,
        settings={"masking_both": setting},
    )
    assert option(sit, "masking_protocol").value == value


def test_lucky_target_is_minus_one_only_while_not_engaged_20_2():
    lucky = changed(TARGET, skills=("lucky",))
    assert modified_accuracy(shot(target=lucky)) == 6
    assert "lucky" not in keys(shot(target=lucky, target_engaged=True))


def test_precision_sight_is_plus_one_under_twelve_inches_17_3():
    sight = changed(TROOPER, mods=("precision-sight",))
    assert modified_accuracy(shot(sight, distance=11)) == 8
    assert "precision_sight" not in keys(shot(sight, distance=12))


def test_hunter_is_plus_one_from_overwatch_20_3():
    hunter = changed(TROOPER, skills=("hunter",))
    assert modified_accuracy(shot(hunter, overwatch=True)) == 8
    assert modified_accuracy(shot(hunter)) == 7


def test_caution_makes_cover_minus_three_only_beyond_twelve_inches_20_2():
    cautious = changed(TARGET, skills=("caution",))
    assert option(shot(target=cautious, distance=13), "cover").value == -3
    assert option(shot(target=cautious, distance=12), "cover").value == -2


def test_homing_missiles_ignore_obstacles_and_halve_cover_17_3():
    rockets = changed(HEAVY, ranged=("rocket-launcher",), items=("homing-missiles",))
    sit = shot(rockets, weapon="rocket-launcher", toggles=frozenset({"obstacle", "cover"}))
    assert option(sit, "obstacle").value == 0 and option(sit, "cover").value == -1
    assert modified_accuracy(sit) == 6


def test_infection_and_a_damaged_eye_lower_accuracy_once_each():
    eye = changed(TROOPER, wounds=("damaged-eye",))
    assert modified_accuracy(shot(eye, shooter_infected=True)) == 5


@pytest.mark.parametrize(
    "reading, hits",
    [("highest", 147), ("lowest", 42)],
    ids=["SM-A6 drop the highest", "SM-A6 drop the lowest (literal)"],
)
def test_aimed_shot_rolls_three_dice_by_the_setting(reading, hits):
    aimer = changed(TROOPER, skills=("aimed-shot",))
    sit = shot(aimer, toggles=frozenset({"aimed_shot"}), settings={"aimed_shot_drop": reading})
    assert hit_chance(sit) == Fraction(hits, 216)
    record = hit_roll(sit, ScriptedDice([1, 2, 6]))
    kept = [d.face for d in record.dice if d.kept]
    assert len(record.dice) == 3 and kept == ([1, 2] if reading == "highest" else [2, 6])


def test_aimed_shot_is_not_offered_after_a_move_and_refused_if_forced_20_3():
    aimer = changed(TROOPER, skills=("aimed-shot",))
    assert "aimed_shot" not in keys(shot(aimer, shooter_moved=True))
    with pytest.raises(ProcedureRefused):
        hit_chance(shot(aimer, shooter_moved=True, toggles=frozenset({"aimed_shot"})))


def test_no_re_roll_is_declared_before_the_shot_point_blank_and_captain_come_after_20_3():
    """#17: Strzał z bliska and the Captain's re-roll are offered after the result
    (``rerolls.reroll_offers``), so the dialog has no tick for them and the odds are plain."""
    close = changed(TROOPER, skills=("point-blank",), captain=True)
    sit = shot(close, distance=5)
    assert "point_blank" not in keys(sit) and "captain_reroll" not in keys(sit)
    assert not any(o.kind == "reroll" for o in shooting_options(sit))
    assert hit_chance(sit) == Fraction(15, 36)
    assert hit_roll(sit, ScriptedDice([4, 4])).probability == Fraction(15, 36)


def test_master_shot_natural_double_one_removes_the_target_20_3():
    master = changed(TROOPER, skills=("master-shot",))
    record = hit_roll(shot(master), ScriptedDice([1, 1]))
    assert record.success and record.detail["removed"] and "Mistrzowski" in record.outcome


def test_master_shot_removes_even_when_modifiers_make_a_hit_impossible_2_4():
    master = changed(TROOPER, skills=("master-shot",))
    sit = shot(master, toggles=frozenset({"obstacle", "cover"}), shooter_moved=True, shot_index=3)
    assert hit_chance(sit) == 0
    record = hit_roll(sit, ScriptedDice([1, 1]))
    assert record.detail["removed"] and record.probability == Fraction(1, 36)
    assert kill_chance(sit) == Fraction(1, 36)


def test_master_shot_is_not_natural_with_an_extra_die_sm_a28():
    master = changed(TROOPER, skills=("master-shot", "aimed-shot"))
    sit = shot(master, toggles=frozenset({"aimed_shot"}))
    assert master_shot_chance(sit) == 0
    assert not hit_roll(sit, ScriptedDice([1, 1, 4])).detail["removed"]
    literal = changed(sit, settings={"natural_rolls": "off"})
    assert master_shot_chance(literal) == Fraction(16, 216)
    assert hit_roll(literal, ScriptedDice([1, 1, 4])).detail["removed"]


def test_kill_chance_is_hit_times_failed_save():
    sit = shot()
    assert kill_chance(sit) == Fraction(15, 36) * (1 - toughness_chance(toughness_for_shot(sit)))
    assert kill_chance(sit) == Fraction(15, 36) * Fraction(21, 36)  # T6 saves 15/36


def test_kill_chance_with_master_shot_adds_the_natural_double_one_without_a_save():
    sit = shot(changed(TROOPER, skills=("master-shot",)))
    save_fails = 1 - toughness_chance(toughness_for_shot(sit))
    assert kill_chance(sit) == Fraction(1, 36) + (Fraction(15, 36) - Fraction(1, 36)) * save_fails


def test_flamer_needs_no_hit_roll_and_the_target_saves_at_plus_one_10_7():
    sit = shot(FLAMER, weapon="flamer", distance=8)
    record = hit_roll(sit, ScriptedDice([]))
    assert hit_chance(sit) == 1 and record.success and record.dice == ()
    assert modified_toughness(toughness_for_shot(sit)) == 5 + 1 + 1


def test_high_pressure_tanks_remove_the_flamers_plus_one_17_3():
    sit = shot(changed(FLAMER, items=("high-pressure-tanks",)), weapon="flamer")
    assert modified_toughness(toughness_for_shot(sit)) == 6


def test_a_shot_beyond_the_weapons_range_is_refused_10_1():
    assert shot_refusal(shot(distance=25)) is not None
    batteries = changed(TROOPER, ranged=("energy-rifle",), mods=("high-energy-batteries",))
    assert shot_refusal(shot(batteries, weapon="energy-rifle", distance=24)) is None


def test_an_engaged_model_may_not_shoot_8_1():
    assert shot_refusal(shot(shooter_engaged=True)).rule == "§8.1"


def test_shooting_a_model_engaged_with_a_friend_is_refused_10_4():
    assert shot_refusal(shot(target_engaged_with_friend=True, target_engaged=True)).rule == "§10.4"


def test_heads_down_knife_may_hit_a_friends_opponent_with_plus_one_toughness_12_2():
    sit = shot(weapon="thrown-knife", distance=5, target_engaged_with_friend=True, target_engaged=True)
    assert shot_refusal(sit) is None
    assert modified_accuracy(sit) == 7
    assert modified_toughness(toughness_for_shot(sit)) == 5 + 1 + 1


def test_heads_down_is_refused_a_second_time_and_for_a_heavy_gunner_12_1():
    used = shot(weapon="thrown-knife", target_engaged_with_friend=True, used_plays=frozenset({"heads-down"}))
    assert "once per battle" in shot_refusal(used).reason
    heavy = shot(HEAVY, weapon="thrown-knife", target_engaged_with_friend=True)
    assert "heavy weapon" in shot_refusal(heavy).reason


def test_short_circuit_rolls_as_if_accuracy_twelve_with_shooting_modifiers_21():
    caster = ModelSpec(
        "tm", "Technomanta", "trooper", specialist="technomancer", ranged=("assault-rifle",), tricks=("short-circuit",)
    )
    sit = shot(caster, weapon="short-circuit", distance=7, shooter_moved=True, toggles=frozenset({"cover"}))
    assert modified_accuracy(sit) == 12 - 1 - 2
    assert modified_toughness(toughness_for_shot(sit)) == 5 + 1 + 1


def test_crowd_shot_ignores_target_only_modifiers_10_4():
    sit = shot(target=changed(DESTROYER, skills=("lucky",)), into_crowd=True)
    assert not keys(sit) & {"large_target", "lucky"}
    assert "crowd" in option(sit, "cover").label


@pytest.mark.parametrize(
    "n, faces, index",
    [(2, [5], 0), (3, [3], 2), (4, [6, 5, 2], 1), (5, [6, 4], 3), (7, [1, 1], 0), (7, [6, 6, 2, 3], 1)],
    ids=[
        "2 models",
        "3 models",
        "4 models re-roll 5 and 6",
        "5 models re-roll 6",
        "7 models two dice",
        "7 models re-roll 35",
    ],
)
def test_crowd_pick_is_a_fair_die_reading_10_4(n, faces, index):
    pick = crowd_pick([f"m{i}" for i in range(n)], ScriptedDice(faces))
    assert pick.index == index and pick.chosen == f"m{index}" and list(pick.faces) == faces

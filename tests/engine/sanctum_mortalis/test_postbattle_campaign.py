"""Experience (§19), trading (§22, §20.5), scenarios (§23) and Challenges (§23.7)."""

from fractions import Fraction

import pytest

from engine.dice import ScriptedDice
from engine.records import changed
from engine.rulesets.sanctum_mortalis.band_building import band_strength, model_cost
from engine.rulesets.sanctum_mortalis.postbattle import (
    advance_refusal,
    battle_xp,
    buy_price,
    challenge_refusal,
    challenge_reward,
    interception_xp,
    item_buy_price,
    item_sell_price,
    lesson_met,
    next_battle_volunteers,
    prudence_met,
    purchase_problems,
    purchase_refusal,
    purchases_cost,
    recruit_cost,
    roll_level_up,
    roll_scenario,
    scenario_reward,
    scenario_roller_odds,
    sell_price,
    technology_cash,
)
from engine.rulesets.sanctum_mortalis.procedures import ProcedureRefused
from engine.rulesets.sanctum_mortalis.roster import BandRoster, ModelSpec

TROOPER = ModelSpec("sz", "Szturmowiec", "trooper", ranged=("assault-rifle",))
PET = ModelSpec("dog", "Dog", "war-pet", armour="none")


# --------------------------------------------------------------------------- experience
def test_battle_xp_lists_each_source_with_its_rule():
    award = battle_xp(TROOPER, kills=2, markers_carried_off=1, scenario_xp=interception_xp(1), challenge_xp=1)
    assert [(m.key, m.value, m.rule) for m in award.terms] == [
        ("kills", 2, "§19.1"),
        ("markers", 1, "§19.1"),
        ("scenario", 2, "§23"),
        ("challenges", 1, "§23.7"),
    ]
    assert award.granted == 6 and award.levels == (1, 2, 3)


def test_pets_volunteers_and_the_stash_gain_no_xp():
    assert battle_xp(PET, kills=2).granted == 0
    assert "Volunteer" in battle_xp(changed(TROOPER, volunteer=True), kills=1).note
    assert battle_xp(TROOPER, kills=1, in_stash=True).granted == 0


def test_xp_is_capped_at_fifty_with_a_note():
    award = battle_xp(changed(TROOPER, xp=48), kills=5)
    assert award.xp_after == 50 and award.granted == 2 and "50" in award.note


def test_negative_counts_are_malformed():
    with pytest.raises(ProcedureRefused):
        battle_xp(TROOPER, kills=-1)


def test_interception_carry_xp():
    assert interception_xp(1) == 2 and interception_xp(2) == 1
    with pytest.raises(ValueError):
        interception_xp(3)


def test_level_up_record():
    record = roll_level_up(ScriptedDice([6, 1]), level=3, model="sz")
    assert record.procedure == "sm.level-up" and record.outcome == "stat-or-skill" and record.success
    assert record.probability == Fraction(21, 36) and record.detail["level"] == 3


@pytest.mark.parametrize(
    "model, stat, kw, refused",
    [
        pytest.param(TROOPER, "W", {}, None, id="§19.3 first Fight advance"),
        pytest.param(TROOPER, "W", {"choice": "skill"}, "skill only", id="§19.3 8–12 is a skill only"),
        pytest.param(TROOPER, "W", {"raised_this_gap": ("W",)}, "twice", id="§19.3 not twice between battles"),
        pytest.param(changed(TROOPER, advances=(("S", 1),)), "S", {}, "at most 1", id="§19.3 Speed +1 at most"),
        pytest.param(
            changed(TROOPER, advances=(("W", 2),)), "W", {}, "Fechmistrz", id="§19.3 third W needs Fechmistrz"
        ),
        pytest.param(
            changed(TROOPER, advances=(("W", 2),), skills=("fencing-master",)),
            "W",
            {},
            None,
            id="§19.3 third W with Fechmistrz",
        ),
        pytest.param(changed(TROOPER, advances=(("C", 2),)), "C", {}, "Wprawny", id="§19.3 third C needs the skill"),
        pytest.param(
            changed(TROOPER, advances=(("C", 3),), skills=("marksman",)), "C", {}, "at most 3", id="§19.3 C +3 at most"
        ),
        pytest.param(changed(TROOPER, small=True), "O", {}, "small guys", id="§15.5 small guys no Toughness"),
        pytest.param(PET, "W", {}, "no XP", id="§15.6 pets have no levels"),
        pytest.param(TROOPER, "X", {}, "not a characteristic", id="unknown characteristic"),
    ],
)
def test_advance_limits(model, stat, kw, refused):
    reason = advance_refusal(model, stat, **kw)
    assert (reason is None) if refused is None else (refused in reason)


# --------------------------------------------------------------------------- trading
@pytest.mark.parametrize(
    "item, sell, buy",
    [
        ("precision-sight", 20, 60),
        ("piercing-rounds", 5, 15),
        ("masking-protocol", 20, 60),
        ("smoke-grenade", 5, 15),
        ("frag-grenade", 5, 15),
    ],
    ids=lambda v: f"§22.3 {v}" if isinstance(v, str) else str(v),
)
def test_book_price_examples(item, sell, buy):
    assert item_sell_price(item) == sell and item_buy_price(item) == buy


def test_haggling_and_fence_take_twenty_percent_per_item():
    assert sell_price(15, haggling=True) == 18 and sell_price(5, haggling=True) == 6
    assert buy_price(15, fence=True) == 36 and buy_price(5, fence=True) == 12
    assert sell_price(None) is None and buy_price(None) is None


def test_haggling_on_technologies_follows_sm_a37():
    assert technology_cash(10, haggling=True) == 12
    assert technology_cash(10, haggling=True, settings={"haggling_technology": "off"}) == 10
    assert item_sell_price("tech-15", haggling=True) == 18


def test_unpriced_and_fixed_items():
    assert item_sell_price("combat-medkit") is None and item_buy_price("memory-implant") is None
    assert item_sell_price("climbing-gear") is None and item_sell_price("jet-pack") is None
    assert item_buy_price("climbing-gear", fence=True) == 5 and item_buy_price("jet-pack", fence=True) == 10


def test_fence_scope_reading():
    assert item_buy_price("nano-blade", fence=True) == 36
    assert item_buy_price("nano-blade", fence=True, settings={"fence_scope": "slot-items"}) == 45
    assert item_buy_price("frag-grenade", fence=True, settings={"fence_scope": "slot-items"}) == 12


def test_one_item_from_each_table_per_battle():
    assert purchase_refusal([], "nano-blade") is None
    assert "one item from each table" in purchase_refusal(["force-field"], "nano-blade")
    assert purchase_refusal(["nano-blade"], "precision-sight") is None
    assert "one item" in purchase_refusal(["precision-sight"], "piercing-rounds")  # mods and ammo: one table
    assert "one item" in purchase_refusal(["camouflage"], "eye-implant")  # cyber-parts are gadgets
    assert purchase_problems(["frag-grenade", "camouflage", "smoke-grenade", "climbing-gear", "climbing-gear"]) == (
        "only one item from each table after a battle: Frag grenade already came from the grenades table (§22.3)",
    )


def test_medicines_are_never_bought_and_the_jet_pack_only_with_a_recruit():
    assert "only be found" in purchase_refusal([], "ghost-catcher")
    assert "recruited" in purchase_refusal([], "jet-pack")
    assert purchase_refusal([], "jet-pack", recruiting=True) is None
    assert purchase_problems(["jet-pack"], recruiting=[True]) == ()


def test_purchases_cost():
    assert purchases_cost(["nano-blade", "frag-grenade", "climbing-gear"]) == 45 + 15 + 5
    assert purchases_cost(["nano-blade", "frag-grenade"], fence=True) == 36 + 12
    with pytest.raises(ProcedureRefused):
        purchases_cost(["ghost-catcher"])


def test_recruiting_costs_the_archetype_plus_fifteen_per_xp():
    assert recruit_cost(TROOPER) == 20
    assert recruit_cost(TROOPER, bought_xp=2) == 50
    small = ModelSpec("s", "S", "swordsman", small=True, melee=("hand-weapon",), shield=True)
    assert recruit_cost(small, bought_xp=1) == model_cost(small) + 15 == 12 + 15
    with pytest.raises(ProcedureRefused):
        recruit_cost(PET, bought_xp=1)
    with pytest.raises(ProcedureRefused):
        recruit_cost(TROOPER, bought_xp=51)


# --------------------------------------------------------------------------- scenarios
def test_fewer_models_rolls_for_the_scenario():
    record = roll_scenario(ScriptedDice([4]), 5, 7, "Ann", "Bob")
    assert record.outcome == "interception" and record.detail["roller"] == "Ann"
    assert record.detail["roller_by"] == "fewer-models" and record.probability == Fraction(1, 6)
    assert scenario_roller_odds(5, 7) == (1, 0)


def test_on_equal_numbers_the_lower_k6_rolls_and_ties_roll_again():
    record = roll_scenario(ScriptedDice([3, 3, 5, 2, 6]), 6, 6, "Ann", "Bob")
    assert record.detail["rolloff"] == [[3, 3], [5, 2]] and record.detail["roller"] == "Bob"
    assert record.outcome == "choose" and not record.success
    assert scenario_roller_odds(6, 6) == (Fraction(1, 2), Fraction(1, 2))


@pytest.mark.parametrize(
    "scenario, won, markers, special, expected",
    [
        pytest.param("slaughter", True, 3, False, (20, 3), id="§23.2 Jatka 20tk + 1 roll per marker"),
        pytest.param("Barykady", False, 0, False, (20, 0), id="§23.3 the loser gets 20tk too"),
        pytest.param("interception", True, 1, True, (20, 5), id="§23.5 special marker 4 rolls [SM-A21]"),
        pytest.param("pride", True, 0, False, (30, 3), id="§23.6 Duma winner 30tk + 3"),
        pytest.param("pride", False, 0, False, (20, 2), id="§23.6 Duma loser 20tk + 2"),
        pytest.param("pride", None, 0, False, (20, 2), id="§23.6 Duma tie: loser's reward [SM-A22]"),
    ],
)
def test_scenario_rewards(scenario, won, markers, special, expected):
    assert scenario_reward(scenario, won, markers, special_marker=special) == expected


def test_special_marker_single_loot_roll_reading_and_refusals():
    assert scenario_reward("interception", True, 0, {"special_marker_loot": "1"}, special_marker=True) == (20, 1)
    with pytest.raises(ProcedureRefused):
        scenario_reward("slaughter", True, 0, special_marker=True)
    with pytest.raises(ProcedureRefused):
        scenario_reward("chess", True, 0)


def test_next_battle_volunteers_can_leave_out_models_missing_the_battle():
    a = BandRoster("A", models=tuple(changed(TROOPER, id=f"a{i}", xp=4) for i in range(7)))
    b = BandRoster("B", models=tuple(changed(TROOPER, id=f"b{i}") for i in range(5)))
    assert band_strength(a) - band_strength(b) == 34
    assert next_battle_volunteers(a, b) == (0, 2)
    assert next_battle_volunteers(a, b, missing_a=("a0", "a1", "a2")) == (0, 0)


# --------------------------------------------------------------------------- challenges
def test_lesson_needs_at_least_half():
    assert lesson_met(3, 6) and lesson_met(3, 5) and not lesson_met(2, 5) and lesson_met(2, 4) and not lesson_met(1, 4)
    assert not lesson_met(0, 0)


def test_prudence_allows_two_losses():
    assert prudence_met(2) and not prudence_met(3)


def test_challenge_choice_refusals():
    assert "already chosen" in challenge_refusal(["hunt"], "Polowanie")
    assert "unknown" in challenge_refusal([], "tea party")
    nobody = BandRoster("X", models=(TROOPER,))
    techno = BandRoster("Y", models=(changed(TROOPER, specialist="technomancer", skills=("technomancer-tricks",)),))
    assert "enemy Specialist" in challenge_refusal([], "exclude-eggheads", opponent=nobody)
    assert challenge_refusal([], "exclude-eggheads", opponent=techno) is None
    assert "your own" in challenge_refusal([], "eggheads-duel", own=nobody, opponent=techno)
    assert "tricks" in challenge_refusal([], "no-fireworks", own=nobody)
    assert challenge_refusal([], "no-fireworks", own=techno) is None


def test_challenge_rewards_and_the_additional_technology_sm_a20():
    courier = challenge_reward("courier", True)
    assert (courier.vp, courier.xp, courier.technologies, courier.loot_rolls) == (2, 1, 1, 1)
    loot_only = challenge_reward("courier", True, {"extra_technology": "loot"})
    assert (loot_only.vp, loot_only.loot_rolls) == (1, 1)
    assert challenge_reward("courier", False).vp == 0
    predator = challenge_reward("predator", True, kills=4, standing=True)
    assert (predator.vp, predator.xp) == (3, 3)
    assert challenge_reward("predator", True, kills=4, standing=False).vp == 0
    assert challenge_reward("exclude-eggheads", True).xp == 0

"""Issue #18, "Settings that must mean something": every Sanctum Mortalis setting with a
choice changes what the engine does, and a reading the app cannot apply is a note.

``PROBES`` holds, for each setting with choices, a small scene (a battle, or the
procedure the battle calls with the battle's settings) that returns what the engine
did under one reading: a refusal, odds, a state or events. The test runs it under every
reading and wants as many different results as readings. It is parametrized over
``SETTINGS`` and ``CAMPAIGN_SETTINGS``, so a new setting that no code reads fails here
until it gets a probe or becomes a note."""

from __future__ import annotations

from typing import Any, Callable

import pytest

from engine.battle import Battle, new_header
from engine.dice import ScriptedDice
from engine.records import changed
from engine.ruleset import Rejected, setting_change
from engine.rulesets.sanctum_mortalis import band_building as bb
from engine.rulesets.sanctum_mortalis import commands as c
from engine.rulesets.sanctum_mortalis import make_setup
from engine.rulesets.sanctum_mortalis.campaign.summary import wounded_by
from engine.rulesets.sanctum_mortalis.postbattle import (
    challenge_reward,
    choice_refusal,
    gear_after_loss,
    item_buy_price,
    needs_care,
    open_injury,
    pay_for_care,
    roll_injury,
    scenario_reward,
    take_wound,
    technology_cash,
)
from engine.rulesets.sanctum_mortalis.procedures import (
    MeleeSituation,
    ProcedureRefused,
    ShotSituation,
    fight_totals,
    hit_chance,
    loser_toughness_situation,
    melee_roll,
    modified_toughness,
    shooting_options,
    shot_refusal,
    toughness_chance,
    toughness_for_shot,
    withdraw_chance,
)
from engine.rulesets.sanctum_mortalis.procedures.common import heroic_refusal
from engine.rulesets.sanctum_mortalis.procedures.movement import move_allowance
from engine.rulesets.sanctum_mortalis.procedures.support import support_counts
from engine.rulesets.sanctum_mortalis.roster import BandRoster, ModelSpec
from engine.rulesets.sanctum_mortalis.salvo import salvo_problem
from engine.rulesets.sanctum_mortalis.settings import CAMPAIGN_SETTINGS, SETTINGS, SETTINGS_BY_KEY
from engine.rulesets.sanctum_mortalis.state import OUT_OF_ACTION
from engine.rulesets.sanctum_mortalis.turn import end_check, round_start

TROOPER = ModelSpec("sz", "Szturmowiec", "trooper", ranged=("assault-rifle",))
SWORDSMAN = ModelSpec("sw", "Szermierz", "swordsman", melee=("hand-weapon",))
TECHNOMANCER = ModelSpec("tm", "Technomant", "technomancer", tricks=("protective-shield",))
HEAVY = ModelSpec("hv", "Wsparcie", "support", ranged=("heavy-rifle",))
MISS = [6, 6]


# --------------------------------------------------------------------------- small battles
def _bands(extra_a: tuple[ModelSpec, ...] = (), extra_b: tuple[ModelSpec, ...] = ()) -> tuple[BandRoster, BandRoster]:
    a = BandRoster(
        "Wolves",
        "Ann",
        (
            ModelSpec("kara", "Kara", "trooper", ranged=("assault-rifle",), captain=True, xp=4),
            ModelSpec("bo", "Bo", "swordsman", melee=("hand-weapon",)),
            ModelSpec("cy", "Cy", "officer", ranged=("assault-pistol",), skills=("defence-order",)),
            *extra_a,
        ),
    )
    b = BandRoster(
        "Saints",
        "Bob",
        (
            ModelSpec("xan", "Xan", "trooper", ranged=("assault-rifle",), captain=True, xp=4),
            ModelSpec("yul", "Yul", "savage", ranged=("primitive",), melee=("hand-weapon",)),
            *extra_b,
        ),
    )
    return a, b


def _battle(settings: dict[str, str], scenario: str = "none", start: bool = True, **kw: Any) -> Battle:
    neutrals = kw.pop("neutrals", ())
    setup = make_setup(*_bands(**kw), scenario=scenario, settings=settings, neutrals=neutrals)
    battle = Battle(new_header("sanctum-mortalis", setup, seed=3))
    if start:
        battle.submit(c.StartRound())
        if battle.state.order.phase == "choose-first":
            battle.submit(c.ChooseFirst("A"))
    return battle


def _outcome(result: Any) -> str:
    """A refusal's reason, or "accepted"."""
    return f"refused: {result.reason}" if isinstance(result, Rejected) else "accepted"


def _gone(state: Any, *ids: str) -> Any:
    return state.with_models(lambda m: changed(m, status=OUT_OF_ACTION) if m.id in ids else m)


# --------------------------------------------------------------------------- the probes
def _support_example(v: str) -> Any:  # §8.3 worked example: A attacks 1 (only next to it)
    contacts = {"A": {"1"}, "B": {"1", "2", "3"}}
    sides = {"1": "red", "2": "red", "3": "red", "A": "green", "B": "green"}
    return support_counts(contacts, sides, "A", "1", settings={"support_example": v})


def _defender_support(v: str) -> Any:
    sit = MeleeSituation(SWORDSMAN, TROOPER, defender_support_models=(SWORDSMAN,), settings={"defender_support": v})
    return fight_totals(sit)


def _guns_as_hand_weapons(v: str) -> Any:
    sit = MeleeSituation(TROOPER, SWORDSMAN, settings={"guns_as_hand_weapons": v})
    return modified_toughness(loser_toughness_situation(sit, "attacker"))


def _withdraw_tie(v: str) -> Any:
    return withdraw_chance(MeleeSituation(SWORDSMAN, TROOPER, withdraw=True, settings={"withdraw_tie": v}))


def _past_the_shield(v: str) -> Any:
    shooter = changed(TROOPER, skills=("past-the-shield",))
    sit = ShotSituation(shooter, changed(SWORDSMAN, shield=True), "assault-rifle", distance=8)
    return modified_toughness(toughness_for_shot(changed(sit, settings={"past_the_shield": v})))


def _aimed_shot_drop(v: str) -> Any:
    aimer = changed(TROOPER, skills=("aimed-shot",))
    sit = ShotSituation(aimer, TROOPER, "assault-rifle", distance=8, toggles=frozenset({"aimed_shot"}))
    return hit_chance(changed(sit, settings={"aimed_shot_drop": v}))


def _deadly_blow_penalty(v: str) -> Any:
    killer = changed(SWORDSMAN, skills=("deadly-blow",))
    sit = MeleeSituation(
        killer, SWORDSMAN, toggles=frozenset({"attacker_deadly_blow"}), settings={"deadly_blow_penalty": v}
    )
    return modified_toughness(loser_toughness_situation(sit, "defender"))


def _powered_needs_servomotors(v: str) -> Any:
    runner = changed(TROOPER, skills=("runner",), armour="powered")
    return move_allowance(runner, 2, settings={"powered_needs_servomotors": v})[0]


def _captain_reroll(v: str) -> Any:
    captain = changed(TROOPER, captain=True)
    sit = ShotSituation(TROOPER, captain, "assault-rifle", settings={"captain_reroll": v})
    return toughness_chance(toughness_for_shot(sit, toggles=frozenset({"captain_reroll"})))


def _injury_on_any_removal(v: str) -> Any:
    return wounded_by('fell 4" (no Toughness roll, §7.5)', {"injury_on_any_removal": v})


def _specialists_heroic(v: str) -> Any:
    medic = ModelSpec("doc", "Doc", "trooper", specialist="medic", ranged=("assault-rifle",))
    return heroic_refusal(medic, "woohoo", set(), {"specialists_heroic": v})


def _looking_pickup_free(v: str) -> Any:
    battle = _battle({"looking_pickup_free": v}, scenario="slaughter")
    battle.submit(c.PlayCard("A", "looking-for-me", "A.kara"))
    battle.submit(c.Move("A.kara", inches=8.0))
    battle.submit(c.PickUpTech("A.kara"))
    return battle.state.model("A.kara").actions_used


def _overwatch_salvo(v: str) -> Any:
    battle = _battle({"overwatch_salvo": v})
    battle.submit(c.PlaceMarker("A.kara", "overwatch"))
    battle.submit(c.Shoot("A.kara", "B.xan", "assault-rifle", overwatch=True), ScriptedDice(MISS))
    return battle.state.model("A.kara").salvo


def _masking_both(v: str) -> Any:
    target = changed(TROOPER, items=("masking-protocol",))
    sit = ShotSituation(TROOPER, target, "assault-rifle", distance=8, target_activity="moved+acted")
    return {o.key: o.value for o in shooting_options(changed(sit, settings={"masking_both": v}))}["masking_protocol"]


def _serious_wound_pick(v: str) -> Any:
    try:  # the owner picks (the app asks), or a random roll
        return take_wound((), dice=ScriptedDice([3]), settings={"serious_wound_pick": v}).wound
    except ProcedureRefused as err:
        return f"refused: {err}"


def _case(total: int) -> Any:
    low = max(1, total - 6)
    return open_injury(roll_injury(ScriptedDice([low, total - low]), "m"))


def _medicine_on_care(v: str) -> Any:
    cared = pay_for_care(_case(5), ScriptedDice([2, 3]))  # care gives 5 again
    return choice_refusal(cared, "surgical-automaton", {"medicine_on_care": v})


def _extra_technology(v: str) -> Any:
    return challenge_reward("courier", True, {"extra_technology": v})


def _special_marker_loot(v: str) -> Any:
    return scenario_reward("interception", True, 0, {"special_marker_loot": v}, special_marker=True)


def _scenario_starter_rounds(v: str) -> Any:
    battle = _battle({"scenario_starter_rounds": v}, scenario="slaughter", start=False)
    state = changed(battle.state, order=changed(battle.state.order, round=1))
    return round_start(state).method  # how round 2 decides


def _carried_at_end(v: str) -> Any:
    battle = _battle({"carried_at_end": v})
    state = _gone(battle.state.with_model("A.kara", tech_markers=1), "B.xan", "B.yul")
    return [(d.kind, d.payload.get("vp")) for d in end_check(state)]


INDEPENDENT = ModelSpec(
    "mut",
    "Mut",
    "independent",
    neutral=True,
    neutral_type="fighting",
    profile_override=(("S", 4), ("W", 1), ("C", 0), ("O", 6)),
)


def _neutrals_side(v: str) -> Any:
    battle = _battle({"neutrals_side": v}, neutrals=(INDEPENDENT,))
    return [d.kind for d in end_check(_gone(battle.state, "B.xan", "B.yul"))]


def _jet_pack_action(v: str) -> Any:
    flyer = ModelSpec("jet", "Jet", "trooper", ranged=("assault-rifle",), items=("jet-pack",))
    battle = _battle({"jet_pack_action": v}, extra_a=(flyer,))
    result = battle.submit(c.Move("A.jet", inches=10.0, jet_pack=True))
    jet = battle.state.model("A.jet")
    return _outcome(result), jet.moves, jet.actions_used, "jet-pack" in jet.once_used


def _natural_rolls(v: str) -> Any:
    crit = changed(SWORDSMAN, skills=("critical-hit", "deadly-blow"))
    sit = MeleeSituation(
        crit,
        changed(TROOPER, advances=(("W", 3),)),
        toggles=frozenset({"attacker_deadly_blow"}),
        settings={"natural_rolls": v},
    )
    return melee_roll(sit, ScriptedDice([6, 6, 1, 6, 6])).detail["winner"]


def _protective_shield_optional(v: str) -> Any:
    sit = ShotSituation(TROOPER, TECHNOMANCER, "assault-rifle", settings={"protective_shield_optional": v})
    return toughness_chance(toughness_for_shot(sit))


TECHNO = ModelSpec("tia", "Tia", "technomancer", tricks=("drone-strike", "lava", "flash", "acceleration"))
DISPELLER = ModelSpec("dov", "Dov", "technomancer", skills=("dispel",))


def _dispel_optional(v: str) -> Any:
    battle = _battle({"dispel_optional": v}, extra_a=(TECHNO, DISPELLER))
    result = battle.submit(c.CastTrick("A.tia", "flash", "B.xan", dispeller="A.dov"), ScriptedDice([6, 6]))
    return _outcome(result), battle.state.model("B.xan").no_shooting


def _defence_order_self(v: str) -> Any:
    battle = _battle({"defence_order_self": v})
    return _outcome(battle.submit(c.DefenceOrder("A.cy", ("A.cy",))))


def _mixed_pistols(v: str) -> Any:
    dex = ModelSpec("dex", "Dex", "gunslinger", ranged=("assault-pistol", "energy-pistol"))
    roster = BandRoster("B", models=(changed(TROOPER, captain=True), dex))
    return [p.message for p in bb.validate(roster, settings={"mixed_pistols": v}) if p.message.startswith("Dex")]


def _offhand_options(v: str) -> Any:
    bo = ModelSpec("bo", "Bo", "swordsman", melee=("hand-weapon", "additional-weapon"), shield=True)
    roster = BandRoster("B", models=(changed(TROOPER, captain=True), bo))
    return [p.message for p in bb.validate(roster, settings={"offhand_options": v}) if p.message.startswith("Bo")]


def _heavy_after_move(v: str) -> Any:
    sit = ShotSituation(
        HEAVY,
        TROOPER,
        "heavy-rifle",
        distance=8,
        shooter_moved=True,
        shooter_moved_this_activation=False,
        settings={"heavy_after_move": v},
    )
    return shot_refusal(sit)


def _haggling_technology(v: str) -> Any:
    return technology_cash(10, haggling=True, settings={"haggling_technology": v})


def _small_guy_discount(v: str) -> Any:
    pip = ModelSpec("pip", "Pip", "swordsman", small=True, melee=("hand-weapon",), items=("climbing-gear", "jet-pack"))
    return bb.model_cost(pip, {"small_guy_discount": v})


def _initiative_count(v: str) -> Any:
    battle = _battle({"initiative_count": v}, start=False)
    return round_start(_gone(battle.state, "A.bo", "A.cy")).counts


def _special_items_strength(v: str) -> Any:
    m = ModelSpec("m", "M", "trooper", ranged=("energy-rifle",), items=("climbing-gear", "jet-pack"))
    return bb.band_strength(BandRoster("B", models=(m,), stash=("smoke-grenade",)), {"special_items_strength": v})


def _doubt_replace(v: str) -> Any:
    battle = _battle({"doubt_replace": v})
    battle.submit(c.PlayCard("B", "doubt", "A.kara", action="shoot"))
    kara = battle.state.model("A.kara")
    return kara.action_cap, kara.barred


def _primitive_per_round(v: str) -> Any:
    battle = _battle({"primitive_per_round": v})
    state = battle.state.with_model("B.yul", round_flags=frozenset({"fired:primitive"}))
    return _outcome(salvo_problem(state, state.model("B.yul"), c.Shoot("B.yul", "A.bo", "primitive")) or "")


def _retired_gear(v: str) -> Any:
    model = ModelSpec("m", "M", "trooper", items=("frag-grenade", "jet-pack"), mods=("nano-blade",))
    return gear_after_loss(model, "retires", {"retired_gear": v})


def _acceleration_friendly(v: str) -> Any:
    battle = _battle({"acceleration_friendly": v}, extra_a=(TECHNO,))
    return _outcome(battle.submit(c.CastTrick("A.tia", "acceleration", "B.xan"))), battle.state.model(
        "B.xan"
    ).bonus_action


def _care_skill_condition(v: str) -> Any:
    return needs_care(True, "light", {"care_skill_condition": v})


def _fence_scope(v: str) -> Any:
    return item_buy_price("nano-blade", fence=True, settings={"fence_scope": v})


PROBES: dict[str, Callable[[str], Any]] = {
    "support_example": _support_example,
    "defender_support": _defender_support,
    "guns_as_hand_weapons": _guns_as_hand_weapons,
    "withdraw_tie": _withdraw_tie,
    "past_the_shield": _past_the_shield,
    "aimed_shot_drop": _aimed_shot_drop,
    "deadly_blow_penalty": _deadly_blow_penalty,
    "powered_needs_servomotors": _powered_needs_servomotors,
    "captain_reroll": _captain_reroll,
    "injury_on_any_removal": _injury_on_any_removal,
    "specialists_heroic": _specialists_heroic,
    "looking_pickup_free": _looking_pickup_free,
    "overwatch_salvo": _overwatch_salvo,
    "masking_both": _masking_both,
    "serious_wound_pick": _serious_wound_pick,
    "medicine_on_care": _medicine_on_care,
    "extra_technology": _extra_technology,
    "special_marker_loot": _special_marker_loot,
    "scenario_starter_rounds": _scenario_starter_rounds,
    "carried_at_end": _carried_at_end,
    "neutrals_side": _neutrals_side,
    "jet_pack_action": _jet_pack_action,
    "natural_rolls": _natural_rolls,
    "protective_shield_optional": _protective_shield_optional,
    "dispel_optional": _dispel_optional,
    "defence_order_self": _defence_order_self,
    "mixed_pistols": _mixed_pistols,
    "offhand_options": _offhand_options,
    "heavy_after_move": _heavy_after_move,
    "haggling_technology": _haggling_technology,
    "small_guy_discount": _small_guy_discount,
    "initiative_count": _initiative_count,
    "special_items_strength": _special_items_strength,
    "doubt_replace": _doubt_replace,
    "primitive_per_round": _primitive_per_round,
    "retired_gear": _retired_gear,
    "acceleration_friendly": _acceleration_friendly,
    "care_skill_condition": _care_skill_condition,
    "fence_scope": _fence_scope,
}

ALL = SETTINGS + CAMPAIGN_SETTINGS
CHOICES = [s for s in ALL if not s.is_note]
NOTES = [s for s in ALL if s.is_note]


def _id(spec: Any) -> str:
    return f"{spec.ref} {spec.key}"


@pytest.mark.parametrize("spec", CHOICES, ids=_id)
def test_every_reading_of_a_setting_changes_what_the_engine_does(spec):
    probe = PROBES.get(spec.key)
    assert probe is not None, f"{spec.ref} {spec.key}: show its readings differ here, or make it a note"
    results = {c.value: repr(probe(c.value)) for c in spec.choices}
    assert len(set(results.values())) == len(spec.choices), results


@pytest.mark.parametrize("spec", NOTES, ids=_id)
def test_a_note_has_one_reading_says_why_and_cannot_be_changed(spec):
    assert len(spec.choices) == 1 and spec.default == spec.choices[0].value
    assert spec.note, f"{spec.ref}: a note says what the app or the GM does"
    refused = setting_change(SETTINGS_BY_KEY, lambda key: SETTINGS_BY_KEY[key].default, spec.key, "other")
    assert isinstance(refused, Rejected) and refused.kind == "malformed"


def test_the_notes_are_the_readings_the_app_cannot_apply():
    readings = {f"SM-A{n}" for n in (12, 13, 17, 22, 26, 31, 32, 39, 42, 44, 48)}
    assert {s.ref for s in NOTES} == readings | {f"SM-M{n}" for n in (1, 2, 3, 4)}  # and the house readings


def test_every_reading_has_a_probe_and_no_probe_is_left_over():
    assert set(PROBES) == {s.key for s in CHOICES}


@pytest.mark.parametrize("reading, moves_after", [("on", 1), ("off", 2)], ids=["SM-A27 the Move", "SM-A27 no action"])
def test_a_jet_pack_flight_is_the_move_action_or_takes_none(reading, moves_after):
    flyer = ModelSpec("jet", "Jet", "trooper", ranged=("assault-rifle",), items=("jet-pack",))
    battle = _battle({"jet_pack_action": reading}, extra_a=(flyer,))
    assert not isinstance(battle.submit(c.Move("A.jet", inches=10.0, jet_pack=True)), Rejected)
    moved = 0
    while moved < 3 and not isinstance(battle.submit(c.Move("A.jet", inches=1.0)), Rejected):
        moved += 1
    assert moved == moves_after  # Moves left after the flight
    again = battle.submit(c.Move("A.jet", inches=10.0, jet_pack=True))
    assert isinstance(again, Rejected)  # once per battle either way

"""Properties of the post-battle procedures: odds add up to 1 and agree with the rolls,
care never costs less than nothing, XP never passes 50."""

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.dice import ScriptedDice
from engine.records import changed
from engine.rulesets.sanctum_mortalis import tables as t
from engine.rulesets.sanctum_mortalis.postbattle import (
    INJURY_RESULTS,
    INJURY_TABLE,
    LEVEL_UP_TABLE,
    LOOT_TABLES,
    SALE_WORTH,
    SCENARIO_TABLE,
    MostCredits,
    add_xp,
    battle_xp,
    buy_price,
    care_choices,
    care_cost,
    care_odds,
    injury_outcome,
    item_buy_price,
    item_sell_price,
    levels_gained,
    loot_odds,
    open_injury,
    pay_for_care,
    roll_injury,
    roll_level_up,
    roll_loot,
    roll_scenario,
    scenario_roller_odds,
    sell_price,
    take_wound,
    use_medicine,
)
from engine.rulesets.sanctum_mortalis.procedures import ProcedureRefused
from engine.rulesets.sanctum_mortalis.roster import ModelSpec

QUICK = settings(database=None, deadline=None, max_examples=60)
FACES = st.lists(st.integers(1, 6), min_size=40, max_size=40)
FINDS = sorted({r for tb in LOOT_TABLES.values() for _, _, r in tb.rows if r not in LOOT_TABLES})
WORTHS = st.fixed_dictionaries({f: st.integers(0, 40) for f in FINDS})
MEDICINES = ("combat-medkit", "surgical-automaton", "medical-nanobots", "ghost-catcher")


@QUICK
@given(hunter=st.booleans(), searching=st.booleans(), worth=WORTHS)
def test_loot_odds_add_up_to_one_for_any_owner(hunter, searching, worth):
    owner = MostCredits(hunter, searching, worth)
    odds = loot_odds(hunter, searching, owner)
    assert sum(odds.values()) == 1 and min(odds.values()) > 0
    assert set(odds) <= set(FINDS)


@QUICK
@given(faces=FACES, hunter=st.booleans(), searching=st.booleans())
def test_every_rolled_find_has_a_positive_chance(faces, hunter, searching):
    find = roll_loot(ScriptedDice(faces), tech_hunter=hunter, searching=searching)
    assert loot_odds(hunter, searching)[find.result] > 0
    for record in find.records:
        table = LOOT_TABLES[record.detail["table"]]
        assert record.probability == table.chance(record.outcome)
        assert sum(Fraction(*p) for p in record.detail["odds"].values()) == 1


@QUICK
@given(faces=FACES)
def test_a_plain_chain_is_no_likelier_than_its_find(faces):
    find = roll_loot(ScriptedDice(faces))
    chain = Fraction(1)
    for record in find.records:
        chain *= record.probability
    assert 0 < chain <= loot_odds()[find.result]


def test_all_plain_loot_chains_add_up_to_the_odds():
    """Exact: walk every table path, multiplying row chances, and compare."""
    totals: dict[str, Fraction] = {}

    def walk(stage: str, p: Fraction) -> None:
        for result, q in LOOT_TABLES[stage].odds.items():
            if result in LOOT_TABLES:
                walk(result, p * q)
            else:
                totals[result] = totals.get(result, Fraction(0)) + p * q

    walk("main", Fraction(1))
    assert totals == loot_odds() and sum(totals.values()) == 1


def test_fixed_tables_add_up_to_one():
    for table in (INJURY_TABLE, LEVEL_UP_TABLE, SCENARIO_TABLE):
        assert sum(table.odds.values()) == 1
    for result, row in INJURY_RESULTS.items():
        if row.care_cost is not None:
            assert sum(care_odds(result).values()) == 1
    assert sum(scenario_roller_odds(5, 5)) == 1 and sum(scenario_roller_odds(3, 5)) == 1


@QUICK
@given(a=st.integers(1, 6), b=st.integers(1, 6))
def test_injury_and_level_up_records_carry_their_rows_chance(a, b):
    for record, table in (
        (roll_injury(ScriptedDice([a, b])), INJURY_TABLE),
        (roll_level_up(ScriptedDice([a, b])), LEVEL_UP_TABLE),
    ):
        assert record.probability == table.chance(record.outcome) > 0
        assert record.detail["row"][0] <= a + b <= record.detail["row"][1]


@QUICK
@given(faces=FACES, a=st.integers(0, 7), b=st.integers(0, 7))
def test_scenario_roll_reads_the_last_die(faces, a, b):
    record = roll_scenario(ScriptedDice(faces + [1, 2, 3]), a, b)  # the roll-off ends by then
    assert record.outcome == SCENARIO_TABLE.lookup(record.dice[-1].face)
    assert record.probability == Fraction(1, 6)
    if a != b:
        assert record.detail["roller"] == ("A" if a < b else "B")


@QUICK
@given(result=st.sampled_from(sorted(INJURY_RESULTS)), medic=st.booleans(), from_care=st.booleans())
def test_care_never_costs_less_than_nothing(result, medic, from_care):
    cost = care_cost(result, medic, from_care=from_care)
    assert cost is None or 0 <= cost <= 15
    if cost is not None and medic:
        assert cost < care_cost(result)


@QUICK
@given(
    faces=FACES,
    plan=st.lists(st.sampled_from(["pay", *MEDICINES]), max_size=4),
    medic=st.booleans(),
    on_care=st.sampled_from(["recommended", "none"]),
)
def test_any_sequence_of_care_choices_ends_in_a_consistent_outcome(faces, plan, medic, on_care):
    settings_ = {"medicine_on_care": on_care}
    dice = ScriptedDice(faces)
    case = open_injury(roll_injury(dice, "m"))
    for choice in plan:
        allowed = {c.key for c in care_choices(case, medic=medic, medicines=MEDICINES, settings=settings_)}
        try:
            case = (
                pay_for_care(case, dice, medic=medic, settings=settings_)
                if choice == "pay"
                else use_medicine(case, choice, dice, settings_)
            )
            assert choice in allowed
        except ProcedureRefused:
            assert choice not in allowed
    outcome = injury_outcome(case)
    assert 0 <= case.paid <= 15  # one paid care at most: care from care is never paid
    assert len(case.rolls) <= 2
    assert outcome.crossed_off == (case.result in ("death", "critical"))


@QUICK
@given(held=st.lists(st.sampled_from(sorted(t.WOUNDS)), unique=True, max_size=2), faces=FACES)
def test_random_wounds_are_new_and_equally_likely(held, faces):
    result = take_wound(held, dice=ScriptedDice(faces), settings={"serious_wound_pick": "random"})
    assert result.wound not in held and result.record.probability == Fraction(1, 4 - len(held))
    assert result.retires == (len(held) == 2)


@QUICK
@given(
    xp=st.integers(0, 50),
    kills=st.integers(0, 12),
    markers=st.integers(0, 5),
    scenario=st.integers(0, 2),
    challenge=st.integers(0, 8),
)
def test_xp_never_passes_fifty_and_levels_follow_the_thresholds(xp, kills, markers, scenario, challenge):
    model = ModelSpec("m", "M", "trooper", xp=xp)
    award = battle_xp(model, kills=kills, markers_carried_off=markers, scenario_xp=scenario, challenge_xp=challenge)
    assert award.xp_after <= t.MAX_XP and 0 <= award.granted <= award.earned
    assert award.xp_after == add_xp(xp, award.earned)
    assert len(award.levels) == t.level_for(award.xp_after) - t.level_for(xp)
    assert list(award.levels) == levels_gained(xp, award.xp_after)
    assert battle_xp(changed(model, archetype="war-pet"), kills=kills).granted == 0


@QUICK
@given(value=st.sampled_from([5, 10, 15, 20]))
def test_skills_move_prices_the_right_way_in_whole_tk(value):
    assert sell_price(value) < sell_price(value, haggling=True) == value * 6 // 5 == value * Fraction(6, 5)
    assert buy_price(value, fence=True) < buy_price(value) == 3 * value
    assert buy_price(value, fence=True) == 3 * value * Fraction(4, 5)


def test_every_priced_item_sells_at_its_value_and_buys_at_three_times():
    for key, worth in SALE_WORTH.items():
        if key in t.ITEMS and key not in ("climbing-gear", "jet-pack"):
            assert item_sell_price(key) == worth and item_buy_price(key) == 3 * worth


@QUICK
@given(faces=FACES)
def test_every_post_battle_record_is_json_safe_and_round_trips(faces):
    import json

    from engine.rolls import RollRecord

    def dice():
        return ScriptedDice(faces + [1, 2, 3])

    records = [
        *roll_loot(dice(), tech_hunter=True, searching=True).records,
        roll_injury(dice(), "m"),
        roll_level_up(dice(), 4, "m"),
        roll_scenario(dice(), 4, 4),
        take_wound((), dice=ScriptedDice(faces + [1]), settings={"serious_wound_pick": "random"}).record,
    ]
    for record in records:
        data = json.loads(json.dumps(record.to_dict()))
        assert RollRecord.from_dict(data) == record

"""Every row boundary of the post-battle tables, as the reference prints them (§17, §18, §19, §23.1).

The expected rows are typed here from the reference, not read from the code's tables.
"""

from fractions import Fraction

import pytest

from engine.rulesets.sanctum_mortalis import tables as t
from engine.rulesets.sanctum_mortalis.postbattle import (
    INJURY_TABLE,
    LEVEL_UP_TABLE,
    LOOT_TABLES,
    SCENARIO_TABLE,
    armour_mod,
    care_cost,
    gadget,
    grenade,
    implant,
    injury_result,
    level_up_choice,
    loot_result,
    medicine,
    scenario_for,
    special_item_type,
    weapon_mod,
)


def boundaries(rule: str, rows):
    """(rule id, total, expected) for the low and high end of every row."""
    out = []
    for lo, hi, expected in rows:
        for total in sorted({lo, hi}):
            out.append(pytest.param(total, expected, id=f"{rule} {total}->{expected}"))
    return out


MAIN = [
    (2, 3, "tech-5"),
    (4, 5, "tech-10"),
    (6, 6, "tech-15"),
    (7, 8, "weapon-mod"),
    (9, 10, "armour-mod"),
    (11, 12, "special-item"),
]
SPECIAL = [(1, 2, "grenade"), (3, 4, "gadget"), (5, 5, "medicine"), (6, 6, "implant")]
GRENADES = [(1, 2, "smoke-grenade"), (3, 4, "stun-grenade"), (5, 6, "frag-grenade")]
GADGETS = [
    (1, 1, "suppression-filter"),
    (2, 2, "camouflage"),
    (3, 3, "masking-protocol"),
    (4, 4, "skill-implant"),
    (5, 5, "bio-detector"),
    (6, 6, "cyber-part"),
]
MEDICINES = [
    (2, 5, "combat-medkit"),
    (6, 7, "surgical-automaton"),
    (8, 9, "medical-nanobots"),
    (10, 12, "ghost-catcher"),
]
IMPLANTS = [(1, 4, "memory-implant"), (5, 6, "cognitive-implant")]
INJURIES = [
    (2, 3, "death", None),
    (4, 4, "critical", 15),
    (5, 5, "serious", 10),
    (6, 6, "amnesia", 5),
    (7, 10, "light", None),
    (11, 12, "lesson", None),
]
LEVEL_UP = [(2, 7, "stat-or-skill"), (8, 12, "skill")]
SCENARIOS = [
    (1, 1, "slaughter"),
    (2, 2, "barricades"),
    (3, 3, "surrounded"),
    (4, 4, "interception"),
    (5, 5, "pride"),
    (6, 6, "choose"),
]
WEAPON_MODS = [
    (1, 1, "high-energy-batteries"),
    (1, 3, "high-energy-batteries"),
    (1, 4, "shot-stabiliser"),
    (1, 5, "shot-stabiliser"),
    (1, 6, "precision-sight"),
    (2, 1, "high-energy-batteries"),
    (2, 6, "precision-sight"),
    (3, 1, "piercing-rounds"),
    (3, 4, "piercing-rounds"),
    (3, 5, "high-pressure-tanks"),
    (3, 6, "homing-missiles"),
    (6, 1, "piercing-rounds"),
    (6, 4, "piercing-rounds"),
    (6, 5, "high-pressure-tanks"),
    (6, 6, "homing-missiles"),
]
ARMOUR_MODS = [
    (1, 1, "ultralight-alloy"),
    (1, 3, "ultralight-alloy"),
    (1, 4, "impact-pattern"),
    (1, 5, "impact-pattern"),
    (1, 6, "nano-blade"),
    (2, 1, "armoured-fibres"),
    (2, 4, "armoured-fibres"),
    (2, 5, "force-field"),
    (3, 1, "armoured-fibres"),
    (3, 6, "force-field"),
    (4, 1, "polychitin"),
    (4, 4, "polychitin"),
    (4, 5, "servomotors"),
    (5, 1, "polychitin"),
    (5, 6, "servomotors"),
]


@pytest.mark.parametrize("total, expected", boundaries("§17.1", MAIN))
def test_main_loot_table_row(total, expected):
    assert loot_result(total) == expected


@pytest.mark.parametrize("first, second, expected", WEAPON_MODS, ids=[f"§17.3 {a}+{b}->{e}" for a, b, e in WEAPON_MODS])
def test_ranged_weapon_modification_rows(first, second, expected):
    assert weapon_mod(first, second) == expected


@pytest.mark.parametrize("first, second, expected", ARMOUR_MODS, ids=[f"§17.4 {a}+{b}->{e}" for a, b, e in ARMOUR_MODS])
def test_armour_and_melee_modification_rows(first, second, expected):
    assert armour_mod(first, second) == expected


def test_battle_sarcophagus_is_always_power_boost_with_no_second_roll_17_4():
    assert armour_mod(6, None) == "power-boost"
    with pytest.raises(ValueError, match="no second roll"):
        armour_mod(6, 3)
    with pytest.raises(ValueError, match="second k6"):
        armour_mod(2, None)


@pytest.mark.parametrize("k6, expected", boundaries("§17.5", SPECIAL))
def test_special_item_type_row(k6, expected):
    assert special_item_type(k6) == expected


@pytest.mark.parametrize("k6, expected", boundaries("§17.6", GRENADES))
def test_grenade_row(k6, expected):
    assert grenade(k6) == expected


@pytest.mark.parametrize("k6, expected", boundaries("§17.7", GADGETS))
def test_gadget_row(k6, expected):
    assert gadget(k6) == expected


@pytest.mark.parametrize("total, expected", boundaries("§17.8 2k6", MEDICINES))
def test_medicine_row_is_read_on_two_dice(total, expected):
    assert medicine(total) == expected


@pytest.mark.parametrize("k6, expected", boundaries("§17.9", IMPLANTS))
def test_neural_implant_row(k6, expected):
    assert implant(k6) == expected


@pytest.mark.parametrize(
    "total, expected, cost",
    [pytest.param(v, key, cost, id=f"§18.1 {v}->{key}") for lo, hi, key, cost in INJURIES for v in sorted({lo, hi})],
)
def test_injury_row_and_care_cost(total, expected, cost):
    row = injury_result(total)
    assert row.key == expected and row.care_cost == cost
    assert care_cost(row) == cost


@pytest.mark.parametrize(
    "full, with_medic", [(15, 12), (10, 8), (5, 4)], ids=["§18.2 Medyk 15->12", "§18.2 Medyk 10->8", "§18.2 Medyk 5->4"]
)
def test_medyk_takes_twenty_percent_off(full, with_medic):
    key = {15: "critical", 10: "serious", 5: "amnesia"}[full]
    assert care_cost(key) == full and care_cost(key, medic_available=True) == with_medic


@pytest.mark.parametrize("total, expected", boundaries("§19.3", LEVEL_UP))
def test_level_up_row(total, expected):
    assert level_up_choice(total) == expected


@pytest.mark.parametrize("k6, expected", boundaries("§23.1", SCENARIOS))
def test_scenario_row(k6, expected):
    assert scenario_for(k6) == expected


LEVELS = [
    (2, 1),
    (4, 2),
    (6, 3),
    (8, 4),
    (10, 5),
    (13, 6),
    (16, 7),
    (19, 8),
    (22, 9),
    (25, 10),
    (28, 11),
    (31, 12),
    (34, 13),
    (38, 14),
    (42, 15),
    (46, 16),
    (50, 17),
]


@pytest.mark.parametrize("xp, level", LEVELS, ids=[f"§19.2 {xp}xp->L{lv}" for xp, lv in LEVELS])
def test_level_thresholds_one_below_and_at(xp, level):
    assert t.level_for(xp - 1) == level - 1
    assert t.level_for(xp) == level


@pytest.mark.parametrize(
    "table", [*LOOT_TABLES.values(), INJURY_TABLE, LEVEL_UP_TABLE, SCENARIO_TABLE], ids=lambda tb: f"{tb.rule} {tb.key}"
)
def test_every_table_total_outside_the_dice_is_refused(table):
    for total in (table.dice - 1, 6 * table.dice + 1):
        with pytest.raises(ValueError):
            table.lookup(total)
    assert sum(table.odds.values()) == 1


def test_two_dice_tables_have_the_book_odds():
    assert LOOT_TABLES["main"].odds == {
        "tech-5": Fraction(3, 36),
        "tech-10": Fraction(7, 36),
        "tech-15": Fraction(5, 36),
        "weapon-mod": Fraction(11, 36),
        "armour-mod": Fraction(7, 36),
        "special-item": Fraction(3, 36),
    }
    assert INJURY_TABLE.odds["death"] == Fraction(3, 36) and INJURY_TABLE.odds["light"] == Fraction(18, 36)
    assert LEVEL_UP_TABLE.odds == {"stat-or-skill": Fraction(21, 36), "skill": Fraction(15, 36)}

"""A roll's breakdown says what was compared (#21): a sum only where a sum is compared,
each side's total in an opposed roll, the dice that made the target in a per-die roll,
every re-roll with what allowed it."""

from fractions import Fraction

from engine.formatting import compared, dice_read, other_side_terms, roll_breakdown, roll_line, target_words
from engine.rolls import Die, RollRecord, plain


def test_a_per_die_roll_counts_the_dice_that_made_the_target_instead_of_summing_them():
    record = RollRecord(
        "x.attack", "Hirdmen: attack dice", plain((6, 5, 2, 3)), target=4, comparison=">=",
        probability=Fraction(1, 2), outcome="2 hits", success=True, detail={"probability_is": "per die"},
    )  # fmt: skip
    lines = roll_breakdown(record)
    assert "  dice: 6 5 2 3 → 2 of 4 dice 4+" in lines and not any("total" in line for line in lines)
    assert "  chance before the roll (of success, each die): 1/2 = 50.0%" in lines


def test_an_opposed_roll_shows_each_side_and_no_sum_of_both_sides_dice():
    melee = RollRecord(
        "x.melee", "Bo attacks Yul", plain((6, 6, 1, 1)), comparison="opposed", probability=Fraction(1, 2),
        outcome="attacker wins",
        detail={"totals": {"attacker": 13, "defender": 2}, "groups": [{"start": 0, "count": 2}, {"start": 2, "count": 2}]},
    )  # fmt: skip
    lines = roll_breakdown(melee)
    assert "  compared: attacker 6 6 → 13 v defender 1 1 → 2" in lines
    assert not any(line.startswith("  dice:") for line in lines)
    rolloff = RollRecord(
        "x.rolloff", "Who starts", plain((3, 4, 3, 4, 5, 5, 1, 2)), comparison="opposed",
        detail={"sides": ["A", "B"], "rounds": [{"a": [3, 4], "b": [3, 4], "totals": [7, 7]}, {"a": [5, 5], "b": [1, 2], "totals": [10, 3]}]},
    )  # fmt: skip
    lines = roll_breakdown(rolloff, {"A": "Wolves", "B": "Saints"})
    assert lines[1:3] == [
        "  compared: Wolves 3 4 → 7 v Saints 3 4 → 7 (a tie: rolled again)",
        "  compared: Wolves 5 5 → 10 v Saints 1 2 → 3",
    ]


def test_a_re_roll_names_the_card_or_skill_that_allowed_it():
    record = RollRecord(
        "x.save", "Xan — Toughness", (Die(4, replaced=6), Die(5)), target=6, comparison="<=",
        detail={"rerolls": [{"die": 0, "old": 6, "new": 4, "by": "im-fine", "label": "Nic mi nie jest!"}]},
    )  # fmt: skip
    lines = roll_breakdown(record)
    assert "  dice: 6→4 5 → 9" in lines and "  re-roll by Nic mi nie jest!: die 1 6→4" in lines


MELEE = RollRecord(
    "x.melee", "Old Tomas attacks Kara Vex", plain((5, 6, 1, 2)), comparison="opposed", probability=Fraction(1, 2),
    outcome="attacker wins", success=True,
    detail={"totals": {"attacker": 12, "defender": 3}, "groups": [{"start": 0, "count": 2}, {"start": 2, "count": 2}]},
)  # fmt: skip


def test_the_one_line_of_an_opposed_roll_gives_each_sides_total_not_one_sum_of_all_dice():
    assert roll_line(MELEE) == "attacker 5 6 → 12 v defender 1 2 → 3: attacker wins (chance 50.0%)"


def test_a_pool_read_by_its_highest_die_shows_its_result_not_the_sum_of_its_faces():
    from engine.rulesets.xk6.procedures import threshold_record

    record, sl = threshold_record("x.test", "Boss: Medic test", (6, 5, 4), (), 4, "Boss")
    (dice,) = [line for line in roll_breakdown(record) if line.startswith("  dice:")]
    assert dice == f"  dice: 6 5 4 → result {sl + 4}" and "15" not in dice
    assert dice_read(record) == f"→ result {sl + 4}"


def test_a_target_reads_as_the_books_write_it_and_a_roll_off_side_by_an_arrow():
    assert [target_words(c, 4) for c in (">=", ">", "<=", "<")] == [
        "4+",
        "more than 4",
        "4 or less",
        "less than 4",
    ]
    rolloff = RollRecord(
        "x.rolloff", "Who starts", plain((5, 5, 1, 2)), comparison="opposed",
        detail={"sides": ["A", "B"], "rounds": [{"a": [5, 5], "b": [1, 2], "totals": [10, 3]}]},
    )  # fmt: skip
    assert compared(rolloff, {"A": "Wolves", "B": "Saints"}) == ["Wolves 5 5 → 10 v Saints 1 2 → 3"]


def test_a_melee_lists_the_defenders_own_base_and_modifiers_under_the_attackers():
    from engine.rolls import Modifier

    stance = Modifier("Defensive stance", 1, "§7.2", "defender_stance")
    record = RollRecord(
        "x.melee", "Bo attacks Yul", plain((6, 6, 1, 1)), (Modifier("Additional weapon", 1, "§8.5"),),
        Modifier("Fight", 0, "§3.1"), comparison="opposed",
        detail={
            "totals": {"attacker": 13, "defender": 3},
            "groups": [{"start": 0, "count": 2}, {"start": 2, "count": 2}],
            "defender": {"id": "yul", "base": Modifier("Fight", 0, "§3.1").to_dict(), "modifiers": [stance.to_dict()]},
        },
    )  # fmt: skip
    assert other_side_terms(record) == [("defender", Modifier("Fight", 0, "§3.1"), (stance,))]
    lines = roll_breakdown(record)
    at = lines.index("  defender")
    assert lines[at + 2].startswith("    Defensive stance") and lines[at + 2].endswith("+1   §7.2")
    assert lines.index("  compared: attacker 6 6 → 13 v defender 1 1 → 3") > at

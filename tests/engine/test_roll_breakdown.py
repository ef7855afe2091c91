"""A roll's breakdown says what was compared (#21): a sum only where a sum is compared,
each side's total in an opposed roll, the dice that made the target in a per-die roll,
every re-roll with what allowed it."""

from fractions import Fraction

from engine.formatting import roll_breakdown
from engine.rolls import Die, RollRecord, plain


def test_a_per_die_roll_counts_the_dice_that_made_the_target_instead_of_summing_them():
    record = RollRecord(
        "x.attack", "Hirdmen: attack dice", plain((6, 5, 2, 3)), target=4, comparison=">=",
        probability=Fraction(1, 2), outcome="2 hits", success=True, detail={"probability_is": "per die"},
    )  # fmt: skip
    lines = roll_breakdown(record)
    assert "  dice: 6 5 2 3  2 of 4 dice >=4" in lines and not any("total" in line for line in lines)
    assert "  chance before the roll (each die): 1/2 = 50.0%" in lines


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
        "  compared: Wolves 3 4 = 7 v Saints 3 4 = 7 (a tie: rolled again)",
        "  compared: Wolves 5 5 = 10 v Saints 1 2 = 3",
    ]


def test_a_re_roll_names_the_card_or_skill_that_allowed_it():
    record = RollRecord(
        "x.save", "Xan — Toughness", (Die(4, replaced=6), Die(5)), target=6, comparison="<=",
        detail={"rerolls": [{"die": 0, "old": 6, "new": 4, "by": "im-fine", "label": "Nic mi nie jest!"}]},
    )  # fmt: skip
    lines = roll_breakdown(record)
    assert "  dice: 6→4 5  total 9" in lines and "  re-roll by Nic mi nie jest!: die 1 6→4" in lines

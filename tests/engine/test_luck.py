"""Dice luck: expected successes from each roll's exact chance, beside those rolled."""

from __future__ import annotations

from fractions import Fraction

from engine.events import Event
from engine.luck import counted_rolls, luck_by_round, luck_table, turning_points
from engine.rolls import RollRecord, plain


def roll(chance: Fraction, success: bool, comparison: str = "<=") -> dict:
    return RollRecord(
        "test.roll",
        "Test roll",
        plain([3, 4]),
        target=7,
        comparison=comparison,
        probability=chance,
        outcome="ok" if success else "no",
        success=success,
    ).to_dict()


def event(seq: int, rnd: int, actor: str, *rolls: dict) -> Event:
    payload = {"roll": rolls[0]} if len(rolls) == 1 else {"rolls": list(rolls)}
    return Event(seq=seq, kind="x", round=rnd, actor=actor, payload=payload)


SIDES = {"a1": "A", "a2": "A", "b1": "B"}


def side_of(e: Event) -> str | None:
    return SIDES.get(e.actor or "")


def test_expected_successes_are_the_exact_sum_of_the_chances():
    events = [
        event(0, 1, "a1", roll(Fraction(7, 12), True)),
        event(1, 1, "b1", roll(Fraction(1, 6), False), roll(Fraction(5, 6), True)),
        event(2, 2, "a2", roll(Fraction(1, 36), True)),
        event(3, 2, "nobody", roll(Fraction(1, 2), True)),
    ]  # no side: left out
    rolls = counted_rolls(events, side_of)
    assert len(rolls) == 4
    a, b = luck_table(rolls, ["A", "B"])
    assert (a.rolls, a.expected, a.successes) == (2, Fraction(7, 12) + Fraction(1, 36), 2)
    assert a.luck == 2 - Fraction(22, 36)
    assert (b.rolls, b.expected, b.successes) == (2, Fraction(1), 1)
    assert b.luck == 0


def test_rolls_without_a_chance_are_not_counted():
    events = [event(0, 1, "a1", roll(Fraction(0), False, comparison=""))]
    assert counted_rolls(events, side_of) == []


def test_running_luck_after_each_round():
    events = [
        event(0, 1, "a1", roll(Fraction(1, 2), True)),
        event(1, 2, "b1", roll(Fraction(1, 3), False)),
        event(2, 2, "a1", roll(Fraction(3, 4), False)),
    ]
    series = luck_by_round(counted_rolls(events, side_of), ["A", "B"])
    assert series == [
        (1, {"A": Fraction(1, 2), "B": 0}),
        (2, {"A": Fraction(1, 2) - Fraction(3, 4), "B": Fraction(-1, 3)}),
    ]


def pool(chance: Fraction, faces: list[int], successes: int, **detail) -> dict:
    return RollRecord(
        "test.pool",
        "Crusher claws hit rolls",
        plain(faces),
        target=6,
        comparison=">=",
        probability=chance,
        outcome=f"{successes} hit",
        success=successes > 0,
        detail={"probability_is": "per die", "successes": successes, **detail},
    ).to_dict()


def test_a_pool_counts_each_die_for_luck_but_is_one_turning_point_judged_on_its_successes():
    events = [event(43, 2, "b1", pool(Fraction(1, 6), [6, 6, 6, 2], 3))]
    rolls = counted_rolls(events, side_of)
    (b,) = luck_table(rolls, ["B"])
    assert (b.rolls, b.dice, b.successes, b.expected, b.counted) == (4, 4, 3, Fraction(2, 3), "4 dice")
    upsets, flops = turning_points(rolls)
    (point,) = upsets  # once, not once per die that hit
    # 3 or 4 sixes of 4 dice: 4 · (1/6)³ · 5/6 + (1/6)⁴
    assert (point.seq, point.dice, point.successes, point.rarity) == (43, 4, 3, Fraction(21, 1296)) and flops == ()


def test_a_pool_at_or_below_its_expected_count_is_no_turning_point():
    events = [event(10, 1, "a1", pool(Fraction(1, 3), [5, 1, 2], 1))]  # 1 of 3 on 5+: 1 expected
    assert turning_points(counted_rolls(events, side_of)) == ((), ())


def test_a_re_roll_of_a_pool_is_judged_on_its_new_dice_only():
    rerolled = pool(Fraction(1, 6), [6, 6, 1], 2, new_dice={"tries": 1, "successes": 1})
    rolls = counted_rolls([event(5, 1, "a1", rerolled)], side_of)
    (point,), _ = turning_points(rolls)
    assert (point.dice, point.successes, point.rarity) == (1, 1, Fraction(1, 6))


def test_a_side_of_rolls_and_pool_dice_names_both():
    events = [event(0, 1, "a1", roll(Fraction(1, 2), True)), event(1, 1, "a2", pool(Fraction(1, 2), [6, 1], 1))]
    (a,) = luck_table(counted_rolls(events, side_of), ["A"])
    assert (a.rolls, a.dice, a.counted) == (3, 2, "2 dice, 1 roll")

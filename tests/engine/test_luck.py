"""Dice luck: expected successes from each roll's exact chance, beside those rolled."""

from __future__ import annotations

from fractions import Fraction

from engine.events import Event
from engine.luck import counted_rolls, luck_by_round, luck_table
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

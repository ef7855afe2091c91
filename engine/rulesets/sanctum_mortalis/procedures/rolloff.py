"""Who starts (§5.1) and the scenario start roll (§23).

Round start: the side with more models starts [SM-A40]; on equal numbers both roll
2k6, the higher total starts, and a tied roll-off is rolled again. Scenario start
(Jatka, Przechwycenie, Duma): both roll 2k6 and the **lower** total decides who starts;
the text is silent on a tie, and we roll again as for the round start.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Sequence

from engine.dice import DiceSource, wrong_dice_count
from engine.formatting import possessive
from engine.rolls import Die, RollRecord

from .common import ProcedureRefused
from .kernel import rolloff_chance, rolloff_tie_chance

MAX_ROUNDS = 1000
"""A safety net: a dice source that keeps giving ties this long is broken."""


def who_starts_by_count(count_a: int, count_b: int) -> int | None:
    """0 if the first side has more models, 1 if the second, None if a roll-off is needed."""
    if count_a == count_b:
        return None
    return 0 if count_a > count_b else 1


def initiative_odds(count_a: int = 0, count_b: int = 0) -> tuple[Fraction, Fraction]:
    """(P first side starts, P second side starts), exact."""
    by_count = who_starts_by_count(count_a, count_b)
    if by_count is not None:
        return (Fraction(1), Fraction(0)) if by_count == 0 else (Fraction(0), Fraction(1))
    return rolloff_chance()


def scenario_start_odds() -> tuple[Fraction, Fraction]:
    """(P first side decides, P second side decides) of the lower-total roll, exact."""
    high_a, high_b = rolloff_chance()
    return high_b, high_a


def _roll_until_different(dice: DiceSource, sides: tuple[str, str]) -> tuple[list[Die], list[dict[str, Any]]]:
    faces: list[Die] = []
    rounds: list[dict[str, Any]] = []
    for _ in range(MAX_ROUNDS):
        a = dice.roll(2, 6, f"{possessive(sides[0])} roll-off")
        b = dice.roll(2, 6, f"{possessive(sides[1])} roll-off")
        faces.extend(Die(f) for f in (*a, *b))
        rounds.append({"a": list(a), "b": list(b), "totals": [sum(a), sum(b)]})
        if sum(a) != sum(b):
            return faces, rounds
    raise ProcedureRefused("the roll-off never ended", "§5.1 [SM-A40]", "malformed")


def _record(
    title: str,
    mode: str,
    sides: tuple[str, str],
    dice: tuple[Die, ...],
    rounds: list[dict[str, Any]],
    winner: int,
    prob: Fraction,
    counts: tuple[int, int] | None,
    verb: str,
) -> RollRecord:
    detail = {
        "mode": mode,
        "sides": list(sides),
        "rounds": rounds,
        "winner": sides[winner],
        "counts": list(counts) if counts else None,
        "rerolled_ties": max(0, len(rounds) - 1),
    }
    return RollRecord(
        "sm.rolloff", title, dice, (), None, None, "opposed", prob, f"{sides[winner]} {verb}", winner == 0, detail
    )


def initiative_roll(
    dice: DiceSource, count_a: int = 0, count_b: int = 0, side_a: str = "A", side_b: str = "B"
) -> RollRecord:
    """Decide who starts the round. ``success``: the first side starts. With different
    model counts no dice are rolled."""
    sides = (side_a, side_b)
    p_a, _ = initiative_odds(count_a, count_b)
    by_count = who_starts_by_count(count_a, count_b)
    if by_count is not None:
        return _record(
            "Who starts the round",
            "more-models",
            sides,
            (),
            [],
            by_count,
            p_a,
            (count_a, count_b),
            "starts (more models)",
        )
    faces, rounds = _roll_until_different(dice, sides)
    a, b = rounds[-1]["totals"]
    return _record(
        "Who starts the round",
        "higher-starts",
        sides,
        tuple(faces),
        rounds,
        0 if a > b else 1,
        p_a,
        (count_a, count_b),
        "starts",
    )


def scenario_start_roll(dice: DiceSource, side_a: str = "A", side_b: str = "B") -> RollRecord:
    """The scenario's 2k6 roll: the lower total decides who starts. ``success``: the first
    side decides."""
    sides = (side_a, side_b)
    faces, rounds = _roll_until_different(dice, sides)
    a, b = rounds[-1]["totals"]
    return _record(
        "Who decides who starts the game",
        "lower-decides",
        sides,
        tuple(faces),
        rounds,
        0 if a < b else 1,
        scenario_start_odds()[0],
        None,
        "decides who starts",
    )


def typed_rolloff_problem(faces: Sequence[int], owners: tuple[str, str]) -> str:
    """Why dice typed at the table cannot be a roll-off ("" if they can). Each roll is
    four dice, the first side's two then the second's; a tie is rolled again, so every
    roll but the last is a tie and the last is not. ``owners``: "Wolves'", "Anna's"."""
    wrong = next((f for f in faces if not 1 <= f <= 6), None)
    if wrong is not None:
        return f"{wrong} is not a face of a d6 (1–6)"
    if len(faces) < 4 or len(faces) % 4:
        return wrong_dice_count(faces, f"4 ({owners[0]} two, then {owners[1]} two)", "a roll-off")
    rolls = [faces[i : i + 4] for i in range(0, len(faces), 4)]
    for n, roll in enumerate(rolls, start=1):
        a, b = roll[0] + roll[1], roll[2] + roll[3]
        if a == b and n == len(rolls):
            return f"{a} v {b} is a tie and is rolled again: type the next 4 dice after these"
        if a != b and n < len(rolls):
            return f"{a} v {b} is not a tie, so the roll-off ends there: type just those 4 dice"
    return ""


__all__ = [
    "initiative_odds",
    "initiative_roll",
    "rolloff_tie_chance",
    "scenario_start_odds",
    "scenario_start_roll",
    "typed_rolloff_problem",
    "who_starts_by_count",
]

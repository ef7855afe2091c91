"""Sanctum Mortalis odds equal icepool's exactly: 2d6 and 3d6-keep-2 (drop the highest or
the lowest) against every threshold, a re-roll of the whole roll or of one die after a
failure, natural doubles, the melee roll with criticals, and the roll-off. icepool
enumerates the dice; the rules are restated here from the text."""

from __future__ import annotations

from typing import Callable

import icepool
import pytest
from icepool import d6

from engine.rulesets.sanctum_mortalis.procedures.kernel import (
    DROP_HIGHEST,
    DROP_LOWEST,
    PLAIN,
    Mode,
    melee_chance,
    natural_pair_chance,
    rolloff_chance,
    rolloff_tie_chance,
    success_chance,
)

from ..oracle import chance

TESTS: dict[str, Callable[[int, int], bool]] = {
    "<": lambda a, b: a < b,
    "<=": lambda a, b: a <= b,
    ">": lambda a, b: a > b,
    ">=": lambda a, b: a >= b,
}
MODES = {"2d6": PLAIN, "3d6 drop the highest": DROP_HIGHEST, "3d6 drop the lowest": DROP_LOWEST}


def keep(faces: tuple[int, ...], mode: Mode) -> tuple[int, ...]:
    """The two kept faces: all of 2d6; the two lowest or the two highest of 3d6."""
    ordered = sorted(faces)
    return tuple(ordered) if mode == PLAIN else tuple(ordered[:2] if mode == DROP_HIGHEST else ordered[1:])


def total(mode: Mode) -> icepool.Die[int]:
    """icepool's own keep-highest / keep-lowest of a pool."""
    if mode == PLAIN:
        return 2 @ d6
    return d6.pool(3).lowest(2).sum() if mode == DROP_HIGHEST else d6.pool(3).highest(2).sum()


@pytest.mark.parametrize("mode", MODES.values(), ids=MODES.keys())
@pytest.mark.parametrize("test", TESTS)
@pytest.mark.parametrize("threshold", range(1, 14))
def test_a_roll_against_a_threshold_equals_icepools(mode, test, threshold):
    assert success_chance(test, threshold, mode) == chance(total(mode).map(lambda v: TESTS[test](v, threshold)))


@pytest.mark.parametrize("mode", MODES.values(), ids=MODES.keys())
@pytest.mark.parametrize("test", [">=", "<="])
@pytest.mark.parametrize("threshold", [3, 7, 9, 11])
@pytest.mark.parametrize("rerolls", [1, 2])
def test_whole_rerolls_after_a_failure_equal_icepools(mode, test, threshold, rerolls):
    passed = total(mode).map(lambda v: TESTS[test](v, threshold))
    assert success_chance(test, threshold, mode, whole_rerolls=rerolls) == chance(passed.reroll([False], depth=rerolls))


@pytest.mark.parametrize("mode", MODES.values(), ids=MODES.keys())
@pytest.mark.parametrize("test", [">=", "<", ">"])
@pytest.mark.parametrize("threshold", [4, 7, 8, 10, 12])
def test_one_die_rerolled_after_a_failure_the_best_die_chosen_equals_icepools(mode, test, threshold):
    def passes(faces: tuple[int, ...]) -> bool:
        return TESTS[test](sum(keep(faces, mode)), threshold)

    def after(*faces: int) -> icepool.Die[bool]:
        if passes(faces):
            return icepool.Die([True])
        options = [d6.map(lambda f, i=i: passes(faces[:i] + (f,) + faces[i + 1 :])) for i in range(len(faces))]
        return max(options, key=chance)  # the GM re-rolls the die that gives the best chance

    assert success_chance(test, threshold, mode, die_rerolls=1) == chance(icepool.map(after, *[d6] * mode[0]))


@pytest.mark.parametrize("mode", MODES.values(), ids=MODES.keys())
@pytest.mark.parametrize("face", range(1, 7))
@pytest.mark.parametrize("plain_only", [True, False])
def test_natural_doubles_equal_icepools(mode, face, plain_only):
    kept = icepool.map(lambda *faces: keep(faces, mode) == (face, face), *[d6] * mode[0])
    expected = 0 if plain_only and mode != PLAIN else chance(kept)
    assert natural_pair_chance(face, mode, plain_only) == expected


def melee(edge: int, a_mode: Mode, d_mode: Mode, a_crit: bool, d_crit: bool, plain_only: bool) -> icepool.Die[int]:
    """§8.2: kept totals plus the edge decide; a natural 12 (kept 6 and 6; with ``plain_only``
    only on a plain 2d6) wins outright if the other side has none [SM-A28]."""

    def side(mode: Mode, crit: bool) -> icepool.Die[int]:
        """A side's roll as total × 2 + (1 if a critical)."""

        def code(faces: tuple[int, ...]) -> int:
            kept = keep(faces, mode)
            return 2 * sum(kept) + int(crit and kept == (6, 6) and (mode == PLAIN or not plain_only))

        return d6.pool(mode[0]).expand().map(code, star=False)

    def result(a: int, d: int) -> int:
        (at, ac), (dt, dc) = divmod(a, 2), divmod(d, 2)
        if ac != dc:
            return 1 if ac else -1
        return (at + edge > dt) - (at + edge < dt)

    return icepool.map(result, side(a_mode, a_crit), side(d_mode, d_crit))


@pytest.mark.parametrize("edge", [-3, 0, 1, 4])
@pytest.mark.parametrize(
    ("a_mode", "d_mode"), [(PLAIN, PLAIN), (DROP_LOWEST, PLAIN), (PLAIN, DROP_HIGHEST), (DROP_LOWEST, DROP_LOWEST)]
)
@pytest.mark.parametrize(
    ("a_crit", "d_crit", "plain_only"),
    [(False, False, True), (True, True, True), (True, False, False), (False, True, False)],
)
def test_the_melee_roll_equals_icepools(edge, a_mode, d_mode, a_crit, d_crit, plain_only):
    die = melee(edge, a_mode, d_mode, a_crit, d_crit, plain_only)
    assert melee_chance(edge, a_mode, d_mode, a_crit, d_crit, plain_only) == (
        chance(die, 1),
        chance(die, 0),
        chance(die, -1),
    )


def test_the_rolloff_rolled_again_on_a_tie_equals_icepools():
    one = icepool.map(lambda a, b: (a > b) - (a < b), 2 @ d6, 2 @ d6)
    assert rolloff_tie_chance() == chance(one, 0)
    again = one.reroll([0], depth="inf")
    assert rolloff_chance() == (chance(again, 1), chance(again, -1))

"""Exact odds kernels, cached on small integers.

Every function here takes only small ints / short strings, so ``lru_cache`` turns an
odds update on a key press into a dictionary lookup. Nothing enumerates dice per call
after the first: the first call for a key enumerates (at most 216 × 216 outcomes for a
melee with two extra dice), every later call is a cache hit.

A dice *mode* is ``(dice, kept, drop)``: ``PLAIN`` = 2k6, ``DROP_HIGHEST`` = 3 dice
keep the two lowest (Woohoo!, Wymierzony strzał as recommended), ``DROP_LOWEST`` = 3
dice keep the two highest (Skuteczna zasłona, Zabójczy cios, Wymierzony strzał as
written).
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from functools import lru_cache

from engine.odds import probability, sum_distribution

Mode = tuple[int, int, str]
_Face = tuple[int, bool]
_RerollRow = tuple[int, _Face, tuple[tuple[_Face, ...], ...]]
PLAIN: Mode = (2, 2, "none")
DROP_HIGHEST: Mode = (3, 2, "highest")
DROP_LOWEST: Mode = (3, 2, "lowest")
MODES = {"plain": PLAIN, "drop-highest": DROP_HIGHEST, "drop-lowest": DROP_LOWEST}
MODE_NAMES = {v: k for k, v in MODES.items()}

ZERO = Fraction(0)
ONE = Fraction(1)
SIDES = 6


def kept(faces: tuple[int, ...], mode: Mode) -> tuple[int, ...]:
    """The kept faces, highest first when dropping the lowest, lowest first otherwise."""
    _, k, drop = mode
    if drop == "none":
        return faces
    ordered = sorted(faces, reverse=(drop == "lowest"))
    return tuple(ordered[:k])


def kept_total(faces: tuple[int, ...], mode: Mode) -> int:
    return sum(kept(faces, mode))


def passes(test: str, threshold: int, total: int) -> bool:
    """``total <test> threshold`` for the four roll directions."""
    if test == "<":
        return total < threshold
    if test == "<=":
        return total <= threshold
    if test == ">":
        return total > threshold
    if test == ">=":
        return total >= threshold
    raise ValueError(f"unknown comparison {test!r}")


def _clamp(test: str, threshold: int) -> int:
    """Thresholds outside 1..13 give the same answer as the nearest end (smaller caches)."""
    return max(1, min(13, threshold))


def success_chance(
    test: str, threshold: int, mode: Mode = PLAIN, die_rerolls: int = 0, whole_rerolls: int = 0
) -> Fraction:
    """P(kept total <test> threshold), with optional re-rolls used only after a failure.

    ``die_rerolls``: one-die re-rolls (przerzut) available, each on a die not re-rolled
    before, chosen to give the best chance. ``whole_rerolls``: whole-roll re-rolls (the
    Captain / Błąd matrycy under the "whole roll" reading of [SM-A9]); a whole re-roll
    marks every die as re-rolled.
    """
    return _success_chance(test, _clamp(test, threshold), mode, die_rerolls, whole_rerolls)


@lru_cache(maxsize=None)
def _success_chance(test: str, threshold: int, mode: Mode, die_rerolls: int, whole_rerolls: int) -> Fraction:
    n, k, drop = mode
    if not die_rerolls and not whole_rerolls:
        dist = sum_distribution(n, SIDES, k, "lowest" if drop == "none" else drop)
        return probability(dist, lambda v: passes(test, threshold, v))
    full = (1 << n) - 1
    fresh = list(itertools.product(range(1, SIDES + 1), repeat=n))

    @lru_cache(maxsize=None)
    def value(faces: tuple[int, ...], used: int, dleft: int, wleft: int) -> Fraction:
        if passes(test, threshold, kept_total(faces, mode)):
            return ONE
        best = ZERO
        if dleft:
            for i in range(n):
                if used >> i & 1:
                    continue
                got = (
                    sum(
                        (
                            value(faces[:i] + (f,) + faces[i + 1 :], used | 1 << i, dleft - 1, wleft)
                            for f in range(1, SIDES + 1)
                        ),
                        ZERO,
                    )
                    / SIDES
                )
                best = max(best, got)
        if wleft:
            best = max(best, after_whole(wleft - 1))
        return best

    @lru_cache(maxsize=None)
    def after_whole(wleft: int) -> Fraction:
        # every die of a whole re-roll counts as re-rolled: only another whole re-roll may follow
        return sum((value(new, full, 0, wleft) for new in fresh), ZERO) / len(fresh)

    return sum((value(f, 0, die_rerolls, whole_rerolls) for f in fresh), ZERO) / len(fresh)


@lru_cache(maxsize=None)
def natural_pair_chance(face: int, mode: Mode, plain_only: bool) -> Fraction:
    """P(the kept faces are ``face`` and ``face``) — a "natural" double (§2.4).

    With ``plain_only`` ([SM-A28] as recommended) a roll with an extra die is never natural.
    """
    if mode != PLAIN and plain_only:
        return ZERO
    outcomes = list(itertools.product(range(1, SIDES + 1), repeat=mode[0]))
    hits = sum(1 for f in outcomes if kept(f, mode) == (face, face))
    return Fraction(hits, len(outcomes))


# --------------------------------------------------------------------------- melee
@lru_cache(maxsize=None)
def _side_table(mode: Mode, crit: bool, plain_only: bool) -> tuple[tuple[int, bool, int], ...]:
    """(kept total, natural-12 critical, ways) for one side of a melee roll."""
    ways: dict[tuple[int, bool], int] = {}
    for faces in itertools.product(range(1, SIDES + 1), repeat=mode[0]):
        key = (kept_total(faces, mode), crit and is_critical(faces, mode, False, plain_only))
        ways[key] = ways.get(key, 0) + 1
    return tuple((total, c, w) for (total, c), w in sorted(ways.items()))


def is_critical(faces: tuple[int, ...], mode: Mode, rerolled: bool, plain_only: bool) -> bool:
    """A natural 12 (Trafienie krytyczne): kept faces 6 and 6, and — by [SM-A28] as
    recommended — a plain two-dice roll with no re-roll."""
    if plain_only and (rerolled or mode != PLAIN):
        return False
    return kept(faces, mode) == (SIDES, SIDES)


def score(roller_total: int, roller_crit: bool, opp_total: int, opp_crit: bool, edge: int) -> int:
    """+1 the roller wins, 0 tie, −1 the roller loses. A lone critical wins outright; two
    criticals cancel and the totals decide [SM-A28]. ``edge``: the roller's modifiers
    minus the opponent's."""
    if roller_crit != opp_crit:
        return 1 if roller_crit else -1
    diff = roller_total + edge - opp_total
    return (diff > 0) - (diff < 0)


def melee_chance(
    edge: int,
    a_mode: Mode = PLAIN,
    d_mode: Mode = PLAIN,
    a_crit: bool = False,
    d_crit: bool = False,
    plain_only: bool = True,
    reroll: str = "",
) -> tuple[Fraction, Fraction, Fraction]:
    """(P attacker wins, P tie, P defender wins) of the opposed melee roll (§8.2).

    ``edge`` = attacker's Fight + modifiers − defender's. ``reroll``: one declared re-roll
    counted in the odds: ``"attacker"`` / ``"defender"`` (its own one-die re-roll,
    Zwadźca or the Captain, used when it helps the roller's expected result: win +1,
    tie 0, loss −1), or ``"dirty-tricks"`` (the defender makes the attacker re-roll the
    die that hurts the attacker most, when that helps the defender).
    """
    edge = max(-25, min(25, edge))
    return _melee_chance(edge, a_mode, d_mode, a_crit, d_crit, plain_only, reroll)


@lru_cache(maxsize=None)
def _melee_chance(
    edge: int, a_mode: Mode, d_mode: Mode, a_crit: bool, d_crit: bool, plain_only: bool, reroll: str
) -> tuple[Fraction, Fraction, Fraction]:
    if reroll == "attacker":
        w, t, l, whole = _with_reroll(edge, a_mode, a_crit, d_mode, d_crit, plain_only, True)
    elif reroll == "dirty-tricks":
        w, t, l, whole = _with_reroll(edge, a_mode, a_crit, d_mode, d_crit, plain_only, False)
    elif reroll == "defender":
        dw, t, dl, whole = _with_reroll(-edge, d_mode, d_crit, a_mode, a_crit, plain_only, True)
        w, l = dl, dw
    elif reroll == "":
        w = t = l = 0
        for at, ac, aw in _side_table(a_mode, a_crit, plain_only):
            for dt, dc, dw in _side_table(d_mode, d_crit, plain_only):
                s = score(at, ac, dt, dc, edge)
                if s > 0:
                    w += aw * dw
                elif s < 0:
                    l += aw * dw
                else:
                    t += aw * dw
        whole = SIDES ** (a_mode[0] + d_mode[0])
    else:
        raise ValueError(f"unknown melee re-roll {reroll!r}")
    return Fraction(w, whole), Fraction(t, whole), Fraction(l, whole)


@lru_cache(maxsize=None)
def _reroll_results(mode: Mode, crit: bool, plain_only: bool) -> tuple[_RerollRow, ...]:
    """For each multiset of faces: (ways, (total, crit), per distinct die: six (total, crit))."""
    out: list[_RerollRow] = []
    for faces in itertools.combinations_with_replacement(range(1, SIDES + 1), mode[0]):
        ways = sum(1 for p in set(itertools.permutations(faces)))
        now = (kept_total(faces, mode), crit and is_critical(faces, mode, False, plain_only))
        choices = []
        for i, face in enumerate(faces):
            if face in faces[:i]:
                continue  # re-rolling either of two equal dice is the same choice
            row = []
            for f in range(1, SIDES + 1):
                new = faces[:i] + (f,) + faces[i + 1 :]
                row.append((kept_total(new, mode), crit and is_critical(new, mode, True, plain_only)))
            choices.append(tuple(row))
        out.append((ways, now, tuple(choices)))
    return tuple(out)


def _with_reroll(
    edge: int, r_mode: Mode, r_crit: bool, o_mode: Mode, o_crit: bool, plain_only: bool, roller_chooses: bool
) -> tuple[int, int, int, int]:
    """Counts (roller wins, tie, roller loses, whole) when one die of the roller is
    re-rolled: by the roller to raise its expected score, or (``roller_chooses`` False) by
    the opponent to lower it. The re-roll happens only when it changes the expectation."""
    win = tie = lose = 0
    opp = _side_table(o_mode, o_crit, plain_only)
    for ways, (rt, rc), choices in _reroll_results(r_mode, r_crit, plain_only):
        for ot, oc, ow in opp:
            weight = ways * ow
            cur = score(rt, rc, ot, oc, edge)
            best_row = None
            if (roller_chooses and cur < 1) or (not roller_chooses and cur > -1):
                best_key = None
                for row in choices:
                    scores = [score(t_, c_, ot, oc, edge) for t_, c_ in row]
                    key = (sum(scores), scores.count(1))
                    if best_key is None or (key > best_key if roller_chooses else key < best_key):
                        best_key, best_row = key, scores
                if best_key is not None and (
                    (roller_chooses and best_key[0] <= SIDES * cur)
                    or (not roller_chooses and best_key[0] >= SIDES * cur)
                ):
                    best_row = None
            scores = best_row if best_row is not None else [cur] * SIDES
            for s in scores:
                if s > 0:
                    win += weight
                elif s < 0:
                    lose += weight
                else:
                    tie += weight
    whole = SIDES ** (r_mode[0] + o_mode[0] + 1)
    return win, tie, lose, whole


# --------------------------------------------------------------------------- roll-off
@lru_cache(maxsize=None)
def rolloff_chance() -> tuple[Fraction, Fraction]:
    """(P first side's total is higher, P second's) of a 2k6 roll-off, ties rolled again."""
    w, t, l = _melee_chance(0, PLAIN, PLAIN, False, False, True, "")
    return w / (1 - t), l / (1 - t)


def rolloff_tie_chance() -> Fraction:
    """P(one 2k6 v 2k6 roll ties), when a roll-off is rolled again."""
    return _melee_chance(0, PLAIN, PLAIN, False, False, True, "")[1]

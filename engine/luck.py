"""Dice luck: for each side, the successes the exact odds promised beside those rolled.

Every roll record carries the exact chance of its success before the roll
(``RollRecord.probability``) and whether it succeeded. Summed per side, the chances
give the expected number of successes; the difference from the real count is the
side's luck. ``luck_by_round`` gives the running totals a chart draws.

Which side rolled is the rule system's business: callers pass ``side_of(event)`` (and
``roll_side(event, record)`` where one event carries several sides' rolls). A record whose
chance is per die (``detail["probability_is"] == "per die"``, with ``detail["successes"]``
the dice that succeeded) counts each kept die as one roll, so the expected successes and
those rolled measure the same thing; a re-roll's record that lists the whole pool names
its new dice (``detail["new_dice"]``: tries and successes) and only they are counted. An
opposed roll of two sides kept in one record (a roll-off: ``detail["sides"]``, the two
sides' keys, with no single roller) counts once for each side: the first with the
record's chance and success, the second with the complement.

Luck counts what the odds were given for: a roll with one chance is one roll, a pool with
a chance per die is that many dice (``SideLuck.counted``: "3 rolls", "8 dice", "2 dice, 1
roll"). A turning point (``turning_points``) is a roll, listed once: it is judged on its
outcome against its exact odds, a pool by its number of successes against the exact
distribution of that number.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Callable, Iterable, Mapping, Sequence

from engine.records import Record, changed

from .events import Event
from .rolls import RollRecord, records_in

SideOf = Callable[[Event], "str | None"]
RollSide = Callable[[Event, RollRecord], "str | None"]


class RollLuck(Record):
    """One roll as luck counts it."""

    seq: int
    round: int
    side: str
    chance: Fraction
    success: bool
    title: str
    roll: int = 0
    """Which of its event's roll records it is (the dice of one pool share it)."""
    die: bool = False
    """One die of a pool whose chance is per die (False: a whole roll)."""


class SideLuck(Record):
    """A side's totals: ``expected`` successes (exact), ``successes`` rolled, over ``rolls``
    counted (whole rolls and pool dice: ``dice`` of them are dice)."""

    side: str
    rolls: int
    expected: Fraction
    successes: int
    chances: tuple[Fraction, ...] = ()
    """The chance of each counted roll or die, in log order (its exact distribution of
    successes: ``success_distribution``)."""
    dice: int = 0
    """How many of ``rolls`` are dice of pools (each with its own chance per die)."""

    @property
    def luck(self) -> Fraction:
        """Successes above (positive) or below (negative) what the odds promised."""
        return self.successes - self.expected

    @property
    def counted(self) -> str:
        """What was counted, named: "3 rolls", "8 dice", "2 dice, 1 roll"."""
        whole = self.rolls - self.dice
        dice = f"{self.dice} di{'e' if self.dice == 1 else 'ce'}"
        rolls = f"{whole} roll{'' if whole == 1 else 's'}"
        if self.dice and whole:
            return f"{dice}, {rolls}"
        return dice if self.dice else rolls


def counted_rolls(
    events: Iterable[Event],
    side_of: SideOf,
    roll_side: RollSide | None = None,
    rounds: Mapping[int, int] | None = None,
) -> list[RollLuck]:
    """Every roll with a success chance, in log order, with the side that rolled it:
    ``roll_side(event, record)`` when given (one event may carry both sides' rolls), else
    ``side_of(event)``. Rolls without a chance (plain rolls, roll-offs read elsewhere)
    and rolls no side owns are left out. ``rounds``: the round the log shows each event in
    (``Battle.rounds_after``: a round's opening roll-off in the round it starts, "R1", not
    the "R0" it was recorded in); without it, ``event.round``."""
    out: list[RollLuck] = []
    for event in events:
        if rounds is not None:
            event = changed(event, round=rounds.get(event.seq, event.round))
        for index, record in enumerate(records_in(event.payload)):
            if not record.comparison:
                continue
            shares = _both_sides(record)
            if shares:
                for side_key, chance, success in shares:
                    named = changed(record, detail={**record.detail, "side": side_key})
                    side = roll_side(event, named) if roll_side is not None else side_of(event)
                    if side is not None:
                        out.append(RollLuck(event.seq, event.round, side, chance, success, record.title, index))
                continue
            side = roll_side(event, record) if roll_side is not None else side_of(event)
            if side is None:
                continue
            wins = record.detail.get("successes") if isinstance(record.detail, dict) else None
            new = record.detail.get("new_dice") if isinstance(record.detail, dict) else None
            if record.detail.get("probability_is") == "per die" and isinstance(wins, int):
                tries = sum(1 for d in record.dice if d.kept)
                if isinstance(new, dict):
                    tries, wins = int(new.get("tries", 0)), int(new.get("successes", 0))
                out += [
                    RollLuck(event.seq, event.round, side, record.probability, i < wins, record.title, index, True)
                    for i in range(tries)
                ]
                continue
            chance, success = record.probability, bool(record.success)
            out.append(RollLuck(event.seq, event.round, side, chance, success, record.title, index))
    return out


def _both_sides(record: RollRecord) -> list[tuple[str, Fraction, bool]]:
    """(side key, chance, success) for each side of an opposed two-side record (a
    roll-off naming ``detail["sides"]``) whose dice were rolled; else empty."""
    sides = record.detail.get("sides") if isinstance(record.detail, dict) else None
    if record.comparison != "opposed" or not record.dice or not isinstance(sides, list) or len(sides) != 2:
        return []
    if not all(isinstance(x, str) for x in sides):
        return []
    first, second = sides
    return [(first, record.probability, bool(record.success)), (second, 1 - record.probability, not record.success)]


def luck_table(rolls: Sequence[RollLuck], sides: Sequence[str]) -> tuple[SideLuck, ...]:
    """Each side's totals, in the order of ``sides``."""
    table = []
    for side in sides:
        mine = [r for r in rolls if r.side == side]
        table.append(
            SideLuck(
                side,
                len(mine),
                sum((r.chance for r in mine), Fraction(0)),
                sum(1 for r in mine if r.success),
                tuple(r.chance for r in mine),
                sum(1 for r in mine if r.die),
            )
        )
    return tuple(table)


def luck_by_round(rolls: Sequence[RollLuck], sides: Sequence[str]) -> list[tuple[int, dict[str, Fraction]]]:
    """Running luck (successes minus expected) per side at the end of each round."""
    rounds = sorted({r.round for r in rolls})
    running = {side: Fraction(0) for side in sides}
    series = []
    for rnd in rounds:
        for r in rolls:
            if r.round == rnd and r.side in running:
                running[r.side] += (1 if r.success else 0) - r.chance
        series.append((rnd, dict(running)))
    return series


def success_distribution(chances: Iterable[Fraction]) -> tuple[Fraction, ...]:
    """The exact chance of 0, 1, 2... successes among rolls with these chances (each roll
    on its own: a Poisson binomial distribution); sums to 1."""
    dist = [Fraction(1)]
    for p in chances:
        nxt = [Fraction(0)] * (len(dist) + 1)
        for k, q in enumerate(dist):
            nxt[k] += q * (1 - p)
            nxt[k + 1] += q * p
        dist = nxt
    return tuple(dist)


def tail_chances(dist: Sequence[Fraction], successes: int) -> tuple[Fraction, Fraction]:
    """(P(at most ``successes``), P(at least ``successes``)) under ``dist``: how rare a side's
    count was on either side of the odds."""
    at_most = sum(dist[: successes + 1], Fraction(0))
    at_least = sum(dist[successes:], Fraction(0))
    return at_most, at_least


class TurningPoint(Record):
    """A roll that beat its odds (``success``) or fell short of likely ones, judged on its
    outcome: ``rarity`` is the exact chance of doing as well (a success) or as badly (a
    failure). A whole roll: ``chance`` its chance of success, ``rarity`` that chance or its
    complement. A pool (``dice`` > 0): ``successes`` of ``dice``, ``chance`` each die's,
    ``expected`` the successes its odds promised."""

    seq: int
    round: int
    side: str
    title: str
    chance: Fraction
    success: bool
    rarity: Fraction
    dice: int = 0
    successes: int = 0
    expected: Fraction = Fraction(0)


def roll_outcomes(rolls: Sequence[RollLuck]) -> list[TurningPoint]:
    """Each roll once (a pool's dice together), with how rare its outcome was, if it went
    either side of its odds: a success where as many successes or more had less than even
    odds (a single roll: one under 50%), a failure where as few or fewer had. An opposed
    roll counted for both sides is one roll: the side that beat its odds keeps it."""
    groups: dict[tuple[int, int, str], list[RollLuck]] = {}
    for r in rolls:
        groups.setdefault((r.seq, r.roll, r.side), []).append(r)
    found: dict[tuple[int, int], TurningPoint] = {}
    half = Fraction(1, 2)
    for (seq, roll, _), dice in groups.items():
        first = dice[0]
        wins = sum(1 for d in dice if d.success)
        at_most, at_least = tail_chances(success_distribution(d.chance for d in dice), wins)
        if at_least < half:
            success, rarity = True, at_least
        elif at_most < half:
            success, rarity = False, at_most
        else:
            continue
        pool = first.die
        point = TurningPoint(
            seq,
            first.round,
            first.side,
            first.title,
            first.chance,
            success,
            rarity,
            len(dice) if pool else 0,
            wins if pool else 0,
            sum((d.chance for d in dice), Fraction(0)) if pool else Fraction(0),
        )
        kept = found.get((seq, roll))
        if kept is None or (point.rarity, not point.success) < (kept.rarity, not kept.success):
            found[(seq, roll)] = point
    return list(found.values())


def turning_points(
    rolls: Sequence[RollLuck], count: int = 3
) -> tuple[tuple[TurningPoint, ...], tuple[TurningPoint, ...]]:
    """(the rolls least likely to do as well as they did, the likeliest to do better that
    did not), ``count`` of each at most, each roll once (``roll_outcomes``), rarest first."""
    points = roll_outcomes(rolls)
    upsets = sorted((p for p in points if p.success), key=lambda p: (p.rarity, p.seq))
    flops = sorted((p for p in points if not p.success), key=lambda p: (p.rarity, p.seq))
    return tuple(upsets[:count]), tuple(flops[:count])

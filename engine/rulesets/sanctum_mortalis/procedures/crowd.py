"""Shooting into a crowd (§10.4): after a hit, a model of the group picked at random saves.

The group is the target: no model gets cover from the enemy models around it (terrain
still gives cover) and an obstacle counts if it hides at least one model — those are
``ShotSituation(into_crowd=True)`` options. This module picks the model that saves,
each with chance exactly 1/n, from die faces that end up in the event.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Sequence

from engine.dice import DiceSource
from engine.records import Record

from .common import ProcedureRefused

MAX_THROWS = 1000
"""A safety net: a dice source that keeps giving unusable numbers this long is broken."""


class CrowdPick(Record):
    """Which model of a crowd makes the Toughness roll (§10.4): ``chosen`` (id), its
    ``index`` in the candidates, every die ``faces`` rolled (rejected throws included)."""

    chosen: str
    index: int
    faces: tuple[int, ...]
    rule: str = "§10.4"

    def to_dict(self) -> dict[str, Any]:
        return {"chosen": self.chosen, "index": self.index, "faces": list(self.faces), "rule": self.rule}


def crowd_pick(candidates: Sequence[str], dice: DiceSource) -> CrowdPick:
    """Pick at random, each with chance exactly 1/n, the crowd model that saves.

    n ≤ 6: one k6, faces above the largest multiple of n are thrown again; n ≤ 36: two
    dice read as a number 0–35, the same way; and so on.
    """
    n = len(candidates)
    if n == 0:
        raise ProcedureRefused("a crowd needs at least one model", "§10.4", "malformed")
    if n == 1:
        return CrowdPick(candidates[0], 0, ())
    count = 1
    while 6**count < n:
        count += 1
    space = 6**count
    limit = space - space % n
    faces: list[int] = []
    for _ in range(MAX_THROWS):
        roll = dice.roll(count, 6, "random pick in the crowd")
        faces.extend(roll)
        value = 0
        for f in roll:
            value = value * 6 + (f - 1)
        if value < limit:
            index = value % n
            return CrowdPick(candidates[index], index, tuple(faces))
    raise ProcedureRefused("the dice never gave a usable number", "§10.4", "malformed")


def crowd_pick_chance(n: int) -> Fraction:
    """Each model of an n-model crowd is picked with chance 1/n."""
    return Fraction(1, n)


__all__ = ["CrowdPick", "crowd_pick", "crowd_pick_chance"]

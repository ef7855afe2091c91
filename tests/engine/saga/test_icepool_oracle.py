"""SAGA odds (§9) equal icepool's exactly: hits with re-rolls, several pools sharing re-rolls,
and casualties after the capped defence roll. icepool enumerates the dice; the steps are
restated here from the text."""

from __future__ import annotations

import icepool
import pytest
from icepool import d6

from engine.rulesets.saga import odds

from ..oracle import dist, nonzero


def one(target: int) -> icepool.Die[int]:
    """One die: 1 on ``target``+ (no automatic hit or miss [SAGA-A4])."""
    return d6.map(lambda face: int(face >= target))


def with_rerolls(dice: int, target: int, rerolls: int) -> icepool.Die[int]:
    """Successes of ``dice`` dice when up to ``rerolls`` failed dice are re-rolled once."""
    return (dice @ one(target)).map(lambda first: first + min(rerolls, dice - first) @ one(target))


def casualties(
    dice: int, armour: int, save_on: int = 5, extra: int = 0, rr_a: int = 0, rr_d: int = 0, models: int | None = None
) -> icepool.Die[int]:
    """Steps 4–6: hits; one defence die per hit plus extras, at most twice the hits; a save
    cancels one hit, never more than were scored; a unit loses at most its models."""

    def left(hits: int) -> icepool.Die[int]:
        saves = with_rerolls(min(hits + extra, 2 * hits), save_on, rr_d)
        return saves.map(lambda s: hits - min(s, hits))

    lost = with_rerolls(dice, armour, rr_a).map(left)
    return lost if models is None else lost.map(lambda n: min(n, models))


@pytest.mark.parametrize(
    ("dice", "armour", "rerolls"), [(1, 4, 0), (6, 4, 0), (8, 5, 2), (4, 3, 4), (5, 7, 1), (3, 1, 1), (10, 4, 3)]
)
def test_hits_equal_icepools(dice, armour, rerolls):
    assert nonzero(odds.hits_distribution(dice, armour, rerolls)) == dist(with_rerolls(dice, armour, rerolls))


@pytest.mark.parametrize(
    ("pools", "rerolls"),
    [([(3, 4), (2, 5)], 0), ([(3, 4), (2, 5)], 2), ([(2, 6), (4, 3)], 3), ([(1, 5), (1, 4), (2, 3)], 1)],
)
def test_pools_sharing_rerolls_best_chance_first_equal_icepools(pools, rerolls):
    ordered = sorted(pools, key=lambda pool: pool[1])  # the lowest Armour is the best chance [SAGA-M3]

    def rest(i: int, left: int) -> icepool.Die[int]:
        if i == len(ordered):
            return icepool.Die([0])
        dice, armour = ordered[i]
        return (dice @ one(armour)).map(
            lambda first: first + (min(left, dice - first) @ one(armour)) + rest(i + 1, left - min(left, dice - first))
        )

    assert nonzero(odds.pooled_hits(pools, rerolls)) == dist(rest(0, rerolls))


@pytest.mark.parametrize(
    "case",
    [
        dict(dice=6, armour=4),  # §9 Case A
        dict(dice=6, armour=4, save_on=4),  # Case B
        dict(dice=4, armour=4, save_on=5, extra=2),  # Case C
        dict(dice=8, armour=5, extra=3, rr_a=2, rr_d=1),
        dict(dice=5, armour=3, save_on=6, rr_d=2, models=3),
        dict(dice=7, armour=4, extra=9),  # the step-5 cap: never more than twice the hits
    ],
)
def test_casualties_equal_icepools(case):
    engine = odds.casualty_distribution(
        case["dice"],
        case["armour"],
        case.get("save_on", 5),
        case.get("extra", 0),
        attack_rerolls=case.get("rr_a", 0),
        defence_rerolls=case.get("rr_d", 0),
        models=case.get("models"),
    )
    assert nonzero(engine) == dist(casualties(**case))

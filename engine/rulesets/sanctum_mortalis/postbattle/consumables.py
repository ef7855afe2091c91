"""Consumables crossed off after a battle (§17.3, §17.6): ammunition lasts one battle
only, and a grenade is used once (it is gone from the thrower's items when thrown). The
post-battle sequence removes both from the rosters of the models that fought."""

from __future__ import annotations

from collections import Counter
from typing import Iterable

from .. import tables as t

CONSUMABLE_KINDS = ("ammo",)
"""Item kinds that last one battle only, used or not (§17.3)."""


def spent_items(before: Iterable[str], after: Iterable[str]) -> tuple[str, ...]:
    """Items of a model that fought, crossed off after the battle: those it no longer
    carries at the end (grenades thrown) and every ammunition item it still carries."""
    left = Counter(after)
    out = list((Counter(before) - left).elements())
    out += [i for i in after if i in t.ITEMS and t.ITEMS[i].kind in CONSUMABLE_KINDS]
    return tuple(out)


def without(items: Iterable[str], spent: Iterable[str]) -> tuple[str, ...]:
    """``items`` with each of ``spent`` crossed off once."""
    gone = Counter(spent)
    out = []
    for i in items:
        if gone[i] > 0:
            gone[i] -= 1
        else:
            out.append(i)
    return tuple(out)


__all__ = ["CONSUMABLE_KINDS", "spent_items", "without"]

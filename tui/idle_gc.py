"""When Python's cyclic garbage collector runs: after a change is drawn, not while a
key is being answered.

Resolving a roll allocates a few thousand objects (new state, log row, drawn lines),
so with Python's default threshold (a young collection every 700 allocations) a
collection of 1–2 ms nearly always lands between the GM's key and the frame that
shows the result. While the app runs, ``defer_collections`` raises that threshold
above what one command allocates, and ``collect_if_due`` (called once the change is
on screen, and on a slow timer) runs the collections Python would have run, in the
same order of generations, at a moment nobody is waiting.
"""
from __future__ import annotations

import gc

YOUNG_THRESHOLD = 10_000
"""Allocations before Python collects on its own while the app runs (a command makes
a few thousand): a backstop, so memory stays bounded even if no idle moment comes."""
YOUNG_DUE = 1_500
"""Young objects from which an idle moment collects them."""
OLDER_DUE = 10
"""Collections of the younger generation before the next one is collected too
(Python's own default for both older generations)."""


def defer_collections() -> tuple[int, ...]:
    """Raise the young threshold; returns the thresholds to put back (``restore``)."""
    before = gc.get_threshold()
    gc.set_threshold(YOUNG_THRESHOLD, OLDER_DUE, OLDER_DUE)
    return before


def restore(thresholds: tuple[int, ...]) -> None:
    gc.set_threshold(*thresholds)


def collect_if_due() -> None:
    """Collect the oldest generation that is due, if any (as Python would)."""
    young, middle, old = gc.get_count()
    if old >= OLDER_DUE:
        gc.collect(2)
    elif middle >= OLDER_DUE:
        gc.collect(1)
    elif young >= YOUNG_DUE:
        gc.collect(0)

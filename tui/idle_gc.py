"""When Python's cyclic garbage collector runs: after a change is drawn, not while a
key is being answered.

Resolving a roll allocates a few thousand objects (new state, log row, drawn lines),
so with Python's default threshold (a young collection every 700 allocations) a
collection of 1–2 ms nearly always lands between the GM's key and the frame that
shows the result. While the app runs, ``defer_collections`` raises that threshold
above what one command allocates, and ``collect_if_due`` (called once the change is
on screen, and on a slow timer) runs the collections Python would have run, in the
same order of generations, at a moment nobody is waiting. ``settle`` freezes what is
alive once a battle is open and drawn (the replayed states, the dashboard's widgets),
so full collections stop walking it. From the app's start until its first battle is
drawn the collector is paused (``pause``, ``resume``): what start-up builds (the rule
system's modules, the replayed states, the dashboard) stays alive, so collections then
only walk it again and again (about 40-80 ms of a 5,000-event battle's start), and
``settle`` collects once when the battle is drawn; reference counting still frees
everything else at once.

The engine never touches the collector; only the app does, and only on the Python
versions ``bench/tui_bench.py`` measured it to pay on (``MEASURED_ON``): the collector
changes between releases (3.12 counts differently, 3.14 collects incrementally), so
elsewhere Python's own timing is left alone.
"""

from __future__ import annotations

import gc
import sys

MEASURED_ON = ((3, 11),)
"""Python versions on which the bench showed the tuning pays (see ``bench/tui_bench.py
--gc-tuning off``): the app tunes the collector only on these."""
ENABLED = sys.version_info[:2] in MEASURED_ON
"""Whether the app tunes the collector (``SkirmishApp`` reads it when it mounts)."""

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


_paused_for_launch = False
"""Collections were stopped by ``pause_for_launch`` and not yet taken over by ``pause``."""


def pause_for_launch() -> None:
    """The ``skirmish`` command, before it imports the app (``tui.launch``): stop automatic
    collections while Textual and the app are imported, as ``pause`` does from the app's
    start (importing Textual and the app builds objects that stay alive, and the
    collections then walked them again and again: 82 collections, about 15-20 ms of CPU,
    before the first battle frame of `skirmish`; 14 with the pause).
    The app's ``pause`` takes the pause over (its ``resume`` ends it once the battle is
    drawn); ``end_launch_pause`` ends it if the app never got that far."""
    global _paused_for_launch
    if ENABLED and gc.isenabled():
        gc.disable()
        _paused_for_launch = True


def end_launch_pause() -> None:
    """Collections again if ``pause_for_launch`` stopped them and no app took the pause over."""
    global _paused_for_launch
    if _paused_for_launch:
        _paused_for_launch = False
        gc.enable()


def pause() -> bool:
    """Stop automatic collections (start-up); returns whether they ran (for ``resume``):
    a pause ``pause_for_launch`` began counts as running, and is taken over."""
    global _paused_for_launch
    was = gc.isenabled() or _paused_for_launch
    _paused_for_launch = False
    gc.disable()
    return was


def resume(was: bool) -> None:
    """Automatic collections again if they ran before ``pause``."""
    if was:
        gc.enable()


def collect_if_due() -> None:
    """Collect the oldest generation that is due, if any (as Python would); nothing
    while collections are paused (start-up: ``pause``)."""
    if not gc.isenabled():
        return
    young, middle, old = gc.get_count()
    if old >= OLDER_DUE:
        gc.collect(2)
    elif middle >= OLDER_DUE:
        gc.collect(1)
    elif young >= YOUNG_DUE:
        gc.collect(0)


def settle() -> None:
    """After a battle is opened (and again once its dashboard is drawn): collect once,
    then freeze what is alive (the replayed states of a long battle, the dashboard's
    widgets and drawn lines) so the cyclic GC stops walking it on every full collection."""
    gc.unfreeze()
    gc.collect()
    gc.freeze()


def release() -> None:
    """The app is gone: what ``settle`` froze may be collected again (it would otherwise
    stay for the life of the process: an app run again in the same process, as the
    tests do, kept every earlier one)."""
    gc.unfreeze()

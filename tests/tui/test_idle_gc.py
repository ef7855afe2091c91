"""Garbage is collected after a change is drawn, not while a key is answered
(``tui.idle_gc``); the app puts Python's own timing back when it exits."""
from __future__ import annotations

import gc
import weakref

from tui import idle_gc

from .conftest import battle_ready, press, start_round_one


class Node:
    def __init__(self) -> None:
        self.me = self  # a cycle: only the cyclic collector frees it


def test_an_idle_moment_collects_the_young_garbage_that_is_due():
    before = idle_gc.defer_collections()
    try:
        gc.collect()
        cycles = [Node() for _ in range(idle_gc.YOUNG_DUE + 100)]
        probe = weakref.ref(cycles[0])
        del cycles
        assert probe() is not None  # the deferred threshold has not collected them yet
        idle_gc.collect_if_due()
        assert probe() is None
        assert gc.get_count()[0] < idle_gc.YOUNG_DUE
    finally:
        idle_gc.restore(before)
    assert gc.get_threshold() == before


async def test_the_app_defers_collections_while_it_runs_and_restores_them(make_app):
    before = gc.get_threshold()
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await battle_ready(pilot)
        assert gc.get_threshold()[0] == idle_gc.YOUNG_THRESHOLD
        await start_round_one(pilot)
        await press(pilot, "ctrl+z")  # a change drawn, then collected: the game goes on
        assert screen.session.view.can_redo
    assert gc.get_threshold() == before

"""Keys typed ahead of a dialog's answer (a terminal sends them in one burst) go on to
what has the keys next, never lost in the closing dialog."""

from __future__ import annotations

from typing import Any

from .conftest import battle_ready, press, settle
from .pilot_waits import key_event
from .test_gm_corrections import choose, corrections


async def burst(pilot: Any, *keys: str) -> None:
    """Send ``keys`` all at once, as a terminal does (no wait between them), then settle."""
    app = pilot.app
    for key in keys:
        app.post_message(key_event(key).set_sender(app))
    await settle(pilot)


async def test_k_typed_right_after_a_notes_enter_moves_the_selection(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await battle_ready(pilot)
        await press(pilot, "j")
        second = screen.selected
        await press(pilot, "G")
        await choose(pilot, "Note")
        await burst(pilot, "l", "a", "v", "a", "enter", "k")
        assert len(corrections(screen)) == 1 and "lava" in corrections(screen)[0].text
        assert app.screen is screen and screen.selected != second


def test_an_app_that_has_quit_is_not_kept_alive(make_app):
    """Nothing keeps an app once it has quit: a module-level table of each app's
    ``KeysAhead`` once did (the value held its key), and so did what ``idle_gc.settle``
    froze; every Pilot test's app stayed in memory, a test process grew to 260 MB and
    each later test ran slower. (Each app runs in an event loop of its own, as each
    Pilot test does: a loop's worker threads name the app until the loop closes.)"""
    import asyncio
    import gc
    import weakref

    async def run_once() -> weakref.ref[Any]:
        app = make_app("demo")
        async with app.run_test(size=(80, 24)) as pilot:
            await battle_ready(pilot)
            await burst(pilot, "j", "q")
        return weakref.ref(app)

    gone = asyncio.run(run_once())
    gc.collect()
    assert gone() is None

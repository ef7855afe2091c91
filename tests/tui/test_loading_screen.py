"""The loading screen is drawn only when the first battle takes a while to open (or
fails): a battle that opens quickly is the first screen drawn."""

from __future__ import annotations

import threading
from typing import Any

from textual.widgets import Static

import tui.app
import tui.opening
import tui.screens.loading_screen
import tui.session
from tui.screens.loading_screen import LoadingScreen

from .conftest import SIZE, battle_ready, wait_for, wait_for_screen


async def test_a_quick_open_never_shows_the_loading_screen(make_app, monkeypatch):
    monkeypatch.setattr(tui.app, "LOADING_AFTER", 30.0)
    made: list[LoadingScreen] = []

    class Counted(LoadingScreen):
        def __init__(self) -> None:
            super().__init__()
            made.append(self)

    monkeypatch.setattr(tui.screens.loading_screen, "LoadingScreen", Counted)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await battle_ready(pilot)
        assert made == []
        assert app.screen_stack[-1] is screen and len(app.screen_stack) == 2


async def test_a_slow_open_shows_its_progress_then_the_battle(make_app, monkeypatch):
    monkeypatch.setattr(tui.app, "LOADING_AFTER", 0.01)
    gate = threading.Event()
    original = tui.app.SkirmishApp._open

    def held_open(self: Any, plan: Any) -> None:
        gate.wait(10)
        original(self, plan)

    monkeypatch.setattr(tui.app.SkirmishApp, "_open", held_open)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LoadingScreen), "the loading screen")
        loading = app.screen
        gate.set()
        screen = await battle_ready(pilot)
        assert loading not in app.screen_stack
        assert app.screen_stack[-1] is screen and len(app.screen_stack) == 2


async def test_a_failed_first_open_shows_the_reason_on_the_loading_screen(make_app, monkeypatch):
    monkeypatch.setattr(tui.app, "LOADING_AFTER", 30.0)

    def broken(plan: Any, progress: Any) -> Any:
        progress("Reading last.skirmish…", None)
        raise tui.session.OpenError("cannot open last.skirmish: broken")

    monkeypatch.setattr(tui.opening, "open_plan", broken)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        loading = await wait_for_screen(pilot, LoadingScreen)
        await wait_for(pilot, lambda: "broken" in str(loading.query_one("#error", Static).render()), "the reason")
        assert "Could not open" in str(loading.query_one("#step", Static).render())

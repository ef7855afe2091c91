"""What every rule system's dashboard shares: a log entry opens with its breakdown, and
a failed save is reported with nothing kept."""

from __future__ import annotations

import pytest

from saves import SaveError
from tui.screens.game_screen import GameScreen

from .conftest import press, wait_for_screen

SYSTEMS = ["saga", "star-quest", "xk6"]


async def _ready(pilot):
    return await wait_for_screen(pilot, GameScreen)


@pytest.mark.parametrize("system", SYSTEMS)
async def test_a_log_entry_opens_with_its_breakdown(make_app, system):
    from tui.screens.log_entry_screen import LogEntryScreen
    from tui.widgets.log_pane import LogPane

    app = make_app("demo", system=system)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _ready(pilot)
        await press(pilot, "n")
        if not screen.session.view.events:  # a first turn or initiative asks first
            await press(pilot, "enter")
        if not screen.session.view.events:
            await press(pilot, "r")
        assert screen.session.view.events, "n started nothing"
        log = screen.query_one(LogPane)
        log.focus()
        await press(pilot, "enter")
        assert isinstance(app.screen, LogEntryScreen)


@pytest.mark.parametrize("system", SYSTEMS)
async def test_a_failed_save_is_reported_and_nothing_is_kept(make_app, system):
    app = make_app("demo", system=system)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _ready(pilot)
        saved = screen.session.view.saved

        def full_disk(entries):
            raise SaveError(screen.session.path, "disk error", "disk error: no space left on device", "save")

        screen.session.store.append_many = full_disk
        await press(pilot, "n")
        if screen.session.view.saved == saved and not screen.session.read_only:
            await press(pilot, "enter")
        if screen.session.view.saved == saved and not screen.session.read_only:
            await press(pilot, "r")
        assert screen.session.view.saved == saved
        assert "NOT SAVED" in str(screen.query_one("#status").render())
        assert screen.session.read_only

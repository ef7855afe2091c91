"""Keys typed faster than the app draws (a terminal sends them in one burst): ⏎ acts on
every key typed before it, and typed dice are never replaced by the app's roll."""

from __future__ import annotations

from typing import Any

from tui.dialogs.roll_dialog import RollDialog

from .conftest import SIZE, open_first_shot, settle, start_round_one
from .pilot_waits import key_event


async def burst(pilot: Any, *keys: str) -> None:
    """Send ``keys`` all at once, as a terminal does (no wait between them), then settle."""
    app = pilot.app
    for key in keys:
        app.post_message(key_event(key).set_sender(app))
    await settle(pilot)


async def test_dice_typed_in_one_burst_with_enter_are_the_dice_rolled(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_round_one(pilot)
        await open_first_shot(pilot, screen)
        await burst(pilot, "1", "space", "1", "enter")
        shots = [e for e in screen.session.view.events if e.kind == "shot"]
        assert shots and [d["face"] for d in shots[-1].payload["roll"]["dice"]] == [1, 1]


async def test_too_many_dice_in_one_burst_are_refused_not_replaced_by_the_apps_roll(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_round_one(pilot)
        dialog = await open_first_shot(pilot, screen)
        before = screen.session.view.saved
        await burst(pilot, "1", "space", "1", "space", "1", "enter")
        assert app.screen is dialog and isinstance(dialog, RollDialog)
        assert "3 dice typed" in str(dialog.query_one("#refusal").render())
        assert screen.session.view.saved == before


async def test_a_letter_typed_right_after_enter_does_not_replace_the_typed_dice(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_round_one(pilot)
        await open_first_shot(pilot, screen)
        await burst(pilot, "1", "space", "1", "enter", "r")  # r: meant for the next roll
        shots = [e for e in screen.session.view.events if e.kind == "shot"]
        assert len(shots) == 1 and [d["face"] for d in shots[-1].payload["roll"]["dice"]] == [1, 1]

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

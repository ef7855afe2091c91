"""Pilot helpers for the Star Quest dashboard: the demo battle, units by name, a round's
hero phase played quickly."""
from __future__ import annotations

from typing import Any

from .conftest import press, settle


async def sq_ready(pilot: Any, timeout: float = 10.0) -> Any:
    """Wait until the Star Quest screen is up; return it."""
    from tui.screens.star_quest_screen import StarQuestScreen

    app = pilot.app
    waited = 0.0
    while not isinstance(app.screen, StarQuestScreen):
        await pilot.pause(0.02)
        waited += 0.02
        if waited > timeout:
            raise AssertionError(f"no Star Quest screen after {timeout}s (screen: {app.screen})")
    await settle(pilot)
    return app.screen


def uid(screen: Any, name: str) -> str:
    return next(u.id for u in screen.state.units if u.name == name)


async def select(pilot: Any, screen: Any, name: str) -> str:
    unit = uid(screen, name)
    screen.select_unit(unit, focus=True)
    await pilot.pause()
    return unit


async def type_text(pilot: Any, text: str) -> None:
    await pilot.press(*[{" ": "space"}.get(ch, ch) for ch in text])


async def round_one(pilot: Any) -> Any:
    """The demo battle with round 1 started (the first hero selected)."""
    screen = await sq_ready(pilot)
    await press(pilot, "n")
    assert screen.state.turn.phase == "heroes"
    return screen


async def heroes_pass(pilot: Any, screen: Any) -> None:
    """Every hero still to act activates and ends at once: the AI phase begins."""
    for hero in ("Captain Vex", "Sister Ilsa", "Grunt Okoro"):
        if not screen.state.unit(uid(screen, hero)).activated:
            await select(pilot, screen, hero)
            await press(pilot, "a", "e")
    assert screen.state.turn.phase == "ai"

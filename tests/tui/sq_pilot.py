"""Pilot helpers for the Star Quest dashboard: the demo battle, units by name, a round's
hero phase played quickly."""

from __future__ import annotations

from typing import Any

from tui.systems.star_quest.screen import StarQuestScreen

from .conftest import press, settle, wait_for_screen


async def sq_ready(pilot: Any, timeout: float = 10.0) -> Any:
    """Wait until the Star Quest screen is up; return it."""
    return await wait_for_screen(pilot, StarQuestScreen, timeout)


def uid(screen: Any, name: str) -> str:
    return next(u.id for u in screen.state.units if u.name == name)


async def select(pilot: Any, screen: Any, name: str) -> str:
    unit = uid(screen, name)
    screen.select_unit(unit, focus=True)
    await settle(pilot)
    return unit


async def type_text(pilot: Any, text: str) -> None:
    await press(pilot, *[{" ": "space"}.get(ch, ch) for ch in text])


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

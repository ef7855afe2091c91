"""Pilot helpers for the SAGA dashboard: the demo battle, units by name, picker answers."""

from __future__ import annotations

from typing import Any

from tui.systems.saga.screen import SagaScreen

from .conftest import press, settle, wait_for_screen


async def saga_ready(pilot: Any, timeout: float = 10.0) -> Any:
    """Wait until the SAGA screen is up; return it."""
    return await wait_for_screen(pilot, SagaScreen, timeout)


def unit_id(screen: Any, name: str) -> str:
    return next(u.id for u in screen.state.units if u.name == name)


async def select(pilot: Any, screen: Any, name: str) -> str:
    uid = unit_id(screen, name)
    screen.select_unit(uid, focus=True)
    await settle(pilot)
    return uid


async def pick(pilot: Any, text: str) -> None:
    """In the open picker, choose the answer whose label contains ``text``."""
    from tui.screens.picker_screen import PickerScreen

    screen = pilot.app.screen
    assert isinstance(screen, PickerScreen), f"no picker open ({screen})"
    labels = [str(c.label) for c in screen.choices]
    index = next((i for i, label in enumerate(labels) if text in label), None)
    assert index is not None, f"'{text}' not among {labels}"
    screen.query_one("#choices").highlighted = index
    await press(pilot, "enter")


async def type_dice(pilot: Any, faces: str) -> None:
    """Type die faces into the focused dice field, separated by spaces."""
    keys: list[str] = []
    for face in faces.split():
        keys += [face, "space"]
    await press(pilot, *keys)


async def first_turn(pilot: Any) -> Any:
    """The demo battle with Jarl Sigurd's Host (side A) taking the first turn."""
    screen = await saga_ready(pilot)
    await press(pilot, "n")
    await pick(pilot, "Jarl Sigurd's Host")
    assert screen.state.turn.active == "A"
    return screen


async def move_and_shoot(pilot: Any, screen: Any, faces: str = "6 5 2 1", defence: str = "3 6") -> str:
    """Hirdmen move (open ground), then shoot Ceorls with typed dice: T2 fatigue."""
    hird = await select(pilot, screen, "Hirdmen")
    await press(pilot, "m")
    await pick(pilot, "Over open ground")
    await pick(pilot, "Hirdmen moved M")
    await press(pilot, "s")
    await pick(pilot, "Ceorls")
    await pick(pilot, "No cover")
    await pick(pilot, "Clear")  # line of sight (§5.2)
    await type_dice(pilot, faces)  # the typed attack dice
    await press(pilot, "enter")
    if screen.state.shot is not None:  # hits: the defence roll dialog follows
        await type_dice(pilot, defence)
        await press(pilot, "enter")
    return hird


async def charge_ceorls(pilot: Any) -> None:
    """The Hirdmen (selected, after ``move_and_shoot``) charge the Ceorls over open ground,
    spending no fatigue, and reach them: the melee dialog opens at step 1."""
    await press(pilot, "c")
    await pick(pilot, "Ceorls")
    await pick(pilot, "Open ground")
    await pick(pilot, "No spend")
    await pick(pilot, "reached Ceorls")

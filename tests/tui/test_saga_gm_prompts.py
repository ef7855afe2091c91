"""The SAGA GM prompts whose answers become commands: a building or a terrain piece named in
a text prompt (an empty name adds no building; an empty terrain name takes the default), and a
melee's participants typed in the melee dialog. Each waits for the screen or state it needs."""

from __future__ import annotations

from typing import Any, Callable

from .conftest import SIZE
from .saga_pilot import charge_ceorls, first_turn, move_and_shoot, pick, saga_ready, unit_id


async def until(pilot: Any, ready: Callable[[], bool], timeout: float = 10.0) -> None:
    """Let the app run until ``ready()`` holds."""
    waited = 0.0
    while not ready():
        await pilot.pause(0.02)
        waited += 0.02
        if waited > timeout:
            raise AssertionError(f"not ready after {timeout}s (screen: {pilot.app.screen})")


async def answer(pilot: Any, text: str) -> None:
    """Type ``text`` into the open text prompt and press enter."""
    from tui.dialogs.prompt import TextPrompt

    await until(pilot, lambda: isinstance(pilot.app.screen, TextPrompt))
    await pilot.press(*[" " if ch == " " else ch for ch in text], "enter")


async def test_a_building_named_in_the_prompt_is_added_and_an_empty_name_adds_none(make_app):
    app = make_app("demo", system="saga")
    async with app.run_test(size=SIZE) as pilot:
        screen = await saga_ready(pilot)
        await pilot.press("b")
        await pick(pilot, "Add a large building")
        await answer(pilot, "Barn")
        await until(pilot, lambda: len(screen.state.buildings) == 1)
        assert (screen.state.buildings[0].name, screen.state.buildings[0].size) == ("Barn", "large")
        events = len(screen.session.view.events)
        await pilot.press("b")
        await pick(pilot, "Add a building")
        await answer(pilot, "")
        await until(pilot, lambda: pilot.app.screen is screen)
        assert len(screen.state.buildings) == 1 and len(screen.session.view.events) == events


async def test_a_terrain_piece_chosen_step_by_step_is_set_with_the_default_name_when_left_empty(make_app):
    app = make_app("demo", system="saga")
    async with app.run_test(size=SIZE) as pilot:
        screen = await saga_ready(pilot)
        await pilot.press("b")
        await pick(pilot, "Add a terrain piece")
        for answer_text in ("area", "high", "broken", "hard"):
            await pick(pilot, answer_text)
        await answer(pilot, "")
        await until(pilot, lambda: len(screen.state.terrain) == 1)
        piece = screen.state.terrain[0]
        assert (piece.name, piece.type, piece.height, piece.going, piece.cover) == (
            "Terrain 1",
            "area",
            "high",
            "broken",
            "hard",
        )


async def test_the_models_taking_part_in_a_melee_are_typed_in_the_dialog(make_app):
    app = make_app("demo", system="saga")
    async with app.run_test(size=SIZE) as pilot:
        screen = await first_turn(pilot)
        hird = await move_and_shoot(pilot, screen, "1 1 1 1")
        await charge_ceorls(pilot)
        await until(pilot, lambda: type(pilot.app.screen).__name__ == "MeleeDialog")  # its module moves on main
        dialog = pilot.app.screen
        index = next(i for i, o in enumerate(dialog.options) if "Hirdmen: models taking part" in o.label)
        await pilot.press("abcdefg"[index])
        await answer(pilot, "3")
        await until(pilot, lambda: screen.state.melee.pool(hird).models == 3)
        assert screen.state.melee.pool(unit_id(screen, "Ceorls")).models == 8

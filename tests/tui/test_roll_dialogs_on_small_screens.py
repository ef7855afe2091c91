"""Issue #21 for Sanctum Mortalis and xK6 at 80×24 and 60×20: with a roll dialog or a
picker open over the battle (a shot, a melee, an xK6 attack), the top bar (round, whose
turn) and the acting model's row stay on screen above it, and the dashboard never scrolls."""

from __future__ import annotations

from typing import Any

import pytest

from tui.dialogs.roll_dialog import RollDialog
from tui.screens.picker_screen import PickerScreen

from .conftest import press, start_round_one, through_pickers, wait_for_screen
from .screen_rows import screen_rows
from .test_xk6_dashboard import open_carbine_attack, vance_activated

SIZES = [(80, 24), (60, 20)]
SIZE_IDS = ["80x24", "60x20"]


def rows_above_the_dialog(app: Any) -> list[str]:
    """The screen's rows above the open dialog's top border (its first row with "█▀")."""
    rows = screen_rows(app)
    top = next(i for i, row in enumerate(rows) if "█▀" in row)
    return rows[:top]


def assert_in_view(app: Any, top_bar: str, model: str) -> None:
    above = rows_above_the_dialog(app)
    assert above and top_bar in above[0], screen_rows(app)
    assert any(model in row for row in above[1:]), screen_rows(app)
    assert all(screen.scroll_y == 0 for screen in app.screen_stack[:-1])  # the dashboard under it: no scrollbar


def sm_top_bar(screen: Any) -> str:
    return f"Round {screen.state.order.round}"


def sm_shooter(screen: Any) -> Any:
    """The last model of the side to act with a ranged weapon (the lowest row with one)."""
    side = screen.state.order.to_act
    return [m for m in screen.state.models_of(side) if m.spec.ranged][-1]


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
async def test_a_shot_leaves_the_top_bar_and_the_shooter_in_view(make_app, size):
    app = make_app("demo")
    async with app.run_test(size=size) as pilot:
        screen = await start_round_one(pilot)
        shooter = sm_shooter(screen)
        screen.select_model(shooter.id, focus=True)
        await press(pilot, "s")
        assert isinstance(app.screen, PickerScreen)  # the weapon or the target
        assert_in_view(app, sm_top_bar(screen), shooter.name)
        dialog = await through_pickers(pilot)
        assert isinstance(dialog, RollDialog) and shooter.name in str(dialog.adapter.title)
        assert_in_view(app, sm_top_bar(screen), shooter.name)
        assert dialog.query_one("#dice").region.bottom <= size[1]  # the dice field is on screen
        await press(pilot, "escape")
        assert app.screen is screen and screen.scroll_y == 0


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
async def test_a_melee_roll_leaves_the_top_bar_and_the_attacker_in_view(make_app, size):
    app = make_app("demo")
    async with app.run_test(size=size) as pilot:
        screen = await start_round_one(pilot)
        side = screen.state.order.to_act
        attacker = screen.state.models_of(side)[-1]  # the lowest row of the side to act
        screen.select_model(attacker.id, focus=True)
        await press(pilot, "i")
        assert isinstance(app.screen, PickerScreen)  # whom it is in contact with
        assert_in_view(app, sm_top_bar(screen), attacker.name)
        await press(pilot, "down", "enter")
        assert screen.state.model(attacker.id).engaged_with
        await press(pilot, "f")
        dialog = await wait_for_screen(pilot, RollDialog)
        assert attacker.name in str(dialog.adapter.title)
        assert_in_view(app, sm_top_bar(screen), attacker.name)
        assert dialog.query_one("#dice").region.bottom <= size[1]


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
async def test_an_xk6_attack_leaves_the_top_bar_and_the_attacker_in_view(make_app, size):
    app = make_app("demo", system="xk6")
    async with app.run_test(size=size) as pilot:
        screen = await vance_activated(pilot)
        await press(pilot, "s")
        assert isinstance(app.screen, PickerScreen)  # the weapon
        assert_in_view(app, "Turn 1", "Sgt. Vance")
        await press(pilot, "escape")
        dialog = await open_carbine_attack(pilot)
        assert_in_view(app, "Turn 1", "Sgt. Vance")
        assert dialog.query_one("#dice").region.bottom <= size[1]
        await press(pilot, "escape")
        assert app.screen is screen and screen.scroll_y == 0

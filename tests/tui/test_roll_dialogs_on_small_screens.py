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


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
async def test_the_xk6_attack_dialog_shows_the_typed_dice_their_error_and_the_keys_line(make_app, size):
    """A QA run at 60×20 saw the attack dialog fill the screen and end at the odds: the
    dice typed, the error they got and the keys line were off the screen. All three are
    drawn inside the dialog's frame, the typed dice on the field's own row."""
    from textual.containers import Vertical

    app = make_app("demo", system="xk6")
    async with app.run_test(size=size) as pilot:
        await vance_activated(pilot)
        dialog = await open_carbine_attack(pilot)
        await press(pilot, "1", "space", "2", "enter")  # two dice: this attack needs more
        assert app.screen is dialog
        inside = dialog.query_one(Vertical).content_region  # the frame, less its border
        rows = screen_rows(app)
        for part in ("#dice", "#refusal", "#roll-hint"):
            region = dialog.query_one(part).region
            assert region.height and inside.y <= region.y and region.bottom <= inside.bottom <= size[1], (part, rows)
        field = dialog.query_one("#dice").region
        assert "1 2" in rows[field.y], rows
        error = dialog.query_one("#refusal").region
        assert "Dice: 2 dice typed (1 2); this attack needs" in rows[error.y], rows
        keys = dialog.query_one("#roll-hint").region
        assert "letters change" in rows[keys.y] and "esc cancel" in " ".join(rows[keys.y : keys.bottom]), rows


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
async def test_down_and_page_down_scroll_the_xk6_attack_odds_to_the_chance_of_success(make_app, size):
    """On a short screen the odds take the rows the modifiers and the dice field leave: the
    keys line says ↓↑ scroll them (PgDn PgUp a page), and they reach the chance of success
    (↓ and PgDn did nothing; at 60×20 it could not be read)."""
    app = make_app("demo", system="xk6")
    async with app.run_test(size=size) as pilot:
        await vance_activated(pilot)
        dialog = await open_carbine_attack(pilot)
        keys = dialog.query_one("#roll-hint").region
        assert "↓↑ odds" in " ".join(screen_rows(app)[keys.y : keys.bottom])
        odds = dialog.query_one("#odds-scroll")
        for _ in range(10):
            if any("success " in row for row in screen_rows(app)[odds.region.y : odds.region.bottom]):
                break
            await press(pilot, "pagedown")
        else:
            raise AssertionError(screen_rows(app))
        assert odds.scroll_y > 0 or size != (60, 20)  # at 60×20 it is under the first rows
        before = odds.scroll_y
        await press(pilot, "down")  # a line
        assert odds.scroll_y == min(before + 1, odds.max_scroll_y)
        while odds.scroll_y > 0:
            await press(pilot, "pageup")
        assert "Att Sgt. Vance" in screen_rows(app)[odds.region.y]
        assert app.screen is dialog and dialog.query_one("#dice").has_focus

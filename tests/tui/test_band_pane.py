"""The band panes fit their columns to the room they have: no scrollbar when every row
fits, S W C O at 80 columns, the same columns in both panes, and scrolling when the rows do not fit."""

from __future__ import annotations

import pytest

from tui.dialogs.roll_dialog import RollDialog
from tui.screens.picker_screen import PickerScreen
from tui.systems.sanctum_mortalis.band_pane import BandPane

from .conftest import battle_ready, press, settle, start_round_one, wait_for, wait_for_screen
from .screen_rows import screen_rows


def _fits(pane: BandPane) -> bool:
    """Every row is in view and as wide as the pane at most, with no scrollbar drawn."""
    return (
        not pane.show_horizontal_scrollbar
        and not pane.show_vertical_scrollbar
        and pane.virtual_size.width <= pane.scrollable_content_region.width
        and pane.virtual_size.height <= pane.scrollable_content_region.height
    )


@pytest.mark.parametrize("width", [80, 70])
async def test_a_reopened_battle_mid_round_shows_no_scrollbar_in_the_band_panes(make_app, width):
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await start_round_one(pilot)
        await press(pilot, "d", "e", "a")  # one model done, one activating: the long status words
        await press(pilot, "q")
        await settle(pilot)
    again = make_app()
    async with again.run_test(size=(width, 24)) as pilot:
        screen = await battle_ready(pilot)
        await press(pilot, "[")  # review mode: one more line above the panes
        panes = [screen.band("A"), screen.band("B")]
        assert screen.review_banner()
        assert all(_fits(p) for p in panes)
        assert panes[0].column_keys == panes[1].column_keys  # both sides the same columns
        if width == 80:  # the profile a GM needs (S W C O) beside status and markers (#21)
            assert panes[0].column_keys == ("turn", "name", "profile", "status", "markers")


async def test_a_pane_with_more_rows_than_room_scrolls_and_keeps_a_column_for_the_bar(make_app):
    app = make_app()
    async with app.run_test(size=(80, 18)) as pilot:
        screen = await start_round_one(pilot)
        pane = screen.band(screen.state.order.to_act)
        pane.focus()
        await press(pilot, *["j"] * pane.row_count)
        assert pane.show_vertical_scrollbar and not pane.show_horizontal_scrollbar
        assert pane.scroll_offset.y > 0 and pane.cursor_row == pane.row_count - 1
        assert pane.virtual_size.width <= pane.scrollable_content_region.width


async def _smoke_on_sister_vey(pilot):
    """The demo's round 1 (the Saints start), Lio Skarn's smoke grenade on target, Sister
    Vey alone in its blast: she may only Move (§17.6)."""
    screen = await battle_ready(pilot)
    await press(pilot, "n")
    await wait_for_screen(pilot, RollDialog)
    await press(pilot, "6", "space", "6", "space", "1", "space", "1", "enter")  # the Wolves decide
    await wait_for_screen(pilot, PickerScreen)
    await press(pilot, "enter")  # "Crimson Saints starts"
    await wait_for(pilot, lambda: screen.state.order.phase == "activations", "round 1 started")
    lio = next(m.id for m in screen.state.models if m.spec.name == "Lio Skarn")
    vey = next(m.id for m in screen.state.models if m.spec.name == "Sister Vey")
    screen.select_model(lio, focus=True)
    await press(pilot, "b")
    await wait_for_screen(pilot, RollDialog)
    await press(pilot, "1", "space", "2", "enter")  # 3 < C7: on target
    picker = await wait_for_screen(pilot, PickerScreen)
    await wait_for(pilot, lambda: "Done" in _option(picker, 0), "the blast's picker")
    for part in ("Sister Vey", "Done: 1 model"):  # tick her, then Done
        picker = pilot.app.screen
        picker.query_one("#choices").highlighted = next(
            i for i in range(picker.query_one("#choices").option_count) if part in _option(picker, i)
        )
        await press(pilot, "enter")
        await settle(pilot)
    await wait_for(pilot, lambda: screen.state.model(vey).move_only == "smoke", "Sister Vey in the smoke")
    return screen, vey


def _option(picker, index: int) -> str:
    return str(picker.query_one("#choices").get_option_at_index(index).prompt)


@pytest.mark.parametrize("size", [(60, 20), (80, 24), (120, 40)])
async def test_a_model_in_smoke_keeps_the_status_column_and_shows_the_smoke(make_app, size):
    """At 80 columns the panes keep S W C O, status and markers (README, *Any terminal
    size*): a model in smoke has a longer status, which is narrowed, not dropped."""
    app = make_app()
    async with app.run_test(size=size) as pilot:
        screen, vey = await _smoke_on_sister_vey(pilot)
        panes = [screen.band("A"), screen.band("B")]
        pane = next(p for p in panes if vey in p.row_keys)
        assert panes[0].column_keys == panes[1].column_keys  # both sides the same columns
        assert {"profile", "status", "markers"} <= set(pane.column_keys)
        if size == (80, 24):
            assert pane.column_keys == ("turn", "name", "profile", "status", "markers")
        assert "smoke" in str(pane.get_cell(vey, "status"))
        row = next(r for r in screen_rows(app) if "Sister Vey" in r)
        assert "smoke" in row  # drawn, not only laid out


async def test_both_panes_keep_the_narrowed_status_when_the_terminal_shrinks_to_80_columns(make_app):
    """The smoke goes off at 120 columns (the status in words), then the terminal
    shrinks: each pane fits again, whichever first, and both keep the status column."""
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen, vey = await _smoke_on_sister_vey(pilot)
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        panes = [screen.band("A"), screen.band("B")]
        await wait_for(pilot, lambda: all(0 < p.room(p.row_count) < 60 for p in panes), "the panes side by side")
        assert panes[0].column_keys == panes[1].column_keys == ("turn", "name", "profile", "status", "markers")
        pane = next(p for p in panes if vey in p.row_keys)
        assert str(pane.get_cell(vey, "status")) == "smoke"

"""The band panes fit their columns to the room they have: no scrollbar when every row
fits, S W C O at 80 columns, the same columns in both panes, and scrolling when the rows do not fit."""

from __future__ import annotations

import pytest

from tui.systems.sanctum_mortalis.band_pane import BandPane

from .conftest import battle_ready, press, settle, start_round_one


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

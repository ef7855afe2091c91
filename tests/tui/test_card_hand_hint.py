"""The card hand's keys hint is whole at 60x20: of its wordings, longest first, it says
the first its width has room for (the whole hint, 72 columns, was cut at 60)."""

from __future__ import annotations

from rich.cells import cell_len

from tui.systems.sanctum_mortalis.card_hand_screen import HINTS, CardHandScreen
from tui.widgets.fitted_line import fitted_wording

from .conftest import press, start_round_one, wait_for, wait_for_screen


def test_the_hint_says_the_longest_wording_that_fits():
    assert fitted_wording(HINTS, 0) == HINTS[0]  # not laid out yet
    assert fitted_wording(HINTS, 96) == HINTS[0]
    assert fitted_wording(HINTS, 56) == HINTS[1]
    assert fitted_wording(HINTS, 10) == HINTS[-1]  # none fits: the shortest, which wraps


async def test_the_card_hands_keys_hint_is_whole_at_60x20(make_app):
    app = make_app()
    async with app.run_test(size=(60, 20)) as pilot:
        await start_round_one(pilot)
        await press(pilot, "c")
        dialog = await wait_for_screen(pilot, CardHandScreen)
        hint = dialog.query_one("#hand-hint")
        await wait_for(pilot, lambda: hint.content_size.width > 0, "the hint laid out")
        said = str(hint.render())
        assert "⏎ play" in said and "↑↓ move" in said and "esc close" in said, said
        assert cell_len(said) <= hint.content_size.width, (said, hint.content_size)  # one line, not cut
        assert hint.region.height >= 1 and hint.region.bottom <= 20, hint.region
        await press(pilot, "escape")

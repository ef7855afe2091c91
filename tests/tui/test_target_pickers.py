"""Every target picker starts with no answer highlighted (README: ``j``/↓ to the one you
mean, then ⏎), so ``c ⏎ j j ⏎`` typed ahead lands on the same target in every picker."""

from __future__ import annotations

from tui.screens.picker_screen import PickerScreen

from .conftest import SIZE, press, wait_for_screen
from .saga_pilot import pick
from .sq_pilot import round_one, select


async def test_a_spells_target_picker_starts_with_no_target_highlighted(make_app):
    app = make_app("demo", system="star-quest")
    async with app.run_test(size=SIZE) as pilot:
        screen = await round_one(pilot)
        await select(pilot, screen, "Sister Ilsa")
        await press(pilot, "c")
        await pick(pilot, "Psychic bolt")
        targets = await wait_for_screen(pilot, PickerScreen)
        assert "on which" in targets.question
        listing = targets.query_one("#choices")
        assert listing.highlighted is None
        await press(pilot, "j")
        assert listing.highlighted == 0

"""A picker's question is shown as written: a rule id in brackets ("[XK-A3]", "[M9]") is
text, not markup, so it is not swallowed (QA: "designates a target for indirect fire ():",
"not in the source ) at:")."""

from __future__ import annotations

from textual.widgets import Static

from tui.screens.picker_screen import Choice, PickerScreen

from .conftest import wait_for_screen
from .test_picker_digits import _Host


async def test_a_rule_id_in_brackets_stays_in_the_question():
    question = "Kell designates a target for indirect fire ([XK-A3]):"
    app = _Host(PickerScreen(question, [Choice("B.pyre", "Pyre"), Choice(None, "a point")]))
    async with app.run_test() as pilot:
        picker = await wait_for_screen(pilot, PickerScreen)
        assert str(picker.query_one("#question", Static).render()) == question

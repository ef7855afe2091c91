"""A picker's question (and a typed answer's) is shown as written: a rule id in brackets ("[XK-A3]", "[SAGA-M9]") is
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


async def test_a_rule_id_in_brackets_stays_in_a_typed_answers_question():
    from tui.dialogs.prompt import TextPrompt

    question = "Models each unit loses (Ceorls, Fyrd Levy), 3 in all — its owner chooses [SAGA-M3]:"
    app = _Host(TextPrompt(question))  # type: ignore[arg-type]
    async with app.run_test() as pilot:
        prompt = await wait_for_screen(pilot, TextPrompt)
        assert str(prompt.query_one(".question", Static).render()) == question

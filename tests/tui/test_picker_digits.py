"""A picker whose answers are numbered ("1. move and attack", "2. …") takes the number's
key: the digit chooses that answer as ⏎ on it would; an answer not open now stays unchosen
and the hint says why. A picker without numbers ignores digits (a stray digit chooses
nothing)."""

from __future__ import annotations

from typing import Any

from textual.app import App, ComposeResult
from textual.widgets import Static

from tui.screens.picker_screen import Choice, PickerScreen

from .conftest import press, wait_for_screen


class _Host(App[None]):
    """Opens one picker and keeps what it answered."""

    def __init__(self, picker: PickerScreen) -> None:
        super().__init__()
        self.picker = picker
        self.answers: list[Any] = []

    def compose(self) -> ComposeResult:
        yield Static("host")

    def on_mount(self) -> None:
        self.push_screen(self.picker, self.answers.append)


def _numbered() -> PickerScreen:
    return PickerScreen(
        "Kell activates:",
        [
            Choice("move-attack", "1. move and attack"),
            Choice("designate", "2. move and designate", "not possible now"),
            Choice("hold", "3. hold the action"),
            Choice("reload", "4. reload a weapon"),
        ],
    )


async def test_a_digit_chooses_the_numbered_answer():
    app = _Host(_numbered())
    async with app.run_test() as pilot:
        await wait_for_screen(pilot, PickerScreen)
        await press(pilot, "4")
        assert app.answers == ["reload"] and not isinstance(app.screen, PickerScreen)


async def test_the_digit_of_an_answer_not_open_now_chooses_nothing_and_says_why():
    app = _Host(_numbered())
    async with app.run_test() as pilot:
        picker = await wait_for_screen(pilot, PickerScreen)
        await press(pilot, "2")
        assert app.answers == [] and app.screen is picker
        hint = str(picker.query_one("#hint", Static).render())
        assert "2. move and designate" in hint and "not possible now" in hint
        await press(pilot, "3")
        assert app.answers == ["hold"]


async def test_a_digit_without_a_numbered_answer_chooses_nothing():
    app = _Host(PickerScreen("Remove Kell?", [Choice(True, "Yes"), Choice(None, "No")], default=1))
    async with app.run_test() as pilot:
        picker = await wait_for_screen(pilot, PickerScreen)
        await press(pilot, "1", "2", "9")
        assert app.answers == [] and app.screen is picker


async def test_a_numbered_picker_says_the_digits_choose():
    app = _Host(_numbered())
    async with app.run_test() as pilot:
        picker = await wait_for_screen(pilot, PickerScreen)
        assert "1–4" in str(picker.query_one("#hint", Static).render())

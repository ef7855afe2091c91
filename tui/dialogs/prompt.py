"""Small keyboard forms: one text answer (``TextPrompt``); ``FORM_CSS`` styles a system's
own forms alike. Each dismisses with the answer, or None on esc."""

from __future__ import annotations

from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

FORM_CSS = """
{name} {{ align: center middle; background: $background 60%; }}
{name} > Vertical {{
    width: 72; max-width: 100%; height: auto; max-height: 100%;
    border: thick $primary; background: $surface; padding: 0 1;
}}
{name} .question {{ text-style: bold; }}
{name} .hint {{ color: $text-muted; }}
{name} #prompt-error {{ color: $error; }}
{name} Input {{ margin: 0; }}
"""


class TextPrompt(ModalScreen[Any]):
    """A question and one field; ⏎ dismisses with the text (stripped), esc with None.
    ``restrict`` limits what can be typed (a regular expression)."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="skirmish.prompt-cancel")]
    DEFAULT_CSS = FORM_CSS.format(name="TextPrompt")

    def __init__(
        self,
        question: str,
        value: str = "",
        placeholder: str = "",
        restrict: str | None = None,
        hint: str = "⏎ done · esc cancel",
    ) -> None:
        super().__init__()
        self.question = question
        self.value = value
        self.placeholder = placeholder
        self.restrict = restrict
        self.hint = hint

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.question, classes="question", markup=False)
            yield Input(self.value, placeholder=self.placeholder, restrict=self.restrict, id="answer")
            yield Static(self.hint, classes="hint")

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.dismiss(event.value.strip())

    def action_cancel(self) -> None:
        self.dismiss(None)

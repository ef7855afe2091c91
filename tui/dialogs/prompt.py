"""Small keyboard forms: one text answer (``TextPrompt``); ``FORM_CSS`` styles a system's
own forms alike. Each dismisses with the answer, or None on esc."""

from __future__ import annotations

from typing import Any, Callable

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from tui.citations import citer
from tui.dialogs.dismiss_once import DismissOnce
from tui.dialogs.type_ahead import pass_on, waits

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


class AnswerInput(Input):
    """The answer's field: ⏎ answers in turn with the keys typed before it; a key typed
    after the answer goes on to what has the keys next (``type_ahead``)."""

    answered = False

    def on_key(self, event: events.Key) -> None:
        if self.answered:
            pass_on(self.app, event)
        elif waits(self.app, event):  # after keys typed before it that are held
            return
        elif event.key == "enter":
            event.stop()
            event.prevent_default()
            screen = self.screen
            if isinstance(screen, TextPrompt):
                screen.answer(self.value)


class TextPrompt(DismissOnce, ModalScreen[Any]):
    """A question and one field; ⏎ dismisses with the text (stripped), esc with None.
    ``restrict`` limits what can be typed (a regular expression); ``check(text)`` says why
    an answer cannot be taken ("" when it can: usually the engine's words): ⏎ then shows
    it in the dialog, which stays open."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="skirmish.prompt-cancel")]
    DEFAULT_CSS = FORM_CSS.format(name="TextPrompt")

    def __init__(
        self,
        question: str,
        value: str = "",
        placeholder: str = "",
        restrict: str | None = None,
        hint: str = "⏎ done · esc cancel",
        check: Callable[[str], str] | None = None,
    ) -> None:
        super().__init__()
        self.question = question
        self.value = value
        self.placeholder = placeholder
        self.restrict = restrict
        self.hint = hint
        self.check = check

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(citer(self.app)(self.question), classes="question", markup=False)  # rules: the book's
            yield AnswerInput(self.value, placeholder=self.placeholder, restrict=self.restrict, id="answer")
            yield Static("", id="prompt-error")
            yield Static(self.hint, classes="hint")

    def on_mount(self) -> None:
        self.query_one("#prompt-error", Static).display = False
        self.query_one(Input).focus()

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.answer(event.value)

    def answer(self, typed: str) -> None:
        """⏎: dismiss with the text, or say why it cannot be taken and stay open."""
        text = typed.strip()
        problem = self.check(text) if self.check is not None else ""
        if problem:
            error = self.query_one("#prompt-error", Static)
            error.update(problem)
            error.display = True
            return
        self.query_one(AnswerInput).answered = True
        self.dismiss(text)

    def action_cancel(self) -> None:
        self.query_one(AnswerInput).answered = True
        self.dismiss(None)

"""A small keyboard picker: a question, a list of answers, Enter to choose, Esc to cancel.

Used for who starts, targets, weapons, setting values and yes/no confirmations.
Dismisses with the chosen answer's value, or None. ``j``/``k`` move like ↓/↑; a long
list scrolls under the question while the key hint stays in view. A picker opened with
``highlight=False`` (a target) starts with no row highlighted, so a ⏎ typed ahead or
meant for the previous picker chooses nothing. A question that ends, removes or
discards something starts on its harmless answer (``default``; ``confirm`` does so), so
a stray ⏎ changes nothing. Answers numbered in their label ("1. move and attack") are
chosen by their digit too; a digit of an answer not open now says why and chooses nothing.
"""

from __future__ import annotations

import re
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from engine.records import Record
from tui.citations import cite_rich, citer
from tui.dialogs.dismiss_once import DismissOnce
from tui.widgets.choice_list import ChoiceList


class Choice(Record):
    """``value`` comes back on Enter; ``label`` is shown; ``why_not`` greys it out."""

    value: Any
    label: str | Text
    why_not: str = ""


HINT = "⏎ choose · j/k or ↑↓ move · esc cancel"
EXPLICIT_HINT = "↓/j or ↑/k highlights an answer, then ⏎ chooses it · esc cancel"
NOTHING_HIGHLIGHTED = "Nothing is highlighted, so nothing was chosen: ↓/j or ↑/k first, then ⏎ · esc cancel"
NUMBERED = re.compile(r"\s*([1-9])[.)]\s")
"""A label that starts with its number ("4. reload a weapon"): that digit's key chooses it."""


def number_of(label: str | Text) -> int | None:
    """The number an answer's label starts with ("4. reload" → 4), else None."""
    found = NUMBERED.match(label.plain if isinstance(label, Text) else label)
    return int(found.group(1)) if found else None


class PickerScreen(DismissOnce, ModalScreen[Any]):
    """Ask one question."""

    BINDINGS = [
        Binding("escape,q", "cancel", "Cancel", id="skirmish.picker-cancel"),
        *(Binding(str(n), f"choose_number({n})", show=False, id=f"skirmish.picker-number-{n}") for n in range(1, 10)),
    ]

    DEFAULT_CSS = """
    PickerScreen {
        align: center middle;
        background: $background 60%;
    }
    PickerScreen > Vertical {
        width: 72;
        max-width: 100%;
        height: auto;
        max-height: 90%;
        border: thick $primary;
        background: $surface;
        padding: 0 1;
    }
    PickerScreen #question { dock: top; height: auto; padding: 0 0 1 0; text-style: bold; }
    PickerScreen #hint { dock: bottom; height: auto; color: $text-muted; padding: 1 0 0 0; }
    PickerScreen OptionList, PickerScreen OptionList:focus {
        height: auto; max-height: 100%; border: none; padding: 0;
    }
    """

    def __init__(
        self, question: str, choices: list[Choice], hint: str = "", highlight: bool = True, default: int | None = None
    ) -> None:
        """``highlight``: the first open answer starts highlighted (⏎ takes it); False:
        none is, and ⏎ chooses nothing until the GM moves to an answer. ``default``: the
        answer that starts highlighted instead of the first (the harmless one)."""
        super().__init__()
        self.question = question
        self.choices = choices
        self.highlight = highlight
        self.default = default
        self.numbered = {n: i for i, choice in enumerate(choices) if (n := number_of(choice.label)) is not None}
        """Each number an answer's label starts with, and that answer's index."""
        self.hint = hint or (HINT if highlight else EXPLICIT_HINT)
        if self.numbered and not hint:
            low, high = min(self.numbered), max(self.numbered)
            self.hint = f"{low if low == high else f'{low}–{high}'} or {self.hint}"

    def compose(self) -> ComposeResult:
        cite = citer(self.app)  # a rule in the question or an answer: the rulebook's section and page
        with Vertical():
            yield Static(cite(self.question), id="question", markup=False)
            options = []
            for i, choice in enumerate(self.choices):
                label = cite_rich(Text(choice.label) if isinstance(choice.label, str) else choice.label.copy(), cite)
                if choice.why_not:
                    label.stylize("dim")
                    label.append(f" — {cite(choice.why_not)}", style="italic dim")
                options.append(Option(label, id=str(i), disabled=bool(choice.why_not)))
            yield ChoiceList(*options, id="choices")
            yield Static(self.hint, id="hint")

    def on_mount(self) -> None:
        listing = self.query_one(ChoiceList)
        if not self.highlight:
            listing.park(0)
        elif self.default is not None and 0 <= self.default < len(self.choices):
            listing.highlighted = self.default
        listing.focus()

    def has_answer(self) -> bool:
        """⏎ chose an answer (its ``OptionSelected`` may not have arrived yet)."""
        return self.query_one(ChoiceList).chosen

    def on_choice_list_nothing_highlighted(self, event: ChoiceList.NothingHighlighted) -> None:
        event.stop()
        self.query_one("#hint", Static).update(f"[bold $warning]{NOTHING_HIGHLIGHTED}[/]")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(self.choices[int(event.option.id or 0)].value)

    def action_choose_number(self, number: int) -> None:
        """A digit: the answer numbered so, as ⏎ on it would; nothing if none is (or it is
        not open now: the hint says why)."""
        index = self.numbered.get(number)
        if index is None:
            return
        choice = self.choices[index]
        if choice.why_not:
            label = choice.label.plain if isinstance(choice.label, Text) else choice.label
            self.query_one("#hint", Static).update(Text(f"{label} — {choice.why_not}", style="bold"))
            return
        self.dismiss(choice.value)

    def action_cancel(self) -> None:
        self.dismiss(None)


def confirm(question: str, yes: str = "Yes", no: str = "No") -> PickerScreen:
    """A yes/no picker dismissing with True or None. It starts on ``no``, the harmless
    answer: a question that ends, removes or discards something is answered yes only by
    moving to it (↑/k) first."""
    return PickerScreen(question, [Choice(True, yes), Choice(None, no)], default=1)


def harmless(choices: list[Choice]) -> int | None:
    """The index of the answer that changes nothing (its value is None), if any."""
    return next((i for i, choice in enumerate(choices) if choice.value is None and not choice.why_not), None)

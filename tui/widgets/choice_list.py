"""A list of answers or actions where ⏎ acts on the highlighted row only.

``OptionList`` with three differences: ``j``/``k`` move like ↓/↑ (the app's vi keys);
the highlight may be lifted on purpose (``park``), so that nothing is chosen until the GM
highlights a row they can see; and ↓/↑ from a lifted highlight resume where it was
parked, not from the top. ⏎ with nothing highlighted posts ``NothingHighlighted``, so the
owner can say what to press.
"""

from __future__ import annotations

from textual.binding import Binding
from textual.message import Message
from textual.widgets import OptionList


class ChoiceList(OptionList):
    """An option list that never chooses a row the GM has not highlighted."""

    BINDINGS = [
        Binding("j", "cursor_down", "Down", show=False, id="skirmish.choice-down"),
        Binding("k", "cursor_up", "Up", show=False, id="skirmish.choice-up"),
    ]

    class NothingHighlighted(Message):
        """⏎ was pressed with no row highlighted: nothing was chosen."""

        def __init__(self, choice_list: "ChoiceList") -> None:
            super().__init__()
            self.choice_list = choice_list

        @property
        def control(self) -> "ChoiceList":
            return self.choice_list

    parked: int | None = None
    """Where the lifted highlight was (the row now there is the one ↓ lands on)."""

    def park(self, at: int | None) -> None:
        """Lift the highlight; ↓ then lands on the open row at ``at`` (or the next one),
        ↑ on the open row above it."""
        self.parked = at
        self.highlighted = None

    def _open(self, index: int) -> bool:
        return 0 <= index < self.option_count and not self.options[index].disabled

    def landing(self, direction: int = 1) -> int | None:
        """The row ↓ (``direction`` 1) or ↑ (-1) would highlight from the parked highlight;
        None if nothing is parked or no row is open."""
        if self.highlighted is not None or self.parked is None:
            return None
        at = self.parked
        below = [i for i in range(at, self.option_count) if self._open(i)]
        above = [i for i in range(min(at, self.option_count) - 1, -1, -1) if self._open(i)]
        ahead, behind = (below, above) if direction > 0 else (above, below)
        found = ahead or behind
        return found[0] if found else None

    def _resume(self, direction: int) -> bool:
        """Put the highlight back near where it was parked; False if nothing was parked."""
        index = self.landing(direction)
        if index is None:
            return False
        self.parked = None
        self.highlighted = index
        return True

    def action_cursor_down(self) -> None:
        if not self._resume(1):
            super().action_cursor_down()

    def action_cursor_up(self) -> None:
        if not self._resume(-1):
            super().action_cursor_up()

    chosen = False
    """An open row was chosen (⏎): its ``OptionSelected`` is on its way to the owner, which
    may close on it (a picker then takes no more keys: ``DismissOnce.has_answer``)."""

    def action_select(self) -> None:
        if self.highlighted is None:
            self.post_message(self.NothingHighlighted(self))
            return
        self.chosen = self.chosen or not self.options[self.highlighted].disabled
        super().action_select()

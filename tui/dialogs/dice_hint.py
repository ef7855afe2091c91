"""A dice field's hint, never cut: what to type is the field's placeholder while it fits
the field; in a narrower dialog the hint drops its tail (" — or empty for the app's roll")
where the keys line under the field says the same, else it moves to a line of its own
above the field, which wraps (an ``Input``'s placeholder is one line: the rest of it was cut).
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.widgets import Input, Static

TAIL = " — "
"""Where a dice hint's tail starts: what an empty ⏎ does ("— or empty for the app's roll")."""

UNDER_HINT = "-under-hint"
"""The field's class while its hint is the line above it (a dialog's CSS drops the
field's top margin then: the hint line keeps the gap)."""


def fitted_hint(hint: str, width: int, tail_said: bool) -> tuple[str, str]:
    """``(placeholder, line above the field)`` for ``hint`` in a field whose text is
    ``width`` cells wide (0: not laid out yet, the whole hint in the field).

    The whole hint is the placeholder where it fits; else its part before the tail, when
    ``tail_said`` (the keys line under the field says what an empty ⏎ does) and that part
    fits; else no placeholder and the whole hint as the line above the field."""
    if width <= 0 or cell_len(hint) <= width:
        return hint, ""
    head, tail, _ = hint.partition(TAIL)
    if tail_said and tail and cell_len(head) <= width:
        return head, ""
    return "", hint


class HintedInput(Input):
    """A dice field whose hint is never cut: ``show_hint`` sets it; it is fitted again
    whenever the field's width changes (it keeps its width while hidden)."""

    HINT_LINE = "dice-hint"
    """The id of the ``Static`` above the field that shows a hint too wide for it."""

    hint: str | None = None
    """The hint given (None: none yet, the placeholder is the one the field was made with)."""
    tail_said = False

    def show_hint(self, hint: str, tail_said: bool) -> None:
        """Show ``hint``: ``tail_said``: the keys line under the field says what an empty
        ⏎ does (the hint's tail may be left out)."""
        self.hint, self.tail_said = hint, tail_said
        self.fit_hint()

    def on_resize(self, event: events.Resize) -> None:
        self.fit_hint()

    def fit_hint(self) -> None:
        if self.hint is None:
            return
        width = self.outer_size.width - self.styles.gutter.width
        lines = self.screen.query(f"#{self.HINT_LINE}").results(Static)
        line = next(lines, None)
        if line is None:  # a dialog without the line: the hint stays in the field
            self.placeholder = self.hint
            return
        placeholder, above = fitted_hint(self.hint, max(0, width), self.tail_said)
        self.placeholder = placeholder
        self.set_class(bool(above), UNDER_HINT)
        line.update(Text(above))
        line.display = bool(above)

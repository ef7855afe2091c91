"""A line of text never cut: of its wordings, longest first, it shows the first that fits
its width, and re-fits whenever its width changes; where even the last does not fit, that
one wraps (the widget's height is ``auto``). As a dice hint re-fits its field
(``tui.dialogs.dice_hint``), for a keys hint under a list."""

from __future__ import annotations

from rich.cells import cell_len
from textual import events
from textual.widgets import Static


def fitted_wording(wordings: tuple[str, ...], width: int) -> str:
    """The first of ``wordings`` (longest first) that fits ``width`` cells; the last where
    none does; the first where the width is not known yet (0)."""
    if width <= 0:
        return wordings[0]
    return next((w for w in wordings if cell_len(w) <= width), wordings[-1])


class FittedLine(Static):
    """A line that says the longest of its wordings its width has room for."""

    DEFAULT_CSS = """
    FittedLine { height: auto; }
    """

    def __init__(self, *wordings: str, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(wordings[0], id=id, classes=classes)
        self.wordings = wordings
        """What the line may say, longest first."""

    def on_resize(self, event: events.Resize) -> None:
        self.update(fitted_wording(self.wordings, self.content_size.width))

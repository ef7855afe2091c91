"""Where a dialog over a dashboard starts: under the top bar and the row of the unit being
resolved, so that the GM keeps reading who acts while the dialog asks (#21, 60×20 and
80×24); the dialog fills the rows below and scrolls what does not fit inside itself."""

from __future__ import annotations

from typing import Any

from textual import events
from textual.containers import Vertical
from textual.message import Message
from textual.widget import Widget

from tui.screens.picker_screen import PickerScreen

FEWEST_DIALOG_ROWS = 10
"""The fewest rows a dialog keeps: on a short screen the acting unit's row gives way first."""


def rows_kept_above(top_bar: Widget, table: Any, row_key: str | None, height: int) -> int:
    """Rows at the top left in view: the top bar, and ``table``'s header down to the row
    ``row_key`` (a ``RowTable``, bordered or not; None, a key it lacks or a row scrolled
    or folded out of its view: the top bar only), so long as ``height`` leaves the dialog
    ``FEWEST_DIALOG_ROWS``."""
    bottom = top_bar.region.bottom
    if table is not None and row_key is not None and row_key in table.row_keys:
        shown = table.scrollable_content_region  # inside its border: the header, then the rows
        y = shown.y + 1 + table.get_row_index(row_key) - int(table.scroll_offset.y)
        if shown.y < y < shown.bottom:
            bottom = max(bottom, y + 1)
    return max(0, min(bottom, height - FEWEST_DIALOG_ROWS))


SHORT = 30
"""Under this many rows a dialog fills every row under the kept ones (the README's short
screen); on a taller screen it is as tall as its text, at most that."""


def fit_under_the_top(dialog: Any, box: Widget, kept: int, body: Widget | None = None, tall_body: Any = "70vh") -> None:
    """Size ``box`` (the dialog's bordered frame, aligned to the bottom) to the whole
    width (no panel of the screen shows beside it) and the rows under the ``kept`` ones:
    all of them on a short screen, where ``body`` (what scrolls) takes the rows the rest
    leaves; elsewhere as many as its text needs, ``body`` at most ``tall_body``."""
    rows = max(1, dialog.app.size.height - kept)
    short = dialog.app.size.height < SHORT
    box.styles.width = "100%"
    box.styles.max_height = rows
    box.styles.height = rows if short else "auto"
    if body is not None:
        body.styles.height = "1fr" if short else "auto"
        body.styles.max_height = None if short else tall_body


class TopBarResized(Message):
    """A top bar wrapped onto more rows or fewer: a dialog under it refits."""


class SaysWhenResized(Widget):
    """A top bar that posts ``TopBarResized`` when its height changes, so that the screen
    refits the dialog open under it."""

    def on_resize(self, event: events.Resize) -> None:
        self.post_message(TopBarResized())


class PickerUnderTheTop(PickerScreen):
    """A picker asked during a turn: it fills the rows under the top bar and the acting
    unit (``host.rows_kept_above_dialogs()``), so it never lies over part of the step
    panel or hides who acts."""

    def __init__(self, host: Any, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.host = host

    def on_mount(self) -> None:  # PickerScreen's own on_mount runs too (Textual calls each class's)
        self.styles.align_vertical = "bottom"
        self.keep_the_top_visible()

    def on_resize(self, event: events.Resize) -> None:
        self.keep_the_top_visible()

    def keep_the_top_visible(self) -> None:
        fit_under_the_top(
            self, self.query_one(Vertical), self.host.rows_kept_above_dialogs(), self.query_one("#choices")
        )

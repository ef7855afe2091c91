"""Where a dialog over a dashboard starts: under the top bar and the row of the unit being
resolved, so that the GM keeps reading who acts while the dialog asks (#21, 60×20 and
80×24); the dialog fills the rows below and scrolls what does not fit inside itself."""

from __future__ import annotations

from typing import Any

from textual import events
from textual.message import Message
from textual.widget import Widget

FEWEST_DIALOG_ROWS = 10
"""The fewest rows a dialog keeps: on a short screen the acting unit's row gives way first."""


def rows_kept_above(top_bar: Widget, table: Any, row_key: str | None, height: int) -> int:
    """Rows at the top left in view: the top bar, and ``table``'s header down to the row
    ``row_key`` (a ``RowTable``; None or a key it lacks: the top bar only), so long as
    ``height`` leaves the dialog ``FEWEST_DIALOG_ROWS``."""
    bottom = top_bar.region.bottom
    if table is not None and row_key is not None and row_key in table.row_keys:
        bottom = max(bottom, table.region.y + 2 + table.get_row_index(row_key))  # its header, then the row
    return max(0, min(bottom, height - FEWEST_DIALOG_ROWS))


def fit_under_the_top(dialog: Any, box: Widget, kept: int) -> None:
    """Size ``box`` (the dialog's bordered frame, aligned to the bottom) to the rows under
    the ``kept`` ones."""
    box.styles.height = max(1, dialog.app.size.height - kept)


class TopBarResized(Message):
    """A top bar wrapped onto more rows or fewer: a dialog under it refits."""


class SaysWhenResized(Widget):
    """A top bar that posts ``TopBarResized`` when its height changes, so that the screen
    refits the dialog open under it."""

    def on_resize(self, event: events.Resize) -> None:
        self.post_message(TopBarResized())

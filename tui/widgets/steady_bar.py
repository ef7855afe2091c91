"""A bar of a few lines of text (the trackers at the top of each dashboard).

``Static.update`` repaints, and may lay the screen out again, even for the text it
already shows. Dashboards redraw their bars after every event, and most events leave
a bar as it was: ``SteadyBar.put`` skips the same text and asks for a new layout only when
the number of lines changes.
"""
from __future__ import annotations

from rich.text import Text
from textual.widgets import Static


class SteadyBar(Static):
    """A ``Static`` whose text is set with ``put``."""

    _shown: Text | None = None

    def put(self, text: Text) -> None:
        shown = self._shown
        if shown is not None and text.plain == shown.plain and text.spans == shown.spans \
                and text.style == shown.style:
            return
        lines = text.plain.count("\n") + 1
        self.update(text, layout=shown is None or lines != shown.plain.count("\n") + 1)
        self._shown = text

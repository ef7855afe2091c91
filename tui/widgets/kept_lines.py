"""Line API widgets that keep their drawn lines, as Textual's own ``Log`` and ``RichLog`` do.

A ``KeptLines`` widget's ``render_line`` draws a line of content once and keeps the
``Strip`` (the log pane per row, the tables per row and look, in an ``LRUCache`` like
``Log``'s); what is kept is dropped in ``notify_style_update`` (focus, theme), so a
line is drawn again only when its content or its look changed. Textual then finishes
each line (border, padding, background) as it does for any widget.

Finished lines used to be kept here too, by overriding ``render_lines`` and reading
Textual's private border-title attribute: about 2 ms of a roll's median (bench/
tui_bench.py), and a line drawn wrong the day Textual finishes lines differently.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from rich.style import Style
from textual.geometry import Region
from textual.strip import Strip

if TYPE_CHECKING:  # the widget it is mixed into, for the type checker; a plain mixin at run time
    from textual.widget import Widget as WidgetBase
else:
    WidgetBase = object


@lru_cache(maxsize=64)
def blank(width: int, style: Style) -> Strip:
    """A blank line, the same object each time."""
    return Strip.blank(width, style)


class KeptLines(WidgetBase):
    """Mixin for a Line API widget (put it before the widget class in the bases)."""

    def begin_lines(self) -> None:
        """Called before a pass over the widget's lines: a widget notes here what all its
        lines share (its width: Textual works it out afresh each time it is asked)."""

    def end_lines(self) -> None:
        """Called after the pass: forget what ``begin_lines`` noted."""

    def render_lines(self, crop: Region) -> list[Strip]:
        self.begin_lines()
        try:
            return super().render_lines(crop)
        finally:
            self.end_lines()

    @property
    def line_style(self) -> Style:
        """The widget's own Rich style, for its content lines (``rich_style`` walks every
        ancestor: asked once per style update, not once per line)."""
        style: Style | None = self.__dict__.get("kept_line_style")
        if style is None:
            style = self.__dict__["kept_line_style"] = self.rich_style
        return style

    def notify_style_update(self) -> None:
        self.__dict__.pop("kept_line_style", None)
        super().notify_style_update()

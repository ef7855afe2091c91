"""Finished lines kept by what they show, not by where they are.

Textual finishes each line a widget draws (border, padding, background, filters)
and keeps it by its row on screen. When a pane's content moves by a line (a new log
entry scrolls the log up; the cursor moves) every row shows different content, so
every line is finished again: about a fifth of a millisecond each, the bulk of a
frame after a roll. A ``KeptLines`` widget's ``render_line`` returns the same
``Strip`` object for the same content (the log and the tables keep their drawn
lines), so a finished line is kept under the content it was made from and used
again wherever that content is now. Lines not kept (new content, the border rows)
are finished by Textual as before; a border row is kept under the title it shows
(a pane's subtitle changing does not finish its top row again).

Kept lines are dropped when anything they were finished with changes: the widget's
size, background, opacity, the app's line filters, or its styles (focus, theme). The
mixin also keeps the widget's own Rich style (``_base_style``) until its styles change.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from rich.style import Style
from textual.geometry import Region
from textual.strip import Strip


@lru_cache(maxsize=64)
def blank(width: int, style: Style) -> Strip:
    """A blank line, the same object each time (so a finished blank line is kept)."""
    return Strip.blank(width, style)


def _same(a: Any, b: Any) -> bool:
    """The very objects a line was finished from (a strip, or the titles a border row shows)."""
    if isinstance(a, tuple):
        return isinstance(b, tuple) and len(a) == len(b) and all(x is y for x, y in zip(a, b))
    return a is b


class KeptLines:
    """Mixin for a Line API widget (put it before the widget class in the bases)."""

    _kept: dict[Any, tuple[Any, Strip]]
    _kept_for: tuple[Any, ...] | None = None

    def begin_lines(self) -> None:
        """Called before a pass over the widget's lines: a widget notes here what all its
        lines share (its width: Textual works it out afresh each time it is asked)."""

    def end_lines(self) -> None:
        """Called after the pass: forget what ``begin_lines`` noted."""

    def render_lines(self, crop: Region) -> list[Strip]:
        self.begin_lines()
        try:
            return self._render_kept_lines(crop)
        finally:
            self.end_lines()

    def _render_kept_lines(self, crop: Region) -> list[Strip]:
        widget: Any = self
        width, height = widget.outer_size
        top, _right, bottom, _left = widget.styles.gutter
        filters = widget.get_line_filters()
        base, background = widget.background_colors
        env = (width, height, top, bottom, base, background, widget.opacity, tuple(map(id, filters)))
        kept = self.__dict__.get("_kept")
        if kept is None or env != self._kept_for:
            kept = self._kept = {}
            self._kept_for = env
        elif len(kept) > 8 * max(height, 8):
            kept.clear()
        render_content = widget.render_line
        title, subtitle = widget._border_title, widget._border_subtitle
        edges: dict[int, tuple[Any, ...]] = {0: (title,)}  # the top row shows the title, the bottom the subtitle
        edges[height - 1] = edges.get(height - 1, ()) + (subtitle,)
        lines: list[Strip | None] = []
        keys: list[tuple[Any, Any]] = []
        for y in crop.line_range:
            if top <= y < height - bottom:  # content: kept under what it shows
                made_from: Any = render_content(y - top)
                key: Any = id(made_from)
            else:  # a border or padding row: kept under its row and the title it shows
                made_from = edges.get(y, ())
                key = (y, *map(id, made_from))
            keys.append((key, made_from))
            hit = kept.get(key)
            lines.append(hit[1] if hit is not None and _same(hit[0], made_from) else None)
        first = crop.y
        i = 0
        while i < len(lines):  # finish each run of lines not kept in one call
            if lines[i] is not None:
                i += 1
                continue
            j = i
            while j < len(lines) and lines[j] is None:
                j += 1
            finished = super().render_lines(Region(0, first + i, width, j - i))  # type: ignore[misc]
            for k, line in enumerate(finished, i):
                lines[k] = line
                key, made_from = keys[k]
                kept[key] = (made_from, line)
            i = j
        if crop.column_span != (0, width):
            x1, x2 = crop.column_span
            lines = [line.crop(x1, x2) for line in lines]
        return lines  # type: ignore[return-value]

    @property
    def _base_style(self) -> Style:
        """The widget's own Rich style, for its content lines (``rich_style`` walks every
        ancestor: asked once per style update, not once per line)."""
        style = self.__dict__.get("_style")
        if style is None:
            style = self.__dict__["_style"] = self.rich_style  # type: ignore[attr-defined]
        return style

    def notify_style_update(self) -> None:
        self.__dict__.pop("_kept", None)
        self.__dict__.pop("_style", None)
        super().notify_style_update()  # type: ignore[misc]

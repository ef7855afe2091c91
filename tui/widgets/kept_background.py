"""A screen or container whose own background is drawn once and kept.

Closing a dialog repaints the whole screen under it. Most of that is the panes
(which keep their drawn lines), but Textual also draws the screen's and each
container's own background again, line by line, though it never changes.
``KeptBackground`` keeps those lines per (crop, size) until the widget's styles
change (a new theme, say). ``KeptHorizontal`` and ``KeptVertical`` are the layout
containers with it.
"""
from __future__ import annotations

from textual.geometry import Region, Size
from textual.containers import Horizontal, Vertical
from textual.strip import Strip


class KeptBackground:
    """Mixin for a ``Screen`` or a container that draws nothing but its background (no
    border title, no content): put it before the Textual class in the bases."""

    _kept: dict[tuple[Region, Size], list[Strip]]

    def render_lines(self, crop: Region) -> list[Strip]:
        kept = self.__dict__.setdefault("_kept", {})
        key = (crop, self.size)  # type: ignore[attr-defined]
        lines = kept.get(key)
        if lines is None:
            if len(kept) > 32:
                kept.clear()
            lines = kept[key] = super().render_lines(crop)  # type: ignore[misc]
        return lines

    def notify_style_update(self) -> None:
        self.__dict__.setdefault("_kept", {}).clear()
        super().notify_style_update()  # type: ignore[misc]


class KeptHorizontal(KeptBackground, Horizontal):
    """``Horizontal`` whose background lines are kept."""


class KeptVertical(KeptBackground, Vertical):
    """``Vertical`` whose background lines are kept."""

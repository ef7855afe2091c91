"""A screen whose own background is drawn once and kept.

Closing a dialog repaints the whole screen under it. Most of that is the panes
(which keep their drawn lines), but Textual also draws the screen's own background
again, line by line, though it never changes. ``KeptBackground`` keeps those lines
per (crop, size) until the screen's styles change (a new theme, say).
"""
from __future__ import annotations

from textual.geometry import Region, Size
from textual.strip import Strip


class KeptBackground:
    """Mixin for a ``Screen``: put it before ``Screen`` in the bases."""

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

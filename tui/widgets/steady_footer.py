"""A ``Footer`` that rebuilds its keys only when they change.

Textual's footer recomposes every key widget whenever the screen's bindings are
updated, which includes coming back from a dialog with exactly the keys it had
before. With the battle screen's many keys that rebuild costs more than the rest of
the frame; skipping it when nothing changed keeps a resolved roll within a frame.
"""
from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.widgets import Footer


WIDE = 120
"""From this many columns the footer spaces its keys out and docks "ctrl+p palette" at
the right; narrower, it is compact and leaves the palette key out (it would cover the
last keys; "? Help" lists ctrl+p with the rest)."""


class SteadyFooter(Footer):
    """The footer, recomposed only when the shown keys, labels or states differ."""

    _shown: tuple[Any, ...] | None = None

    def on_resize(self, event: Any) -> None:
        wide = event.size.width >= WIDE
        self.compact = not wide
        self.show_command_palette = wide

    def _signature(self) -> tuple[Any, ...]:
        bindings = self.screen.active_bindings
        return (self.compact, self.show_command_palette,
                tuple((b.key, b.action, b.description, b.key_display, enabled)
                      for (_, b, enabled, _tooltip) in bindings.values() if b.show))

    def compose(self) -> ComposeResult:
        if self._bindings_ready:
            self._shown = self._signature()
        yield from super().compose()

    async def recompose(self) -> None:
        if self._shown is not None and self.is_attached and self._signature() == self._shown:
            return
        await super().recompose()

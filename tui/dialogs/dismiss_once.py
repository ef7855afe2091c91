"""A dialog closes once, and only itself.

Textual's ``Screen.dismiss`` pops whatever screen is on top. Keys typed in one burst
reach a dialog's widgets before the dialog has closed: a second ⏎ (or space) meant for
the next dialog selects again, and that second ``dismiss`` popped the screen under it
(the battle screen: QA saw a roll dialog over a blank screen, and nothing after esc).
A dialog that mixes this in ignores a ``dismiss`` while it is not the top screen.
"""

from __future__ import annotations

from typing import Any

from textual.await_complete import AwaitComplete


class DismissOnce:
    """Mixed in before ``ModalScreen``: ``dismiss`` does nothing unless this dialog is
    the top screen (the keys a closed dialog still gets change nothing)."""

    is_active: bool

    def dismiss(self, result: Any = None) -> AwaitComplete:
        if not self.is_active:
            return AwaitComplete.nothing()
        return super().dismiss(result)  # type: ignore[misc]

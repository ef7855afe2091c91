"""A dialog closes once, and only itself; keys typed ahead wait until it has them.

Textual's ``Screen.dismiss`` pops whatever screen is on top. Keys typed in one burst
reach a dialog's widgets before the dialog has closed: a second ⏎ (or space) meant for
the next dialog selects again, and that second ``dismiss`` popped the screen under it
(the battle screen: QA saw a roll dialog over a blank screen, and nothing after esc).
A dialog that mixes this in ignores a ``dismiss`` while it is not the top screen.

It is also a step of a flow for the app's ``KeysAhead`` (``type_ahead``): keys wait
while it is not yet ``ready_for_keys`` (mounted, its field or list focused, no answer
taken), and from its answer until what the answer sets off has run.
"""

from __future__ import annotations

from typing import Any

from textual.await_complete import AwaitComplete

from tui.dialogs.type_ahead import keys_ahead


class DismissOnce:
    """Mixed in before ``ModalScreen``: ``dismiss`` does nothing unless this dialog is
    the top screen (the keys a closed dialog still gets change nothing)."""

    is_active: bool
    is_mounted: bool
    focused: Any
    focus_chain: list[Any]
    app: Any

    def has_answer(self) -> bool:
        """The dialog has taken its answer and is about to close (a subclass whose answer
        takes a message to arrive says so at once)."""
        return False

    @property
    def ready_for_keys(self) -> bool:
        """Keys typed now are this dialog's: it is mounted, has focus (if anything takes
        it), and no answer yet."""
        focus = self.focused is not None or not self.focus_chain
        return self.is_mounted and focus and not self.has_answer()

    def dismiss(self, result: Any = None) -> AwaitComplete:
        if not self.is_active:
            return AwaitComplete.nothing()
        ahead = keys_ahead(self.app)
        if ahead is not None:
            ahead.answered()
        return super().dismiss(result)  # type: ignore[misc]

"""Draw a change at once when the screen is to be drawn whole anyway.

When a dialog closes, Textual marks the screen under it to be drawn whole, and
draws it on the screen's next update tick: after the handler that applied the
roll's result returns, the widgets' update messages have gone round, and the
screen's timer task has woken, about a millisecond later. ``draw_now(screen)``,
called at the end of that handler, draws that whole-screen update there and then,
with every widget already showing the new state (each widget's ``render_line``
reads it as it is now).

Only the pending whole-screen update is drawn early: it is what Textual would draw
next, so nothing is shown that would not have been shown. Updates still on their way
(widgets' own refreshes, a layout) follow on the next tick as before. This uses two
of Textual's private names (``Screen._repaint_required`` and
``Screen._on_timer_update``); if a Textual release renames them the screen is drawn
on its tick as before (``tests/tui/test_draw_now.py`` notices the change).
"""
from __future__ import annotations

from typing import Any


def draw_now(screen: Any) -> bool:
    """Draw ``screen`` whole now if it is the current screen and due to be drawn
    whole; returns whether it was drawn."""
    draw = getattr(screen, "_on_timer_update", None)
    if draw is None or not getattr(screen, "_repaint_required", False) or not screen.is_current:
        return False
    draw()
    return not screen._repaint_required  # still due: Textual held it (a batch update)

"""Keys typed ahead of a dialog's answer (a terminal sends "lava ⏎ k G" at once).

A dialog's field or list handles its keys in order, so the keys typed after ⏎ reach it
after it has its answer and is closing: typed into a closing field, or moving a closing
list, they would be lost. Such a widget passes each one on (``pass_on``) to the app,
after what the screen now on top has queued next (the dismissed dialog's callback, which
may push the next dialog), so the key goes to whatever has the keys then: the pane
behind, or the next dialog.
"""

from __future__ import annotations

from typing import Any

from textual import events


def pass_on(app: Any, event: events.Key) -> None:
    """Take ``event`` (a key that reached a dialog after its answer) from the closing
    dialog and give it to the app again."""
    event.stop()
    event.prevent_default()
    key, character = event.key, event.character

    def post() -> None:
        app.post_message(events.Key(key, character).set_sender(app))

    app.screen.call_next(post)

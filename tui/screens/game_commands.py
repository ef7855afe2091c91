"""What every rule system's commands mixin may rely on: the screen it is mixed into (a
``GameScreen``: ``session``, ``state``, ``submit``, ``set_status``...), and asking the GM
a question. Submitting, undo, redo and the settings are the screen base's."""

from __future__ import annotations

from typing import Any, Callable

from textual.message import Message

from tui.screens.picker_screen import Choice, PickerScreen


class GameCommands:
    """Mixin of a rule system's battle screen (put it before ``GameScreen`` in the bases)."""

    session: Any
    state: Any
    app: Any
    selected: str | None
    set_status: Callable[[Any], None]  # provided by the screen
    submit: Callable[..., None]  # provided by the screen (``SessionScreen.submit``)
    reviewing: Callable[[], bool]  # provided by the screen (``ReviewMode.reviewing``)
    post_message: Callable[[Message], bool]  # Textual's, from the screen
    run_worker: Callable[..., Any]
    notify: Callable[..., None]

    def ask(self, question: str, choices: list[Choice], then: Callable[[Any], None], highlight: bool = True) -> None:
        """Ask the GM; ``then(value)`` runs only if they chose something. ``highlight=False``:
        no answer starts highlighted, so only one the GM moves to is chosen (targets)."""

        def answered(value: Any) -> None:
            if value is not None:
                then(value)

        self.app.push_screen(PickerScreen(question, choices, highlight=highlight), answered)

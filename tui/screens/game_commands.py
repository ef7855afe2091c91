"""What every rule system's commands mixin may rely on: the screen it is mixed into (a
``GameScreen``: ``session``, ``state``, ``submit``, ``set_status``...), and asking the GM
a question. Submitting, undo, redo and the settings are the screen base's."""

from __future__ import annotations

from typing import Any, Callable, ClassVar

from textual.message import Message

from tui.dialogs.kept_rows import PickerUnderTheTop
from tui.screens.picker_screen import Choice, PickerScreen, harmless


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

    PICKERS_UNDER_THE_TOP: ClassVar[bool] = False
    """The screen's questions fill the rows under its top bar and acting unit, which stay
    in view (``kept_rows.PickerUnderTheTop``; the screen has ``rows_kept_above_dialogs``)."""

    def ask(self, question: str, choices: list[Choice], then: Callable[[Any], None], highlight: bool = True) -> None:
        """Ask the GM; ``then(value)`` runs only if they chose something. ``highlight=False``:
        no answer starts highlighted, so only one the GM moves to is chosen (targets). A
        question with a "No" answer (value None) starts on it: the harmless answer."""

        def answered(value: Any) -> None:
            if value is not None:
                then(value)

        default = harmless(choices)
        picker = (
            PickerUnderTheTop(self, question, choices, highlight=highlight, default=default)
            if self.PICKERS_UNDER_THE_TOP
            else PickerScreen(question, choices, highlight=highlight, default=default)
        )
        self.app.push_screen(picker, answered)

    def refuse(self, rejected: Any) -> None:
        """Say why the engine refuses an action before any picker or dialog opens: the
        reason and its rule in the status line and a toast; nothing is submitted."""
        from tui.screens.session_results import refusal_line, refusal_status

        line = refusal_line(rejected)
        self.set_status(refusal_status(line))
        self.notify(line, title="Not allowed", severity="warning", timeout=6)

    def refused(self, problem: Any) -> bool:
        """True (and the refusal shown) when the engine's query ``problem`` is a refusal."""
        if problem is None:
            return False
        self.refuse(problem)
        return True

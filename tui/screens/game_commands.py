"""The commands every rule system's battle screen has, whatever the rules: hand a
command to the session (unless the GM is reviewing the log), ask a question, undo,
redo, and change a battle setting. A mixin of each system's commands class."""
from __future__ import annotations

from typing import Any, Callable, ClassVar

from .picker_screen import Choice, PickerScreen


class GameCommands:
    """``CHANGE_SETTING``: the rule system's ChangeSetting command (key, value)."""

    CHANGE_SETTING: ClassVar[Callable[[str, str], Any]]
    session: Any
    state: Any
    app: Any
    set_status: Callable[[Any], None]  # provided by the screen

    def reviewing(self) -> bool:
        return False  # ReviewMode says otherwise while the GM reviews the log

    def submit(self, command: Any, dice: Any = None) -> None:
        """Hand a command to the session; the result comes back as a message."""
        if self.reviewing():  # commands wait for the present
            return
        self.session.submit(command, dice)

    def ask(self, question: str, choices: list[Choice], then: Callable[[Any], None],
            highlight: bool = True) -> None:
        """Ask the GM; ``then(value)`` runs only if they chose something. ``highlight=False``:
        no answer starts highlighted, so only one the GM moves to is chosen (targets)."""
        self.app.push_screen(PickerScreen(question, choices, highlight=highlight),
                             lambda value: value is not None and then(value))

    def action_undo(self) -> None:
        if not self.reviewing():
            self.session.undo()

    def action_redo(self) -> None:
        if not self.reviewing():
            self.session.redo()

    def action_settings(self) -> None:
        from .settings_screen import SettingsScreen

        def chosen(result: Any) -> None:
            if result:
                self.submit(type(self).CHANGE_SETTING(*result))

        self.app.push_screen(SettingsScreen(self.session.settings, self.state.settings), chosen)

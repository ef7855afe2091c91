"""What every rule system's battle screen shares beyond the session (``SessionScreen``):
GM corrections (``screens.gm_corrections``), review mode and the log filter, the battle
settings, and their keys
(``tui.actions.GAME_KEYS``, bound after the common ones)."""

from __future__ import annotations

from typing import Any, Callable, ClassVar

from tui.actions import COMMON_KEYS, GAME_KEYS, KeyGroup
from tui.screens.gm_corrections import GMCorrections
from tui.screens.review_mode import ReviewMode
from tui.screens.session_screen import SessionScreen


class GameScreen(GMCorrections, ReviewMode, SessionScreen):
    """A battle screen; subclasses compose the panes and ``redraw`` them.

    ``CHANGE_SETTING``: the rule system's ChangeSetting command (key, value).
    """

    SHARED_KEYS: ClassVar[tuple[KeyGroup, ...]] = (COMMON_KEYS, GAME_KEYS)
    CHANGE_SETTING: ClassVar[Callable[[str, str], Any]]

    def action_settings(self) -> None:
        from tui.screens.settings_screen import SettingsScreen

        def chosen(result: Any) -> None:
            if result:
                self.submit(type(self).CHANGE_SETTING(*result))

        self.app.push_screen(SettingsScreen(self.session.settings, self.state.settings), chosen)

"""Command palette entries, generated from the action registry: every palette action
with its key, run on the screen it was opened from (or on the app)."""

from __future__ import annotations

from functools import partial

from textual.command import DiscoveryHit, Hit, Hits, Provider

from tui.actions import GMAction, palette_actions
from tui.citations import citer


class GMCommands(Provider):
    """Every GM action of the registry that makes sense on the current screen."""

    def _actions(self) -> list[GMAction]:
        from tui.screens.session_screen import SessionScreen

        screen = self.screen
        return list(palette_actions(screen.key_groups() if isinstance(screen, SessionScreen) else ()))

    def _run(self, action: GMAction) -> None:
        node = self.app if action.target == "app" else self.screen
        self.app.call_later(partial(node.run_action, action.action))

    def _title(self, action: GMAction) -> str:
        """The action's help line (a rule in it cited as the rulebook's) and its keys."""
        return f"{citer(self.app)(action.help)} ({action.display_keys()})"

    async def discover(self) -> Hits:
        for action in self._actions():
            yield DiscoveryHit(self._title(action), partial(self._run, action))

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for action in self._actions():
            title = self._title(action)
            score = matcher.match(title)
            if score > 0:
                yield Hit(score, matcher.highlight(title), partial(self._run, action), text=title)

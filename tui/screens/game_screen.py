"""What every rule system's battle screen shares: the session it owns, the status line,
a failed save (reported, nothing kept), and a log entry opened for its breakdown."""
from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.screen import Screen

from ..widgets.steady_bar import SteadyBar
from ..messages import LogEntryChosen, SaveFailed
from .session_results import save_failed_status


class GameScreen(Screen[None]):
    """A battle screen; subclasses compose the panes and ``redraw`` them."""

    DEFAULT_CSS = """
    GameScreen #status { height: 1; padding: 0 1; background: $boost; text-wrap: nowrap; text-overflow: ellipsis; }
    """

    def __init__(self, session: Any) -> None:
        super().__init__()
        self.session = session
        self.selected: str | None = None

    @property
    def state(self) -> Any:
        """The battle as saved (commands are built from it)."""
        return self.session.view.state

    def redraw(self) -> None: ...  # drawn by each screen

    def first_selection(self) -> str | None:
        """The unit or model to select when the screen opens (each screen says)."""
        return None

    def select_first(self, key: str) -> None:
        """Select ``key`` and focus its pane (each screen says how)."""

    def resume(self) -> None:
        """After opening: reopen whatever step was waiting (each screen may say)."""

    def on_mount(self) -> None:
        self.session.attach(self)
        self.sub_title = self.session.title
        self.redraw()
        first = self.first_selection()
        if first:
            self.select_first(first)
        self.set_status(Text(self.session.note or f"Opened “{self.session.title}”", style="italic"))
        self.resume()

    def set_status(self, text: Text | str) -> None:
        self.query_one("#status", SteadyBar).put(text)

    def on_save_failed(self, message: SaveFailed) -> None:
        self.session.failed(message.text)
        self.redraw()
        self.set_status(save_failed_status(message.text))
        self.notify(message.text, title="Could not save — the last command was not kept", severity="error",
                    timeout=15)

    def on_log_entry_chosen(self, message: LogEntryChosen) -> None:
        self.show_log_entry(message.seq)

    def show_log_entry(self, seq: int) -> None:
        from .log_entry_screen import LogEntryScreen

        event = self.session.entry(seq)
        if event is not None:
            undone = any(e.seq == seq for e in self.session.view.undone)
            self.app.push_screen(LogEntryScreen(event, undone=undone))

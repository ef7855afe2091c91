"""One log entry in full: what happened, and every roll's breakdown (dice, modifiers
with their rules as the rulebook names them, target, the exact chance before the roll,
outcome)."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from engine.corrections import correction_lines, is_correction
from tui.citations import cite_rich, citer
from tui.rolltext import breakdown, rolls_in

SKIP = frozenset({"roll", "rolls", "rolloff", "attempts"})


def entry_detail(event: Any, state: Any = None, undone: bool = False) -> Text:
    out = Text()
    out.append(f"#{event.seq} · round {event.round} · {event.kind.replace('_', ' ')}", style="bold")
    if undone:
        out.append("  (undone: redo brings it back)", style="italic yellow")
    out.append("\n")
    out.append((event.text or "—") + "\n\n")
    if is_correction(event):
        out.append("\n".join(correction_lines(event)) + "\n", style="bold yellow")
        return out
    for record in rolls_in(event.payload):
        out.append_text(breakdown(record))
        out.append("\n")
    facts = {k: v for k, v in event.payload.items() if k not in SKIP and v not in (None, "", [], {})}
    if facts:
        out.append("Recorded: ", style="dim")
        out.append(", ".join(f"{k}={v}" for k, v in facts.items()), style="dim")
    return out


class LogEntryScreen(ModalScreen[None]):
    """The full breakdown of one log entry."""

    BINDINGS = [Binding("escape,enter,q", "close", "Close", id="skirmish.entry-close")]

    DEFAULT_CSS = """
    LogEntryScreen {
        align: center middle;
        background: $background 60%;
    }
    LogEntryScreen > VerticalScroll {
        width: 96;
        max-width: 100%;
        height: auto;
        max-height: 100%;
        border: thick $primary;
        border-title-style: bold;
        background: $surface;
        padding: 0 1;
    }
    """

    def __init__(self, event: Any, undone: bool = False) -> None:
        super().__init__()
        self.event = event
        self.undone = undone

    def compose(self) -> ComposeResult:
        scroll = VerticalScroll()
        scroll.border_title = "Log entry — esc closes"
        scroll.can_focus = True
        with scroll:
            yield Static(cite_rich(entry_detail(self.event, undone=self.undone), citer(self.app)))

    def on_mount(self) -> None:
        self.query_one(VerticalScroll).focus()

    def action_close(self) -> None:
        self.dismiss(None)

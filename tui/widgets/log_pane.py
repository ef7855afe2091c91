"""Battle log pane: every event, newest last; each roll with its dice and outcome.

Undone entries (what redo would bring back) are listed after the log, struck
through. Enter on an entry posts ``LogEntryChosen`` for its full breakdown.
"""
from __future__ import annotations

from typing import Any, Iterable

from rich.table import Table
from rich.text import Text
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from ..actions import bindings
from ..messages import LogEntryChosen
from ..rolltext import one_line, rolls_in

QUIET_KINDS = frozenset({"activation_started"})


def entry_text(event: Any, undone: bool = False) -> Text:
    """The entry's text, and a line per roll whose dice the text does not already give."""
    from engine.formatting import roll_line

    body = event.text or event.kind.replace("_", " ")
    out = Text(body, style="strike dim" if undone else ("dim" if event.kind in QUIET_KINDS else ""))
    for record in rolls_in(event.payload):
        if roll_line(record) in body:
            continue
        out.append("\n🎲 ", style="dim")
        line = one_line(record)
        if undone:
            line.stylize("strike dim")
        out.append_text(line)
    return out


def entry_row(event: Any, undone: bool = False) -> Table:
    """Round number, then the entry (wrapped lines stay indented)."""
    row = Table.grid(padding=(0, 1), expand=True)
    row.add_column(width=3, no_wrap=True)
    row.add_column(ratio=1)
    row.add_row(Text(f"R{event.round}" if event.round else "", style="dim"), entry_text(event, undone))
    return row


class LogPane(OptionList):
    """The battle log. ``show(events, undone)`` redraws it and follows the newest."""

    BINDINGS = bindings("log")

    DEFAULT_CSS = """
    LogPane {
        height: 1fr;
        min-height: 3;
        border: round $panel-lighten-2;
        border-title-color: $text;
        border-title-style: bold;
        border-subtitle-color: $text-muted;
        padding: 0;
        scrollbar-size-vertical: 1;
        &:focus { border: round $primary; }
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.border_title = "Battle log"
        self._count = 0

    def show(self, events: Iterable[Any], undone: Iterable[Any] = (), follow: bool = True) -> None:
        events = list(events)
        undone = list(undone)
        keep = self.highlighted_option.id if self.highlighted_option is not None and not follow else None
        options = [Option(entry_row(e), id=str(e.seq)) for e in events]
        options += [Option(entry_row(e, undone=True), id=f"undone-{e.seq}") for e in undone]
        self.set_options(options)
        self._count = len(events)
        self.border_subtitle = f"{len(events)} event{'s' if len(events) != 1 else ''}" + (f" · {len(undone)} undone (redo brings back)"
                                                           if undone else "")
        if keep is not None:
            try:
                self.highlighted = self.get_option_index(keep)
                return
            except Exception:  # noqa: BLE001 - the entry is gone (undone)
                pass
        if self._count:
            self.highlighted = self._count - 1
            self.scroll_to_highlight()
        self.scroll_end(animate=False)

    @property
    def highlighted_seq(self) -> int | None:
        """The log position of the highlighted entry."""
        option = self.highlighted_option
        if option is None or option.id is None:
            return None
        return int(option.id.removeprefix("undone-"))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        seq = self.highlighted_seq
        if seq is not None:
            self.post_message(LogEntryChosen(seq))

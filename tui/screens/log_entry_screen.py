"""One log entry in full: what happened, and every roll's breakdown as the battle report
gives it (each side's total, modifiers with their values and rules as the rulebook names
them, the target, re-rolls and what allowed them, the exact chance before the roll, the
outcome), names for ids; no internal id or raw data."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from engine.corrections import correction_lines, is_correction
from engine.formatting import role_names
from tui.citations import cite_rich, citer
from tui.rolltext import breakdown, rolls_in


def entry_detail(
    event: Any,
    names: Mapping[str, str] | None = None,
    later: Sequence[str] = (),
    undone: bool = False,
    campaign: bool = False,
) -> Text:
    """What a GM reads of one entry: its number and round, its text, and each roll's
    breakdown as the battle report gives it (``tui.rolltext.breakdown``), then ``later``:
    what later entries did to its roll (a re-roll, power points paid). ``names``: side key
    or member id -> name; ``campaign``: the entry is a campaign's (its number counts battles,
    not rounds). The payload's own fields are not shown: the text says them."""
    out = Text()
    if campaign:
        when = f"after battle {event.round}" if event.round else "as the campaign starts"
    else:
        when = f"round {event.round}" if event.round else "before the first round"
    out.append(f"#{event.seq} · {when}", style="bold")
    if undone:
        out.append("  (undone: redo brings it back)", style="italic yellow")
    out.append("\n")
    out.append((event.text or event.kind.replace("_", " ").capitalize()) + "\n\n")
    if is_correction(event):
        out.append("\n".join(correction_lines(event, names)) + "\n", style="bold yellow")
        return out
    names = role_names(event.payload, names)  # a melee's sides by its models' names
    for record in rolls_in(event.payload):
        out.append_text(breakdown(record, names))
        out.append("\n")
    for line in (line.strip() for line in later):
        out.append(line[:1].upper() + line[1:] + "\n", style="italic")
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

    def __init__(
        self,
        event: Any,
        undone: bool = False,
        names: Mapping[str, str] | None = None,
        later: Sequence[str] = (),
        campaign: bool = False,
    ) -> None:
        super().__init__()
        self.event = event
        self.undone = undone
        self.names = dict(names or {})
        """Side key or member id -> name (the battle's ``BattleSummary``)."""
        self.later = tuple(later)
        """Lines for what later entries did to this entry's roll."""
        self.campaign = campaign
        """A campaign's entry: numbered by the battles recorded, not by round."""

    def compose(self) -> ComposeResult:
        scroll = VerticalScroll()
        scroll.border_title = "Log entry — esc closes"
        scroll.can_focus = True
        with scroll:
            yield Static(cite_rich(self.detail(), citer(self.app)))

    def detail(self) -> Text:
        """The entry as the screen shows it, before rules are cited."""
        return entry_detail(self.event, self.names, self.later, self.undone, self.campaign)

    def on_mount(self) -> None:
        self.query_one(VerticalScroll).focus()

    def action_close(self) -> None:
        self.dismiss(None)

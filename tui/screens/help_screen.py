"""Help: every key of the action registry and what it does, the marker legend and how a
round goes. Generated from ``tui.actions``; nothing here lists keys by hand."""
from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from ..actions import SCOPE_TITLES, by_scope, key_of as key


def keys_table(scopes: frozenset[str] | None = None) -> Group:
    """One table per scope (the screen's ``scopes`` and the app's; all when None): keys
    and what they do, from the registry."""
    parts: list[object] = []
    groups = by_scope(scopes)
    width = max(len(a.display_keys()) for group in groups.values() for a in group)
    for scope, actions in groups.items():
        if not actions:
            continue
        parts.append(Text(SCOPE_TITLES[scope], style="bold underline"))
        table = Table.grid(padding=(0, 2))
        table.add_column(style="bold", no_wrap=True, min_width=width)
        table.add_column()
        for a in actions:
            table.add_row(a.display_keys(), a.help)
        parts += [table, Text("")]
    return Group(*parts)


def legend() -> Group:
    from .. import display as d

    table = Table.grid(padding=(0, 2))
    table.add_column(no_wrap=True, min_width=4)
    table.add_column()
    for symbol, style, meaning in d.LEGEND:
        table.add_row(Text(symbol, style=style), meaning)
    table.add_row(Text("S4", style="bold underline cyan"), "A number changed by gear, injuries or skills "
                  "(the model card says how)")
    return Group(Text("Symbols", style="bold underline"), table)


def guide() -> Text:
    return Text.assemble(
        ("How a round goes\n", "bold underline"),
        f"1. {key('next-round')} starts the round: the app says who starts and why (more models, or a "
        "roll-off: type the dice rolled at the table, or let the app roll).\n",
        f"2. The side to act picks a model ({key('select-down')}/{key('select-up')}, {key('next-pane')} switches "
        f"band) and activates it ({key('activate')}), or just gives it an action.\n",
        f"3. Actions: {key('move')} move, {key('shoot')} shoot, {key('fight')} fight, {key('stance')} defensive "
        f"stance, {key('overwatch')} overwatch, {key('hide')} hide, {key('pick-up')} pick up a marker, "
        f"{key('cards')} event cards. Every roll opens the roll dialog: modifiers, exact odds, typed dice or "
        f"the app's roll; a hit's Toughness roll follows at once ({key('save')} opens one put off).\n",
        f"4. {key('end-activation')} ends the activation; play passes as the rules say. When every model has "
        f"acted the round is over: {key('next-round')} again.\n",
        f"Anything the rules do not allow is refused with the reason and the rule; nothing changes. "
        f"{key('undo')} takes back the last command, {key('redo')} brings it back. Every command is saved as it "
        "happens: quit any time and the battle resumes where you were.\n",
    )


class HelpScreen(ModalScreen[None]):
    """Every key and what it does."""

    BINDINGS = [Binding("escape,q,question_mark,f1", "close", "Close", id="skirmish.help-close")]

    def __init__(self, scopes: frozenset[str] | None = None, guide_text: Any = None) -> None:
        super().__init__()
        self.scopes = frozenset(scopes) if scopes is not None else None
        self.guide_text = guide_text
        """The screen's own guide (a callable returning Rich renderables), else the SM round guide."""

    DEFAULT_CSS = """
    HelpScreen {
        align: center middle;
        background: $background 60%;
    }
    HelpScreen > VerticalScroll {
        width: 100;
        max-width: 100%;
        height: 90%;
        border: thick $primary;
        border-title-style: bold;
        background: $surface;
        padding: 0 1;
    }
    """

    def compose(self) -> ComposeResult:
        scroll = VerticalScroll()
        scroll.border_title = "Help — esc closes, ↑↓ scroll"
        scroll.can_focus = True
        with scroll:
            if self.guide_text is not None:
                yield Static(self.guide_text(), id="guide")
                yield Static(keys_table(self.scopes), id="keys")
            else:
                yield Static(guide(), id="guide")
                yield Static(keys_table(self.scopes), id="keys")
                yield Static(legend(), id="legend")

    def on_mount(self) -> None:
        self.query_one(VerticalScroll).focus()

    def action_close(self) -> None:
        self.dismiss(None)

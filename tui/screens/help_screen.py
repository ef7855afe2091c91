"""Help: every key of the action registry and what it does, the marker legend and how a
round goes. Generated from ``tui.actions`` and the screen's own key groups; nothing here
lists keys by hand."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from tui.actions import KeyGroup, help_groups, key_of
from tui.citations import Cite, as_is, cite_renderable, citer


def keys_table(groups: Iterable[KeyGroup] | None = None, cite: Cite = as_is) -> Group:
    """One table per key group (a screen's ``groups`` and the app's; the generic ones when
    None): keys and what they do, from the registry (``cite``: a rule as the rulebook's
    section and page)."""
    parts: list[RenderableType] = []
    shown = [g for g in help_groups(groups) if g.actions]
    width = max(len(a.display_keys()) for g in shown for a in g.actions)
    for group in shown:
        parts.append(Text(group.title, style="bold underline"))
        table = Table.grid(padding=(0, 2))
        table.add_column(style="bold", no_wrap=True, min_width=width)
        table.add_column()
        for a in group.actions:
            table.add_row(a.display_keys(), cite(a.help))
        parts += [table, Text("")]
    return Group(*parts)


def corrections_guide() -> Text:
    """How the GM brings the app back in line with the table (every battle screen)."""
    key = key_of("gm-correct")
    return Text.assemble(
        ("\nGM corrections\n", "bold underline"),
        f"When the table and the app disagree, {key} (GM: correct…) fixes the app without undoing and "
        "without spending an action: a free note in the log, or for the selected model or unit anything "
        "the app tracks (wounds or out of action — restore a model taken out —, each marker, actions "
        "left, XP, a characteristic for the rest of the round or battle, technology markers, fatigue, "
        "models in a unit, PP, conditions, tokens, stun, burning, magazines, command points), or cancel "
        "a roll still open. Pick what, type or pick the new value, then say why: the correction is logged "
        "as a GM correction with your reason, old and new value, and undone or redone like any command. "
        "An impossible value is refused with the reason and nothing is saved.\n",
    )


class HelpScreen(ModalScreen[None]):
    """Every key and what it does."""

    BINDINGS = [Binding("escape,q,question_mark,f1", "close", "Close", id="skirmish.help-close")]

    def __init__(self, groups: Iterable[KeyGroup] | None = None, guide_text: Callable[[], Any] | None = None) -> None:
        super().__init__()
        self.groups = tuple(groups) if groups is not None else None
        """The key groups of the screen help was opened on (None: no battle is open)."""
        self.guide_text = guide_text
        """The screen's own guide (a callable returning Rich renderables), shown above its keys."""

    @classmethod
    def of(cls, screen: Screen[Any]) -> HelpScreen:
        """Help for ``screen``: its own keys and guide when it owns a session, else the
        generic keys."""
        from tui.screens.session_screen import SessionScreen

        if isinstance(screen, SessionScreen):
            return cls(screen.key_groups(), type(screen).GUIDE)
        return cls()

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
        cite = citer(self.app) if self.groups is not None else as_is  # a battle's rules: its book's
        with scroll:
            if self.guide_text is not None:
                yield Static(cite_renderable(self.guide_text(), cite), id="guide")
            if self.groups is not None and any(a.id == "gm-correct" for g in self.groups for a in g.actions):
                yield Static(corrections_guide(), id="corrections-guide")
            yield Static(keys_table(self.groups, cite), id="keys")

    def on_mount(self) -> None:
        self.query_one(VerticalScroll).focus()

    def action_close(self) -> None:
        self.dismiss(None)

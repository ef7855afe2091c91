"""Battle settings: every rule reading the rules leave open (AMBIGUITY), with its
reference id, where the rulebook has the rule (section and page), the current choice and
the recommended one. Enter on a setting asks
for the new choice; the screen dismisses with ``(key, value)`` and the battle screen
turns that into a ``ChangeSetting`` command (a logged, undoable event). A setting with
one reading (``SettingSpec.is_note``: the GM applies it on the table) is a note: shown
with why, listed after the choices, and not selectable."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tui.citations import Cite, as_is, citer
from tui.screens.picker_screen import Choice, PickerScreen


def setting_line(spec: Any, value: str, ref_width: int = 6, cite: Cite = as_is) -> Table:
    """Reference id, the question, the reading in force and where the rulebook has the
    rule (``cite``: the book's section and page; wrapped lines indented)."""
    row = Table.grid(padding=(0, 1), expand=True)
    row.add_column(width=ref_width, no_wrap=True)
    row.add_column(ratio=1)
    row.add_row(Text(spec.ref, style="bold cyan"), setting_text(spec, value, cite))
    return row


def setting_text(spec: Any, value: str, cite: Cite = as_is) -> Text:
    """The question and the reading in force, then the rule's place in the book (dim)."""
    out = Text()
    out.append(spec.title)
    out.append(": ")
    out.append(spec.label_of(value), style="bold" if value != spec.default else "")
    if value != spec.default:
        out.append(f"  (recommended: {spec.label_of(spec.default)})", style="italic yellow")
    if spec.is_note:
        out.append("  (note, not a choice)", style="dim")
    if spec.section:
        out.append(f"  · {cite(spec.section)}", style="dim")
    if spec.is_note and spec.note:
        out.append(f"\n{cite(spec.note)}", style="dim italic")
    return out


class SettingsScreen(ModalScreen[Any]):
    """Pick a setting, then its new value."""

    BINDINGS = [Binding("escape,q,g", "close", "Close", id="skirmish.settings-close")]

    DEFAULT_CSS = """
    SettingsScreen {
        align: center middle;
        background: $background 60%;
    }
    SettingsScreen > OptionList {
        width: 110;
        max-width: 100%;
        height: 1fr;
        border: thick $primary;
        border-title-style: bold;
        background: $surface;
    }
    SettingsScreen > #settings-hint { dock: bottom; height: auto; color: $text-muted; padding: 0 1; }
    """

    def __init__(
        self, specs: Sequence[Any], values: Mapping[str, str], title: str = "Battle settings (rule readings)"
    ) -> None:
        super().__init__()
        self.specs = list(specs)
        self.values = dict(values)
        self.heading = title

    def compose(self) -> ComposeResult:
        ref = max([6, *(len(s.ref) for s in self.specs)])  # "SAGA-A10" is longer than "SM-A6"
        cite = citer(self.app)
        ordered = [s for s in self.specs if not s.is_note] + [s for s in self.specs if s.is_note]
        options = [
            Option(setting_line(s, self.values.get(s.key, s.default), ref, cite), id=s.key, disabled=s.is_note)
            for s in ordered
        ]
        listing = OptionList(*options, id="settings")
        listing.border_title = self.heading
        yield listing
        yield Static(
            "⏎ change the highlighted setting · ↑↓ move · esc close · notes (last, dim) are not choices",
            id="settings-hint",
        )

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        spec = next(s for s in self.specs if s.key == event.option.id)
        if spec.is_note:  # a note offers no choice (its option is disabled too)
            return
        current = self.values.get(spec.key, spec.default)
        choices = [
            Choice(
                c.value,
                c.label
                + ("  ← now" if c.value == current else "")
                + ("  (recommended)" if c.value == spec.default else ""),
                "" if c.value != current else "",
            )
            for c in spec.choices
        ]
        note = f"\n{spec.note}" if spec.note else ""

        def chosen(value: Any) -> None:
            if value is not None and value != current:
                self.dismiss((spec.key, value))

        where = f" — {citer(self.app)(spec.section)}" if spec.section else ""
        self.app.push_screen(PickerScreen(f"{spec.ref}: {spec.title}{where}{note}", choices), chosen)

    def action_close(self) -> None:
        self.dismiss(None)

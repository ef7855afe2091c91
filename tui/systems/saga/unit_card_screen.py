"""A SAGA unit's card: its profile with each house-default value labelled, fatigue with
the limit, this turn's activations and the activations open now (``view.unit_lines``)."""

from __future__ import annotations

from typing import Any

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from engine.corrections import adjustment_line
from engine.rulesets.saga import tables as t
from engine.rulesets.saga import view
from engine.rulesets.saga.terms import band, original, term
from tui.citations import cite_renderable, citer

FIELDS = (
    ("armour_melee", "Armour in melee"),
    ("armour_shooting", "Armour against shooting"),
    ("attack_dice", "Melee attack dice per model"),
    ("shooting_dice", "Shooting dice per model"),
)


def unit_card(state: Any, unit_id: str) -> Table:
    line = next(x for x in view.unit_lines(state) if x.id == unit_id)
    table = Table.grid(padding=(0, 2))
    table.add_column(style="bold", max_width=26)  # a long label (its original beside it) wraps
    table.add_column(min_width=24)  # the values stay readable at 60 columns
    table.add_row("Warband", state.side_name(line.side))
    table.add_row("Class", f"{term(t.CLASS_NAMES[line.cls])}: {term('Fatigue limit')} {line.limit} (§4.6)")
    table.add_row("Models", str(line.models) + ("  — destroyed" if not line.models else ""))
    fatigue = Text(f"{line.markers} {line.fatigue}/{line.limit}", style="bold red" if line.exhausted else "")
    if line.exhausted:
        fatigue.append(
            f"  EXHAUSTED ({original('Exhausted')}): only {term('Rest')}; loses half its attack dice when attacked (§4.6)"
        )
    table.add_row(term("Fatigue"), fatigue)
    for field, title in FIELDS:
        value = Text(str(getattr(line, field)))
        if field in line.house_defaults:
            value.append(f"  house default ({t.HOUSE_NOTE}; per-class setting, g)", style="yellow")
        else:
            value.append("  from the roster", style="dim")
        table.add_row(title, value)
    adjustments = state.unit(unit_id).adjustments
    if adjustments:  # already in the numbers above: say why
        table.add_row("GM corrections", "\n".join(adjustment_line(a, dict(FIELDS)[a[0]]) for a in adjustments))
    table.add_row("Movement", band(line.move))
    if line.building:
        b = state.building(line.building)
        table.add_row("In building", f"{b.name if b else line.building} (hard cover, §6)")
    table.add_row("This turn", ", ".join(line.activations) or "not activated yet")
    table.add_row("May now", ", ".join(line.can) or "nothing (not its side's turn, or a step is open)")
    return table


class UnitCardScreen(ModalScreen[None]):
    """Every number of one unit and where it comes from."""

    BINDINGS = [Binding("escape,q,enter", "close", "Close", id="skirmish.unit-card-close")]

    DEFAULT_CSS = """
    UnitCardScreen { align: center middle; background: $background 60%; }
    UnitCardScreen > VerticalScroll {
        width: 90; max-width: 100%; height: auto; max-height: 90%;
        border: thick $primary; border-title-style: bold; background: $surface; padding: 0 1;
    }
    """

    def __init__(self, state: Any, unit_id: str) -> None:
        super().__init__()
        self.state = state
        self.unit_id = unit_id

    def compose(self) -> ComposeResult:
        scroll = VerticalScroll()
        scroll.border_title = f"{self.state.unit(self.unit_id).name} — esc closes"
        with scroll:
            yield Static(cite_renderable(unit_card(self.state, self.unit_id), citer(self.app)))  # rules: the book's

    def action_close(self) -> None:
        self.dismiss(None)

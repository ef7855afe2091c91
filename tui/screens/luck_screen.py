"""Dice luck, in a modal: for each side, the successes the exact odds promised beside
those rolled, drawn as a picture (``tui.widgets.luck_picture``: bars, and the chance of
each count), and how the difference ran over the rounds (a bar per round)."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Sequence

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from tui.widgets.luck_picture import luck_picture

if TYPE_CHECKING:
    from engine.luck import SideLuck

Series = list[tuple[int, dict[str, Fraction]]]
"""Running luck per side at the end of each round (``engine.luck.luck_by_round``)."""

BAR = 12
"""Characters for the largest swing either way."""


def luck_text(names: tuple[str, ...], table: Sequence[SideLuck], series: Series) -> Table:
    grid = Table(expand=False, show_edge=False, pad_edge=False, box=None, padding=(0, 2))
    grid.add_column("side", style="bold")
    for label in ("rolls", "expected", "rolled", "luck"):
        grid.add_column(label, justify="right")
    for name, row in zip(names, table):
        luck = float(row.luck)
        grid.add_row(
            name,
            str(row.rolls),
            f"{float(row.expected):.2f}",
            str(row.successes),
            Text(f"{luck:+.2f}", style="green" if luck > 0 else "red" if luck < 0 else ""),
        )
    return grid


def chart(names: tuple[str, ...], keys: tuple[str, ...], series: Series) -> Text:
    out = Text()
    if not series:
        return Text("No rolls with odds yet.", style="dim")
    scale = max((abs(float(v)) for _, values in series for v in values.values()), default=1.0) or 1.0
    width = max(len(n) for n in names)
    for rnd, values in series:
        for i, (name, key) in enumerate(zip(names, keys)):
            value = float(values[key])
            cells = round(abs(value) / scale * BAR)
            bar = ("▇" * cells).rjust(BAR) + "│" if value < 0 else " " * BAR + "│" + "▇" * cells
            out.append(f"R{rnd:<3}" if i == 0 else "    ", style="dim")
            out.append(f"{name:<{width}} ")
            out.append(bar, style="red" if value < 0 else "green")
            out.append(f" {value:+.2f}\n")
    return out


class LuckScreen(ModalScreen[None]):
    """The luck table and the chart over the rounds."""

    BINDINGS = [Binding("escape,enter,q", "close", "Close", id="skirmish.luck-close")]

    DEFAULT_CSS = """
    LuckScreen { align: center middle; background: $background 60%; }
    LuckScreen > VerticalScroll {
        width: 90; max-width: 100%; height: auto; max-height: 100%;
        border: thick $primary; border-title-style: bold; background: $surface; padding: 0 1;
    }
    LuckScreen .hint { color: $text-muted; }
    """

    def __init__(
        self, names: tuple[str, ...], keys: tuple[str, ...], table: Sequence[SideLuck], series: Series
    ) -> None:
        super().__init__()
        self.names, self.keys, self.table, self.series = names, keys, table, series

    def compose(self) -> ComposeResult:
        scroll = VerticalScroll()
        scroll.border_title = "Dice luck — esc closes"
        with scroll:
            yield Static(
                "Successes rolled against the exact odds of every roll (expected = the sum of the "
                "chances before each roll).",
                classes="hint",
            )
            yield Static(luck_text(self.names, self.table, self.series))
            yield Static(Text("\nRolled against expected (the chance of each count below: ▲ rolled)", style="bold"))
            yield Static(luck_picture(self.names, self.table), id="luck-picture")
            yield Static(Text("\nLuck after each round (left: below the odds, right: above)", style="bold"))
            yield Static(chart(self.names, self.keys, self.series))

    def action_close(self) -> None:
        self.dismiss(None)

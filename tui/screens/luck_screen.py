"""Dice luck, in a modal: for each side, the successes the exact odds promised beside
those rolled, drawn as a picture (``tui.widgets.luck_picture``: bars, and the chance of
each count), and how the difference ran over the rounds (a bar per round). Each part is
drawn for the width it is given (``Fitted``): at 60 columns no number wraps."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Callable, Sequence

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text
from textual import events
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
"""Characters for the largest swing either way (fewer in a narrow screen, at least ``FEWEST``)."""
FEWEST = 3
COLUMNS = ("counted", "expected", "rolled", "luck")
WIDE = 86
"""The columns inside the dialog at its widest (90, less its border and padding)."""


class Fitted(Static):
    """A drawing made for the width it is given (``draw(width)``), drawn again when that
    changes, so that it fits the dialog at any terminal size rather than wrap its numbers."""

    def __init__(self, draw: Callable[[int], RenderableType], id: str | None = None) -> None:
        super().__init__(draw(WIDE), id=id)
        self.draw = draw
        self.drawn_for = WIDE

    def on_resize(self, event: events.Resize) -> None:
        width = self.size.width
        if width > 0 and width != self.drawn_for:
            self.drawn_for = width
            self.update(self.draw(width))


def luck_text(names: tuple[str, ...], table: Sequence[SideLuck], series: Series, width: int = 90) -> Table:
    """Each side's rolls and dice counted ("3 rolls", "8 dice": ``SideLuck.counted``), expected
    and rolled successes and luck: two cells between the
    columns where ``width`` has room, else one; a side's name too long even so wraps, its
    numbers never do."""
    rows = [
        (name, row.counted, f"{float(row.expected):.2f}", str(row.successes), float(row.luck))
        for name, row in zip(names, table)
    ]
    shown = [(*texts, f"{luck:+.2f}") for *texts, luck in rows]
    wide = sum(max(len(cell) for cell in column) for column in zip(("side", *COLUMNS), *shown)) + 4 * 4 <= width
    grid = Table(expand=False, show_edge=False, pad_edge=False, box=None, padding=(0, 2 if wide else 1))
    grid.add_column("side", style="bold", overflow="fold")
    for label in COLUMNS:
        grid.add_column(label, justify="right", no_wrap=True)
    for *texts, luck in rows:
        grid.add_row(*texts, Text(f"{luck:+.2f}", style="green" if luck > 0 else "red" if luck < 0 else ""))
    return grid


def chart(names: tuple[str, ...], keys: tuple[str, ...], series: Series, width: int = 90) -> Text:
    """A row per side and round: the luck so far as a bar left (below the odds) or right
    (above) of a line, then the number; the bars are shorter where ``width`` is narrow."""
    out = Text()
    if not series:
        return Text("No rolls with odds yet.", style="dim")
    scale = max((abs(float(v)) for _, values in series for v in values.values()), default=1.0) or 1.0
    name_cells = max(len(n) for n in names)
    number = max(len(f" {float(v):+.2f}") for _, values in series for v in values.values())
    half = max(FEWEST, min(BAR, (width - 4 - (name_cells + 1) - 1 - number) // 2))  # "R1  ", name, "│", number
    for rnd, values in series:
        for i, (name, key) in enumerate(zip(names, keys)):
            value = float(values[key])
            cells = round(abs(value) / scale * half)
            bar = ("▇" * cells).rjust(half) + "│" if value < 0 else " " * half + "│" + "▇" * cells
            out.append(f"R{rnd:<3}" if i == 0 else "    ", style="dim")
            out.append(f"{name:<{name_cells}} ")
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
                "Successes rolled against the exact odds of every roll, each die of a pool counted "
                "on its own (expected = the sum of the chances before each roll or die).",
                classes="hint",
            )
            yield Fitted(lambda width: luck_text(self.names, self.table, self.series, width))
            yield Static(Text("\nRolled against expected (the chance of each count below: ▲ rolled)", style="bold"))
            yield Fitted(lambda width: luck_picture(self.names, self.table, width), id="luck-picture")
            yield Static(Text("\nLuck after each round (left: below the odds, right: above)", style="bold"))
            yield Fitted(lambda width: chart(self.names, self.keys, self.series, width))

    def action_close(self) -> None:
        self.dismiss(None)

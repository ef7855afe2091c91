"""A SAGA unit pane: one row per unit of one warband.

The header row names the warband (▶ while it is that side's turn), so the pane needs
no border. Columns: unit, fatigue as markers with the limit (``●●○ 2/3``, EXHAUSTED in
red), models, Armour in melee / against shooting, class, this turn's activations, dice
per model (melee / shooting) and the Movement band. A value from the battle's per-class
house-default settings is marked ``*``. Columns that do not fit are dropped, least
needed first; the unit card (⏎) always has everything. Cells come from the engine's
``view.unit_lines``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

from rich.text import Text
from textual import events

from ..actions import bindings
from ..messages import UnitSelected
from .row_table import ColumnSpec, RowTable

HOUSE_MARK = "*"
"""After a value taken from the per-class house-default settings (not from the roster)."""
ACTIVATION_SHORT = {"move": "Mv", "charge": "Ch", "shoot": "Sh", "rest": "Rs"}
CLASS_SHORT = {"levy": "Levy", "warriors": "Warriors", "hearthguard": "Hearthg.", "warlord": "Warlord"}


def _pair(line: Any, a: str, b: str) -> Text:
    out = Text()
    for i, field in enumerate((a, b)):
        if i:
            out.append("/")
        out.append(str(getattr(line, field)))
        if field in line.house_defaults:
            out.append(HOUSE_MARK, style="yellow")
    return out


def fatigue_cell(line: Any) -> Text:
    """"●●○ 2/3", red when exhausted ("EXH")."""
    style = "bold red" if line.exhausted else ("yellow" if line.fatigue else "")
    out = Text(line.markers, style=style)
    out.append(f" {line.fatigue}/{line.limit}", style=style or "dim")
    if line.exhausted:
        out.append(" EXH", style="bold red")
    return out


def name_cell(line: Any, busy: bool) -> Text:
    out = Text(line.name, style="bold" if busy else "")
    if line.models == 0:
        out.stylize("strike dim")
    if line.building:
        out.append(" ⌂", style="cyan")
    return out


@dataclass(frozen=True)
class Column:
    """``priority``: lower is kept longer when space is short."""

    key: str
    label: str
    cell: Callable[[Any, bool], "Text | str"]
    priority: int


COLUMNS: tuple[Column, ...] = (
    Column("name", "", lambda ln, busy: name_cell(ln, busy), 0),
    Column("fatigue", "Fatigue", lambda ln, busy: fatigue_cell(ln), 0),
    Column("models", "Mdl", lambda ln, busy: Text(str(ln.models), style="dim" if not ln.models else ""), 1),
    Column("armour", "Arm m/s", lambda ln, busy: _pair(ln, "armour_melee", "armour_shooting"), 2),
    Column("cls", "Class", lambda ln, busy: CLASS_SHORT.get(ln.cls, ln.cls), 3),
    Column("acts", "This turn", lambda ln, busy: " ".join(ACTIVATION_SHORT.get(a, a) for a in ln.activations), 4),
    Column("dice", "Dice m/s", lambda ln, busy: _pair(ln, "attack_dice", "shooting_dice"), 5),
    Column("move", "Mv", lambda ln, busy: ln.move, 6),
)
PADDING = 2


class UnitPane(RowTable):
    """The units of one side. ``show(title, lines, ...)`` redraws; the screen calls it."""

    BINDINGS = bindings("units")

    DEFAULT_CSS = """
    UnitPane {
        height: auto;
        max-height: 100%;
        width: 1fr;
        padding: 0;
        scrollbar-size-vertical: 1;
        & > .row-table--header { color: $text-muted; background: $panel; }
        &:focus > .row-table--header { color: $text; background: $primary-darken-2; }
        &.-to-act > .row-table--header { color: $warning; }
    }
    """

    def __init__(self, side: str, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.side = side
        self._drawn: tuple[Any, ...] = ()
        self._last: tuple[str, Sequence[Any], str | None] = ("", (), None)
        self._width = 0

    def show(self, title: str, lines: Sequence[Any], to_act: bool, busy_unit: str | None = None) -> None:
        """Redraw from the engine's unit lines; ``busy_unit`` is the unit being resolved."""
        if self.has_class("-to-act") != to_act:
            self.set_class(to_act, "-to-act")
        self._last = (("▶ " if to_act else "  ") + title, tuple(lines), busy_unit)
        self._rebuild()

    def _rebuild(self) -> None:
        title, lines, busy = self._last
        width = self.size.width - 1
        drawn = (width, title, busy, *lines)
        if drawn == self._drawn:
            return
        self._drawn = drawn
        cells = {c.key: [c.cell(ln, ln.id == busy) for ln in lines] for c in COLUMNS}
        chosen = self._fit(width, title, cells)
        self.set_columns([ColumnSpec(c.key, title if c.key == "name" else c.label) for c in chosen])
        self.set_rows([(ln.id, {c.key: cells[c.key][i] for c in chosen}) for i, ln in enumerate(lines)])

    def _fit(self, width: int, title: str, cells: dict[str, list[Any]]) -> list[Column]:
        if width <= 0:
            return list(COLUMNS)
        label = {c.key: (title if c.key == "name" else c.label) for c in COLUMNS}
        widths = {c.key: max([Text(label[c.key]).cell_len, *(Text(x).cell_len if isinstance(x, str) else x.cell_len
                                                               for x in cells[c.key])]) + PADDING for c in COLUMNS}
        used, chosen = 0, set()
        for col in sorted(COLUMNS, key=lambda c: c.priority):
            if used + widths[col.key] <= width or col.priority == 0:
                chosen.add(col.key)
                used += widths[col.key]
        return [c for c in COLUMNS if c.key in chosen]

    def on_resize(self, event: events.Resize) -> None:
        if event.size.width != self._width:
            self._width = event.size.width
            self._rebuild()

    # ------------------------------------------------------------------ selection
    @property
    def selected_unit(self) -> str | None:
        if not self.row_count:
            return None
        return self.row_keys[min(self.cursor_row, self.row_count - 1)]

    def select(self, unit_id: str) -> bool:
        if unit_id not in self.row_keys:
            return False
        self.move_cursor(self.get_row_index(unit_id))
        return True

    def on_row_table_row_highlighted(self, event: RowTable.RowHighlighted) -> None:
        event.stop()
        if self.has_focus and event.row_key:
            self.post_message(UnitSelected(event.row_key))

    def on_focus(self) -> None:
        unit = self.selected_unit
        if unit:
            self.post_message(UnitSelected(unit))

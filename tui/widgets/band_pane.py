"""A band pane: one row per model of one side.

Columns: turn glyph, name, archetype, effective profile, weapons, status, markers,
actions left, XP gained. Columns that do not fit the pane's width are dropped in
priority order (the model card, one key away, always has everything). The cursor
row is the selected model: moving it posts ``ModelSelected``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from rich.text import Text
from textual import events
from textual.widgets import DataTable

from .. import display as d
from ..actions import bindings
from ..messages import ModelSelected

Cell = Callable[[Any, Any, bool], "Text | str"]


@dataclass(frozen=True)
class Column:
    """``priority``: lower is kept longer when space is short."""

    key: str
    label: str
    cell: Cell
    priority: int


COLUMNS: tuple[Column, ...] = (
    Column("turn", "", lambda s, m, short: d.turn_glyph(s, m), 0),
    Column("name", "Model", lambda s, m, short: d.name_cell(m), 0),
    Column("arch", "Archetype", lambda s, m, short: d.archetype_short(m.spec), 6),
    Column("profile", "S W C O", lambda s, m, short: d.profile_text(m.spec, m.infected, compact=True), 4),
    Column("weapons", "Weapons", lambda s, m, short: d.weapons(m.spec), 7),
    Column("status", "Status", lambda s, m, short: d.status(s, m, short), 1),
    Column("markers", "Mk", lambda s, m, short: d.markers(m), 2),
    Column("act", "Act", lambda s, m, short: d.actions_left(s, m), 3),
    Column("xp", "XP", lambda s, m, short: d.xp(m), 5),
)
PADDING = 2  # DataTable's cell padding, both sides


def _width(cell: Text | str) -> int:
    return Text(cell).cell_len if isinstance(cell, str) else cell.cell_len


def _same(a: Text | str | None, b: Text | str) -> bool:
    if isinstance(a, Text) and isinstance(b, Text):
        return a.plain == b.plain and a.spans == b.spans and a.style == b.style
    return a == b


class BandPane(DataTable):
    """The models of one side. ``show(state)`` redraws; the screen calls it."""

    BINDINGS = bindings("band")

    DEFAULT_CSS = """
    BandPane {
        height: auto;
        max-height: 100%;
        width: 1fr;
        border: round $panel-lighten-2;
        border-title-color: $text;
        border-title-style: bold;
        border-subtitle-color: $text-muted;
        padding: 0;
        scrollbar-size-vertical: 1;
        &:focus { border: round $primary; }
        &.-to-act { border-title-color: $warning; }
        &.-to-act:focus { border: round $warning; }
    }
    """

    def __init__(self, side: str, *, id: str | None = None) -> None:
        super().__init__(id=id, cursor_type="row", zebra_stripes=False, show_cursor=True)
        self.side = side
        self._state: Any = None
        self._shown: tuple[str, ...] = ()
        self._rows: tuple[str, ...] = ()
        self._cells: dict[tuple[str, str], Text | str] = {}
        self._width = 0

    # ------------------------------------------------------------------ drawing
    def show(self, state: Any, to_act: bool = False) -> None:
        """Redraw from ``state`` keeping the selected model."""
        self._state = state
        self.set_class(to_act, "-to-act")
        side = state.side(self.side)
        models = state.models_of(self.side)
        acted = sum(1 for m in models if m.activated or not m.on_table)
        arrow = "▶ " if to_act else ""
        self.border_title = f"{arrow}{side.name}" + (f" ({side.band.player})" if side.band.player else "")
        self.border_subtitle = f"VP {side.vp} · {acted}/{len(models)} acted"
        self._rebuild()

    def _columns_for(self, width: int, cells: dict[str, list[Text | str]]) -> list[Column]:
        """The columns that fit ``width`` (all of them when the width is not known yet)."""
        if width <= 0:
            return list(COLUMNS)
        widths = {col.key: max([len(col.label), *(_width(c) for c in cells[col.key])]) + PADDING
                  for col in COLUMNS}
        chosen: set[str] = set()
        used = 0
        for col in sorted(COLUMNS, key=lambda c: c.priority):
            if used + widths[col.key] <= width or col.priority == 0:
                chosen.add(col.key)
                used += widths[col.key]
        return [c for c in COLUMNS if c.key in chosen]

    def _rebuild(self) -> None:
        """Redraw: changed cells only, unless the columns or the models changed."""
        state = self._state
        if state is None:
            return
        width = self.size.width - 1
        short = 0 < width < 60
        models = state.models_of(self.side)
        cells = {col.key: [col.cell(state, m, short) for m in models] for col in COLUMNS}
        columns = self._columns_for(width, cells)
        keys = tuple(c.key for c in columns)
        rows = tuple(m.id for m in models)
        old = self._cells
        self._cells = {(m.id, c.key): cells[c.key][i] for i, m in enumerate(models) for c in columns}
        if keys == self._shown and rows == self._rows:
            for cell_key, value in self._cells.items():
                if not _same(old.get(cell_key), value):
                    self.update_cell(cell_key[0], cell_key[1], value, update_width=True)
            return
        selected = self.selected_model
        self.clear(columns=True)
        for col in columns:
            self.add_column(col.label, key=col.key)
        for i, m in enumerate(models):
            self.add_row(*(cells[c.key][i] for c in columns), key=m.id)
        self._shown, self._rows = keys, rows
        if selected is not None:
            self.select(selected)

    def on_resize(self, event: events.Resize) -> None:
        if event.size.width != self._width:
            self._width = event.size.width
            self._rebuild()

    # ------------------------------------------------------------------ selection
    @property
    def selected_model(self) -> str | None:
        if self.row_count == 0:
            return None
        try:
            key = self.coordinate_to_cell_key(self.cursor_coordinate).row_key
        except Exception:  # noqa: BLE001 - no rows yet
            return None
        return key.value

    def select(self, model_id: str) -> bool:
        """Put the cursor on ``model_id`` if it is in this band."""
        try:
            row = self.get_row_index(model_id)
        except Exception:  # noqa: BLE001 - not in this band
            return False
        self.move_cursor(row=row, animate=False)
        return True

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        event.stop()
        if self.has_focus and event.row_key.value:
            self.post_message(ModelSelected(event.row_key.value))

    def on_focus(self) -> None:
        model = self.selected_model
        if model:
            self.post_message(ModelSelected(model))

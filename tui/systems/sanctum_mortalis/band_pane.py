"""A band pane: one row per model of one side.

Columns: turn glyph, name, archetype, effective profile, weapons, status, markers,
actions left, XP gained. Columns that do not fit the pane's width are dropped in
priority order, the same in both band panes (the model card, one key away, always has everything);
a column with a narrow form (the status: "smoke" for "ready, in smoke") is narrowed
before it is dropped. The cursor row is the selected model: moving it posts
``ModelSelected``. A redraw with the same models and turn order does nothing; otherwise
only changed rows are drawn again (``RowTable``).
"""

from __future__ import annotations

from typing import Any, Callable

from rich.text import Text
from textual import events

from engine.records import Record
from engine.rulesets.sanctum_mortalis.queries import activation_counts
from tui.actions import bindings
from tui.counts import acted_text
from tui.messages import ModelSelected
from tui.systems.sanctum_mortalis import display as d
from tui.systems.sanctum_mortalis.keys import BAND_KEYS
from tui.widgets.border_text import retitle
from tui.widgets.row_table import ColumnSpec, RowTable, cell_width
from tui.widgets.shared_columns import SharedColumns

Cell = Callable[[Any, Any, bool], "Text | str"]


class Column(Record):
    """``priority``: lower is kept longer when space is short. ``own``: the cell reads
    the model alone (not the turn order or other models), so it is kept while the
    model is the same object (the engine copies a model only when it changes).
    ``narrow``: a narrower cell, shown where the column does not fit with ``cell``."""

    key: str
    label: str
    cell: Cell
    priority: int
    own: bool = False
    narrow: Callable[[Any, Any], "Text | str"] | None = None


COLUMNS: tuple[Column, ...] = (
    Column("turn", "", lambda s, m, short: d.turn_glyph(s, m), 0),
    Column("name", "Model", lambda s, m, short: d.name_cell(m), 0, own=True),
    Column("arch", "Archetype", lambda s, m, short: d.archetype_short(m.spec), 6, own=True),
    Column("profile", "S W C O", lambda s, m, short: d.profile_text(m.spec, m.infected, compact=True), 1, own=True),
    Column("weapons", "Weapons", lambda s, m, short: d.weapons(m.spec), 7, own=True),
    Column("status", "Status", lambda s, m, short: d.status(s, m, short), 3, narrow=d.status_narrow),
    Column("markers", "Mk", lambda s, m, short: d.markers(m), 2, own=True),
    Column("act", "Act", lambda s, m, short: d.actions_left(s, m), 4),
    Column("xp", "XP", lambda s, m, short: d.xp(m), 5, own=True),
)
NARROWED = tuple(sorted((c for c in COLUMNS if c.narrow is not None), key=lambda c: c.priority))
"""The columns with a narrow form, the most needed first."""
PADDING = 2  # a blank cell either side of each column


class BandPane(SharedColumns, RowTable):
    """The models of one side. ``show(state)`` redraws; the screen calls it."""

    BINDINGS = bindings(BAND_KEYS)

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
        super().__init__(id=id)
        self.side = side
        self._state: Any = None
        self._drawn: tuple[Any, ...] = ()  # what the rows were drawn from
        self._own: dict[tuple[str, str], tuple[Any, Text | str]] = {}  # cells of ``own`` columns

    # ------------------------------------------------------------------ drawing
    def show(self, state: Any, to_act: bool = False) -> None:
        """Redraw from ``state`` keeping the selected model."""
        self._state = state
        if self.has_class("-to-act") != to_act:  # restyling costs even when nothing changes
            self.set_class(to_act, "-to-act")
        side = state.side(self.side)
        arrow = "▶ " if to_act else ""
        retitle(
            self,
            f"{arrow}{side.name}" + (f" ({side.band.player})" if side.band.player else ""),
            f"VP {side.vp} · {acted_text(activation_counts(state, self.side))}",
        )
        self._rebuild()

    def _columns_for(
        self,
        width: int,
        cells: dict[str, list[Text | str]],
        kept: dict[str, int],
        narrow: dict[str, list[Text | str]],
    ) -> list[Column]:
        """The columns that fit ``width`` (all of them when the width is not known yet),
        the same in both band panes (``SharedColumns``); ``narrowed`` says which show
        their ``narrow`` cells. ``kept``: the widths the table keeps for the columns
        shown (a column does not shrink back while the same columns are shown, in the
        same form), so the same choice still fits."""

        def need(col: Column, shown: list[Text | str], keep: int) -> int:
            return max([len(col.label), keep, *(cell_width(c) for c in shown)]) + PADDING

        widths = {
            col.key: need(col, cells[col.key], kept.get(col.key, 0) if col.key not in self.narrowed else 0)
            for col in COLUMNS
        }
        narrow_widths = {
            col.key: need(col, narrow[col.key], kept.get(col.key, 0) if col.key in self.narrowed else 0)
            for col in NARROWED
        }
        return self.shared_choice(COLUMNS, width, widths, narrow_widths)

    def _rebuild(self) -> None:
        """Lay out the rows again, unless the models, which of them is active, the phase
        and the width are the very same as last time (the cells depend on no more: ``display``'s
        turn glyph, status and actions read nothing else of the turn order)."""
        state = self._state
        if state is None:
            return
        models = state.models_of(self.side)
        width = self.room(len(models))
        order = state.order  # the cells read the turn order only for who is active and the phase
        active = order.active_model if any(m.id == order.active_model for m in models) else None
        drawn = (width, active, order.phase, *models)
        if len(drawn) == len(self._drawn) and all(a is b or a == b for a, b in zip(drawn, self._drawn)):
            return
        refit = not self._drawn or width != self._drawn[0]  # a new width: columns fitted afresh
        self._drawn = drawn
        short = 0 < width < 60
        cells = {col.key: [self._cell(col, state, m, short) for m in models] for col in COLUMNS}
        narrow = {col.key: [col.narrow(state, m) for m in models] for col in NARROWED if col.narrow is not None}
        was_narrowed = self.narrowed
        columns = self._columns_for(width, cells, {} if refit else self._widths, narrow)
        cells.update({key: narrow[key] for key in self.narrowed})
        refit = refit or self.narrowed != was_narrowed  # a column narrowed or widened again: sized afresh
        self.set_rows(
            [(m.id, {c.key: cells[c.key][i] for c in columns}) for i, m in enumerate(models)],
            [ColumnSpec(c.key, c.label) for c in columns],
            refit=refit,
        )
        self.refit_peers([c.key for c in columns])

    def refit(self) -> None:
        self._drawn = ()
        self._rebuild()

    def _cell(self, col: Column, state: Any, model: Any, short: bool) -> "Text | str":
        if not col.own:
            return col.cell(state, model, short)
        kept = self._own.get((col.key, model.id))
        if kept is not None and kept[0] is model:
            return kept[1]
        value = col.cell(state, model, short)
        self._own[(col.key, model.id)] = (model, value)
        return value

    def on_resize(self, event: events.Resize) -> None:
        self._rebuild()  # nothing to do unless the room for the columns changed

    # ------------------------------------------------------------------ selection
    @property
    def selected_model(self) -> str | None:
        return self.selected_key

    def on_row_table_row_highlighted(self, event: RowTable.RowHighlighted) -> None:
        event.stop()
        if self.has_focus and event.row_key:
            self.post_message(ModelSelected(event.row_key))

    def on_focus(self, event: events.Focus) -> None:
        model = self.selected_model
        if model:
            self.post_message(ModelSelected(model))

"""A pane of one side's units or models, one row each, drawn from the engine's view
lines (SAGA units, xK6 models): the base of ``UnitPane`` and ``XK6ModelPane``.

The header row names the side (▶ while it is that side's turn), so the pane needs no
border. Each subclass gives its ``COLUMNS`` (cells from a view line and whether it is
the highlighted one), its key bindings and the message that reports the selection.
Columns that do not fit are dropped, least needed first, the same ones in both sides'
panes (``SharedColumns``). A redraw with the same lines
does nothing; otherwise ``RowTable`` draws only the rows that changed.
"""

from __future__ import annotations

from typing import Any, Callable, ClassVar, Protocol, Sequence

from rich.text import Text
from textual import events
from textual.message import Message

from engine.records import Record
from tui.widgets.row_table import ColumnSpec, RowTable, cell_width
from tui.widgets.shared_columns import SharedColumns, choose

PADDING = 2


class Column(Record):
    """``priority``: lower is kept longer when space is short; ``cell(line, highlighted)``."""

    key: str
    label: str
    cell: Callable[[Any, bool], "Text | str"]
    priority: int


def fit(
    columns: Sequence[Column],
    width: int,
    labels: dict[str, str],
    cells: dict[str, list[Any]],
    kept: dict[str, int] | None = None,
) -> list[Column]:
    """The columns that fit ``width`` (all of them when the width is not known yet).
    ``kept``: the widths the table keeps for the columns shown (a column does not shrink
    back while the same columns are shown), so the same choice still fits."""
    return choose(columns, width, needs(columns, labels, cells, kept))


def needs(
    columns: Sequence[Column], labels: dict[str, str], cells: dict[str, list[Any]], kept: dict[str, int] | None = None
) -> dict[str, int]:
    """The width each column needs (its label, its widest cell, the width it keeps)."""
    kept = kept or {}
    return {
        c.key: max([cell_width(labels[c.key]), kept.get(c.key, 0), *(cell_width(x) for x in cells[c.key])]) + PADDING
        for c in columns
    }


class RowMessage(Protocol):
    """A message class made from a row's id (``ModelSelected``, ``UnitSelected``)."""

    def __call__(self, row_id: str, /) -> Message: ...


class LinePane(SharedColumns, RowTable):
    """One side's lines. ``show(title, lines, to_act, highlighted)`` redraws."""

    COLUMNS: ClassVar[tuple[Column, ...]] = ()
    SELECTED: ClassVar[RowMessage]
    """The message posted when the GM moves to a row (the row's id)."""

    DEFAULT_CSS = """
    LinePane {
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

    def show_lines(self, title: str, lines: Sequence[Any], to_act: bool, highlighted: str | None = None) -> None:
        """Redraw from the engine's lines; ``highlighted``: the one being resolved."""
        if self.has_class("-to-act") != to_act:
            self.set_class(to_act, "-to-act")
        self._last = (("▶ " if to_act else "  ") + title, tuple(lines), highlighted)
        self._rebuild()

    def _rebuild(self) -> None:
        title, lines, highlighted = self._last
        width = self.room(len(lines))
        drawn = (width, title, highlighted, *lines)
        if drawn == self._drawn:
            return
        refit = not self._drawn or width != self._drawn[0]  # a new width: columns fitted afresh
        self._drawn = drawn
        columns = self.COLUMNS
        cells = {c.key: [c.cell(ln, ln.id == highlighted) for ln in lines] for c in columns}
        labels = {c.key: (title if c.key == "name" else c.label) for c in columns}
        chosen = self.shared_choice(columns, width, needs(columns, labels, cells, {} if refit else self._widths))
        # rows and columns in one layout: a column kept wide from the last rows must not
        # widen the table past the pane for a moment (a horizontal scrollbar row)
        self.set_rows(
            [(ln.id, {c.key: cells[c.key][i] for c in chosen}) for i, ln in enumerate(lines)],
            [ColumnSpec(c.key, labels[c.key]) for c in chosen],
            refit=refit,
        )
        self.refit_peers([c.key for c in chosen])

    def refit(self) -> None:
        self._drawn = ()
        self._rebuild()

    def on_resize(self, event: events.Resize) -> None:
        self._rebuild()  # nothing to do unless the room for the columns changed

    # ------------------------------------------------------------------ selection
    def on_row_table_row_highlighted(self, event: RowTable.RowHighlighted) -> None:
        event.stop()
        if self.has_focus and event.row_key:
            self.post_message(type(self).SELECTED(event.row_key))

    def on_focus(self, event: events.Focus) -> None:
        key = self.selected_key
        if key:
            self.post_message(type(self).SELECTED(key))

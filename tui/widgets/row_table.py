"""A light table of keyed rows with a sticky header and a row cursor.

The band panes (one row per model) redraw often and change one or two cells at a
time. Textual's ``DataTable`` re-renders every visible cell on any change; this
table keeps a rendered line per row and re-renders only the rows whose cells
changed, so a redraw costs what changed, not the whole pane.

Cells are Rich ``Text`` (or ``str``); columns are sized to their widest cell. The
owner decides which columns to show (``set_columns``, or with the rows in
``set_rows``) and fits them to the width: the table scrolls up and down, never
sideways (a line wider than the table is cut). Moving the cursor posts
``RowTable.RowHighlighted``.
"""

from __future__ import annotations

from typing import Mapping, Sequence

from rich.cells import cell_len
from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.cache import LRUCache
from textual.geometry import Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from engine.records import Record
from tui.widgets.kept_lines import KeptLines, blank

PAD = 1
"""Blank cells either side of each column."""
STRIPS_KEPT = 1024
"""Drawn lines kept (as Textual's ``Log`` keeps 1,024): every row in each of its looks."""
HEADER = "\0header"
"""The header's key in the drawn-line cache (no row key starts with a NUL)."""


def line_strip(console: Console, line: Text, width: int, style: Style, cursor: bool = False) -> Strip:
    """One line of text drawn ``width`` cells wide in the widget's ``style``: under the
    text's own styles, or (a cursor line) over them, so the cursor's colours win."""
    segments = line.render(console, end="")
    segments = Segment.apply_style(segments, None if cursor else style, style if cursor else None)
    return Strip(list(segments)).extend_cell_length(width, style).crop(0, width)


def cell_width(value: Text | str) -> int:
    """Cells a table cell takes (without making a ``Text`` of a plain string)."""
    return cell_len(value.plain if isinstance(value, Text) else value)


def as_text(value: Text | str) -> Text:
    return value if isinstance(value, Text) else Text(value)


def same_cell(a: Text | str | None, b: Text | str | None) -> bool:
    if isinstance(a, Text) and isinstance(b, Text):
        return a.plain == b.plain and a.spans == b.spans and a.style == b.style
    return a == b


class ColumnSpec(Record):
    key: str
    label: str


class RowTable(KeptLines, ScrollView, can_focus=True):
    """Rows of cells under a header; ``cursor_row`` is the highlighted row."""

    COMPONENT_CLASSES = {"row-table--header", "row-table--cursor", "row-table--cursor-blurred"}

    DEFAULT_CSS = """
    RowTable {
        height: auto;
        max-height: 100%;
        overflow-x: hidden;
        & > .row-table--header { text-style: bold; color: $text-accent; background: $panel; }
        & > .row-table--cursor { background: $block-cursor-background; color: $block-cursor-foreground;
                                 text-style: $block-cursor-text-style; }
        & > .row-table--cursor-blurred { background: $block-cursor-blurred-background;
                                         color: $block-cursor-blurred-foreground;
                                         text-style: $block-cursor-blurred-text-style; }
    }
    """

    class RowHighlighted(Message):
        """The cursor moved to the row ``row_key``."""

        def __init__(self, table: "RowTable", row_key: str) -> None:
            super().__init__()
            self.table = table
            self.row_key = row_key

        @property
        def control(self) -> "RowTable":
            return self.table

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._columns: tuple[ColumnSpec, ...] = ()
        self._keys: list[str] = []
        self._cells: dict[str, dict[str, Text | str]] = {}
        self._widths: dict[str, int] = {}
        self._lines: dict[str, Text] = {}  # each row as one line of text (columns laid out)
        self._strips: LRUCache[tuple[str, str, int], Strip] = LRUCache(STRIPS_KEPT)  # (row, look, width) -> line
        self.cursor_row = 0

    # ------------------------------------------------------------------ content
    @property
    def row_count(self) -> int:
        return len(self._keys)

    @property
    def row_keys(self) -> tuple[str, ...]:
        return tuple(self._keys)

    @property
    def column_keys(self) -> tuple[str, ...]:
        return tuple(c.key for c in self._columns)

    def get_cell(self, row_key: str, column_key: str) -> Text | str:
        return self._cells[row_key][column_key]

    def get_row_index(self, row_key: str) -> int:
        return self._keys.index(row_key)

    def room(self, rows: int) -> int:
        """The cells the columns may fill: the table's width, less the vertical
        scrollbar's when the header and ``rows`` are taller than the table (0: not laid
        out yet). An owner fitting columns asks this before ``set_rows``."""
        width, height = self.size
        if width <= 0:
            return 0
        scrolls = rows + 1 > height
        return width - (self.styles.scrollbar_size_vertical if scrolls else 0)

    def set_columns(self, columns: Sequence[ColumnSpec]) -> None:
        """Show these columns (the rows are laid out again)."""
        columns = tuple(columns)
        if columns != self._columns:
            self._columns = columns
            self._widths = {}
            self._relayout(set(self._keys))

    def set_rows(
        self,
        rows: Sequence[tuple[str, dict[str, Text | str]]],
        columns: Sequence[ColumnSpec] | None = None,
        *,
        refit: bool = False,
    ) -> None:
        """The table's rows, in order, and (if given) the columns to show, laid out once.
        Only rows whose cells changed are drawn again, unless the columns changed or
        ``refit`` asks to size the columns to these rows afresh (they otherwise never
        shrink back: an owner fitting columns to a new width asks for it)."""
        keys = [key for key, _ in rows]
        if columns is not None and tuple(columns) != self._columns:
            self._columns = tuple(columns)
            refit = True
        if refit:  # sized from these cells alone, not from the ones they replace
            self._widths = {}
            changed = set(keys)
        else:
            changed = {
                key
                for key, cells in rows
                if key not in self._cells
                or self._cells[key].keys() != cells.keys()
                or not all(same_cell(self._cells[key][c], v) for c, v in cells.items())
            }
        order_changed = keys != self._keys
        self._keys = keys
        self._cells = {key: dict(cells) for key, cells in rows}
        if changed or order_changed:
            self._relayout(changed)
        if self.cursor_row >= len(keys):
            self.move_cursor(max(0, len(keys) - 1))

    def _relayout(self, changed: set[str]) -> None:
        # a column grows to its widest cell and does not shrink back (until the columns
        # change): "ready" turning into "activated" and back redraws one row, not all
        widths = {
            c.key: max(
                [
                    cell_len(c.label),
                    self._widths.get(c.key, 0),
                    *(cell_width(self._cells[k].get(c.key, "")) for k in self._keys),
                ]
            )
            for c in self._columns
        }
        everything = widths != self._widths
        if everything:  # every row moves: lay them all out
            self._widths = widths
            changed = set(self._keys)
            self._strips.clear()
        for key in changed:
            self._lines[key] = self._layout({c.key: self._cells[key].get(c.key, "") for c in self._columns})
        if changed and self._strips:
            for gone in [k for k in self._strips.keys() if k[0] in changed]:
                self._strips.discard(gone)
        for key in [k for k in self._lines if k not in self._cells]:
            del self._lines[key]
        total = sum(self._widths.values()) + 2 * PAD * len(self._columns)
        size = Size(total, len(self._keys) + 1)
        if size != self.virtual_size:
            self.virtual_size = size
            self.refresh(layout=True)
        if everything:
            self.refresh()
        else:  # only the changed rows' lines are painted again
            for key in changed:
                self.refresh_line(self._keys.index(key) + 1)

    def _layout(self, cells: Mapping[str, Text | str]) -> Text:
        line = Text(no_wrap=True, overflow="crop", end="")
        for column in self._columns:
            cell = as_text(cells.get(column.key, "")).copy()
            cell.truncate(self._widths[column.key], overflow="ellipsis", pad=True)
            line.append(" " * PAD)
            line.append_text(cell)
            line.append(" " * PAD)
        return line

    # ------------------------------------------------------------------ drawing
    _pass_width: int | None = None

    def begin_lines(self) -> None:
        self._pass_width = self.scrollable_content_region.width

    def end_lines(self) -> None:
        self._pass_width = None

    def render_line(self, y: int) -> Strip:
        width = self._pass_width
        if width is None:  # asked outside a pass over the lines
            width = self.scrollable_content_region.width
        if y == 0:
            strip = self._strips.get((HEADER, "header", width))
            if strip is None:
                header = {c.key: c.label for c in self._columns}
                style = self.line_style + self.get_component_rich_style("row-table--header")
                strip = self._strips[(HEADER, "header", width)] = self._strip(self._layout(header), width, style)
            return strip
        index = y - 1 + self.scroll_offset.y
        if not 0 <= index < len(self._keys):
            return blank(width, self.line_style)
        key = self._keys[index]
        look = "plain"
        if index == self.cursor_row:
            look = "cursor" if self.has_focus else "blurred"
        cache_key = (key, look, width)
        strip = self._strips.get(cache_key)
        if strip is None:
            base = style = self.line_style
            if look == "cursor":
                style = base + self.get_component_rich_style("row-table--cursor")
            elif look == "blurred":
                style = base + self.get_component_rich_style("row-table--cursor-blurred")
            strip = self._strip(self._lines[key], width, style, cursor=look != "plain")
            self._strips[cache_key] = strip
        return strip

    def _strip(self, line: Text, width: int, style: Style, cursor: bool = False) -> Strip:
        return line_strip(self.app.console, line, width, style, cursor)

    def notify_style_update(self) -> None:
        self._strips.clear()
        super().notify_style_update()

    # ------------------------------------------------------------------ cursor
    @property
    def selected_key(self) -> str | None:
        """The key of the row under the cursor (None when there are no rows)."""
        if not self._keys:
            return None
        return self._keys[min(self.cursor_row, len(self._keys) - 1)]

    def select(self, key: str) -> bool:
        """Put the cursor on row ``key`` if the table has it."""
        if key not in self._cells:
            return False
        self.move_cursor(self._keys.index(key))
        return True

    def move_cursor(self, row: int) -> None:
        if not self._keys:
            self.cursor_row = 0
            return
        row = max(0, min(row, len(self._keys) - 1))
        moved = row != self.cursor_row
        self.refresh_line(self.cursor_row + 1)
        self.cursor_row = row
        visible = max(1, self.scrollable_content_region.height - 1)
        top = int(self.scroll_offset.y)
        if row < top:
            self.scroll_to(y=row, animate=False)
        elif row >= top + visible:
            self.scroll_to(y=row - visible + 1, animate=False)
        self.refresh_line(row + 1)
        if moved:
            self.post_message(self.RowHighlighted(self, self._keys[row]))

    def action_cursor_down(self) -> None:
        self.move_cursor(self.cursor_row + 1)

    def action_cursor_up(self) -> None:
        self.move_cursor(self.cursor_row - 1)

    def action_first(self) -> None:
        self.move_cursor(0)

    def action_last(self) -> None:
        self.move_cursor(len(self._keys) - 1)

    def on_click(self, event: events.Click) -> None:
        if event.y >= 1:
            self.move_cursor(event.y - 1 + int(self.scroll_offset.y))

    def on_focus(self, event: events.Focus) -> None:
        self.refresh_line(self.cursor_row + 1)

    def on_blur(self, event: events.Blur) -> None:
        self.refresh_line(self.cursor_row + 1)

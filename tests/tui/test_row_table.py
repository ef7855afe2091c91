"""The light table under the band panes: rows by key, a cursor, only changed rows redrawn."""

from __future__ import annotations

from rich.text import Text
from textual.app import App, ComposeResult

from tui.widgets.row_table import ColumnSpec, RowTable

from .pilot_waits import settle


class TableApp(App[None]):
    def __init__(self) -> None:
        super().__init__()
        self.highlighted: list[str] = []

    def compose(self) -> ComposeResult:
        yield RowTable(id="t")

    def on_row_table_row_highlighted(self, event: RowTable.RowHighlighted) -> None:
        self.highlighted.append(event.row_key)


ROWS = [
    ("a", {"name": "Alpha", "status": "ready"}),
    ("b", {"name": "Bravo", "status": "ready"}),
    ("c", {"name": "Charlie", "status": Text("out", style="red")}),
]


def screen_lines(app: App) -> list[str]:
    return [app.query_one(RowTable).render_line(y).text.rstrip() for y in range(4)]


async def test_rows_cells_and_header_are_drawn_in_column_order():
    app = TableApp()
    async with app.run_test(size=(40, 10)) as pilot:
        table = app.query_one(RowTable)
        table.set_columns([ColumnSpec("name", "Model"), ColumnSpec("status", "Status")])
        table.set_rows(ROWS)
        await settle(pilot)
        lines = screen_lines(app)
        assert lines[0].split() == ["Model", "Status"]
        assert lines[1].split() == ["Alpha", "ready"] and lines[3].split() == ["Charlie", "out"]
        assert table.row_count == 3 and table.get_cell("c", "status").plain == "out"


async def test_a_changed_cell_lays_out_only_its_row_and_columns_do_not_shrink_back():
    app = TableApp()
    async with app.run_test(size=(40, 10)) as pilot:
        table = app.query_one(RowTable)
        table.set_columns([ColumnSpec("name", "Model"), ColumnSpec("status", "Status")])
        table.set_rows(ROWS)
        await settle(pilot)
        before = dict(table._lines)
        rows = [ROWS[0], ("b", {"name": "Bravo", "status": "activated"}), ROWS[2]]
        table.set_rows(rows)  # the status column grows: every row is laid out again
        assert all(table._lines[k] is not before[k] for k in "abc")
        widened = dict(table._lines)
        table.set_rows(ROWS)  # back to "ready": the column keeps its width, one row changes
        assert table._lines["a"] is widened["a"] and table._lines["c"] is widened["c"]
        assert table._lines["b"] is not widened["b"]
        assert table._widths["status"] == len("activated")


async def test_the_cursor_moves_with_keys_and_reports_the_row():
    app = TableApp()
    async with app.run_test(size=(40, 10)) as pilot:
        table = app.query_one(RowTable)
        table.set_columns([ColumnSpec("name", "Model")])
        table.set_rows(ROWS)
        table.focus()
        await settle(pilot)
        table.action_cursor_down()
        table.action_cursor_down()
        table.action_cursor_down()  # stays on the last row
        await settle(pilot)
        assert table.cursor_row == 2 and app.highlighted == ["b", "c"]
        table.set_rows(ROWS[:1])  # rows removed under the cursor: it follows
        await settle(pilot)
        assert table.cursor_row == 0


async def test_rows_set_with_new_columns_size_them_to_the_new_cells_not_the_old_ones():
    app = TableApp()
    async with app.run_test(size=(40, 10)) as pilot:
        table = app.query_one(RowTable)
        wide = [("a", {"name": "Alpha", "status": "activating"})]
        table.set_rows(wide, [ColumnSpec("name", "Model"), ColumnSpec("status", "Status")])
        narrow = [("a", {"name": "Alpha", "status": "ready", "xp": "+1"})]
        table.set_rows(narrow, [ColumnSpec("name", "Model"), ColumnSpec("status", "Status"), ColumnSpec("xp", "XP")])
        await settle(pilot)
        assert table._widths == {"name": len("Model"), "status": len("Status"), "xp": len("XP")}
        table.set_rows([("a", {"name": "Alpha", "status": "activating", "xp": "+1"})])
        table.set_rows(narrow, refit=True)  # the same columns, sized afresh (a new width)
        assert table._widths["status"] == len("Status")
        assert not table.show_horizontal_scrollbar

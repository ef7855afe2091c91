"""Widgets that keep their drawn lines (``KeptLines``: the log, the tables, the bars)
draw exactly what they draw from scratch for the same content, after the content
moves, the cursor moves, focus changes and the pane is resized; and they use only
Textual's public API (no finished-line cache of their own)."""

from __future__ import annotations

from rich.text import Text
from textual.app import App, ComposeResult
from textual.geometry import Region
from textual.widget import Widget

from tui.widgets.log_pane import LogPane
from tui.widgets.row_table import ColumnSpec, RowTable
from tui.widgets.steady_bar import SteadyBar, line_of

from .pilot_waits import settle
from .test_log_pane import entries


class Panes(App[None]):
    CSS = "RowTable { height: 6; border: round $primary; } SteadyBar { padding: 0 1; background: $boost; }"

    def compose(self) -> ComposeResult:
        yield SteadyBar("Round 1 · activations\n▶ Saints to activate", id="bar")
        yield RowTable(id="table")
        yield LogPane(id="log")


def textual_lines(widget: Widget) -> list[str]:
    """The widget's lines drawn from scratch: its kept lines dropped (as a style change
    drops them) and every line finished by Textual again."""
    widget.notify_style_update()
    width, height = widget.outer_size
    return [repr(list(line)) for line in Widget.render_lines(widget, Region(0, 0, width, height))]


def kept_lines(widget: Widget) -> list[str]:
    width, height = widget.outer_size
    return [repr(list(line)) for line in widget.render_lines(Region(0, 0, width, height))]


async def test_kept_lines_match_textuals_after_scrolling_cursor_focus_and_resize():
    app = Panes()
    async with app.run_test(size=(70, 30)) as pilot:
        log = app.query_one(LogPane)
        table = app.query_one(RowTable)
        table.set_rows(
            [(f"m{i}", {"name": f"Model {i}", "act": str(i % 3)}) for i in range(8)],
            [ColumnSpec("name", "Model"), ColumnSpec("act", "Act")],
        )
        events = entries(30)
        log.show(events[:20])
        await settle(pilot)
        for widget in (log, table):
            assert kept_lines(widget) == textual_lines(widget)
        for n in range(21, 31):  # each new entry scrolls every line of the log up
            log.show(events[:n])
            await settle(pilot)
            assert kept_lines(log) == textual_lines(log)
        log.show(events[:27], undone=events[27:])  # undo: the last rows struck through
        await settle(pilot)
        assert kept_lines(log) == textual_lines(log)
        table.move_cursor(5)  # the table scrolls under its header
        table.set_rows([(f"m{i}", {"name": f"Model {i}", "act": "0" if i == 5 else str(i % 3)}) for i in range(8)])
        await settle(pilot)
        assert kept_lines(table) == textual_lines(table)
        log.focus()  # the border and cursor colours change with focus
        await settle(pilot)
        assert kept_lines(log) == textual_lines(log)
        table.focus()
        await settle(pilot)
        assert kept_lines(log) == textual_lines(log)
        assert kept_lines(table) == textual_lines(table)
        await pilot.resize_terminal(50, 24)
        await settle(pilot)
        for widget in (log, table):
            assert kept_lines(widget) == textual_lines(widget)


async def test_a_new_border_title_or_subtitle_is_drawn():
    app = Panes()
    async with app.run_test(size=(70, 30)) as pilot:
        log = app.query_one(LogPane)
        log.show(entries(5))
        await settle(pilot)
        top, bottom = 0, log.outer_size.height - 1
        log.show(entries(6))  # a new entry: the subtitle's count changes
        await settle(pilot)
        assert "6 events" in log.render_lines(Region(0, 0, *log.outer_size))[bottom].text
        assert kept_lines(log) == textual_lines(log)
        log.border_title = "Battle log · shots only"
        await settle(pilot)
        assert "shots only" in log.render_lines(Region(0, 0, *log.outer_size))[top].text
        assert kept_lines(log) == textual_lines(log)


def test_kept_lines_leave_finishing_lines_to_textual():
    import inspect

    from tui.widgets import kept_lines

    source = inspect.getsource(kept_lines)
    assert "._" not in source.replace("self.__dict__", "")  # no private name of Textual's


async def test_a_steady_bar_shows_its_lines_cut_to_the_width_and_keeps_what_did_not_change():
    app = Panes()
    async with app.run_test(size=(40, 20)) as pilot:
        bar = app.query_one(SteadyBar)
        assert bar.outer_size.height == 2
        assert kept_lines(bar) == textual_lines(bar)
        first = bar.render_line(0)
        bar.put(Text("Round 1 · activations\n▶ Wolves to activate, and a tail too long for the bar\nNext: n"))
        await settle(pilot)
        assert bar.outer_size.height == 3  # a line more: laid out again
        assert bar.render_line(0) is first  # the unchanged line is not drawn again
        assert str(bar.render()).splitlines()[1].startswith("▶ Wolves")
        assert kept_lines(bar) == textual_lines(bar)
        cut = "".join(segment.text for segment in bar.render_line(1))
        assert len(cut) == 38 and cut.endswith("…")  # 40 less the padding, ellipsis at the end
        bar.update("plain")
        await settle(pilot)
        assert bar.outer_size.height == 1
        assert str(bar.render()) == "plain"


async def test_a_bar_put_as_a_list_of_lines_shows_what_the_joined_text_shows():
    app = Panes()
    async with app.run_test(size=(40, 20)) as pilot:
        bar = app.query_one(SteadyBar)
        whole = Text.assemble(("Round 2", "bold"), " · activations\n", ("▶ Wolves", "yellow"), "\nNext: n")
        bar.put(whole)
        await settle(pilot)
        joined = kept_lines(bar)
        first = bar.render_line(0)
        bar.put([line_of(("Round 2", "bold"), " · activations"), Text.assemble(("▶ Wolves", "yellow"), "\nNext: n")])
        await settle(pilot)
        assert bar.render_line(0) is first  # the same lines: nothing new to draw
        assert kept_lines(bar) == joined == textual_lines(bar)
        assert bar.render().plain == whole.plain and bar.outer_size.height == 3

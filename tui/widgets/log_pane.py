"""Battle log pane: every event, newest last; each roll with its dice and outcome.

Undone entries (what redo would bring back) are listed after the log, struck
through. Enter on an entry posts ``LogEntryChosen`` for its full breakdown.

A long battle shows its newest ``WINDOW`` entries under a "▲ earlier entries" row
(enter on it shows ``WINDOW`` more), and each redraw changes only the rows that
changed: a new event appends a row, an undo replaces the last few. Each row is
wrapped and drawn once per width and kept (``LogRow.strips``), so scrolling by a
line or moving the cursor repaints from kept lines: the cost of a redraw does not
grow with the length of the battle, nor with the number of rows in view.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping, Sequence

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

from engine.battle import RoundsAfter
from tui.actions import LOG_KEYS, bindings
from tui.citations import cite_rich, citer
from tui.messages import LogEntryChosen
from tui.rolltext import one_line, rolls_in
from tui.widgets.border_text import retitle
from tui.widgets.kept_lines import KeptLines, blank
from tui.widgets.row_table import line_strip
from tui.widgets.steady_footer import KeysNext


def _settled(rounds: Mapping[int, int]) -> bool:
    """Whether ``rounds`` is a battle's ``rounds_after``, whose rounds never change (a later
    one agrees on every event both hold), rather than a mapping made for one draw."""
    return isinstance(rounds, RoundsAfter) and rounds.settled


QUIET_KINDS = frozenset({"activation_started"})
WINDOW = 200
"""Entries shown at first (and added by each "earlier entries" request)."""
FIRST_WINDOW = 50
"""Entries of the pane's very first drawing (more than a tall screen shows): the rest of
``WINDOW`` is added once that frame is on screen. Wrapping 200 entries took about a
fifth of the time a 5,000-event battle needed to open."""
EARLIER = "earlier"
LABEL = 3
"""Cells of the round column ("R12"); a blank cell follows it."""


def entry_text(event: Any, undone: bool = False) -> Text:
    """The entry's text, and a line per roll whose dice the text does not already give."""
    from engine.formatting import roll_line_forms

    body = event.text or event.kind.replace("_", " ")
    out = Text(body, style="strike dim" if undone else ("dim" if event.kind in QUIET_KINDS else ""))
    for record in rolls_in(event.payload):
        if any(line in body for line in roll_line_forms(record)):  # an old save's text too
            continue
        out.append("\n🎲 ", style="dim")
        line = one_line(record)
        if undone:
            line.stylize("strike dim")
        out.append_text(line)
    return out


def earlier_row(count: int) -> Text:
    more = min(count, WINDOW)
    return Text(f"▲ {count} earlier entr{'ies' if count != 1 else 'y'} · ⏎ shows {more} more", style="dim italic")


@dataclass(eq=False)
class LogRow:
    """One row: ``id`` (the entry's seq, ``undone-SEQ`` or ``EARLIER``), ``label`` (the
    round column), ``prompt`` (the text) and its drawn lines per (width, look)."""

    id: str
    label: str
    prompt: Text
    strips: dict[tuple[int, str], list[Strip]] = field(default_factory=dict)
    wrapped: dict[int, list[Text]] = field(default_factory=dict)

    def lines(self, console: Any, width: int) -> list[Text]:
        """The row wrapped to ``width`` (kept): the round label, then the text (wrapped
        lines indented under it)."""
        lines = self.wrapped.get(width)
        if lines is None:
            lines = self.wrapped[width] = self._wrap(console, width)
        return lines

    def _wrap(self, console: Any, width: int) -> list[Text]:
        body = max(1, width - LABEL - 1)
        wrapped = self.prompt.wrap(console, body) or [Text("")]
        out = []
        for i, line in enumerate(wrapped):
            head = Text(f"{self.label:<{LABEL}} " if i == 0 else " " * (LABEL + 1), style="dim")
            head.append_text(line)
            out.append(head)
        return out


class LogPane(KeysNext, KeptLines, ScrollView, can_focus=True):
    """The battle log. ``show(events, undone)`` redraws it and follows the newest."""

    BINDINGS = [
        *bindings(LOG_KEYS),
        Binding("home", "first", "First", show=False),
        Binding("end", "last", "Last", show=False),
        Binding("pageup", "page_up", "Page up", show=False),
        Binding("pagedown", "page_down", "Page down", show=False),
    ]

    COMPONENT_CLASSES = {"log-pane--cursor", "log-pane--cursor-blurred"}

    DEFAULT_CSS = """
    LogPane {
        height: 1fr;
        min-height: 3;
        border: round $panel-lighten-2;
        border-title-color: $text;
        border-title-style: bold;
        border-subtitle-color: $text-muted;
        padding: 0;
        overflow-x: hidden;
        overflow-y: scroll;
        scrollbar-size-vertical: 1;
        &:focus { border: round $primary; }
        & > .log-pane--cursor { background: $block-cursor-background; color: $block-cursor-foreground;
                                text-style: $block-cursor-text-style; }
        & > .log-pane--cursor-blurred { background: $block-cursor-blurred-background;
                                        color: $block-cursor-blurred-foreground;
                                        text-style: $block-cursor-blurred-text-style; }
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        retitle(self, "Battle log")
        self._rows: list[LogRow] = []
        self._index: dict[str, int] = {}  # row id -> position
        self._starts: list[int] = []  # first line of each row at ``_width``
        self._heights: list[int] = []
        self._width = 0
        self._view_height = 0  # lines shown at the last resize
        self._highlighted: int | None = None
        self._count = 0
        self._start: int | None = None  # index in the events of the first row shown
        self._keys: list[tuple[Any, ...]] = []  # what each row shows, to redraw only changes
        self._shown: list[Any] = []  # the events those rows were made from (None: "earlier")
        self._done = 0  # how many of them are in the log (the rest are undone)
        self._rounds: Mapping[int, int] = {}  # the round tags they were made with
        self._last: tuple[Sequence[Any], list[Any], Mapping[int, int]] = ([], [], {})

    # ------------------------------------------------------------------ the rows
    @property
    def options(self) -> list[LogRow]:
        """The rows shown, top to bottom."""
        return list(self._rows)

    @property
    def option_count(self) -> int:
        return len(self._rows)

    def get_option_index(self, row_id: str) -> int:
        """The position of row ``row_id`` (``KeyError`` if it is not shown)."""
        return self._index[row_id]

    @property
    def highlighted(self) -> int | None:
        return self._highlighted

    @highlighted.setter
    def highlighted(self, index: int | None) -> None:
        if index is not None:
            index = max(0, min(index, len(self._rows) - 1)) if self._rows else None
        if index == self._highlighted:
            return
        self._refresh_row(self._highlighted)
        self._highlighted = index
        self._refresh_row(index)
        self.scroll_to_highlight()

    @property
    def highlighted_option(self) -> LogRow | None:
        i = self._highlighted
        return self._rows[i] if i is not None and 0 <= i < len(self._rows) else None

    @property
    def highlighted_seq(self) -> int | None:
        """The log position of the highlighted entry (None on the "earlier" row)."""
        row = self.highlighted_option
        if row is None or row.id == EARLIER:
            return None
        return int(row.id.removeprefix("undone-"))

    @property
    def on_earlier_row(self) -> bool:
        row = self.highlighted_option
        return row is not None and row.id == EARLIER

    # ------------------------------------------------------------------ showing events
    def show(
        self,
        events: Sequence[Any] | Iterable[Any],
        undone: Iterable[Any] = (),
        follow: bool = True,
        rounds: Mapping[int, int] | None = None,
    ) -> None:
        """``rounds``: the round each event leaves the battle in, by seq (the session
        view's), so "Round 2 begins" is tagged R2; an event not in it is tagged with the
        round it was recorded in."""
        events = events if isinstance(events, (list, tuple)) else list(events)
        undone = list(undone)
        rounds = rounds or {}
        self._last = (events, undone, rounds)
        keep = self.highlighted_option.id if self.highlighted_option is not None and not follow else None
        if self._start is None or len(events) <= self._start:  # first draw, or undone past the window
            first = self._start is None
            self._start = max(0, len(events) - (FIRST_WINDOW if first else WINDOW))
            if first and self._start > 0:
                self.call_after_refresh(self._fill_window)
        start = self._start
        shown = ([None] if start else []) + list(events[start:]) + undone
        # an entry is the same row as before if it is the very same event object at the
        # same place (the log only grows or loses its end): its key is not made again
        kept = 0
        for old, new in zip(self._shown, shown):
            if old is not new or (old is None and self._keys[0] != (EARLIER, start)):
                break
            kept += 1
        done = len(shown) - len(undone)
        kept = min(kept, done, self._done)  # an entry just undone is the same event, struck through
        if rounds is not self._rounds and not (_settled(rounds) and _settled(self._rounds)):
            kept = 0  # other round tags: every key made again
        keys = self._keys[:kept] + [
            (EARLIER, start)
            if e is None
            else (e.seq, False, rounds.get(e.seq, e.round), e.text)
            if i < done
            else (e.seq, True, e.round, e.text)
            for i, e in enumerate(shown[kept:], kept)
        ]
        items = list(zip(keys, shown))
        same = kept
        for old, new in zip(self._keys[kept:], keys[kept:]):
            if old != new:
                break
            same += 1
        cite = citer(self.app)  # a rule in an entry: the rulebook's section and page
        rows = [
            LogRow(EARLIER, "", earlier_row(start))
            if event is None
            else LogRow(
                f"undone-{event.seq}" if key[1] else str(event.seq),
                f"R{key[2]}" if key[2] else "",
                cite_rich(entry_text(event, undone=key[1]), cite),
            )
            for key, event in items[same:]
        ]
        self._replace_from(same, rows)
        self._keys = keys
        self._shown, self._done, self._rounds = shown, done, rounds
        self._count = len(keys) - len(undone)
        retitle(
            self,
            subtitle=f"{len(events)} event{'s' if len(events) != 1 else ''}"
            # numbers count every entry saved (undo, redo and what they took back): say the newest
            + (f" (newest #{events[-1].seq})" if events else "")
            + (f" · {len(undone)} undone (redo brings back)" if undone else ""),
        )
        if keep is not None and keep in self._index:
            self.highlighted = self._index[keep]
            return
        if self._count:
            self.highlighted = self._count - 1
        self.scroll_to(y=self.max_scroll_y, animate=False)

    def _fill_window(self) -> None:
        """After the first drawing: the rest of the first ``WINDOW`` entries above it (the
        cursor stays on its entry; a log that followed its newest entry still does)."""
        events, undone, rounds = self._last
        target = max(0, len(events) - WINDOW)
        if self._start is None or self._start <= target:
            return
        following = self._highlighted is None or self._highlighted >= self._count - 1
        self._start = target
        self._keys, self._shown = [], []  # the rows above change: draw them all
        self.show(events, undone, follow=following, rounds=rounds)

    def show_earlier(self) -> None:
        """Show ``WINDOW`` more of the older entries (the "earlier entries" row)."""
        if not self._start:
            return
        events, undone, rounds = self._last
        first = events[self._start].seq
        self._start = max(0, self._start - WINDOW)
        self._keys, self._shown = [], []  # the rows above change: draw them all
        self.show(events, undone, follow=True, rounds=rounds)
        self.highlighted = self._index.get(str(first), self._highlighted)

    def reveal(self, seq: int) -> None:
        """Highlight entry ``seq``, showing older entries first if it is above the window."""
        events, undone, rounds = self._last
        index = next((i for i, e in enumerate(events) if e.seq == seq), None)
        if index is None:
            return
        if self._start and index < self._start:
            self._start = max(0, index - WINDOW // 2)
            self._keys, self._shown = [], []
            self.show(events, undone, follow=True, rounds=rounds)
        if str(seq) in self._index:  # else filtered out of the list
            self.highlighted = self._index[str(seq)]
            self.scroll_to_highlight()

    def _replace_from(self, index: int, rows: list[LogRow]) -> None:
        """Rows from ``index`` on become ``rows``; the rows above keep their lines."""
        for row in self._rows[index:]:
            del self._index[row.id]
        del self._rows[index:]
        del self._heights[index:]
        del self._starts[index:]
        for row in rows:
            self._index[row.id] = len(self._rows)
            self._rows.append(row)
        self._measure()
        if self._highlighted is not None and self._highlighted >= len(self._rows):
            self._highlighted = len(self._rows) - 1 if self._rows else None
        self.refresh()

    # ------------------------------------------------------------------ layout
    def _measure(self) -> None:
        """Line counts of the rows not measured yet, at the current width."""
        width = self._width
        if width <= 0:
            return
        console = self.app.console
        index = len(self._starts)
        line = self._starts[index - 1] + self._heights[index - 1] if index else 0
        for row in self._rows[index:]:
            height = len(row.lines(console, width))  # drawn when shown, in the look it is shown in
            self._starts.append(line)
            self._heights.append(height)
            line += height
        size = Size(width, line)
        if size != self.virtual_size:
            self.virtual_size = size  # as Textual's own Log does (the scrollbar follows)

    def on_resize(self, event: events.Resize) -> None:
        """A new size: the rows wrap again if the width changed (as Textual's own
        ``RichLog`` does on a resize), and a log that showed its newest entry still does."""
        view = event.size.height - self.styles.gutter.height
        at_end = self.scroll_offset.y >= max(0, self.virtual_size.height - self._view_height)
        self._view_height = view
        width = max(0, event.size.width - self.styles.gutter.width - self.styles.scrollbar_size_vertical)
        if width != self._width:
            self._width = width
            self._heights, self._starts = [], []
            self._measure()
            self.refresh()
        if at_end:  # the rows moved: keep the newest (or the cursor) in view
            self.scroll_to(y=self.max_scroll_y, animate=False)
        else:
            self.scroll_to_highlight()

    def notify_style_update(self) -> None:
        for row in self._rows:
            row.strips.clear()
        super().notify_style_update()

    # ------------------------------------------------------------------ drawing
    def _drawn(self, row: LogRow, width: int, look: str, console: Any = None) -> list[Strip]:
        strips = row.strips.get((width, look))
        if strips is None:
            base = self.line_style
            style = base
            if look == "cursor":
                style = base + self.get_component_rich_style("log-pane--cursor")
            elif look == "blurred":
                style = base + self.get_component_rich_style("log-pane--cursor-blurred")
            strips = [
                line_strip(console or self.app.console, line, width, style, cursor=look != "plain")
                for line in row.lines(console or self.app.console, width)
            ]
            row.strips[(width, look)] = strips
        return strips

    _pass_top: int | None = None

    def begin_lines(self) -> None:
        self._pass_top = self.scroll_offset.y

    def end_lines(self) -> None:
        self._pass_top = None

    def render_line(self, y: int) -> Strip:
        width = self._width
        line = y + (self.scroll_offset.y if self._pass_top is None else self._pass_top)
        index = bisect_right(self._starts, line) - 1
        if width <= 0 or not 0 <= index < len(self._rows) or line >= self._starts[index] + self._heights[index]:
            return blank(max(width, 0), self.line_style)
        look = "plain"
        if index == self._highlighted:
            look = "cursor" if self.has_focus else "blurred"
        return self._drawn(self._rows[index], width, look)[line - self._starts[index]]

    def _refresh_row(self, index: int | None) -> None:
        if index is None or not 0 <= index < len(self._starts):
            return
        self.refresh_lines(self._starts[index], self._heights[index])

    # ------------------------------------------------------------------ cursor
    def scroll_to_highlight(self, top: bool = False) -> None:
        index = self._highlighted
        if index is None or index >= len(self._starts):
            return
        first, height = self._starts[index], self._heights[index]
        view = self.scrollable_content_region.height
        y = int(self.scroll_offset.y)
        if top or first < y:
            self.scroll_to(y=first, animate=False)
        elif first + height > y + view:
            self.scroll_to(y=first + min(height, view) - view, animate=False)

    def action_cursor_down(self) -> None:
        if self._rows:
            self.highlighted = 0 if self._highlighted is None else self._highlighted + 1

    def action_cursor_up(self) -> None:
        if self._rows:
            self.highlighted = len(self._rows) - 1 if self._highlighted is None else self._highlighted - 1

    def action_first(self) -> None:
        if self._rows:
            self.highlighted = 0

    def action_last(self) -> None:
        if self._rows:
            self.highlighted = len(self._rows) - 1

    def _page(self, direction: int) -> None:
        if not self._rows:
            return
        here = self._highlighted or 0
        target = self._starts[here] + direction * max(1, self.scrollable_content_region.height - 1)
        target = max(0, min(target, self._starts[-1]))
        self.highlighted = bisect_right(self._starts, target) - 1

    def action_page_down(self) -> None:
        self._page(1)

    def action_page_up(self) -> None:
        self._page(-1)

    def on_click(self, event: events.Click) -> None:
        line = event.y + int(self.scroll_offset.y)
        index = bisect_right(self._starts, line) - 1
        if 0 <= index < len(self._rows):
            self.highlighted = index
            if event.chain > 1:
                self.action_log_entry()

    def on_focus(self, event: events.Focus) -> None:
        self._refresh_row(self._highlighted)

    def on_blur(self, event: events.Blur) -> None:
        self._refresh_row(self._highlighted)

    def action_log_entry(self) -> None:
        """Enter: the highlighted entry's breakdown, or more entries on the earlier row."""
        if self.on_earlier_row:
            self.show_earlier()
            return
        seq = self.highlighted_seq
        if seq is not None:
            self.post_message(LogEntryChosen(seq))

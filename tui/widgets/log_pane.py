"""Battle log pane: every event, newest last; each roll with its dice and outcome.

Undone entries (what redo would bring back) are listed after the log, struck
through. Enter on an entry posts ``LogEntryChosen`` for its full breakdown.

A long battle shows its newest ``WINDOW`` entries under a "▲ earlier entries" row
(enter on it shows ``WINDOW`` more), and each redraw changes only the rows that
changed: a new event appends a row, an undo replaces the last few. The cost of a
redraw does not grow with the length of the battle.
"""
from __future__ import annotations

from typing import Any, Iterable

from rich.table import Table
from rich.text import Text
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from ..actions import bindings
from ..messages import LogEntryChosen
from ..rolltext import one_line, rolls_in

QUIET_KINDS = frozenset({"activation_started"})
WINDOW = 200
"""Entries shown at first (and added by each "earlier entries" request)."""
EARLIER = "earlier"


def entry_text(event: Any, undone: bool = False) -> Text:
    """The entry's text, and a line per roll whose dice the text does not already give."""
    from engine.formatting import roll_line

    body = event.text or event.kind.replace("_", " ")
    out = Text(body, style="strike dim" if undone else ("dim" if event.kind in QUIET_KINDS else ""))
    for record in rolls_in(event.payload):
        if roll_line(record) in body:
            continue
        out.append("\n🎲 ", style="dim")
        line = one_line(record)
        if undone:
            line.stylize("strike dim")
        out.append_text(line)
    return out


def entry_row(event: Any, undone: bool = False) -> Table:
    """Round number, then the entry (wrapped lines stay indented)."""
    row = Table.grid(padding=(0, 1), expand=True)
    row.add_column(width=3, no_wrap=True)
    row.add_column(ratio=1)
    row.add_row(Text(f"R{event.round}" if event.round else "", style="dim"), entry_text(event, undone))
    return row


class LogPane(OptionList):
    """The battle log. ``show(events, undone)`` redraws it and follows the newest."""

    BINDINGS = bindings("log")

    DEFAULT_CSS = """
    LogPane {
        height: 1fr;
        min-height: 3;
        border: round $panel-lighten-2;
        border-title-color: $text;
        border-title-style: bold;
        border-subtitle-color: $text-muted;
        padding: 0;
        scrollbar-size-vertical: 1;
        &:focus { border: round $primary; }
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.border_title = "Battle log"
        self._count = 0
        self._start: int | None = None  # index in the events of the first row shown
        self._keys: list[tuple[Any, ...]] = []  # what each row shows, to redraw only changes
        self._last: tuple[list[Any], list[Any]] = ([], [])

    def show(self, events: Iterable[Any], undone: Iterable[Any] = (), follow: bool = True) -> None:
        events = list(events)
        undone = list(undone)
        self._last = (events, undone)
        keep = self.highlighted_option.id if self.highlighted_option is not None and not follow else None
        if self._start is None or len(events) <= self._start:  # first draw, or undone past the window
            self._start = max(0, len(events) - WINDOW)
        start = self._start
        items: list[tuple[tuple[Any, ...], Any]] = [((EARLIER, start), None)] if start else []
        items += [((e.seq, False, e.round, e.text), e) for e in events[start:]]
        items += [((e.seq, True, e.round, e.text), e) for e in undone]
        keys = [key for key, _ in items]
        same = 0
        for old, new in zip(self._keys, keys):
            if old != new:
                break
            same += 1
        rows = [Option(earlier_row(start), id=EARLIER) if event is None
                else Option(entry_row(event, undone=key[1]), id=f"undone-{event.seq}" if key[1] else str(event.seq))
                for key, event in items[same:]]
        self._replace_from(same, rows)
        self._keys = keys
        self._count = len(keys) - len(undone)
        self.border_subtitle = f"{len(events)} event{'s' if len(events) != 1 else ''}" + (
            f" · {len(undone)} undone (redo brings back)" if undone else "")
        if keep is not None:
            try:
                self.highlighted = self.get_option_index(keep)
                return
            except Exception:  # noqa: BLE001 - the entry is gone (undone)
                pass
        if self._count:
            self.highlighted = self._count - 1
            self.scroll_to_highlight()
        self.scroll_end(animate=False)

    def show_earlier(self) -> None:
        """Show ``WINDOW`` more of the older entries (the "earlier entries" row)."""
        if not self._start:
            return
        events, undone = self._last
        first = events[self._start].seq
        self._start = max(0, self._start - WINDOW)
        self._keys = []  # the rows above change: draw them all
        self.clear_options()
        self.show(events, undone, follow=True)
        try:
            self.highlighted = self.get_option_index(str(first))
        except Exception:  # noqa: BLE001
            pass

    def reveal(self, seq: int) -> None:
        """Highlight entry ``seq``, showing older entries first if it is above the window."""
        events, undone = self._last
        index = next((i for i, e in enumerate(events) if e.seq == seq), None)
        if index is None:
            return
        if self._start and index < self._start:
            self._start = max(0, index - WINDOW // 2)
            self._keys = []
            self.clear_options()
            self.show(events, undone, follow=True)
        try:
            self.highlighted = self.get_option_index(str(seq))
        except Exception:  # noqa: BLE001 - filtered out of the list
            return
        self.scroll_to_highlight()

    def _replace_from(self, index: int, rows: list[Option]) -> None:
        """Rows from ``index`` on become ``rows``; the rows above keep their measured
        heights (``OptionList`` re-measures every row when one is removed)."""
        if index < self.option_count:
            try:
                self._truncate(index)
            except (AttributeError, KeyError, TypeError):  # Textual's internals moved: redraw all
                kept = list(self._options[:index])
                self.clear_options()
                self.add_options(kept)
        self.add_options(rows)

    def _truncate(self, index: int) -> None:
        """Drop the rows from ``index`` on, keeping the line cache of the rows above.

        Uses ``OptionList``'s internals (Textual 8): ``_options``, ``_option_to_index``,
        ``_id_to_option`` and ``_line_cache``; ``tests/tui`` checks the result against
        a list built from scratch."""
        cache = self._line_cache
        for option in self._options[index:]:
            del self._option_to_index[option]
            if option.id is not None:
                del self._id_to_option[option.id]
        del self._options[index:]
        if index in cache.index_to_line:
            del cache.lines[cache.index_to_line[index]:]
        for i in [i for i in cache.heights if i >= index]:
            del cache.heights[i]
            cache.index_to_line.pop(i, None)
        self._mouse_hovering_over = None
        if self.highlighted is not None and self.highlighted >= len(self._options):
            self.highlighted = len(self._options) - 1 if self._options else None
        self.refresh()

    @property
    def highlighted_seq(self) -> int | None:
        """The log position of the highlighted entry (None on the "earlier" row)."""
        option = self.highlighted_option
        if option is None or option.id is None or option.id == EARLIER:
            return None
        return int(option.id.removeprefix("undone-"))

    @property
    def on_earlier_row(self) -> bool:
        option = self.highlighted_option
        return option is not None and option.id == EARLIER

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_log_entry()

    def action_log_entry(self) -> None:
        """Enter: the highlighted entry's breakdown, or more entries on the earlier row."""
        if self.on_earlier_row:
            self.show_earlier()
            return
        seq = self.highlighted_seq
        if seq is not None:
            self.post_message(LogEntryChosen(seq))


def earlier_row(count: int) -> Text:
    more = min(count, WINDOW)
    return Text(f"▲ {count} earlier entr{'ies' if count != 1 else 'y'} · ⏎ shows {more} more", style="dim italic")

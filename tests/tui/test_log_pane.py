"""The battle log pane with a long battle: a window of the newest entries, redraws
that touch only the rows that changed, and the same rows as a list built afresh."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from textual.app import App, ComposeResult

from tui.widgets.log_pane import EARLIER, FIRST_WINDOW, WINDOW, LogPane

from .pilot_waits import press, settle


@dataclass(frozen=True)
class Entry:
    seq: int
    text: str
    round: int = 1
    kind: str = "note"
    payload: dict[str, Any] = field(default_factory=dict)


def entries(n: int, start: int = 0) -> list[Entry]:
    # every seventh entry is long enough to wrap, so rows differ in height
    return [
        Entry(
            i, f"entry {i}" + (" with a long tail that wraps in the pane" * 3 if i % 7 == 0 else ""), round=1 + i // 50
        )
        for i in range(start, start + n)
    ]


class LogApp(App[None]):
    def compose(self) -> ComposeResult:
        yield LogPane(id="log")


def layout(pane: LogPane) -> tuple[list[Any], list[int], list[int]]:
    """The rows, the first line of each and their heights (wrapped to the pane)."""
    return [o.id for o in pane.options], list(pane._starts), list(pane._heights)


async def fresh_layout(events: list[Entry], undone: list[Entry], start: int) -> tuple[Any, ...]:
    """The rows a pane drawn once from scratch shows for the same window."""
    app = LogApp()
    async with app.run_test(size=(60, 20)) as pilot:
        pane = app.query_one(LogPane)
        pane._start = start
        pane.show(events, undone)
        await settle(pilot)
        return layout(pane)


async def test_a_long_log_shows_the_newest_window_under_an_earlier_row():
    app = LogApp()
    events = entries(WINDOW + 50)
    async with app.run_test(size=(60, 20)) as pilot:
        pane = app.query_one(LogPane)
        pane.show(events)
        await settle(pilot)
        ids = [o.id for o in pane.options]
        assert ids[0] == EARLIER and len(ids) == WINDOW + 1
        assert ids[1] == str(events[50].seq) and ids[-1] == str(events[-1].seq)
        assert "50 earlier entries" in str(pane.options[0].prompt)
        assert pane.highlighted_seq == events[-1].seq
        assert "250 events" in pane.border_subtitle
        # enter on the earlier row shows the rest, keeping the entry that was first in view
        pane.highlighted = 0
        assert pane.on_earlier_row and pane.highlighted_seq is None
        pane.focus()
        await press(pilot, "enter")
        await settle(pilot)
        ids = [o.id for o in pane.options]
        assert ids[0] == "0" and len(ids) == len(events)
        assert pane.highlighted_seq == events[50].seq


async def test_the_first_drawing_wraps_a_screenful_and_the_window_fills_once_it_is_shown():
    app = LogApp()
    events = entries(WINDOW + 50)
    async with app.run_test(size=(60, 20)) as pilot:
        pane = app.query_one(LogPane)
        pane.show(events)
        first = [o.id for o in pane.options]  # before any frame: the first drawing's rows
        assert first[0] == EARLIER and len(first) == FIRST_WINDOW + 1 < WINDOW + 1
        assert first[1] == str(events[-FIRST_WINDOW].seq)
        await settle(pilot)
        ids = [o.id for o in pane.options]
        assert len(ids) == WINDOW + 1 and ids[1] == str(events[50].seq) and ids[-1] == str(events[-1].seq)
        assert pane.highlighted_seq == events[-1].seq and pane.scroll_offset.y == pane.max_scroll_y
        assert ids == (await fresh_layout(events, [], 50))[0]


async def test_appending_and_undoing_change_only_the_tail_and_match_a_fresh_list():
    app = LogApp()
    events = entries(WINDOW + 30)
    async with app.run_test(size=(60, 20)) as pilot:
        pane = app.query_one(LogPane)
        pane.show(events)
        await settle(pilot)
        first_rows = list(pane.options[:10])
        # a new event: one row appended, the rows above are the same objects
        events = events + entries(1, start=len(events))
        pane.show(events)
        await settle(pilot)
        assert list(pane.options[:10]) == first_rows
        assert layout(pane) == await fresh_layout(events, [], 30)
        # an undo of the last two (one of them wraps): they move below, struck through
        undone = events[-2:][::-1]
        kept = events[:-2]
        pane.show(kept, undone)
        await settle(pilot)
        assert list(pane.options[:10]) == first_rows
        ids = [o.id for o in pane.options]
        assert ids[-2:] == [f"undone-{e.seq}" for e in undone]
        assert layout(pane) == await fresh_layout(kept, undone, 30)
        assert pane.highlighted_seq == kept[-1].seq
        # a new command clears the redo list
        kept = kept + [Entry(9999, "a new shot")]
        pane.show(kept, [])
        await settle(pilot)
        assert layout(pane) == await fresh_layout(kept, [], 30)


async def test_undoing_past_the_window_redraws_a_new_window():
    app = LogApp()
    events = entries(WINDOW + 5)
    async with app.run_test(size=(60, 20)) as pilot:
        pane = app.query_one(LogPane)
        pane.show(events)
        await settle(pilot)
        short = events[:3]
        pane.show(short, events[3:][::-1][:2])
        await settle(pilot)
        ids = [o.id for o in pane.options]
        assert ids[:3] == ["0", "1", "2"] and EARLIER not in ids


async def test_long_entries_wrap_under_their_round_and_a_resize_keeps_the_newest_in_view():
    app = LogApp()
    events = entries(40)
    async with app.run_test(size=(60, 12)) as pilot:
        pane = app.query_one(LogPane)
        pane.show(events)
        await settle(pilot)
        heights = dict(zip([o.id for o in pane.options], pane._heights))
        assert heights["0"] > 1 and heights["1"] == 1  # entry 0 is long, entry 1 short
        pane.scroll_to(y=0, animate=False)
        await settle(pilot)
        first, second = pane.render_line(0).text, pane.render_line(1).text
        assert first.startswith("R1  entry 0 with a long tail") and second.startswith("    ")  # hanging indent
        assert pane.highlighted_seq == events[-1].seq
        pane.scroll_to(y=pane.max_scroll_y, animate=False)
        await settle(pilot)
        await pilot.resize_terminal(40, 12)  # narrower: more lines; the newest stays in view
        await settle(pilot)
        assert dict(zip([o.id for o in pane.options], pane._heights))["0"] > heights["0"]
        bottom = pane.render_line(pane.scrollable_content_region.height - 1).text
        assert "entry 39" in bottom


async def test_cursor_keys_move_through_the_rows_and_enter_asks_for_the_breakdown():
    from tui.messages import LogEntryChosen

    chosen: list[int] = []

    class Listening(LogApp):
        def on_log_entry_chosen(self, message: LogEntryChosen) -> None:
            chosen.append(message.seq)

    app = Listening()
    async with app.run_test(size=(60, 12)) as pilot:
        pane = app.query_one(LogPane)
        pane.show(entries(30))
        pane.focus()
        await settle(pilot)
        await press(pilot, "k", "k", "up")
        assert pane.highlighted_seq == 26
        await press(pilot, "enter")
        await settle(pilot)
        assert chosen == [26]
        await press(pilot, "home")
        assert pane.highlighted_seq == 0 and pane.scroll_offset.y == 0
        await press(pilot, "end")
        assert pane.highlighted_seq == 29


async def test_a_rounds_opening_event_is_tagged_with_the_round_it_starts():
    # "Round 2 begins" is recorded in round 1 (before the round changes); the session's
    # rounds (the round the battle is in after each event) tag it R2, as the report groups it
    log = [Entry(0, "Round 1 begins", round=0), Entry(1, "a shot", round=1), Entry(2, "Round 2 begins", round=1)]
    app = LogApp()
    async with app.run_test(size=(60, 12)) as pilot:
        pane = app.query_one(LogPane)
        pane.show(log, rounds={0: 1, 1: 1, 2: 2})
        await settle(pilot)
        assert [o.label for o in pane.options] == ["R1", "R1", "R2"]
        pane.show(log)  # without them: the round each event was recorded in
        assert [o.label for o in pane.options] == ["", "R1", "R1"]


async def test_the_footer_counts_the_events_and_names_the_newest_number():
    """QA: "25 events" while the review said "the newest is #36": numbers count every
    entry saved (undo, redo and what they took back too), so the footer says both."""
    app = LogApp()
    async with app.run_test(size=(60, 20)) as pilot:
        pane = app.query_one(LogPane)
        pane.show([Entry(0, "a"), Entry(1, "b"), Entry(5, "c")], [Entry(6, "d")])
        await settle(pilot)
        assert pane.border_subtitle.startswith("3 events (newest #5) · 1 undone")

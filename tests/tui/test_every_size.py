"""Every dashboard is readable at 60×20, 80×24 and 120×40 (#21): the side to act is in
view with its rows, the top bar's "Next:" line is never cut (it wraps), both sides'
panes show the same columns, and at 80 columns the numbers a GM needs (Sanctum
Mortalis S W C O, xK6 A/D and Armour, SAGA dice). Snapshots of each dashboard at the
three sizes, mid-turn with the second pane's side to act.

Regenerate after a deliberate change of the screen with ``--snapshot-update`` and look
at the new SVGs before committing them.
"""

from __future__ import annotations

from typing import Any, Awaitable, Callable

import pytest

from tui.screens.game_screen import GameScreen
from tui.widgets.steady_bar import SteadyBar

from .conftest import press, start_round_one, wait_for_screen
from .pilot_waits import wait_for
from .saga_pilot import pick

SIZES = [(60, 20), (80, 24), (120, 40)]
SIZE_IDS = ["60x20", "80x24", "120x40"]


async def _sm(pilot: Any) -> None:
    await start_round_one(pilot)
    await press(pilot, "a", "d", "e")  # the first side's model acts: the other side to act


async def _saga(pilot: Any) -> None:
    await wait_for_screen(pilot, GameScreen)
    await press(pilot, "n")
    await pick(pilot, "Earl Godwin's Fyrd")  # the second pane's side takes the first turn


async def _star_quest(pilot: Any) -> None:
    await wait_for_screen(pilot, GameScreen)
    await press(pilot, "n")


async def _xk6(pilot: Any) -> None:
    await wait_for_screen(pilot, GameScreen)
    await press(pilot, "n")
    await press(pilot, "5", "space", "2", "enter")  # initiative: Kestrel Squad chooses
    await press(pilot, "n")
    await pick(pilot, "Ash Raiders activates first")


Start = Callable[[Any], Awaitable[None]]
SYSTEMS: dict[str, tuple[dict[str, Any], Start, tuple[str, str], str]] = {
    # system: (make_app arguments, how the turn starts, the two panes, a column needed at 80)
    "sanctum-mortalis": ({}, _sm, ("#band-A", "#band-B"), "profile"),
    "saga": ({"system": "saga"}, _saga, ("#units-A", "#units-B"), "dice"),
    "star-quest": ({"system": "star-quest"}, _star_quest, ("#heroes", "#enemies"), "qd"),
    "xk6": ({"system": "xk6"}, _xk6, ("#models-A", "#models-B"), "armour"),
}


def _app(make_app: Any, system: str) -> Any:
    args = SYSTEMS[system][0]
    return make_app("demo", **args) if args else make_app()


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize("system", list(SYSTEMS))
async def test_the_side_to_act_and_the_next_line_are_in_view_at_every_size(make_app, system, size):
    _, start, pane_ids, needed = SYSTEMS[system]
    app = _app(make_app, system)
    async with app.run_test(size=size) as pilot:
        await start(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        tracker = screen.query_one("#tracker", SteadyBar)
        width = tracker.size.width
        rows = tracker.rows(width)
        assert rows and all(row.cell_len <= width for row in rows), "a top bar line is cut"
        assert tracker.size.height == len(rows)
        panes = [screen.query_one(pane_id) for pane_id in pane_ids]
        acting = [p for p in panes if p.has_class("-to-act")]
        assert len(acting) == 1
        pane = acting[0]
        border = 2 if pane.styles.border_top[0] else 0
        assert pane.display and pane.region.height >= border + 3, "the side to act has no rows in view"
        assert pane.region.y + pane.region.height <= size[1]
        if pane_ids[0] != "#heroes":  # heroes and AI units have columns of their own
            assert panes[0].column_keys == panes[1].column_keys
        if size[0] >= 80:
            assert needed in pane.column_keys


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize("system", list(SYSTEMS))
def test_snapshot_of_the_dashboard_mid_turn(snap_compare, make_app, system, size):
    assert snap_compare(_app(make_app, system), terminal_size=size, run_before=SYSTEMS[system][1])


async def test_at_60x20_the_folded_band_opens_when_the_gm_tabs_to_it(make_app):
    app = make_app()
    async with app.run_test(size=(60, 20)) as pilot:
        await _sm(pilot)
        screen = app.screen
        to_act = screen.state.order.to_act
        acting, other = screen.band(to_act), screen.band(screen.state.opponent(to_act))
        assert screen.has_class("-folded")
        assert acting.region.y < other.region.y  # the side to act first
        assert acting.has_class("-open") and other.region.height == 2  # a border: its name and count
        other.focus()
        await wait_for(pilot, lambda: other.has_class("-open") and other.region.height > 2)
        assert acting.region.height == 2 and acting.border_title and "▶" in str(acting.border_title)

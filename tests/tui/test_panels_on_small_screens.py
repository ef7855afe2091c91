"""Issue #21 at 80×24 and 60×20: with a SAGA melee dialog or the Star Quest AI flow chart
open, the top bar and the acting unit stay on screen above it, the dashboard never scrolls, the step panel keeps its border,
and a melee reopened at step 8 shows step 8, as the engine and the top bar say."""

from __future__ import annotations

import pytest

from .conftest import press, settle, wait_for_screen
from .saga_pilot import charge_ceorls, first_turn, move_and_shoot, pick
from .saga_pilot import select as saga_select
from .screen_rows import rows_above, screen_rows
from .sq_pilot import heroes_pass, round_one
from .sq_pilot import select as sq_select
from .test_dashboard import rendered

SIZES = [(80, 24), (60, 20)]
TOP_BAR = "Turn 1 · round 1 · ▶ Jarl Sigurd's Host"
MELEE_TOP = "▀ Melee"


async def melee_at_step_8(pilot, screen) -> None:
    """Hirdmen charge Ceorls; the app rolls; the dialog shows step 7's page, then step 8's."""
    from tui.systems.saga.melee_dialog import MeleeDialog

    await move_and_shoot(pilot, screen, "1 1 1 1")  # no hits: Ceorls keep 8 models
    await charge_ceorls(pilot)
    await wait_for_screen(pilot, MeleeDialog)
    await press(pilot, "enter", "a", "a", "enter", "enter", "enter", "r", "r", "enter")
    assert screen.state.melee.stage == "retreat"


def assert_top_bar_and_acting_unit_above(rows: list[str]) -> None:
    above = rows_above(rows, MELEE_TOP)
    assert TOP_BAR in above[0], rows
    assert any("Hirdmen" in row for row in above[1:]), rows


def ribbon(app) -> str:
    return str(app.screen.query_one("#melee-steps").render())


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_melee_dialog_leaves_the_top_bar_and_the_acting_unit_in_view(make_app, size):
    app = make_app("demo", system="saga")
    async with app.run_test(size=size) as pilot:
        screen = await first_turn(pilot)
        await melee_at_step_8(pilot, screen)
        assert "Melee step 7: Fatigue" in ribbon(app)  # seen reaching step 8: step 7's page first
        assert_top_bar_and_acting_unit_above(screen_rows(app))
        await press(pilot, "escape")
        assert app.screen is screen and screen.scroll_y == 0  # the dashboard fits: no scrollbar
        rows = screen_rows(app)
        assert TOP_BAR in rows[0]
        assert any("╭─Melee step 8: Retreat" in row for row in rows)  # the step panel, bordered
        assert any("Battle log" in row for row in rows)  # the log stays
        await press(pilot, "space")
        assert "Melee step 8: Retreat" in ribbon(app)  # reopened: the step the engine says
        assert_top_bar_and_acting_unit_above(screen_rows(app))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_a_melee_reopened_after_quitting_shows_the_step_the_top_bar_says(make_app, size):
    from tui.systems.saga.melee_dialog import MeleeDialog

    app = make_app("demo", system="saga")
    async with app.run_test(size=size) as pilot:
        screen = await first_turn(pilot)
        await melee_at_step_8(pilot, screen)
        await press(pilot, "escape")
        assert "(melee step 8: retreat)" in str(screen.query_one("#tracker").render())
        await press(pilot, "q")
        await settle(pilot)
    again = make_app()  # plain `skirmish`: the last battle
    async with again.run_test(size=size) as pilot:
        dialog = await wait_for_screen(pilot, MeleeDialog)  # a melee left open: its dialog reopens
        screen = dialog.host
        assert screen.state.melee.stage == "retreat"
        assert "Melee step 8: Retreat" in ribbon(again)
        assert_top_bar_and_acting_unit_above(screen_rows(again))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_ai_flow_chart_leaves_the_top_bar_and_the_acting_ai_unit_in_view(make_app, size):
    from tui.systems.star_quest.ai_flow_dialog import AIFlowDialog

    app = make_app("demo", system="star-quest")
    async with app.run_test(size=size) as pilot:
        screen = await round_one(pilot)
        await heroes_pass(pilot, screen)
        await sq_select(pilot, screen, "Cultists")
        await press(pilot, "a", "n")  # †2: not in dangerous terrain; on to Q1
        dialog = await wait_for_screen(pilot, AIFlowDialog)
        above = rows_above(screen_rows(app), "▀ AI activation")
        assert "Round 1/6 · AI phase · ▶ Cultists" in above[0]
        assert any("Cultists" in row and "acting" in row for row in above[1:])
        assert "Is any enemy (a conscious hero) in line of sight?" in rendered(dialog.query_one("#ai-now").content)
        await press(pilot, "escape")
        assert app.screen is screen and screen.scroll_y == 0  # the dashboard fits: no scrollbar
        rows = screen_rows(app)
        assert "Round 1/6 · AI phase" in rows[0] and any("Battle log" in row for row in rows)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_charge_pickers_lie_over_no_part_of_the_step_panel(make_app, size):
    """Charge → Open ground: the "reached / did not reach" picker is not drawn over the
    move's bordered step panel (no piece of it beside or under the picker), and the top
    bar and the charging unit stay above it."""
    from tui.screens.picker_screen import PickerScreen

    app = make_app("demo", system="saga")
    async with app.run_test(size=size) as pilot:
        screen = await first_turn(pilot)
        await saga_select(pilot, screen, "Hirdmen")
        await press(pilot, "c")
        await pick(pilot, "Mounted Thegns")
        await pick(pilot, "Open ground")
        await wait_for_screen(pilot, PickerScreen)
        assert "did not reach" in str([c.label for c in app.screen.choices])
        rows = screen_rows(app)
        top = next(i for i, row in enumerate(rows) if row.startswith("█▀"))
        above = rows[:top]
        assert TOP_BAR in above[0] and any("Hirdmen" in row for row in above[1:]), rows
        for row in rows[top:]:  # the picker's rows, side to side, to the bottom
            assert row.startswith("█") and row.rstrip().endswith("█"), rows

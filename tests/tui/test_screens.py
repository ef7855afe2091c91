"""The other screens: model card, log entry breakdown, settings, pickers, command line."""

from __future__ import annotations

import io
from argparse import Namespace
from pathlib import Path

from .conftest import SIZE, battle_ready, press, start_round_one, status_text
from .test_dashboard import rendered


async def test_enter_on_a_model_shows_its_full_card(make_app):
    from tui.systems.sanctum_mortalis.model_card_screen import ModelCardScreen

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await battle_ready(pilot)
        model = screen.state.model(screen.selected)
        await press(pilot, "enter")
        assert isinstance(app.screen, ModelCardScreen)
        text = str(app.screen.query_one("ModelCard").render())
        assert model.name in text and "Profile (effective)" in text and "Toughness" in text
        await press(pilot, "j")
        assert app.screen.model_id != model.id
        await press(pilot, "escape")
        assert app.screen is screen


async def test_a_log_entry_opens_with_its_roll_breakdown(make_app):
    from tui.screens.log_entry_screen import LogEntryScreen

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_round_one(pilot)
        log = screen.query_one("#log")
        log.focus()
        log.highlighted = 0  # the round start, with its roll-off
        await press(pilot, "enter")
        assert isinstance(app.screen, LogEntryScreen)
        text = rendered(app.screen.query_one("Static").content)
        assert "Compared:" in text and "Chance before the roll" in text


async def test_changing_a_setting_is_a_logged_command(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await battle_ready(pilot)
        spec = next(s for s in screen.session.settings if len(s.choices) > 1)
        index = list(screen.session.settings).index(spec)
        await press(pilot, "g")
        app.screen.query_one("OptionList").highlighted = index
        await press(pilot, "enter")  # the setting
        await press(pilot, "down", "enter")  # its other reading
        assert screen.state.setting(spec.key) != spec.default
        assert spec.ref in status_text(screen)


async def test_ending_a_round_early_asks_first(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_round_one(pilot)
        await press(pilot, "E")
        assert "have not acted" in str(app.screen.query_one("#question").render())
        await press(pilot, "up", "enter")  # "Keep playing" starts highlighted
        assert screen.state.order.phase == "round-over"
        assert "Press n" in str(screen.query_one("#tracker").render()) or "start round 2" in str(
            screen.query_one("#tracker").render()
        )


async def test_removing_a_model_asks_who_took_it_out(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_round_one(pilot)
        model = screen.selected
        await press(pilot, "x", "home", "enter")  # "No" starts highlighted
        assert not screen.state.model(model).on_table
        assert "out" in str(screen.band(screen.state.model(model).side).get_cell(model, "status"))


async def test_picking_up_a_marker_shows_it_on_the_model(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_round_one(pilot)
        model = next(
            m
            for m in screen.state.models_of(screen.state.order.to_act)
            if not m.spec.pet and "collector" not in m.spec.skills
        )
        screen.select_model(model.id, focus=True)
        on_table = screen.state.markers_on_table
        await press(pilot, "p")
        while type(app.screen).__name__ == "PickerScreen":
            await press(pilot, "enter")
        assert screen.state.model(model.id).tech_markers == 1
        assert screen.state.markers_on_table == on_table - 1
        assert "✦" in str(screen.band(model.side).get_cell(model.id, "markers"))


def test_list_and_export_print_the_saves(saves_dir: Path, make_app):
    from tui.launch import export_battle, list_battles
    from tui.opening import LaunchPlan, open_plan

    session = open_plan(LaunchPlan(saves=str(saves_dir), seed=3))
    from engine.rulesets.sanctum_mortalis.commands import StartRound

    session.submit(StartRound())
    path = session.path
    session.close()
    out = io.StringIO()
    assert list_battles(Namespace(saves=str(saves_dir)), out) == 0
    assert path.name in out.getvalue() and "[1 event (newest #0)]" in out.getvalue()
    line = next(x for x in out.getvalue().splitlines() if path.name in x)
    assert "Sanctum Mortalis" in line and "scenario Slaughter" in line and "in play" in line
    out = io.StringIO()
    assert export_battle(Namespace(saves=str(saves_dir), file=str(path), output=None), out) == 0
    assert "Round 1 begins" in out.getvalue() and "chance before the roll" in out.getvalue()


async def test_a_move_shows_the_allowance_and_is_logged(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_round_one(pilot)
        model = screen.selected
        await press(pilot, "m")
        assert "up to" in str(app.screen.choices[0].label)
        await press(pilot, "enter")
        assert screen.state.model(model).moves == 1
        assert "moves up to" in status_text(screen)


def test_the_list_counts_events_as_the_log_footer_does_and_explains_the_entries_saved(saves_dir: Path):
    """QA: the log footer said "25 events", the review "the newest is #36", the list
    "[45 entries]": the list now says the footer's count and newest number, and how many
    entries the save holds when undo and redo make more."""
    from engine.rulesets.sanctum_mortalis.commands import StartRound
    from tui.launch import list_battles
    from tui.opening import LaunchPlan, open_plan

    session = open_plan(LaunchPlan(saves=str(saves_dir), seed=3))
    session.submit(StartRound())
    session.undo()
    session.submit(StartRound())
    path = session.path
    session.close()
    out = io.StringIO()
    assert list_battles(Namespace(saves=str(saves_dir)), out) == 0
    line = next(x for x in out.getvalue().splitlines() if path.name in x)
    assert "[1 event (newest #2), 3 entries saved with undo and redo]" in line

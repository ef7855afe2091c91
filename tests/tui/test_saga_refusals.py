"""Issue 17 items 3 and 4 on the SAGA dashboard: an activation the rules forbid is refused
before any target picker opens, esc in the melee dialog with typed dice asks (and q keeps
them), and the tracker counts activated units with the engine's count (the unit panes
mark each unit's activations and give no total)."""

from __future__ import annotations

from engine.rulesets.saga.queries import activation_counts
from tui.counts import acted_text
from tui.screens.picker_screen import PickerScreen
from tui.systems.saga.melee_dialog import MeleeDialog
from tui.systems.saga.tracker import SagaTracker

from .conftest import SIZE, press, settle, status_text
from .saga_pilot import first_turn, pick, select, type_dice


async def test_a_unit_out_of_its_turn_is_refused_before_any_picker(make_app):
    app = make_app("demo", system="saga")
    async with app.run_test(size=SIZE) as pilot:
        screen = await first_turn(pilot)
        await select(pilot, screen, "Ceorls")  # side B, in side A's turn
        events = len(screen.session.view.events)
        for key in ("s", "c", "m"):
            await press(pilot, key)
            await settle(pilot)
            assert app.screen is screen, f"{key} opened {app.screen}"
            assert len(screen.session.view.events) == events
            assert "turn" in status_text(screen) and "[SAGA-M5]" in status_text(screen)


async def test_esc_in_the_melee_dialog_with_typed_dice_asks_and_q_keeps_them(make_app):
    app = make_app("demo", system="saga")
    async with app.run_test(size=SIZE) as pilot:
        screen = await first_turn(pilot)
        await select(pilot, screen, "Hirdmen")
        await press(pilot, "E")
        await pick(pilot, "Ceorls")
        dialog = app.screen
        assert isinstance(dialog, MeleeDialog)
        await press(pilot, "enter", "enter", "enter", "enter")  # steps 1 to 3 (each side declares): nothing changed
        assert screen.state.melee.step == 4
        await type_dice(pilot, "6 6 5")
        typed = dialog.query_one("#melee-dice").value
        await press(pilot, "q")  # not a key of the dialog: the dice stay
        assert app.screen is dialog and dialog.query_one("#melee-dice").value == typed
        await press(pilot, "escape")
        await settle(pilot)
        assert isinstance(app.screen, PickerScreen)
        assert app.screen.choices[app.screen.query_one("#choices").highlighted].value is None
        await press(pilot, "enter")  # no: keep them
        await settle(pilot)
        assert app.screen is dialog and dialog.query_one("#melee-dice").value == typed


async def test_the_tracker_counts_activated_units_with_the_engines_count(make_app):
    app = make_app("demo", system="saga")
    async with app.run_test(size=SIZE) as pilot:
        screen = await first_turn(pilot)
        await select(pilot, screen, "Hirdmen")
        await press(pilot, "m")
        await pick(pilot, "Over open ground")
        await pick(pilot, "Hirdmen moved M")
        await settle(pilot)
        counts = activation_counts(screen.state, "A")
        assert counts.acted == 1
        tracker = str(screen.query_one(SagaTracker).render())
        assert acted_text(counts, "units activated") in tracker


async def test_the_fatigue_correction_starts_on_no_change(make_app):
    app = make_app("demo", system="saga")
    async with app.run_test(size=SIZE) as pilot:
        screen = await first_turn(pilot)
        await select(pilot, screen, "Hirdmen")
        state = screen.state
        await press(pilot, "x")
        await settle(pilot)
        picker = app.screen
        assert isinstance(picker, PickerScreen)
        assert picker.choices[picker.query_one("#choices").highlighted].value is None
        await press(pilot, "enter")
        await settle(pilot)
        assert app.screen is screen and screen.state == state


async def test_engage_and_a_saga_ability_are_refused_before_any_picker_while_a_move_is_open(make_app):
    app = make_app("demo", system="saga")
    async with app.run_test(size=SIZE) as pilot:
        screen = await first_turn(pilot)
        await select(pilot, screen, "Hirdmen")
        await press(pilot, "m")
        await pick(pilot, "Over open ground")
        await settle(pilot)
        while app.screen is not screen:  # the move's completion is asked at once: put it off
            await press(pilot, "escape")
            await settle(pilot)
        assert screen.state.busy == "move"
        await select(pilot, screen, "Bondi")
        events = len(screen.session.view.events)
        for key in ("E", "A"):
            await press(pilot, key)
            await settle(pilot)
            assert app.screen is screen, f"{key} opened {app.screen}"
            assert "finish the move" in status_text(screen), key
        assert len(screen.session.view.events) == events


async def test_a_fatigue_change_the_engine_would_refuse_is_greyed_with_its_reason(make_app):
    app = make_app("demo", system="saga")
    async with app.run_test(size=SIZE) as pilot:
        screen = await first_turn(pilot)
        uid = await select(pilot, screen, "Bondi")
        assert screen.state.unit(uid).fatigue == 0
        await press(pilot, "x")
        picker = app.screen
        assert isinstance(picker, PickerScreen)
        why = {ch.label: ch.why_not for ch in picker.choices}
        assert all("never goes below 0" in w for label, w in why.items() if label.startswith("-1"))
        assert not any(w for label, w in why.items() if label.startswith("+1"))
        await press(pilot, "escape")

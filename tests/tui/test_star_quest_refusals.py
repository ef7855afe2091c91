"""Issue 17 items 3 and 4 on the Star Quest dashboard: a hero that has activated is
refused its action, skill and shot before any picker opens; a GM correction starts on
"No change"; q or esc in a roll dialog with typed dice asks; the tracker counts with the
engine's count."""

from __future__ import annotations

from engine.rulesets.star_quest.queries import activation_counts
from tui.counts import fraction_text
from tui.dialogs.roll_dialog import RollDialog
from tui.screens.picker_screen import PickerScreen
from tui.systems.star_quest.tracker import SQTracker

from .conftest import SIZE, press, settle, status_text
from .saga_pilot import pick
from .sq_pilot import round_one, select


def highlighted_value(app):
    picker = app.screen
    assert isinstance(picker, PickerScreen), picker
    return picker.choices[picker.query_one("#choices").highlighted].value


async def test_a_hero_that_has_activated_is_refused_before_any_picker(make_app):
    app = make_app("demo", system="star-quest")
    async with app.run_test(size=SIZE) as pilot:
        screen = await round_one(pilot)
        vex = await select(pilot, screen, "Captain Vex")
        await press(pilot, "a", "e")
        await settle(pilot)
        assert screen.state.unit(vex).activated and screen.state.activation is None
        await select(pilot, screen, "Captain Vex")  # the selection moved on to the next hero
        events = len(screen.session.view.events)
        for key in ("s", "t", "u"):
            await press(pilot, key)
            await settle(pilot)
            assert app.screen is screen, f"{key} opened {app.screen}"
            assert len(screen.session.view.events) == events
            assert "already activated" in status_text(screen)


async def test_a_shot_before_hold_or_advance_is_refused_before_the_target_picker(make_app):
    app = make_app("demo", system="star-quest")
    async with app.run_test(size=SIZE) as pilot:
        screen = await round_one(pilot)
        await select(pilot, screen, "Captain Vex")
        events = len(screen.session.view.events)
        await press(pilot, "s")
        await settle(pilot)
        assert app.screen is screen and len(screen.session.view.events) == events
        assert "Hold or Advance" in status_text(screen)


async def test_gm_corrections_start_on_no_change(make_app):
    app = make_app("demo", system="star-quest")
    async with app.run_test(size=SIZE) as pilot:
        screen = await round_one(pilot)
        await select(pilot, screen, "Captain Vex")
        state = screen.state
        for key in ("p", "w", "x"):
            await press(pilot, key)
            await settle(pilot)
            assert highlighted_value(app) is None, key
            await press(pilot, "enter")
            await settle(pilot)
            assert app.screen is screen and screen.state == state


async def test_q_or_esc_in_the_shot_dialog_with_typed_dice_asks_and_keeps_them(make_app):
    app = make_app("demo", system="star-quest")
    async with app.run_test(size=SIZE) as pilot:
        screen = await round_one(pilot)
        await select(pilot, screen, "Captain Vex")
        await press(pilot, "t")
        await pick(pilot, "Hold")
        await press(pilot, "s")
        await pick(pilot, "Cultists")
        dialog = app.screen
        assert isinstance(dialog, RollDialog)
        await press(pilot, "5")
        for key in ("q", "escape"):
            await press(pilot, key)
            await settle(pilot)
            assert highlighted_value(app) is None
            await press(pilot, "enter")
            await settle(pilot)
            assert app.screen is dialog and dialog.query_one("#dice").value == "5"


async def test_the_tracker_counts_with_the_engines_count(make_app):
    app = make_app("demo", system="star-quest")
    async with app.run_test(size=SIZE) as pilot:
        screen = await round_one(pilot)
        await select(pilot, screen, "Captain Vex")
        await press(pilot, "a", "e")
        await settle(pilot)
        heroes, ai = activation_counts(screen.state, "heroes"), activation_counts(screen.state, "ai")
        assert heroes.acted == 1
        tracker = str(screen.query_one(SQTracker).render())
        assert f"acted: heroes {fraction_text(heroes)}, AI {fraction_text(ai)}" in tracker, tracker


async def test_jumps_are_greyed_with_the_engines_reason_before_any_die_for_a_hero_not_acting(make_app):
    app = make_app("demo", system="star-quest")
    async with app.run_test(size=SIZE) as pilot:
        screen = await round_one(pilot)
        await select(pilot, screen, "Captain Vex")
        ilsa = await select(pilot, screen, "Sister Ilsa")
        await press(pilot, "a")
        await settle(pilot)
        assert screen.state.activation is not None and screen.state.activation.unit == ilsa
        await select(pilot, screen, "Captain Vex")
        await press(pilot, "J")
        await settle(pilot)
        picker = app.screen
        assert isinstance(picker, PickerScreen)
        jumps = [ch for ch in picker.choices if type(ch.value).__name__ == "Jump"]
        falls = [ch for ch in picker.choices if type(ch.value).__name__ == "Fall"]
        assert jumps and all("not the unit activating" in ch.why_not for ch in jumps), [ch.why_not for ch in jumps]
        assert falls and not any(ch.why_not for ch in falls)
        await press(pilot, "escape")


async def test_a_wound_correction_the_engine_would_refuse_is_greyed_with_its_reason(make_app):
    from engine.rulesets.star_quest import commands as c
    from engine.rulesets.star_quest.queries import refused_now

    app = make_app("demo", system="star-quest")
    async with app.run_test(size=SIZE) as pilot:
        screen = await round_one(pilot)
        vex = await select(pilot, screen, "Captain Vex")
        heal = refused_now(screen.state, c.AdjustWounds(vex, -1, "GM"))
        await press(pilot, "w")
        picker = app.screen
        assert isinstance(picker, PickerScreen)
        why = {str(ch.label): ch.why_not for ch in picker.choices}
        assert why["-1 wound"] == (str(heal) if heal else "") and not why["+1 wound"]
        await press(pilot, "escape")


async def test_the_card_of_the_hero_acting_says_acting_now_and_the_tracker_counts_it(make_app):
    """QA: Captain Vex "▶ acting" in the pane, "Activated  not yet this round" on his card."""
    from tui.systems.star_quest.card_screen import SQCardScreen

    from .pilot_waits import wait_for_screen
    from .test_dashboard import rendered

    app = make_app("demo", system="star-quest")
    async with app.run_test(size=SIZE) as pilot:
        screen = await round_one(pilot)
        await select(pilot, screen, "Captain Vex")
        await press(pilot, "a")
        await settle(pilot)
        assert "acted: heroes 1/3" in str(screen.query_one(SQTracker).render())
        await press(pilot, "enter")
        card = await wait_for_screen(pilot, SQCardScreen)
        text = "\n".join(rendered(s.content) for s in card.query("Static"))
        assert "▶ acting now" in text and "not yet this round" not in text, text

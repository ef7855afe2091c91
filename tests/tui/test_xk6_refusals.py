"""Issue 17 items 3 and 4 on the xK6 dashboard: a model that may not activate or attack
now is refused before any picker opens, the GM's take-out question starts on "No change",
esc or q in the attack dialog with typed dice asks, and the tracker counts with the
engine's count."""

from __future__ import annotations

from engine.ruleset import find_system
from engine.rulesets.xk6 import commands as c
from engine.rulesets.xk6.queries import activation_counts
from tui.counts import fraction_text
from tui.screens.picker_screen import PickerScreen
from tui.systems.xk6.tracker import XK6Tracker

from .conftest import SIZE, press, settle, status_text
from .test_xk6_dashboard import open_carbine_attack, pick, type_dice, vance_activated, xk6_ready


def highlighted_value(app):
    picker = app.screen
    assert isinstance(picker, PickerScreen), picker
    return picker.choices[picker.query_one("#choices").highlighted].value


async def test_activating_or_attacking_out_of_turn_is_refused_before_any_picker(make_app):
    app = make_app("demo", system="xk6")
    async with app.run_test(size=SIZE) as pilot:
        screen = await xk6_ready(pilot)
        await press(pilot, "n")
        await type_dice(pilot, "5 2")
        await press(pilot, "n")
        await pick(pilot, "Kestrel Squad activates first")
        events = len(screen.session.view.events)
        enemy = next(m.id for m in screen.state.models if m.side == "B")
        screen.select_model(enemy, focus=True)
        await settle(pilot)
        for key, rule in (("a", "§5.1"), ("s", "§5.2")):
            await press(pilot, key)
            await settle(pilot)
            assert app.screen is screen, f"{key} opened {app.screen}"
            assert len(screen.session.view.events) == events
            assert find_system("xk6").cite(rule) in status_text(screen)  # the sheet's heading


async def test_the_take_out_question_starts_on_no_change(make_app):
    app = make_app("demo", system="xk6")
    async with app.run_test(size=SIZE) as pilot:
        screen = await xk6_ready(pilot)
        screen.select_model("A.sgt-vance", focus=True)
        await press(pilot, "x")
        await settle(pilot)
        assert highlighted_value(app) is None
        await press(pilot, "enter")
        await settle(pilot)
        assert app.screen is screen and screen.state.model("A.sgt-vance").in_play


async def test_esc_or_q_in_the_attack_dialog_with_typed_dice_asks_and_keeps_them(make_app):
    app = make_app("demo", system="xk6")
    async with app.run_test(size=SIZE) as pilot:
        await vance_activated(pilot)
        dialog = await open_carbine_attack(pilot)
        await press(pilot, "6", "space", "2")
        for key in ("q", "escape"):
            await press(pilot, key)
            await settle(pilot)
            assert highlighted_value(app) is None
            await press(pilot, "enter")  # no: keep them
            await settle(pilot)
            assert app.screen is dialog and dialog.query_one("#dice").value == "6 2"


async def test_the_tracker_counts_with_the_engines_count_a_model_out_of_play_apart(make_app):
    app = make_app("demo", system="xk6")
    async with app.run_test(size=SIZE) as pilot:
        screen = await vance_activated(pilot)
        out = next(m.id for m in screen.state.models if m.side == "B")
        screen.session.submit(c.RemoveModel(out, "test"))
        await settle(pilot)
        await press(pilot, "e")
        await settle(pilot)
        tracker = str(screen.query_one(XK6Tracker).render())
        a, b = activation_counts(screen.state, "A"), activation_counts(screen.state, "B")
        assert a.acted == 1 and b.out == 1
        assert f"activated {fraction_text(a)}, {fraction_text(b)}" in tracker, tracker


async def test_designate_skill_and_react_are_refused_before_any_picker_with_the_rule(make_app):
    from engine.rulesets.xk6 import tables as t

    app = make_app("demo", system="xk6")
    async with app.run_test(size=SIZE) as pilot:
        screen = await xk6_ready(pilot)
        screen.submit(c.StartTurn(faces=(6, 1)))
        screen.submit(c.ChooseFirst("A"))
        await settle(pilot)
        screen.select_model("A.doc-hale", focus=True)
        await settle(pilot)
        events = len(screen.session.view.events)
        cases = [("d", "only a model activated to", "§5.2"), ("u", "only a model activated to", "§5.2")]
        cases.append(("r", "none is under way", "§14"))
        for key, reason, rule in cases:
            await press(pilot, key)
            await settle(pilot)
            assert app.screen is screen, f"{key} opened {app.screen}"
            assert reason in status_text(screen) and find_system("xk6").cite(rule) in status_text(screen), key
        screen.submit(c.Activate("A.doc-hale", t.MOVE_DESIGNATE, speed="still"))
        await settle(pilot)
        while app.screen is not screen:  # the designation picker opens by itself: a target
            await press(pilot, "down", "enter")
            await settle(pilot)
        assert screen.state.turn.designations
        events = len(screen.session.view.events)
        await press(pilot, "d")  # designated already: refused, no picker
        await settle(pilot)
        assert app.screen is screen and "already done" in status_text(screen)
        screen.select_model("B.shade", focus=True)
        await settle(pilot)
        await press(pilot, "r")  # no held action: refused, no picker
        await settle(pilot)
        assert app.screen is screen and "no held action" in status_text(screen)
        assert len(screen.session.view.events) == events

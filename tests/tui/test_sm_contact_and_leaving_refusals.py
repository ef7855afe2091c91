"""Issue 17 on the Sanctum Mortalis dashboard, the last keys: contact (``i``), leaving the
table (``l``), removing a model (``x``) and picking up (``p``) are refused before any
question when the engine forbids them (its reason and rule in the status line, nothing
saved), and an Intercept the engine would refuse is greyed with its reason."""

from __future__ import annotations

from engine.ruleset import find_system
from engine.rulesets.sanctum_mortalis import commands as c
from tui.screens.picker_screen import PickerScreen

from .conftest import SIZE, press, settle, start_round_one, status_text

SM = find_system("sanctum-mortalis")


async def test_a_model_off_the_table_is_refused_contact_leaving_and_removal_before_any_question(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_round_one(pilot)
        side = screen.state.order.to_act
        gone = next(m for m in screen.state.models if m.side == side)
        screen.submit(c.LeaveTable(gone.id))
        await settle(pilot)
        assert not screen.state.model(gone.id).on_table
        screen.select_model(gone.id, focus=True)
        events = len(screen.session.view.events)
        for key, rule in (("i", "§8.1"), ("l", "§7.7"), ("x", "")):
            await press(pilot, key)
            await settle(pilot)
            assert app.screen is screen, f"{key} opened {app.screen}"
            assert len(screen.session.view.events) == events
            assert "not on the table" in status_text(screen) and SM.cite(rule) in status_text(screen)


async def test_an_engaged_model_is_refused_picking_up_and_its_intercepts_are_greyed(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_round_one(pilot)
        side = screen.state.order.to_act
        mine = next(m for m in screen.state.waiting(side) if not (m.spec.pet or m.spec.volunteer))
        foe = next(m for m in screen.state.models if m.on_table and m.side not in (side, mine.side))
        screen.submit(c.Engage(mine.id, foe.id))
        await settle(pilot)
        assert foe.id in screen.state.model(mine.id).engaged_with
        screen.select_model(mine.id, focus=True)
        events = len(screen.session.view.events)
        await press(pilot, "p")
        await settle(pilot)
        assert (
            app.screen is screen
            and "engaged in melee" in status_text(screen)
            and SM.cite("§8.1") in status_text(screen)
        )
        await press(pilot, "i")
        await settle(pilot)
        picker = app.screen
        assert isinstance(picker, PickerScreen), picker
        intercepts = [ch for ch in picker.choices if "Intercepts" in str(ch.label)]
        assert intercepts and all("§11.1" in ch.why_not or SM.cite("§11.1") in ch.why_not for ch in intercepts)
        apart = [ch for ch in picker.choices if "No longer in contact" in str(ch.label)]
        assert apart and not any(ch.why_not for ch in apart)
        await press(pilot, "escape")
        await settle(pilot)
        assert len(screen.session.view.events) == events


async def test_ending_a_battle_already_ended_is_refused_before_the_question(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_round_one(pilot)
        screen.submit(c.EndBattle())
        await settle(pilot)
        assert screen.state.ended
        events = len(screen.session.view.events)
        await press(pilot, "ctrl+e")
        await settle(pilot)
        assert app.screen is screen, f"ctrl+e opened {app.screen}"
        assert "already ended" in status_text(screen) and SM.cite("§14") in status_text(screen)
        assert len(screen.session.view.events) == events

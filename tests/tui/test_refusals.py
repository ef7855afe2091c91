"""Issue 17 items 3 and 4 on the Sanctum Mortalis dashboard: a forbidden action is refused
before any picker, an end with a Toughness roll pending asks first, every end / remove
question starts on its harmless answer, esc or q in a roll dialog with typed dice asks,
and the tracker and the band panes count acted / out the same way."""

from __future__ import annotations

from engine.rulesets.sanctum_mortalis import commands as c
from engine.rulesets.sanctum_mortalis.queries import activation_counts
from tui.counts import acted_text
from tui.dialogs.roll_dialog import RollDialog
from tui.screens.picker_screen import PickerScreen

from .conftest import SIZE, press, settle, start_round_one, status_text, through_pickers


def highlighted_value(app):
    picker = app.screen
    assert isinstance(picker, PickerScreen), picker
    index = picker.query_one("#choices").highlighted
    return picker.choices[index].value


async def test_a_shot_by_an_activated_model_is_refused_before_any_picker(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_round_one(pilot)
        side = screen.state.order.to_act
        shooter = next(m for m in screen.state.waiting(side) if m.spec.ranged)
        screen.select_model(shooter.id, focus=True)
        await press(pilot, "a", "e")  # it activates and ends at once
        assert screen.state.model(shooter.id).activated
        screen.select_model(shooter.id, focus=True)
        events = len(screen.session.view.events)
        for key in ("s", "p", "O"):
            await press(pilot, key)
            await settle(pilot)
            assert app.screen is screen, f"{key} opened {app.screen}"
            assert len(screen.session.view.events) == events
            assert "already been activated" in status_text(screen)
            assert "Kolejność działań (Order of play), p. 5" in status_text(screen)
        await press(pilot, "m")  # its side no longer acts: refused at the key, as s is
        await settle(pilot)
        assert app.screen is screen and "already been activated" in status_text(screen)
        assert len(screen.session.view.events) == events


async def test_at_60x20_m_on_a_model_of_the_side_not_acting_is_refused_at_the_key(make_app):
    """QA: the Move menu opened with every entry greyed ("it is …'s activation, not …'s
    side"); `s` and `f` are refused at the key with the engine's reason, and so is `m`."""
    from engine.rulesets.sanctum_mortalis.queries import can

    app = make_app()
    async with app.run_test(size=(60, 20)) as pilot:
        screen = await start_round_one(pilot)
        other = next(m for m in screen.state.waiting(screen.state.opponent(screen.state.order.to_act)))
        screen.select_model(other.id, focus=True)
        await settle(pilot)
        events = len(screen.session.view.events)
        await press(pilot, "m")
        await settle(pilot)
        assert app.screen is screen, f"m opened {app.screen}"
        assert str(can(screen.state, "move", other.id).reason) in status_text(screen)
        assert "activation, not" in status_text(screen) and len(screen.session.view.events) == events
        acting = next(m for m in screen.state.waiting(screen.state.order.to_act))
        screen.select_model(acting.id, focus=True)
        await press(pilot, "m")  # the side acting: the menu opens
        assert app.screen is not screen
        await press(pilot, "escape")


async def _pending_save(pilot, screen):
    """A shot that hits (typed 1 1), its Toughness roll put off with esc."""
    side = screen.state.order.to_act
    shooter = next(m for m in screen.state.waiting(side) if m.spec.ranged and m.spec.ranged[0] != "flamer")
    screen.select_model(shooter.id, focus=True)
    await press(pilot, "s")
    await through_pickers(pilot)
    await press(pilot, "1", "space", "1", "enter")
    await settle(pilot)
    assert screen.state.pending and isinstance(pilot.app.screen, RollDialog)
    await press(pilot, "escape")  # the Toughness roll is put off
    await settle(pilot)
    assert pilot.app.screen is screen


async def test_ending_an_activation_with_a_toughness_roll_pending_asks_and_no_keeps_it(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_round_one(pilot)
        await _pending_save(pilot, screen)
        state, events = screen.state, len(screen.session.view.events)
        for key in ("e", "E"):
            await press(pilot, key)
            await settle(pilot)
            assert isinstance(app.screen, PickerScreen)
            assert "still pending" in str(app.screen.query_one("#question").render())
            assert highlighted_value(app) is None  # "No: keep playing"
            await press(pilot, "enter")
            await settle(pilot)
            assert screen.state == state and len(screen.session.view.events) == events
        await press(pilot, "e", "up", "enter")  # yes: the GM ends it anyway
        await settle(pilot)
        assert screen.state.order.active_model is None and screen.state.pending


async def test_end_and_remove_questions_start_on_the_harmless_answer(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_round_one(pilot)
        state = screen.state
        for key in ("ctrl+e", "x", "E"):
            await press(pilot, key)
            await settle(pilot)
            assert highlighted_value(app) is None, key
            await press(pilot, "enter")
            await settle(pilot)
            assert app.screen is screen and screen.state == state


async def test_q_or_esc_in_a_roll_dialog_with_typed_dice_asks_and_keeps_them(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_round_one(pilot)
        side = screen.state.order.to_act
        shooter = next(m for m in screen.state.waiting(side) if m.spec.ranged and m.spec.ranged[0] != "flamer")
        screen.select_model(shooter.id, focus=True)
        await press(pilot, "s")
        dialog = await through_pickers(pilot)
        await press(pilot, "3", "space", "4")
        for key in ("q", "escape"):
            await press(pilot, key)
            await settle(pilot)
            assert isinstance(app.screen, PickerScreen) and highlighted_value(app) is None
            await press(pilot, "enter")  # no: keep them
            await settle(pilot)
            assert app.screen is dialog and dialog.query_one("#dice").value == "3 4"
        await press(pilot, "enter")  # the typed dice still roll
        await settle(pilot)
        shot = [e for e in screen.session.view.events if e.kind == "shot"][-1]
        assert [d["face"] for d in shot.payload["roll"]["dice"]] == [3, 4]


async def test_tracker_and_band_panes_count_the_same_after_round_1_and_at_round_2(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_round_one(pilot)
        out = screen.state.waiting("A")[0]
        screen.session.submit(c.RemoveModel(out.id, cause="test"))
        await settle(pilot)
        screen.session.submit(c.EndRound(force=True))
        await settle(pilot)

        def agree() -> None:
            tracker = str(screen.query_one("#tracker").render())
            for side in ("A", "B"):
                text = acted_text(activation_counts(screen.state, side))
                assert text in tracker, (text, tracker)
                assert text in str(screen.band(side).border_subtitle), screen.band(side).border_subtitle

        agree()
        assert activation_counts(screen.state, "A").out == 1
        await press(pilot, "n")
        await settle(pilot)
        if isinstance(app.screen, RollDialog):
            await press(pilot, "enter")
            await settle(pilot)
        if isinstance(app.screen, PickerScreen):
            await press(pilot, "enter")
            await settle(pilot)
        assert screen.state.round == 2
        counts = activation_counts(screen.state, "A")
        assert counts.acted == 0 and counts.out == 1
        agree()

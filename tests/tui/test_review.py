"""Review mode: step through the log and the dashboard shows the battle as it was;
the log filter; commands wait for the present."""

from __future__ import annotations

from engine.battle import Battle

from .conftest import press, settle, start_round_one, status_text, through_pickers


async def _play_a_little(pilot, screen):
    model = screen.selected
    await press(pilot, "a", "d")  # activate, defensive stance
    await press(pilot, "e")
    return model


async def test_stepping_back_shows_the_state_after_that_event(make_app):
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start_round_one(pilot)
        model = await _play_a_little(pilot, screen)
        events = screen.session.view.events
        saved = screen.session.view.saved
        await press(pilot, "left_square_bracket")
        assert screen.review == len(events) - 1
        # the panes show exactly the replay of the log up to that event
        replay = Battle(screen.session.battle.header, [e.to_dict() for e in screen.session.view.entries])
        assert screen.shown_state == replay.state_at(len(events) - 1)
        banner = str(screen.query_one("#tracker").render())
        assert "REVIEW" in banner
        # one numbering, the log's: the entry shown and the newest, no "event N of M"
        assert f"after #{events[-2].seq} " in banner and f"the newest is #{events[-1].seq}" in banner
        assert " of " not in banner.split("·")[0]
        await press(pilot, "left_square_bracket", "left_square_bracket")  # before the stance
        assert "◆" not in str(screen.band(screen.state.model(model).side).get_cell(model, "markers"))
        assert "defensive-stance" in screen.state.model(model).markers  # the present is untouched
        log = screen.query_one("LogPane")
        assert log.highlighted_seq == events[screen.review - 1].seq
        await press(pilot, "d")  # commands wait for the present
        assert screen.session.view.saved == saved and "Reviewing" in status_text(screen)
        await press(pilot, "escape")
        assert screen.review is None
        assert "◆" in str(screen.band(screen.state.model(model).side).get_cell(model, "markers"))


async def test_round_jumps_and_stepping_past_the_end_return_to_the_present(make_app):
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start_round_one(pilot)
        await _play_a_little(pilot, screen)
        await press(pilot, "left_curly_bracket")  # the start of round 1
        first_of_round = next(i for i, e in enumerate(screen.session.view.events) if e.round == 1)
        assert screen.review == first_of_round
        await press(pilot, "left_curly_bracket")
        assert screen.review == 0  # before the first event
        for _ in range(len(screen.session.view.events)):
            await press(pilot, "right_square_bracket")
        assert screen.review is None


async def test_the_log_filter_shows_one_models_entries(make_app):
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start_round_one(pilot)
        model = await _play_a_little(pilot, screen)
        name = screen.state.model(model).name
        screen.select_model(model, focus=True)
        await press(pilot, "slash")
        picker = app.screen
        labels = [str(c.label) for c in picker.choices]
        picker.query_one("OptionList").highlighted = labels.index(f"{name}: the selected one's entries")
        await press(pilot, "enter")
        log = screen.query_one("LogPane")
        shown = {int(o.id) for o in log.options}
        events = {e.seq: e for e in screen.session.view.events}
        assert shown and all(name in events[seq].text for seq in shown), [events[s].text for s in shown]
        assert shown == {seq for seq, e in events.items() if e.actor == model or model in str(e.payload)}
        assert "only" in log.border_title
        await press(pilot, "slash", "enter")  # Everything
        assert len(log.options) == len(screen.session.view.events)


async def test_the_luck_screen_sums_the_exact_odds_of_the_rolls(make_app):
    from fractions import Fraction

    from tui.dialogs.roll_dialog import RollDialog
    from tui.screens.luck_screen import LuckScreen

    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start_round_one(pilot)
        side = screen.state.order.to_act
        shooter = next(m for m in screen.state.models_of(side) if m.spec.ranged and m.spec.ranged[0] != "flamer")
        screen.select_model(shooter.id, focus=True)
        await press(pilot, "a", "s")
        await through_pickers(pilot)
        await press(pilot, "6", "space", "6", "enter")  # a miss
        await settle(pilot)
        if isinstance(app.screen, RollDialog):  # the shooter's re-roll is offered: declined
            await press(pilot, "enter")
        await press(pilot, "L")
        luck = app.screen
        assert isinstance(luck, LuckScreen)
        shot = [e for e in screen.session.view.events if e.kind == "shot"][-1]
        chance = Fraction(*shot.payload["roll"]["probability"])
        row = next(r for r in luck.table if r.side == side)
        assert row.rolls >= 1 and row.successes == 0 and row.expected >= chance
        await press(pilot, "escape")
        assert not isinstance(app.screen, LuckScreen)

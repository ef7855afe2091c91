"""GM bookkeeping from the keyboard: victory points, tricks, ending the battle."""

from __future__ import annotations

from .conftest import press, settle, start_round_one, through_pickers


async def test_victory_points_are_awarded_from_the_keyboard(make_app):
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start_round_one(pilot)
        await press(pilot, "v", "enter")  # +1 VP to the first band
        assert screen.state.sides[0].vp == 1
        await press(pilot, "ctrl+z")
        assert screen.state.sides[0].vp == 0


async def test_ending_the_battle_shows_the_result(make_app):
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start_round_one(pilot)
        await press(pilot, "v", "enter", "ctrl+e", "up", "enter")  # "No" starts highlighted
        assert screen.state.ended
        assert screen.state.result["winner"] == screen.state.sides[0].key
        assert "wins" in screen.session.view.events[-1].text


async def test_a_technomancer_casts_a_trick_and_loses_a_charge(make_app):
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start_round_one(pilot)
        caster = next((m for m in screen.state.models if m.trick_charges), None)
        assert caster is not None, "the demo bands include a Technomancer"
        if screen.state.order.to_act != caster.side:
            other = next(m for m in screen.state.waiting(screen.state.order.to_act))
            screen.select_model(other.id, focus=True)
            await press(pilot, "a", "e")
        screen.select_model(caster.id, focus=True)
        trick, charges = caster.trick_charges[0]
        await press(pilot, "T")
        if trick == "short-circuit":  # a shot: its target (and any Dispel question), then its roll
            await through_pickers(pilot)
            await press(pilot, "enter")
        else:
            await press(pilot, "enter", "enter")
        await settle(pilot)
        assert screen.state.model(caster.id).charges(trick) == charges - 1

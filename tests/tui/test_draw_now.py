"""A roll's result is drawn by the handler that applied it (``tui.draw_now``): the
screen under a closing dialog is due to be drawn whole, and is drawn there and then,
already showing everything the settled screen shows."""
from __future__ import annotations

import inspect

from tui.draw_now import draw_now

from .conftest import SIZE, press, settle, start_round_one, through_pickers


def _screen_text(app) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def test_a_roll_is_drawn_inside_the_handler_that_applied_it(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_round_one(pilot)
        side = screen.state.order.to_act
        shooter = next(m for m in screen.state.models_of(side) if m.spec.ranged)
        screen.select_model(shooter.id, focus=True)
        await press(pilot, "s")
        await through_pickers(pilot)
        await press(pilot, "3", "space", "4")
        saved = screen.session.view.saved
        early: list[str] = []
        display = app._display

        def spy(on_screen, renderable):  # noqa: ANN001 - Textual's signature
            display(on_screen, renderable)
            handlers = {frame.function for frame in inspect.stack()}
            if on_screen is screen and "_battle_changed" in handlers and screen.session.view.saved > saved:
                early.append(_screen_text(app))

        app._display = spy
        await press(pilot, "enter")
        await settle(pilot)
        app._display = display
        assert screen.session.view.saved > saved
        assert len(early) == 1  # drawn once, by the handler, not on the screen's next tick
        assert early[0] == _screen_text(app)  # and already the whole settled screen
        assert "3 4 = 7" in early[0]


async def test_nothing_is_drawn_early_when_no_whole_screen_update_is_due(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_round_one(pilot)
        await settle(pilot)
        assert not draw_now(screen)
        screen.refresh()  # due now: drawn at once
        assert draw_now(screen)
        assert not draw_now(screen)

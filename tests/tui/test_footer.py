"""The footer (``SteadyFooter``): the focused pane's keys, following focus (on a log
line, the keys a GM needs there next); a click on a key presses it; the palette key only
when the terminal is wide."""

from __future__ import annotations

import pytest
from textual.widgets import OptionList

from tui.screens.help_screen import HelpScreen
from tui.widgets.log_pane import LogPane
from tui.widgets.steady_footer import SteadyFooter

from .conftest import battle_ready, settle, wait_for_screen


def line(footer: SteadyFooter) -> str:
    return "".join(segment.text for segment in footer.render_line(0))


async def test_the_footer_follows_focus_and_a_click_presses_its_key(make_app):
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await battle_ready(pilot)
        footer = screen.query_one(SteadyFooter)
        await settle(pilot)
        assert footer.shown_keys[0] == "⏎ Card"  # the band pane's own key first
        assert "s Shoot" in footer.shown_keys and "? Help" in footer.shown_keys
        assert line(footer).rstrip().endswith("▏ctrl+p palette")  # wide: the palette key at the right
        screen.query_one(LogPane).focus()
        await settle(pilot)
        await settle(pilot)
        assert footer.shown_keys[0] == "⏎ Details"  # now the log pane's
        assert "s Shoot" in footer.shown_keys  # the battle's keys still there
        at = line(footer).index(" ? Help") + 1
        await pilot.click(SteadyFooter, offset=(at, 0))
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)


async def test_a_narrow_footer_is_compact_without_the_palette_key(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await battle_ready(pilot)
        footer = screen.query_one(SteadyFooter)
        await settle(pilot)
        drawn = line(footer)
        assert len(drawn) == 80
        assert "ctrl+p" not in drawn
        assert drawn.startswith("⏎ Card ? Help n Round")  # tight keys, a space apart
        assert not isinstance(screen.focused, OptionList)


async def footer_on_the_log(pilot):
    """The game screen with the log pane focused: (screen, its footer, the footer's line),
    the line checked to start with the log's own key."""
    from tui.screens.game_screen import GameScreen

    screen = await wait_for_screen(pilot, GameScreen)
    footer = screen.query_one(SteadyFooter)
    screen.query_one(LogPane).focus()
    await settle(pilot)
    drawn = line(footer)
    assert drawn.strip().startswith("⏎ Details"), drawn
    return screen, footer, drawn


@pytest.mark.parametrize("size", [(60, 20), (80, 24), (120, 40)], ids=["60x20", "80x24", "120x40"])
@pytest.mark.parametrize("system", ["sanctum-mortalis", "xk6"])
async def test_on_a_log_line_the_footer_shows_end_activation_and_gm_fix(make_app, system, size):
    """The log's own key comes first, then the keys a GM needs on a log line (help, end
    the activation, undo where the screen shows it, GM fix), before the selected model's
    actions: these were pushed past the footer's end."""
    app = make_app("demo", system="xk6") if system == "xk6" else make_app()
    async with app.run_test(size=size) as pilot:
        screen, footer, drawn = await footer_on_the_log(pilot)
        assert "e End act." in drawn and "G GM fix" in drawn and "? Help" in drawn, drawn
        screen.query_one("#band-A, #models-A").focus()
        await settle(pilot)
        assert footer.shown_keys.index("e End act.") > footer.shown_keys.index("a Activate")  # a pane's order is kept


@pytest.mark.parametrize("size", [(60, 20), (120, 40)], ids=["60x20", "120x40"])
@pytest.mark.parametrize("system", ["sanctum-mortalis", "saga", "xk6", "star-quest"])
async def test_on_a_log_line_the_footer_shows_undo_in_every_system(make_app, system, size):
    """Undo is a key a GM needs on a log line (``on_log``): the footer shows it there after
    the log's own key in every rule system, though SAGA's, xK6's and Star Quest's footers
    leave it out elsewhere (it showed only in Sanctum Mortalis)."""
    app = make_app("demo", system=system)
    async with app.run_test(size=size) as pilot:
        _, footer, drawn = await footer_on_the_log(pilot)
        assert "^z Undo" in drawn and "G GM fix" in drawn, drawn
        keys = footer.shown_keys
        assert keys.index("^z Undo") < keys.index("G GM fix") < len(keys) - 1  # with the log's keys, before the rest

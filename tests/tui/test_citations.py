"""Rules on screen are cited as the rulebook gives them: the book's section, its English
name and page, never the engine's "§x.y" ids."""

from __future__ import annotations

import io

from rich.console import Console
from rich.text import Text
from textual.widgets import OptionList, Static

from engine.ruleset import find_system
from tui.citations import as_is, cite_rich, citer
from tui.dialogs.options import RollOption
from tui.dialogs.roll_dialog import RollDialog, option_line
from tui.screens.help_screen import HelpScreen
from tui.screens.log_entry_screen import LogEntryScreen
from tui.screens.settings_screen import SettingsScreen, setting_line, setting_text

from .conftest import SIZE, press, start_round_one, through_pickers
from .pilot_waits import wait_for_screen

SM = find_system("sanctum-mortalis")


def _plain(renderable: object) -> str:
    console = Console(width=200, record=True, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


SHOOTING_MODIFIERS = "Modyfikatory strzelania (Shooting modifiers), p. 9"


def test_a_modifier_line_shows_the_books_section_and_page():
    cover = RollOption("cover", 'Cover (within 1" of the target)', "§10.3", -1, "toggle")
    line = option_line(0, cover, cite=SM.cite).plain
    assert SHOOTING_MODIFIERS in line and "§" not in line
    assert "§10.3" in option_line(0, cover).plain  # no table: as the engine cites it


def test_a_settings_line_keeps_the_reading_id_and_shows_the_books_section_and_page():
    spec = next(s for s in SM.setting_specs() if s.section == "§10.5")
    text = setting_text(spec, spec.default, SM.cite).plain
    assert "Rodzaje broni dystansowej (Ranged weapons), p. 10" in text and "§" not in text
    shown = _plain(setting_line(spec, spec.default, 6, SM.cite))
    assert shown.startswith(spec.ref) and "Rodzaje broni dystansowej" in shown


def test_cite_rich_keeps_the_styles_around_and_over_a_citation():
    text = Text.assemble(("✗ Not done: ", "bold red"), "too far (", ("§10.3", "dim"), ")")
    out = cite_rich(text, SM.cite)
    assert out.plain == f"✗ Not done: too far ({SHOOTING_MODIFIERS})"
    assert out.spans[0].style == "bold red"
    start = out.plain.index(SHOOTING_MODIFIERS)
    assert any(s.style == "dim" and s.start == start and s.end == start + len(SHOOTING_MODIFIERS) for s in out.spans)
    assert cite_rich("§10.3", as_is) == "§10.3"
    assert citer(None) is as_is


async def test_the_shot_dialog_the_log_entry_settings_and_help_cite_the_book(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_round_one(pilot)
        side = screen.state.order.to_act
        shooter = next(m for m in screen.state.models_of(side) if m.spec.ranged)
        screen.select_model(shooter.id, focus=True)
        await press(pilot, "s")
        await through_pickers(pilot)
        dialog = await wait_for_screen(pilot, RollDialog)
        listing = dialog.query_one("#modifiers", OptionList)
        lines = [str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)]
        assert any(SHOOTING_MODIFIERS in line for line in lines), lines
        assert not any("§" in line for line in lines), lines
        await press(pilot, "3", "5", "enter")
        shot = next(e for e in screen.session.view.events if e.kind == "shot")
        await press(pilot, "escape")  # a hit's Toughness roll may follow: put it off
        screen.show_log_entry(shot.seq)
        entry = await wait_for_screen(pilot, LogEntryScreen)
        detail = str(entry.query_one(Static).render())
        assert "Accuracy 7  Charakterystyki (Characteristics), p. 5" in detail and "§" not in detail, detail
        await press(pilot, "escape")
        screen.action_settings()
        settings = await wait_for_screen(pilot, SettingsScreen)
        listing = settings.query_one(OptionList)
        first = _plain(listing.get_option_at_index(0).prompt)
        assert "p. " in first and "§" not in first, first
        await press(pilot, "escape")
        app.push_screen(HelpScreen.of(screen))
        help_screen = await wait_for_screen(pilot, HelpScreen)
        assert "§" not in str(help_screen.query_one("#guide", Static).render())

"""Rules on screen are cited as the rulebook gives them: the book's section, its English
name and page, never the engine's "§x.y" ids."""

from __future__ import annotations

import io

import pytest
from rich.console import Console
from rich.table import Table
from rich.text import Text
from textual.widgets import OptionList, Static

from engine.ruleset import find_system
from tui.citations import as_is, cite_renderable, cite_rich, citer
from tui.dialogs.options import RollOption
from tui.dialogs.roll_dialog import RollDialog, option_line
from tui.screens.help_screen import HelpScreen
from tui.screens.log_entry_screen import LogEntryScreen
from tui.screens.settings_screen import SettingsScreen, setting_line, setting_text

from .conftest import SIZE, open_first_shot, press, start_round_one
from .pilot_waits import settle, wait_for, wait_for_screen

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
        await open_first_shot(pilot, screen)
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


# ----------------------------------------------------------------------------- everywhere a rule reaches the GM
SYSTEM_OF = {name: find_system(name) for name in ("sanctum-mortalis", "saga", "star-quest", "xk6")}


def _book(system: str, rule: str) -> str:
    """How ``rule`` ("§4.6") reads on screen in ``system``: the book's section (and page)."""
    cited = SYSTEM_OF[system].cite(rule)
    assert "§" not in cited and cited != rule, f"{system} has no citation for {rule}"
    return cited


def test_a_table_is_cited_cell_by_cell_with_its_title_headers_and_row_styles_and_the_original_kept():
    table = Table(title="Stash (§15.10)", box=None)
    table.add_column("Rule §10.3", no_wrap=True)
    table.add_column("Value")
    nested = Table.grid()
    nested.add_column()
    nested.add_row(Text("inside (§10.3)", style="dim"))
    table.add_row("cover (§10.3)", Text("−1 §10.3", style="bold"), style="dim")
    table.add_row(nested, "plain", end_section=True)
    out = cite_renderable(table, SM.cite)
    shown = _plain(out)
    assert "§" not in shown and shown.count(SHOOTING_MODIFIERS) == 4 and "Schowek (Stash), p. 17" in shown
    assert [(r.style, r.end_section) for r in out.rows] == [("dim", False), (None, True)]
    assert out.columns[0].no_wrap and out.box is None
    assert "§10.3" in _plain(table)  # the table given is not changed


def test_a_roll_option_label_and_note_cite_their_rules_too():
    thrust = RollOption("thrust", "+1 Thrust, charging (§10.3)", "§10.3", 1, "toggle", note="see §10.3")
    line = option_line(0, thrust, cite=SM.cite).plain
    assert "§" not in line and line.count(SHOOTING_MODIFIERS) == 3


def _screen_text(app) -> str:
    from .test_no_internal_ids import screen_text

    return screen_text(app)


CARDS = {
    # system: (a rule a demo card cites, the row it is on; ⏎ on the selected row opens the card)
    "saga": ("§4.6", "Class"),
    "star-quest": ("§10", "UNCONSCIOUS"),
    "xk6": ("§15", "Command points"),
}


@pytest.mark.parametrize("system", list(CARDS))
async def test_every_card_of_the_demo_dashboard_settings_and_help_cite_the_book(make_app, system):
    from engine.rulesets.star_quest import commands as sq

    from .test_every_size import SYSTEMS, _app

    rule, row = CARDS[system]
    app = _app(make_app, system)
    async with app.run_test(size=(160, 50)) as pilot:
        await SYSTEMS[system][1](pilot)  # mid-turn
        screen = app.screen
        assert "§" not in _screen_text(app)
        if system == "star-quest":  # a hero knocked out: its card cites the rule (§10)
            screen.submit(sq.AdjustWounds("captain-vex", 9, "GM: a test"))
            await settle(pilot)
            assert screen.state.unit("captain-vex").unconscious
        pieces = [*getattr(screen.state, "models", ()), *getattr(screen.state, "units", ())]
        cited = 0
        for piece in pieces:
            select = getattr(screen, "select_model", None) or screen.select_unit
            select(piece.id, focus=True)
            await wait_for(pilot, lambda piece=piece: screen.selected == piece.id, "the row selected")
            await press(pilot, "enter")
            await wait_for(pilot, lambda: app.screen is not screen, "the card")
            card = _screen_text(app)
            assert "§" not in card, (piece.name, card)
            if row in card:
                assert _book(system, rule) in card, card
                cited += 1
            await press(pilot, "escape")
            await wait_for(pilot, lambda: app.screen is screen, "the card closed")
        assert cited, f"no {system} card showed its {row} row"
        screen.action_settings()
        await wait_for_screen(pilot, SettingsScreen)
        assert "§" not in _screen_text(app)
        await press(pilot, "escape")
        app.push_screen(HelpScreen.of(screen))
        help_screen = await wait_for_screen(pilot, HelpScreen)
        assert "§" not in _plain(help_screen.query_one("#guide", Static).render())
        assert "§" not in _plain(help_screen.query_one("#keys", Static).render())


async def test_the_post_battle_band_summary_cites_the_book(make_app, saves_dir):
    from tui.systems.sanctum_mortalis.campaign.opening import start_from_battle
    from tui.systems.sanctum_mortalis.campaign.screen import PostBattleScreen

    from .test_post_battle import WOLVES, saved_demo_battle

    campaign = start_from_battle(saved_demo_battle(saves_dir), saves_dir, seed=7)
    app = make_app("open", file=str(campaign))
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_screen(pilot, PostBattleScreen)
        await press(pilot, "b")
        await wait_for(pilot, lambda: screen.band == WOLVES, "the Iron Wolves' sequence")
        summary = _plain(screen.query_one("#summary", Static).content).replace("\u00a0", " ")
        assert "Kara Vex: +1 XP from the battle (" in summary  # taking Dex Marlow out: its rule as the book's
        assert _book("sanctum-mortalis", "§19.1") in summary and "§" not in summary, summary
        assert "§" not in _screen_text(app)


async def test_the_star_quest_ai_question_in_the_pending_pane_cites_the_book(make_app):
    from .test_end_anyway import star_quest_ai_question_open

    app = make_app("demo", system="star-quest")
    async with app.run_test(size=SIZE) as pilot:
        await star_quest_ai_question_open(pilot)
        shown = _screen_text(app)  # the pending pane under the chart's dialog, and the dialog
        assert "§" not in shown and _book("star-quest", "§16.2") in shown


async def test_the_event_card_hand_and_a_gm_prompt_cite_the_book(make_app):
    from tui.dialogs.prompt import TextPrompt
    from tui.systems.sanctum_mortalis.card_hand_screen import CardHandScreen

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_round_one(pilot)
        screen.select_model(screen.state.models_of(screen.state.order.to_act)[0].id, focus=True)
        await press(pilot, "c")
        await wait_for_screen(pilot, CardHandScreen)
        hand = _screen_text(app)
        assert "§" not in hand, hand  # why a card is not playable now: its rule as the book's
        await press(pilot, "escape")
        app.push_screen(TextPrompt("Infected (Zakażenie, §21: −1 to every characteristic) of Pip:"))
        prompt = await wait_for_screen(pilot, TextPrompt)
        question = str(prompt.query_one(".question", Static).render())
        assert "§" not in question and _book("sanctum-mortalis", "§21") in question, question
        prompt.dismiss(None)


# ----------------------------------------------------------------------------- refusals in the toast too (#21)
async def _refused_everywhere(pilot, screen, app, system: str, rule: str) -> None:
    """The refusal in the status line and its toast: the book's section, no "§", no id swallowed."""
    await wait_for(pilot, lambda: bool(app.screen.query("Toast")), "the refusal's toast")
    shown = _screen_text(app)
    assert "§" not in shown, shown  # the status line (cut at the screen's width) and the toast, as drawn
    toast = _toast(app)
    assert "§" not in toast and _book(system, rule) in toast, toast


def _toast(app) -> str:
    return " ".join(" ".join(str(t.render()).split()) for t in app.screen.query("Toast"))


async def test_a_saga_unit_out_of_its_turn_is_refused_with_the_books_section_and_its_reading_id(make_app):
    from .saga_pilot import first_turn, select

    app = make_app("demo", system="saga")
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        screen = await first_turn(pilot)
        await select(pilot, screen, "Ceorls")  # side B, in side A's turn
        await press(pilot, "s")
        await _refused_everywhere(pilot, screen, app, "saga", "§4.2")
        toast = _toast(app)
        assert "[SAGA-M5]" in toast, toast  # the reading id kept, not read as markup


async def test_an_xk6_model_out_of_its_sides_activation_is_refused_with_the_sheets_section(make_app):
    from .test_every_size import _xk6

    app = make_app("demo", system="xk6")
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await _xk6(pilot)  # Ash Raiders' activation
        screen = app.screen
        other = next(m for m in screen.state.models if m.side != screen.state.turn.active)
        screen.select_model(other.id, focus=True)
        await wait_for(pilot, lambda: screen.selected == other.id, "the row selected")
        await press(pilot, "a")
        await _refused_everywhere(pilot, screen, app, "xk6", "§5.1")


async def test_a_sanctum_mortalis_model_with_no_gun_is_refused_with_the_books_section_at_60x20(make_app):
    app = make_app()
    async with app.run_test(size=(60, 20), notifications=True) as pilot:
        screen = await start_round_one(pilot)
        pip = next(m for m in screen.state.models if m.name == "Pip")
        screen.select_model(pip.id, focus=True)
        await wait_for(pilot, lambda: screen.selected == pip.id, "Pip selected")
        await press(pilot, "s")
        await _refused_everywhere(pilot, screen, app, "sanctum-mortalis", "§10")

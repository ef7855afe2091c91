"""Pilot tests of the dashboard: keys in, engine state and screen out."""

from __future__ import annotations

from pathlib import Path

from tui.systems.sanctum_mortalis.band_pane import BandPane
from tui.systems.sanctum_mortalis.tracker import Tracker
from tui.widgets.log_pane import LogPane

from .conftest import SIZE, battle_ready, press, settle, start_round_one, status_text, wait_for


def rendered(renderable) -> str:
    from rich.console import Console

    console = Console(width=100, record=True, file=open("/dev/null", "w"))
    console.print(renderable)
    return console.export_text()


def _cell(pane: BandPane, model_id: str, column: str) -> str:
    return str(pane.get_cell(model_id, column))


async def test_app_starts_on_the_demo_battle(make_app, saves_dir: Path):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await battle_ready(pilot)
        state = screen.state
        assert 5 <= len(state.models_of("A")) <= 7 and 5 <= len(state.models_of("B")) <= 7
        assert state.markers_on_table > 0
        assert screen.query_one("#band-A", BandPane).row_count == len(state.models_of("A"))
        assert "Press n to start round 1" in str(screen.query_one(Tracker).render())
        assert len(list(saves_dir.glob("*.skirmish"))) == 1


async def test_a_round_start_activation_stance_and_end_passes_play(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_round_one(pilot)
        first = screen.state.order.to_act
        other = screen.state.opponent(first)
        model = screen.selected
        assert screen.state.model(model).side == first
        await press(pilot, "a", "d", "e")
        state = screen.state
        assert "defensive-stance" in state.model(model).markers
        assert state.model(model).activated
        assert state.order.to_act == other
        tracker = str(screen.query_one(Tracker).render())
        assert f"▶ {state.side(other).name} to activate" in tracker
        assert "◆" in _cell(screen.band(first), model, "markers")
        assert screen.state.model(screen.selected).side == other  # the selection follows play


async def test_a_refused_command_shows_the_reason_and_the_rulebooks_section_and_page_and_changes_nothing(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await battle_ready(pilot)
        before = screen.session.view.saved
        await press(pilot, "a")
        assert "start the round first (Kolejność działań (Order of play), p. 5)" in status_text(screen)
        assert screen.session.view.saved == before
        await start_round_one(pilot)
        wrong_side = screen.state.opponent(screen.state.order.to_act)
        screen.select_model(screen.state.models_of(wrong_side)[0].id, focus=True)
        before = screen.session.view.saved
        await press(pilot, "d")
        assert "activation" in status_text(screen) and "Kolejność działań (Order of play), p. 5" in status_text(screen)
        assert "§" not in status_text(screen)
        assert screen.session.view.saved == before
        assert not any(m.markers for m in screen.state.models)


async def test_playing_an_offensive_event_on_an_enemy_model(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_round_one(pilot)
        player = screen.state.order.to_act
        target = screen.state.models_of(screen.state.opponent(player))[0]
        screen.select_model(target.id, focus=True)
        await press(pilot, "c")
        hand = app.screen.query_one("#hand")
        index, option = next((i, o) for i, o in enumerate(hand.options) if (o.id or "").startswith(f"{player}:"))
        card = option.id.split(":", 1)[1]
        hand.highlighted = index
        await press(pilot, "enter")
        assert screen.state.side(player).cards_used == (card,)
        assert "plays" in status_text(screen)
        await press(pilot, "c")
        prompts = [str(o.prompt) for o in app.screen.query_one("#hand").options]
        assert any("1/3 used" in p for p in prompts), prompts
        assert any(p.startswith("✔ spent") for p in prompts)
        await press(pilot, "escape")


async def test_the_card_hand_fits_an_80x24_terminal(make_app):
    """The list scrolls; the highlighted card's text and the keys stay on the screen."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await start_round_one(pilot)
        await press(pilot, "c")
        hand, detail, hint = (app.screen.query_one(q) for q in ("#hand", "#hand-detail", "#hand-hint"))
        assert hand.max_scroll_y > 0  # more cards than rows: the list scrolls
        for widget in (detail, hint):
            region = widget.region
            assert region.height > 0 and region.bottom <= 24, (widget.id, region)
        assert "When:" in str(detail.render()) and "esc close" in str(hint.render())
        await press(pilot, "end")  # the last card is reachable from the keyboard
        assert hand.scroll_y == hand.max_scroll_y > 0
        await press(pilot, "escape")


async def test_undo_and_redo_with_the_screen_following(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_round_one(pilot)
        model = screen.selected
        side = screen.state.model(model).side
        await press(pilot, "d")
        assert "◆" in _cell(screen.band(side), model, "markers")
        events = len(screen.session.view.events)
        await press(pilot, "ctrl+z")
        assert "◆" not in _cell(screen.band(side), model, "markers")
        assert len(screen.session.view.events) < events
        assert "Undone" in status_text(screen)
        log = screen.query_one(LogPane)
        assert any(str(o.id).startswith("undone-") for o in log.options)
        await press(pilot, "ctrl+y")
        assert "◆" in _cell(screen.band(side), model, "markers")
        assert len(screen.session.view.events) == events
        assert "Redone" in status_text(screen)


async def test_quitting_and_reopening_resumes_the_same_battle(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_round_one(pilot)
        await press(pilot, "a", "d")
        entries = [e.to_dict() for e in screen.session.battle.entries]
        path = screen.session.path
        await press(pilot, "q")
        await settle(pilot)
    again = make_app()
    async with again.run_test(size=SIZE) as pilot:
        screen = await battle_ready(pilot)
        assert screen.session.path == path
        assert [e.to_dict() for e in screen.session.battle.entries] == entries
        active = screen.state.order.active_model
        assert active and screen.selected == active


async def test_help_lists_every_registry_action(make_app):
    from tui.actions import help_groups
    from tui.systems.sanctum_mortalis.screen import BattleScreen

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await battle_ready(pilot)
        await press(pilot, "question_mark")
        await settle(pilot)
        from tui.screens.help_screen import HelpScreen

        assert isinstance(app.screen, HelpScreen)
        text = rendered(app.screen.query_one("#keys").content)
        actions = [a for g in help_groups(BattleScreen.key_groups()) for a in g.actions]  # this dashboard's
        assert len(actions) > 40
        for action in actions:
            assert action.help in text and action.display_keys() in text, action.id
        await press(pilot, "escape")


async def test_the_palette_offers_every_palette_action_and_runs_them(make_app):
    from tui.actions import palette_actions
    from tui.palette import GMCommands

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await battle_ready(pilot)
        provider = GMCommands(screen)
        titles = [hit.text async for hit in provider.discover()]
        for needed in ("New battle", "Open a saved battle", "Undo", "End the active model", "End the round"):
            assert any(needed in t for t in titles), needed
        assert len(titles) == len(palette_actions(screen.key_groups()))
        await press(pilot, "ctrl+p")
        await settle(pilot)
        app.screen.query_one("Input").value = "next round"
        from textual.command import CommandList

        results = app.screen.query_one(CommandList)
        await wait_for(pilot, lambda: results.option_count and results.highlighted is not None, "the palette's hits")
        await press(pilot, "enter")
        await settle(pilot)
        from tui.dialogs.roll_dialog import RollDialog

        assert isinstance(app.screen, RollDialog)  # 6 v 6 models: the roll-off for who starts
        await press(pilot, "enter")  # the app's dice
        assert screen.state.order.round == 1


async def test_an_unreadable_save_gives_the_save_message_and_is_left_as_it_was(make_app, tmp_path: Path):
    bad = tmp_path / "broken.skirmish"
    bad.mkdir()
    (bad / "battle.json").write_text("{ not json", encoding="utf-8")
    before = {p.name: p.read_bytes() for p in bad.iterdir()}
    app = make_app("open", file=str(bad))
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: app._exit, "the app to exit")
    assert app.return_code == 1
    assert {p.name: p.read_bytes() for p in bad.iterdir()} == before

"""Saving as the battle goes: shown as done only once on disk; failures and bad files."""

from __future__ import annotations

from pathlib import Path

from saves import SaveError
from tui.systems.sanctum_mortalis.band_pane import BandPane

from .conftest import SIZE, battle_ready, press, settle, start_round_one, status_text, wait_for


async def test_an_event_shows_as_done_only_after_it_is_on_disk(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_round_one(pilot)
        await press(pilot, "a")
        model = screen.selected
        pane: BandPane = screen.band(screen.state.model(model).side)
        store = screen.session.store
        shown_while_writing: list[bool] = []
        original = store.append_many

        def watched_append(entries):
            # what the screen shows at the moment the journal is written
            shown_while_writing.append("◆" in str(pane.get_cell(model, "markers")))
            original(entries)
            assert len(store.entries) == entries[-1]["seq"] + 1  # on disk (fsync'd) before returning

        store.append_many = watched_append
        await press(pilot, "d")
        assert shown_while_writing == [False]
        assert "◆" in str(pane.get_cell(model, "markers"))
        assert screen.session.view.saved == len(store.entries)


async def test_a_failed_write_is_reported_and_not_kept(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_round_one(pilot)
        session = screen.session
        saved = session.view.saved

        def full_disk(entries):
            raise SaveError(session.path, "disk error", "disk error: no space left on device", "save")

        session.store.append_many = full_disk
        await press(pilot, "a")
        assert "NOT SAVED" in status_text(screen) and "no space left" in status_text(screen)
        assert session.view.saved == saved == len(session.battle.entries)
        assert screen.state.order.active_model is None
        await press(pilot, "a")  # later commands are refused, not lost silently
        assert "reopen" in status_text(screen)


async def test_opening_a_bad_file_from_the_dialog_keeps_the_current_battle(make_app, tmp_path: Path):
    bad = tmp_path / "bad.skirmish"
    bad.mkdir()
    (bad / "battle.json").write_text("[]", encoding="utf-8")
    before = {p.name: p.read_bytes() for p in bad.iterdir()}
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await battle_ready(pilot)
        await press(pilot, "ctrl+o")
        await settle(pilot)
        await press(pilot, "tab")
        app.screen.query_one("#path").value = str(bad)
        await press(pilot, "enter")
        await wait_for(pilot, lambda: any(str(bad) in str(n.message) for n in app._notifications), "the refusal")
        assert app.screen is screen
        assert any(str(bad) in str(n.message) for n in app._notifications)
    assert {p.name: p.read_bytes() for p in bad.iterdir()} == before


async def test_a_new_demo_battle_from_the_dialog_replaces_the_open_one(make_app, saves_dir: Path):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        first = await battle_ready(pilot)
        await press(pilot, "ctrl+n")
        await settle(pilot)
        await press(pilot, "enter")
        await wait_for(
            pilot,
            lambda: app.screen is not first and type(app.screen).__name__ == "BattleScreen",
            "the new battle's screen",
        )
        await settle(pilot)
        assert app.screen.session.path != first.session.path
    assert len(list(saves_dir.glob("*.skirmish"))) == 2


async def test_open_save_lists_the_saves_and_switches_battle(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        first = await battle_ready(pilot)
        first_path = first.session.path
        await press(pilot, "ctrl+n")
        await settle(pilot)
        await press(pilot, "enter")  # a second demo battle
        await wait_for(
            pilot,
            lambda: app.screen is not first and type(app.screen).__name__ == "BattleScreen",
            "the new battle's screen",
        )
        second = app.screen
        await press(pilot, "ctrl+o")
        listing = app.screen.query_one("#saves")
        await wait_for(
            pilot, lambda: listing.option_count >= 2 and listing.get_option_at_index(0).id, "the saves listed"
        )
        index = next(
            i
            for i in range(listing.option_count)
            if app.screen.paths.get(listing.get_option_at_index(i).id or "") == str(first_path)
        )
        listing.highlighted = index
        await press(pilot, "enter")
        await wait_for(
            pilot,
            lambda: app.screen is not second and type(app.screen).__name__ == "BattleScreen",
            "the first battle's screen again",
        )
        assert app.screen.session.path == first_path
        assert len(app.screen_stack) == 2

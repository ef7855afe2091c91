"""The app opens a battle at its save's resume point (``saves.resume``) and draws it
without replaying its log; the log is replayed when undo or review first need an
earlier state (``SessionScreen.check_history``), and they work as if it had been
replayed first."""

from __future__ import annotations

from saves.resume import RESUME_NAME, read_resume

from .conftest import SIZE, battle_ready, press, settle, start_round_one, wait_for


async def test_a_battle_closed_by_the_app_reopens_at_its_point_then_replays_its_log(make_app, saves_dir, monkeypatch):
    from engine.battle import Battle

    fills: list[bool] = []  # was the battle still at its resume point when asked to replay?
    fill = Battle.fill_history

    def watched(self: Battle) -> bool:
        fills.append(self.history_due)
        return fill(self)

    monkeypatch.setattr(Battle, "fill_history", watched)
    app = make_app(mode="demo")
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_round_one(pilot)
        await press(pilot, "a", "d")  # a model takes Defensive stance: an entry to undo
        path = screen.session.path
        entries = len(screen.session.battle.entries)
        state = screen.session.battle.state
        await app.action_quit()
        await wait_for(pilot, lambda: (path / RESUME_NAME).is_file() and not app.is_running, "the close")
    assert read_resume(path, screen.session.battle.ruleset)["count"] == entries

    again = make_app(mode="open", file=str(path))
    async with again.run_test(size=SIZE) as pilot:
        screen = await battle_ready(pilot)
        battle = screen.session.battle
        assert battle.state == state
        await settle(pilot)
        assert battle.history_due and fills == []  # nothing replayed while the GM only looks
        await press(pilot, "ctrl+z")
        assert fills == [True] and not battle.history_due  # undo replayed the log first
        await wait_for(pilot, lambda: len(screen.session.battle.entries) == entries + 1, "the undo saved")
        assert screen.session.battle.state != state


async def test_review_of_a_resumed_battle_replays_its_log_first(make_app, monkeypatch):
    from engine.battle import Battle

    app = make_app(mode="demo")
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_round_one(pilot)
        await press(pilot, "a", "d")
        path = screen.session.path
        earlier = screen.session.battle.state_at(len(screen.session.battle.active_events) - 1)
        await app.action_quit()
        await wait_for(pilot, lambda: not app.is_running, "the close")
    fills: list[bool] = []
    fill = Battle.fill_history
    monkeypatch.setattr(Battle, "fill_history", lambda self: fills.append(self.history_due) or fill(self))
    again = make_app(mode="open", file=str(path))
    async with again.run_test(size=SIZE) as pilot:
        screen = await battle_ready(pilot)
        await settle(pilot)
        assert fills == []
        await press(pilot, "[")
        assert fills == [True]
        assert screen.shown_state == earlier

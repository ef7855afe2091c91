"""The app opens a battle at its save's resume point (``saves.resume``), draws it, then
replays the log between keys (``SessionScreen._fill_history``): undo and review work
as if the log had been replayed first, and the next close keeps a new point."""

from __future__ import annotations

from saves.resume import RESUME_NAME, read_resume

from .conftest import SIZE, battle_ready, press, start_round_one, wait_for


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
        await wait_for(pilot, lambda: fills == [True] and not battle.history_due, "the log replayed after drawing")
        assert battle.state == state
        await press(pilot, "ctrl+z")
        await wait_for(pilot, lambda: len(screen.session.battle.entries) == entries + 1, "the undo saved")
        assert screen.session.battle.state != state

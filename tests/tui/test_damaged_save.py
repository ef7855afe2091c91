"""A damaged save in the dashboard (issue #20): read-only with its one-line warning, and
ctrl+r continues from the last good entry only after "Yes" is chosen."""

from __future__ import annotations

import os
from pathlib import Path

from tui.screens.picker_screen import PickerScreen

from .conftest import SIZE, battle_ready, press, settle, start_round_one, status_text, wait_for, wait_for_screen


async def _damaged_battle(make_app, saves_dir: Path) -> Path:
    """A demo battle with a round started, its newest journal line then damaged."""
    app = make_app("demo")
    async with app.run_test(size=SIZE) as pilot:
        await start_round_one(pilot)
        path = app.session.path
        count = app.session.store.count
        await press(pilot, "q")
        await wait_for(pilot, lambda: app._exit, "the app to quit")
    assert count >= 2
    return path


async def test_a_damaged_journal_opens_read_only_and_ctrl_r_continues_after_asking(make_app, saves_dir: Path):
    from saves import BattleStore, load

    path = await _damaged_battle(make_app, saves_dir)
    store = BattleStore.open(path, fold_min=10_000)  # two journal lines a killed writer leaves
    count = store.count
    store.append({"seq": count, "kind": "note", "round": 1, "group": count, "payload": {"text": "x"}})
    store.append({"seq": count + 1, "kind": "note", "round": 1, "group": count + 1, "payload": {"text": "y"}})
    journal = next(p for p in path.iterdir() if p.name.startswith("journal-"))
    store._journal.close()  # killed: the lock goes with the process, nothing is folded
    store._db.close()
    os.close(store._lock_fd)
    raw = bytearray(journal.read_bytes())
    raw[-3] ^= 0x01
    journal.write_bytes(bytes(raw))

    app = make_app("open", file=str(path))
    async with app.run_test(size=SIZE) as pilot:
        screen = await battle_ready(pilot)
        session = app.session
        assert session.damaged and session.read_only.startswith("read-only: ")
        assert f"{journal.name} line 3 fails its checksum (entry {count + 1})" in status_text(screen)
        await press(pilot, "n")  # refused: nothing is saved
        assert session.store.count == count + 1
        await press(pilot, "ctrl+r")
        await wait_for_screen(pilot, PickerScreen)
        await press(pilot, "enter")  # the question starts on "No"
        await settle(pilot)
        assert session.damaged and journal.read_bytes() == bytes(raw)
        await press(pilot, "ctrl+r")
        await wait_for_screen(pilot, PickerScreen)
        await press(pilot, "up")
        await press(pilot, "enter")
        await wait_for(pilot, lambda: not session.damaged, "the save to continue")
        assert not session.read_only
        assert (path / (journal.name + ".damaged")).read_bytes() == bytes(raw)
        await press(pilot, "q")
        await wait_for(pilot, lambda: app._exit, "the app to quit")
    assert len(load(path)[1]) == count + 1

"""A gone terminal ends the app as q does (``tui.terminal_watch``), instead of a
process left reading a dead terminal at 100% CPU with the save open."""

from __future__ import annotations

import os

from tui import terminal_watch

from .conftest import battle_ready, press


def test_a_closed_terminal_is_told_by_its_unlinked_device_node(tmp_path):
    gone = tmp_path / "pts-0"
    gone.write_text("")
    fd = os.open(gone, os.O_RDONLY)
    read_end, write_end = os.pipe()
    try:
        assert not terminal_watch.terminal_gone(fd)
        gone.unlink()  # what the kernel does to /dev/pts/N when the terminal closes
        assert terminal_watch.terminal_gone(fd)
        assert not terminal_watch.terminal_gone(read_end)
    finally:
        os.close(fd)
        os.close(read_end)
        os.close(write_end)
    assert terminal_watch.terminal_gone(fd)  # a closed descriptor: nothing left to read either


def test_input_that_is_not_a_terminal_is_not_watched(monkeypatch):
    read_end, write_end = os.pipe()
    try:
        with os.fdopen(read_end, closefd=False) as pipe:
            monkeypatch.setattr(terminal_watch.sys, "__stdin__", pipe)
            assert terminal_watch.terminal_fd() is None
        monkeypatch.setattr(terminal_watch.sys, "__stdin__", None)
        assert terminal_watch.terminal_fd() is None
    finally:
        os.close(read_end)
        os.close(write_end)


async def test_the_app_quits_and_keeps_the_battle_when_its_terminal_goes(make_app, tmp_path, monkeypatch):
    gone = tmp_path / "pts-1"
    gone.write_text("")
    fd = os.open(gone, os.O_RDONLY)
    monkeypatch.setattr(terminal_watch, "terminal_fd", lambda: fd)
    monkeypatch.setattr(terminal_watch, "EVERY", 0.05)
    app = make_app()
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await battle_ready(pilot)
            await press(pilot, "d")  # refused before the round: nothing to save
            app._watch_terminal()  # headless apps do not watch; a terminal app does at mount
            await pilot.pause(0.2)
            assert app.is_running  # the terminal is still there
            path = screen.session.path
            gone.unlink()
            for _ in range(50):
                if not app.is_running:
                    break
                await pilot.pause(0.05)
            assert not app.is_running and app.return_code == 0
    finally:
        os.close(fd)
    assert (path / "battle.json").exists()

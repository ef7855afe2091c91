"""Garbage is collected after a change is drawn, not while a key is answered
(``tui.idle_gc``); the app puts Python's own timing back when it exits. Only on the
Python versions the bench measured it on; the engine never touches the collector."""

from __future__ import annotations

import gc
import subprocess
import sys
import weakref
from pathlib import Path

import pytest

from tui import idle_gc

from .conftest import battle_ready, press, start_round_one, wait_for


class Node:
    def __init__(self) -> None:
        self.me = self  # a cycle: only the cyclic collector frees it


def test_an_idle_moment_collects_the_young_garbage_that_is_due():
    before = idle_gc.defer_collections()
    try:
        gc.collect()
        cycles = [Node() for _ in range(idle_gc.YOUNG_DUE + 100)]
        probe = weakref.ref(cycles[0])
        del cycles
        assert probe() is not None  # the deferred threshold has not collected them yet
        idle_gc.collect_if_due()
        assert probe() is None
        assert gc.get_count()[0] < idle_gc.YOUNG_DUE
    finally:
        idle_gc.restore(before)
    assert gc.get_threshold() == before


def test_the_tuning_is_on_only_for_the_python_versions_it_was_measured_on():
    assert idle_gc.ENABLED == (sys.version_info[:2] in idle_gc.MEASURED_ON)


def test_settling_freezes_what_is_alive():
    try:
        idle_gc.settle()
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()


def test_opening_a_battle_in_the_engine_leaves_the_collector_alone():
    code = (
        "import gc, sys; sys.path.insert(0, 'bench'); from long_battle import long_battle; "
        "from engine.battle import Battle; b = long_battle(300); gc.set_threshold(123, 4, 5); "
        "Battle(b.header, b.entries); print(gc.isenabled(), gc.get_threshold(), gc.get_freeze_count())"
    )
    repo = Path(__file__).resolve().parents[2]
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=repo)
    assert out.stdout.split() == ["True", "(123,", "4,", "5)", "0"]


@pytest.mark.skipif(not idle_gc.ENABLED, reason="the app tunes the collector only where it was measured to pay")
async def test_the_app_defers_collections_while_it_runs_and_restores_them(make_app):
    before = gc.get_threshold()
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await battle_ready(pilot)
        assert gc.get_threshold()[0] == idle_gc.YOUNG_THRESHOLD
        await start_round_one(pilot)
        await press(pilot, "ctrl+z")  # a change drawn, then collected: the game goes on
        assert screen.session.view.can_redo
    assert gc.get_threshold() == before


@pytest.mark.skipif(not idle_gc.ENABLED, reason="the app tunes the collector only where it was measured to pay")
async def test_collections_wait_from_the_start_until_the_first_battle_is_drawn(make_app, monkeypatch):
    import tui.app

    enabled_while_opening: list[bool] = []
    original = tui.app.SkirmishApp._open

    def watched_open(self, plan):  # noqa: ANN001, ANN202
        enabled_while_opening.append(gc.isenabled())
        original(self, plan)

    monkeypatch.setattr(tui.app.SkirmishApp, "_open", watched_open)
    assert gc.isenabled()
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await battle_ready(pilot)
        await wait_for(pilot, gc.isenabled, "collections back once the battle is drawn")
        assert enabled_while_opening == [False]
    assert gc.isenabled()


async def test_an_app_that_is_never_run_leaves_the_collector_alone(make_app):
    make_app()
    assert gc.isenabled()


@pytest.mark.skipif(not idle_gc.ENABLED, reason="the app tunes the collector only where it was measured to pay")
def test_the_commands_launch_pause_is_taken_over_by_the_app_and_ends_with_its_resume():
    assert gc.isenabled()
    try:
        idle_gc.pause_for_launch()  # `skirmish`, before it imports the app
        assert not gc.isenabled()
        ran = idle_gc.pause()  # the app starts: the pause is its own now
        assert ran and not gc.isenabled()
        idle_gc.end_launch_pause()  # the launch does not end what the app took over
        assert not gc.isenabled()
        idle_gc.resume(ran)  # the first battle is drawn
        assert gc.isenabled()
    finally:
        gc.enable()


def test_a_launch_pause_no_app_took_over_ends_with_the_launch():
    assert gc.isenabled()
    try:
        idle_gc.pause_for_launch()
        idle_gc.end_launch_pause()  # the app never started (it failed to import, say)
        assert gc.isenabled()
        idle_gc.end_launch_pause()  # once only: a collector paused since is left alone
        assert gc.isenabled()
    finally:
        gc.enable()


def test_the_skirmish_command_runs_the_app_with_collections_paused_until_it_takes_over(monkeypatch, tmp_path):
    import tui.app
    import tui.launch

    seen: list[bool] = []

    class Recorder:
        return_code = 0
        exit_line = ""

        def __init__(self, plan: object) -> None:
            seen.append(gc.isenabled())

        def run(self) -> None:
            seen.append(gc.isenabled())

    monkeypatch.setattr(tui.app, "SkirmishApp", Recorder)
    from tui.cli import main

    assert main(["--saves", str(tmp_path)]) == 0
    assert seen == [not idle_gc.ENABLED] * 2  # paused while the app is built and run
    assert gc.isenabled()  # an app that never took the pause over: collections again after


@pytest.mark.skipif(not idle_gc.ENABLED, reason="the app tunes the collector only where it was measured to pay")
def test_an_app_that_has_quit_is_not_kept_alive(make_app):
    """Nothing keeps an app once it has quit: a module-level table of each app's
    ``KeysAhead`` once did (the value held its key), and so did what ``idle_gc.settle``
    froze; every Pilot test's app stayed in memory, a test process grew to 260 MB and
    each later test ran slower. (Each app runs in an event loop of its own, as each
    Pilot test does: a loop's worker threads name the app until the loop closes.)"""
    import asyncio

    async def run_once() -> weakref.ref[object]:
        app = make_app("demo")
        async with app.run_test(size=(80, 24)) as pilot:
            await battle_ready(pilot)
            await press(pilot, "j", "q")
        return weakref.ref(app)

    gone = asyncio.run(run_once())
    gc.collect()
    assert gone() is None

"""Pilot helpers: an app on a temporary saves folder with fixed dice."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tui import idle_gc
from tui.app import SkirmishApp
from tui.opening import LaunchPlan
from tui.systems.sanctum_mortalis.screen import BattleScreen

from .pilot_waits import press, settle, wait_for, wait_for_screen

__all__ = ["press", "settle", "wait_for", "wait_for_screen"]

SEED = 7
SIZE = (120, 40)


@pytest.fixture(autouse=True)
def collector_for_many_apps(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Garbage collection tuned for a process that runs hundreds of apps, one after another.

    The app's own tuning (``tui.idle_gc``) is for one app per process: once its battle is
    drawn it unfreezes everything, collects and freezes what is alive. In a test process
    "everything" is also what earlier apps left in Textual's bounded caches (about 300,000
    objects), so each test spent about 0.25 s walking it (a third of the Pilot tests' time).
    Here the app leaves the collector alone (``test_idle_gc.py`` tests the tuning itself),
    young collections are deferred as the app defers them while it runs, and after each
    test what is still alive is frozen: a collection walks only what the running test made."""
    if request.module.__name__.endswith("test_idle_gc"):
        yield
        return
    monkeypatch.setattr(idle_gc, "ENABLED", False)
    thresholds = idle_gc.defer_collections()
    try:
        yield
    finally:
        idle_gc.restore(thresholds)
    gc.collect()
    gc.freeze()


@pytest.fixture
def saves_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "saves"
    monkeypatch.setenv("SKIRMISH_SAVES", str(folder))
    return folder


@pytest.fixture
def make_app(saves_dir: Path):
    def make(mode: str = "resume", **plan: Any) -> SkirmishApp:
        plan.setdefault("seed", SEED)
        return SkirmishApp(LaunchPlan(mode=mode, saves=str(saves_dir), **plan))

    return make


async def battle_ready(pilot: Any, timeout: float = 10.0) -> Any:
    """Wait until the battle screen is up; return it."""
    return await wait_for_screen(pilot, BattleScreen, timeout)


def status_text(screen: Any) -> str:
    return str(screen.query_one("#status").render())


async def start_round_one(pilot: Any) -> Any:
    """n, ⏎ in the roll-off's dialog (the app's dice), then the chooser (the demo's
    scenario lets the roll-off loser pick): the first side starts."""
    screen = await battle_ready(pilot)
    await press(pilot, "n")
    await press(pilot, "enter")  # the roll-off: the app rolls
    await press(pilot, "enter")  # the chooser: the first answer
    return screen


async def through_pickers(pilot: Any, limit: int = 10) -> Any:
    """Take the first answer of each picker up to the roll dialog (a target picker starts
    with nothing highlighted: ↓ highlights its first answer); return the dialog."""
    from tui.dialogs.roll_dialog import RollDialog
    from tui.screens.picker_screen import PickerScreen

    app = pilot.app
    for _ in range(limit):
        if isinstance(app.screen, RollDialog):
            return app.screen
        if isinstance(app.screen, PickerScreen) and app.screen.query_one("#choices").highlighted is None:
            await press(pilot, "down")
        await press(pilot, "enter")
    raise AssertionError(f"no roll dialog after {limit} pickers (screen: {app.screen})")


async def open_first_shot(pilot: Any, screen: Any) -> Any:
    """The side to act's first model with a ranged weapon shoots: the first answer of each
    picker up to the roll dialog (``through_pickers``); returns the dialog."""
    side = screen.state.order.to_act
    shooter = next(m for m in screen.state.models_of(side) if m.spec.ranged)
    screen.select_model(shooter.id, focus=True)
    await press(pilot, "s")
    return await through_pickers(pilot)

"""xK6 battles: the bundled demo battle, or a new battle from two band rosters.

The ``tui.systems`` builder of xK6: ``demo_battle`` and ``new_battle`` take a
``LaunchPlan`` and return an open ``Session``. They read files, so they run in the
opening worker. The roster text comes from ``saves.rosters``; the engine parses it.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from .opening import DEMO_TITLE, LaunchPlan, _seed
from .session import OpenError, Progress, Session, _no_progress, create_session

RULESET = "xk6"


def read_band(path: Path, progress: Progress = _no_progress) -> Any:
    """An xK6 band from a TOML roster file; ``OpenError`` (one line) if it cannot be used."""
    import saves
    from saves.rosters import read_roster_text
    from engine.rulesets.xk6 import RosterError, parse_roster

    progress(f"Reading band {path.name}…", None)
    try:
        text = read_roster_text(path)
    except saves.SaveError as err:
        raise OpenError(str(err)) from None
    try:
        return parse_roster(text, source=str(path))
    except RosterError as err:
        raise OpenError(f"cannot use band {err}") from None


def _create(directory: Path, bands: tuple[Any, Any], plan: LaunchPlan, progress: Progress, title: str) -> Session:
    from engine.rulesets.xk6 import make_setup

    setup = make_setup(bands[0], bands[1])
    return create_session(directory, title, setup, _seed(plan), RULESET, progress)


def new_battle(directory: Path, plan: LaunchPlan, progress: Progress = _no_progress) -> Session:
    """Two band rosters (``plan.rosters``), sides A and B in that order."""
    if len(plan.rosters) != 2:
        raise OpenError(f"a battle needs two band roster files, got {len(plan.rosters)}")
    a, b = (read_band(Path(p), progress) for p in plan.rosters)
    session = _create(directory, (a, b), plan, progress, f"xK6: {a.name} v {b.name}")
    if plan.scenario:
        session.note = "xK6 battles have no scenario here: --scenario is ignored"
    return session


def demo_battle(directory: Path, plan: LaunchPlan, progress: Progress = _no_progress) -> Session:
    """The bundled demo bands (``engine/rulesets/xk6/demo/``: example numbers, not rules)."""
    from engine.rulesets.xk6.demo import demo_bands

    progress("Setting up the xK6 demo battle…", None)
    a, b = demo_bands()
    return _create(directory, (a, b), plan, progress, f"{DEMO_TITLE} (xK6): {a.name} v {b.name}")

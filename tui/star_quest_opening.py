"""Star Quest battles: the bundled demo (a party, enemies and a mission), or a new battle
from three files — the party roster, the enemy roster and the mission.

The ``tui.systems`` builder of Star Quest: ``demo_battle`` and ``new_battle`` take a
``LaunchPlan`` and return an open ``Session``. They read files, so they run in the
opening worker. The text comes from ``saves.rosters``; the engine parses it.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from .opening import DEMO_TITLE, LaunchPlan, _seed
from .session import OpenError, Progress, Session, _no_progress, create_session

RULESET = "star-quest"


def _read(path: Path, what: str, progress: Progress) -> str:
    import saves
    from saves.rosters import read_roster_text

    progress(f"Reading {what} {path.name}…", None)
    try:
        return read_roster_text(path)
    except saves.SaveError as err:
        raise OpenError(str(err)) from None


def read_files(paths: tuple[str, ...], progress: Progress = _no_progress) -> tuple[Any, Any, Any]:
    """(party, enemies, mission) from the three files; ``OpenError`` (one line) otherwise."""
    from engine.rulesets.star_quest import MissionError, RosterError, parse_mission, parse_roster

    if len(paths) != 3:
        raise OpenError(f"a Star Quest battle needs three files (party, enemies, mission), got {len(paths)}")
    party_path, enemies_path, mission_path = (Path(p) for p in paths)
    try:
        party = parse_roster(_read(party_path, "party", progress), source=str(party_path))
        enemies = parse_roster(_read(enemies_path, "enemies", progress), source=str(enemies_path))
        mission = parse_mission(_read(mission_path, "mission", progress), source=str(mission_path),
                                enemies=[u.id for u in enemies.enemies])
    except (RosterError, MissionError) as err:
        raise OpenError(f"cannot use {err}") from None
    return party, enemies, mission


def _create(directory: Path, files: tuple[Any, Any, Any], plan: LaunchPlan, progress: Progress,
            title: str) -> Session:
    from engine.rulesets.star_quest import SetupError, make_setup

    try:
        setup = make_setup(*files)
    except SetupError as err:
        raise OpenError(str(err)) from None
    return create_session(directory, title, setup, _seed(plan), RULESET, progress)


def new_battle(directory: Path, plan: LaunchPlan, progress: Progress = _no_progress) -> Session:
    """``plan.rosters``: the party roster, the enemy roster and the mission file, in that order."""
    party, enemies, mission = read_files(tuple(plan.rosters), progress)
    session = _create(directory, (party, enemies, mission), plan, progress, f"Star Quest: {mission.name}")
    if plan.scenario:
        session.note = "Star Quest battles take their mission from the mission file: --scenario is ignored"
    return session


def demo_battle(directory: Path, plan: LaunchPlan, progress: Progress = _no_progress) -> Session:
    """The bundled demo files (``engine/rulesets/star_quest/demo/``)."""
    from engine.rulesets.star_quest.demo import demo_rosters

    progress("Setting up the Star Quest demo battle…", None)
    party, enemies, mission = demo_rosters()
    return _create(directory, (party, enemies, mission), plan, progress,
                   f"{DEMO_TITLE} (Star Quest): {party.name} — {mission.name}")


demo = demo_battle
new = new_battle

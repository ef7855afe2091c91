"""What to open: the last battle, the demo battle, a new battle from rosters, a save.

A ``LaunchPlan`` comes from the command line (``tui.launch``) or from the new-battle
and open-save dialogs. ``open_plan`` carries it out; it reads files, so it runs in a
thread worker and reports its steps through ``progress``.
"""
from __future__ import annotations

import secrets
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .session import OpenError, Progress, Session, _no_progress, create_session, open_session

DEMO_SCENARIO = "slaughter"
DEMO_TITLE = "Demo battle"
RULESET = "sanctum-mortalis"


@dataclass(frozen=True)
class LaunchPlan:
    """``mode``: "resume" (last battle, else the demo), "demo", "new" (from ``rosters``)
    or "open" (``file``). ``saves``: the saves folder override (``--saves``)."""

    mode: str = "resume"
    saves: str | None = None
    rosters: tuple[str, ...] = ()
    scenario: str | None = None
    seed: int | None = None
    file: str | None = None
    allow_problems: bool = False
    """Start a new battle even if a roster breaks band-building rules (shown as a note)."""
    system: str = "sanctum-mortalis"
    """The rule system of a new or demo battle (a name from ``tui.systems``)."""


def open_plan(plan: LaunchPlan, progress: Progress = _no_progress) -> Session:
    """Open or create the battle the plan names. ``OpenError`` (one line) otherwise."""
    import saves

    try:
        directory = saves.data_dir(plan.saves)
    except saves.SaveError as err:
        raise OpenError(str(err)) from None
    if plan.mode == "open":
        session = open_session(Path(plan.file or ""), progress)
    elif plan.mode == "new":
        session = _builder(plan).new_battle(directory, plan, progress)
    elif plan.mode == "demo":
        session = _builder(plan).demo_battle(directory, plan, progress)
    else:
        last = last_battle(directory, progress)
        if last is not None:
            try:
                session = open_session(last, progress)
            except OpenError as err:  # the last battle went bad: say so, start the demo
                if err.kind == "in use":  # open in another window: say so, start nothing new
                    raise
                session = _builder(plan).demo_battle(directory, plan, progress)
                session.note = f"{err} — started the demo battle instead"
        else:
            session = _builder(plan).demo_battle(directory, plan, progress)
    remember(directory, session.path)
    return session


def _builder(plan: LaunchPlan) -> Any:
    """The module that creates battles of the plan's rule system (``tui.systems``)."""
    from . import systems

    try:
        return systems.builder(systems.find(plan.system))
    except systems.UnknownSystem as err:
        raise OpenError(str(err)) from None


# ---------------------------------------------------------------------- the last battle
def last_battle(directory: Path, progress: Progress = _no_progress) -> Path | None:
    """The battle the GM had open last (the saves module's note of it); without a note,
    the most recently changed save that opens."""
    import saves
    from .systems import has_dashboard

    found = saves.last_battle(directory)
    if found is not None:
        return Path(found)
    progress("Looking for the last battle…", None)
    for summary in saves.list_saves(directory):
        if summary.error is None and summary.kind in (None, "battle") and has_dashboard(summary.ruleset):
            return summary.path
    return None


def remember(directory: Path, path: Path) -> None:
    """Note ``path`` as the last battle (best effort: never fails the open)."""
    import saves

    saves.remember_last_battle(directory, path)


# ---------------------------------------------------------------------- new battles
def scenario_key(value: str | None) -> str:
    """A scenario by number, key or name ("1", "slaughter", "Jatka"); OpenError otherwise."""
    from engine.rulesets.sanctum_mortalis import tables as t

    if value is None or str(value).strip() == "":
        return DEMO_SCENARIO
    text = str(value).strip()
    key = t.SCENARIO_ALIASES.get(t.slug(text), t.SCENARIO_ALIASES.get(text, text))
    if key in t.SCENARIOS or key == "none":
        return key
    known = ", ".join(f"{s.number} {s.key}" for s in t.SCENARIOS.values())
    raise OpenError(f"unknown scenario '{value}' (one of: {known}, or none)")


def _seed(plan: LaunchPlan) -> int:
    return plan.seed if plan.seed is not None else secrets.randbelow(1_000_000)


def _create(directory: Path, bands: tuple[Any, Any], plan: LaunchPlan, progress: Progress,
            title: str, scenario: str | None = None, seed: int | None = None) -> Session:
    from engine.rulesets.sanctum_mortalis import make_setup

    setup = make_setup(bands[0], bands[1], scenario=scenario or scenario_key(plan.scenario))
    return create_session(directory, title, setup, _seed(plan) if seed is None else seed, RULESET, progress)


def rolled_scenario(seed: int, bands: tuple = ()) -> tuple[str, str]:
    """§23.1: the engine's scenario roll when the GM named none (a 6 lets the players
    choose: Slaughter until they do). Returns (key, note). The dice come from the seed."""
    from engine.dice import SeededDice
    from engine.rulesets.sanctum_mortalis import tables as t
    from engine.rulesets.sanctum_mortalis.postbattle.scenarios import roll_scenario

    counts = [len(b.models) for b in bands] if len(bands) == 2 else [0, 0]
    names = [b.name for b in bands] if len(bands) == 2 else ["A", "B"]
    record = roll_scenario(SeededDice(seed, stream="scenario"), counts[0], counts[1], names[0], names[1])
    roller = record.detail.get("roller", "")
    face = record.dice[-1].face if record.dice else "?"
    if record.outcome in t.SCENARIOS:
        sc = t.SCENARIOS[record.outcome]
        return sc.key, f"Scenario rolled by {roller} (§23.1): k6 = {face} → {sc.name} ({sc.source})"
    return DEMO_SCENARIO, f"Scenario rolled by {roller} (§23.1): k6 = {face}, the players choose; Slaughter until they do"


def _new(directory: Path, plan: LaunchPlan, progress: Progress) -> Session:
    if len(plan.rosters) != 2:
        raise OpenError(f"a battle needs two roster files, got {len(plan.rosters)}")
    read = [read_band(Path(p), progress, plan.allow_problems) for p in plan.rosters]
    bands = (read[0][0], read[1][0])
    title = f"{bands[0].name} v {bands[1].name}"
    seed = _seed(plan)
    scenario, rolled = (scenario_key(plan.scenario), "") if plan.scenario else rolled_scenario(seed, bands)
    session = _create(directory, bands, plan, progress, title, scenario, seed)
    session.note = " · ".join(note for note in (rolled, *(n for _, n in read)) if note)
    return session


def _demo(directory: Path, plan: LaunchPlan, progress: Progress) -> Session:
    progress("Setting up the demo battle…", None)
    a, b = demo_bands()
    return _create(directory, (a, b), plan, progress, f"{DEMO_TITLE}: {a.name} v {b.name}")


new_battle = _new
"""Sanctum Mortalis: a new battle from the plan's two rosters (``tui.systems`` builder)."""
demo_battle = _demo
"""Sanctum Mortalis: the demo battle (``tui.systems`` builder)."""


# ---------------------------------------------------------------------- rosters
def read_band(path: Path, progress: Progress = _no_progress, allow_problems: bool = False) -> tuple[Any, str]:
    """A band roster from a TOML file, read by the saves module and understood by the rule
    system's roster reader. Returns (roster, note); ``note`` mentions band-building
    problems (the battle may still be played). ``OpenError`` if the file cannot be used."""
    import saves
    from saves.rosters import read_roster_text
    from engine.rulesets.sanctum_mortalis.roster_toml import check_roster

    progress(f"Reading roster {path.name}…", None)
    try:
        text = read_roster_text(path)
    except saves.SaveError as err:
        raise OpenError(str(err)) from None
    parsed = check_roster(text, source=str(path))
    if parsed.roster is None:
        first = parsed.problems[0] if parsed.problems else "unreadable"
        raise OpenError(f"cannot read roster {path}:{getattr(first, 'line', 0)}: {first}")
    errors = [p for p in parsed.problems if p.severity == "error"]
    note = ""
    if errors and not allow_problems:
        raise OpenError(f"roster {path} has {len(errors)} problem(s), first at line {errors[0].line}: {errors[0]} "
                        f"— see `skirmish check {path}`, or start anyway with --allow-problems")
    if errors:
        note = (f"{parsed.roster.name}: {len(errors)} band-building problem(s), e.g. line {errors[0].line}: "
                f"{errors[0]} — see `skirmish check {path}`")
    return parsed.roster, note


def demo_bands() -> tuple[Any, Any]:
    """The two bundled demo bands (the rule system's demo roster files)."""
    from saves.rosters import demo_roster_paths

    paths = demo_roster_paths()
    if len(paths) < 2:
        raise OpenError("the bundled demo rosters are missing from this installation")
    return read_band(paths[0])[0], read_band(paths[1])[0]

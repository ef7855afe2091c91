"""What to open: the last battle, the demo battle, a new battle from files, a save.

A ``LaunchPlan`` comes from the command line (``tui.launch``) or from the new-battle
and open-save dialogs. ``open_plan`` carries it out; it reads files, so it runs in a
thread worker and reports its steps through ``progress``.

One builder serves every rule system: it reads the files the system's spec lists
(``SystemSpec.files``, through ``saves.rosters``) and hands their text to the spec's
``new_battle`` (or ``demo``), which returns the set-up, the title and a note.
"""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import TYPE_CHECKING

from engine.records import Record
from tui.session import OpenError, Progress, Session, _no_progress, create_session, open_session

if TYPE_CHECKING:
    from engine.ruleset import NewBattle, SystemSpec


class LaunchPlan(Record):
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
    system: str = ""
    """The rule system of a new or demo battle (a name or alias; empty: the default system)."""


def open_plan(plan: LaunchPlan, progress: Progress = _no_progress, *, note_last: bool = True) -> Session:
    """Open or create the battle the plan names. ``OpenError`` (one line) otherwise.
    ``note_last=False``: the caller notes it as the last battle (``note_last_battle``)
    once it is shown (the note is an fsync'd write: 1-40 ms here)."""
    import saves

    if plan.mode == "open":  # a save given by its path opens whatever state the saves folder is in
        session = open_session(Path(plan.file or ""), progress)
        if note_last:
            note_last_battle(plan, session)
        return session
    try:
        directory = saves.data_dir(plan.saves)
    except saves.SaveError as err:
        raise OpenError(str(err)) from None
    if plan.mode == "new":
        session = new_battle(system_of(plan), directory, plan, progress)
    elif plan.mode == "demo":
        session = demo_battle(system_of(plan), directory, plan, progress)
    else:
        last = last_battle(directory, progress)
        if last is not None:
            try:
                session = open_session(last, progress)
            except OpenError as err:  # the last battle went bad: say so, start the demo
                if err.kind == "in use":  # open in another window: say so, start nothing new
                    raise
                session = demo_battle(system_of(plan), directory, plan, progress)
                session.note = f"{err} — started the demo battle instead"
        else:
            session = demo_battle(system_of(plan), directory, plan, progress)
    if note_last:
        remember(directory, session.path)
    return session


def note_last_battle(plan: LaunchPlan, session: Session) -> None:
    """Note the battle ``open_plan(plan, note_last=False)`` opened as the last battle
    (best effort, as ``remember``)."""
    import saves

    try:
        directory = saves.data_dir(plan.saves)
    except saves.SaveError:
        return
    remember(directory, session.path)


def system_of(plan: LaunchPlan) -> SystemSpec:
    """The rule system of the plan's new or demo battle; ``OpenError`` if there is none such."""
    from engine.ruleset import UnknownSystem, find_system

    try:
        return find_system(plan.system)
    except UnknownSystem as err:
        raise OpenError(str(err)) from None


# ---------------------------------------------------------------------- the last battle
def last_battle(directory: Path, progress: Progress = _no_progress) -> Path | None:
    """The battle the GM had open last (the saves module's note of it); without a note,
    the most recently changed save that opens."""
    import saves
    from tui.systems import has_dashboard

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
def seed_of(plan: LaunchPlan) -> int:
    """The plan's dice seed, else a random one."""
    return plan.seed if plan.seed is not None else secrets.randbelow(1_000_000)


def read_files(spec: SystemSpec, paths: tuple[str, ...], progress: Progress = _no_progress) -> list[tuple[str, str]]:
    """(text, source) of each file a new battle of ``spec`` needs, read by the saves
    module; ``OpenError`` (one line) for the wrong number of files or one that cannot be read."""
    import saves
    from saves.rosters import read_roster_text

    wanted = spec.files
    if len(paths) != len(wanted):
        what = ", ".join(f.what for f in wanted)
        raise OpenError(f"a {spec.title} battle needs {len(wanted)} files ({what}), got {len(paths)}")
    out = []
    for file, given in zip(wanted, paths):
        path = Path(given)
        progress(f"Reading {file.what} {path.name}…", None)
        try:
            out.append((read_roster_text(path), str(path)))
        except saves.SaveError as err:
            raise OpenError(str(err)) from None
    return out


def new_battle(spec: SystemSpec, directory: Path, plan: LaunchPlan, progress: Progress = _no_progress) -> Session:
    """A new battle of ``spec`` from the plan's files (``plan.rosters``, in the order of ``spec.files``)."""
    from engine.ruleset import SetupProblem

    if spec.new_battle is None:
        raise OpenError(f"a {spec.title} does not start from files")
    texts = read_files(spec, tuple(plan.rosters), progress)
    seed = seed_of(plan)
    try:
        built = spec.new_battle(texts, plan.scenario, seed, plan.allow_problems)
    except SetupProblem as err:  # a roster's problems: each rule as the rulebook names it
        raise OpenError(spec.cite(str(err))) from None
    return _create(spec, directory, built, seed, progress)


def demo_battle(spec: SystemSpec, directory: Path, plan: LaunchPlan, progress: Progress = _no_progress) -> Session:
    """A new battle of ``spec``'s bundled demo."""
    from engine.ruleset import SetupProblem

    if spec.demo is None:
        raise OpenError(f"a {spec.title} has no demo")
    progress("Setting up the demo battle…", None)
    seed = seed_of(plan)
    try:
        built = spec.demo(plan.scenario, seed)
    except SetupProblem as err:
        raise OpenError(spec.cite(str(err))) from None
    return _create(spec, directory, built, seed, progress)


def _create(spec: SystemSpec, directory: Path, built: NewBattle, seed: int, progress: Progress) -> Session:
    session = create_session(directory, built.title, built.setup, seed, spec.name, progress)
    session.note = built.note
    return session

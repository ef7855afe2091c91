"""What the ``skirmish`` command runs (``tui.cli`` imports this only when needed).

Each function takes the parsed ``argparse`` namespace and returns an exit code:
``run_dashboard`` (the last battle, or the demo), ``new_battle`` (two rosters),
``demo_battle`` (a system's demo bands), ``open_battle`` (a save), ``list_battles`` and ``export_battle`` (no terminal UI).
"""

from __future__ import annotations

import sys
from argparse import Namespace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from engine.records import Record, changed, fields

if TYPE_CHECKING:
    from tui.opening import LaunchPlan


class Options(Record):
    """The command line's options, whichever subcommand parsed them (absent: the default)."""

    saves: str | None = None
    rosters: tuple[str, ...] = ()
    scenario: str | None = None
    seed: int | None = None
    file: str = ""
    allow_problems: bool = False
    system: str = ""
    output: str | None = None
    format: str | None = None
    new: bool = False

    @classmethod
    def of(cls, args: Namespace) -> Options:
        given = vars(args)
        found = {f.name: given[f.name] for f in fields(cls) if given.get(f.name) is not None}
        if "rosters" in found:
            found["rosters"] = tuple(found["rosters"])
        return cls(**found)


def _save_named(o: Options) -> Options:
    """``o`` with its ``file`` found as a path, a name in the saves folder or a row
    number of ``skirmish list`` (``saves.find_save``); ``SaveError`` for a row it lacks."""
    if not o.file:
        return o
    import saves

    return changed(o, file=str(saves.find_save(o.file, o.saves)))


def _plan(args: Namespace, mode: str) -> LaunchPlan:
    from tui.opening import LaunchPlan

    o = _save_named(Options.of(args))
    return LaunchPlan(
        mode=mode,
        saves=o.saves,
        rosters=o.rosters,
        scenario=o.scenario,
        seed=o.seed,
        file=o.file or None,
        allow_problems=o.allow_problems,
        system=o.system,
    )


def _run(plan: LaunchPlan) -> int:
    from tui import idle_gc

    idle_gc.pause_for_launch()  # until the first battle is drawn (the app takes the pause over)
    try:
        from tui.app import SkirmishApp

        app = SkirmishApp(plan)
        app.run()
    finally:
        idle_gc.end_launch_pause()
    if app.exit_line:
        print(app.exit_line, file=sys.stderr)  # one line: no wrapping at the terminal's width
    return int(app.return_code or 0)


def _launch(args: Namespace, mode: str) -> int:
    """``_run`` the plan for ``mode``, the collector paused from before the plan is built
    (building it imports part of the app: ``idle_gc.pause_for_launch``)."""
    from tui import idle_gc

    idle_gc.pause_for_launch()
    try:
        return _run(_plan(args, mode))
    finally:
        idle_gc.end_launch_pause()


def run_dashboard(args: Namespace) -> int:
    """``skirmish``: open the last battle, or start the demo battle."""
    return _launch(args, "resume")


def new_battle(args: Namespace) -> int:
    """``skirmish new A.toml B.toml [--scenario N] [--seed N]``."""
    return _launch(args, "new")


def demo_battle(args: Namespace) -> int:
    """``skirmish demo [SYSTEM] [--seed N]``: a new battle of the bundled demo bands."""
    return _launch(args, "demo")


def open_battle(args: Namespace) -> int:
    """``skirmish open SAVE``: resume a saved battle (a path, a name in the saves folder,
    or a row number of ``skirmish list``)."""
    import saves

    try:
        return _launch(args, "open")
    except saves.SaveError as err:  # a row number the list does not have
        print(f"skirmish: {err}", file=sys.stderr)
        return 1


def campaign_from_battle(args: Namespace) -> int:
    """``skirmish campaign BATTLE.skirmish [--new]``: the battle's post-battle sequence, as
    its rule system runs it (its dashboard's ``post_battle``: Sanctum Mortalis records it
    in a campaign save), then open the save it was recorded in. A system without one
    says so in one line."""
    import saves
    from engine.battle import HEADER_KIND
    from tui.opening import LaunchPlan
    from tui.session import OpenError
    from tui.systems import post_battle, title_of

    try:
        o = _save_named(Options.of(args))
        folder = saves.data_dir(o.saves)
        header, _ = saves.load(o.file)
        ruleset = str(header.get("ruleset") or "")
        kind = str(header.get("kind") or HEADER_KIND)
        title = title_of(ruleset)
        run = post_battle(ruleset) if kind == HEADER_KIND else None
        if kind != HEADER_KIND:
            raise OpenError(f"{o.file} is a {kind}, not a battle: a post-battle sequence starts from a battle")
        if title is None:
            raise OpenError(f"{o.file} is a battle of rule system '{ruleset}', which this version does not have")
        if run is None:
            raise OpenError(f"{title} battles have no post-battle sequence ({o.file})")
        path, note = run(Path(o.file), folder, seed=o.seed, new=o.new)
    except (saves.SaveError, OpenError) as err:
        print(f"skirmish: {err}", file=sys.stderr)
        return 1
    print(f"{note}: {path}")
    return _run(LaunchPlan(mode="open", saves=o.saves, file=str(path)))


def list_battles(args: Namespace, out: TextIO | None = None) -> int:
    """``skirmish list``: the saved battles, newest first."""
    import saves

    out = out or sys.stdout
    try:
        folder = saves.data_dir(Options.of(args).saves)
    except saves.SaveError as err:
        print(f"skirmish: {err}", file=sys.stderr)
        return 1
    from tui.save_summary import summary_line

    found = saves.list_saves(folder)
    if not found:
        print(f"No saved battles in {folder}", file=out)
        return 0
    print(f"Saved battles in {folder} (open one with `skirmish open N` or `skirmish open NAME`):", file=out)
    width = len(str(len(found)))
    for number, s in enumerate(found, start=1):
        when = s.modified.strftime("%Y-%m-%d %H:%M")
        if s.error:
            print(f"{number:>{width + 2}}. {when}  {s.path.name}  ({s.error})", file=out)
        else:
            damaged = f"  (damaged, opens read-only: {s.warning})" if s.warning else ""
            print(f"{number:>{width + 2}}. {when}  {summary_line(s)}  {s.path.name}{damaged}", file=out)
    return 0


list_saves = list_battles
"""The name the first brief used."""


def export_format(args: Namespace) -> str:
    """``--format``, else the output file's suffix (.md, .html), else text."""
    o = Options.of(args)
    if o.format:
        return o.format
    suffix = Path(o.output or "").suffix.lower()
    return {".md": "md", ".markdown": "md", ".html": "html", ".htm": "html"}.get(suffix, "text")


def export_battle(args: Namespace, out: TextIO | None = None) -> int:
    """``skirmish export FILE [-o OUT] [--format text|md|html]``: the battle report."""
    import saves
    from tui.session import OpenError, rules_damage

    try:
        o = _save_named(Options.of(args))
        where = Path(o.file or "")
        header, entries, warning = saves.salvage(where, check=partial(rules_damage, where))
    except (saves.SaveError, OpenError) as err:
        print(f"skirmish: {err}", file=sys.stderr)
        return 1
    if warning:  # damaged, or an entry the rules cannot apply: the entries before it, exit 2
        print(f"skirmish: {warning}", file=sys.stderr)
    from tui.report import build_report, render

    try:
        text = render(build_report(header, entries), export_format(args))
    except Exception as err:  # noqa: BLE001 - one line, never a traceback
        print(f"skirmish: cannot export {o.file}: {err}", file=sys.stderr)
        return 1
    output = o.output
    if not output:
        (out or sys.stdout).write(text)
        return 2 if warning else 0
    try:
        saves.write_export(output, text)
    except saves.SaveError as err:
        print(f"skirmish: {err}", file=sys.stderr)
        return 1
    return 2 if warning else 0


if __name__ == "__main__":
    from tui.cli import main

    sys.exit(main())

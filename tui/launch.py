"""What the ``skirmish`` command runs (``tui.cli`` imports this only when needed).

Each function takes the parsed ``argparse`` namespace and returns an exit code:
``run_dashboard`` (the last battle, or the demo), ``new_battle`` (two rosters),
``demo_battle`` (a system's demo bands), ``open_battle`` (a save), ``list_battles`` and ``export_battle`` (no terminal UI).
"""
from __future__ import annotations

import sys
from argparse import Namespace
from pathlib import Path
from typing import Any, TextIO


def _plan(args: Namespace, mode: str) -> Any:
    from .opening import LaunchPlan

    rosters = tuple(getattr(args, "rosters", None) or ())
    return LaunchPlan(mode=mode, saves=getattr(args, "saves", None), rosters=rosters,
                      scenario=getattr(args, "scenario", None), seed=getattr(args, "seed", None),
                      file=getattr(args, "file", None), allow_problems=bool(getattr(args, "allow_problems", False)),
                      system=getattr(args, "system", None) or "sanctum-mortalis")


def _run(plan: Any) -> int:
    from .app import SkirmishApp

    app = SkirmishApp(plan)
    app.run()
    return int(app.return_code or 0)


def run_dashboard(args: Namespace) -> int:
    """``skirmish``: open the last battle, or start the demo battle."""
    return _run(_plan(args, "resume"))


def new_battle(args: Namespace) -> int:
    """``skirmish new A.toml B.toml [--scenario N] [--seed N]``."""
    return _run(_plan(args, "new"))


def demo_battle(args: Namespace) -> int:
    """``skirmish demo [SYSTEM] [--seed N]``: a new battle of the bundled demo bands."""
    return _run(_plan(args, "demo"))


def open_battle(args: Namespace) -> int:
    """``skirmish open FILE``: resume a saved battle."""
    return _run(_plan(args, "open"))


def campaign_from_battle(args: Namespace) -> int:
    """``skirmish campaign BATTLE.skirmish [--new]``: the battle's post-battle sequence,
    recorded in the campaign that started the battle, else (or with ``--new``) in a new
    campaign save of its two bands in the saves folder; then open the campaign."""
    import saves
    from .campaign_opening import post_battle
    from .opening import LaunchPlan
    from .session import OpenError

    try:
        folder = saves.data_dir(getattr(args, "saves", None))
        path, note = post_battle(args.file, folder, seed=getattr(args, "seed", None),
                                 new=bool(getattr(args, "new", False)))
    except (saves.SaveError, OpenError) as err:
        from .campaign_opening import CampaignUnreadable

        hint = "; skirmish campaign --new BATTLE starts a new campaign from it" if isinstance(
            err, CampaignUnreadable) else ""
        print(f"skirmish: {err}{hint}", file=sys.stderr)
        return 1
    print(f"{note}: {path}")
    return _run(LaunchPlan(mode="open", saves=getattr(args, "saves", None), file=str(path)))


def list_battles(args: Namespace, out: TextIO | None = None) -> int:
    """``skirmish list``: the saved battles, newest first."""
    import saves

    out = out or sys.stdout
    try:
        folder = saves.data_dir(getattr(args, "saves", None))
    except saves.SaveError as err:
        print(f"skirmish: {err}", file=sys.stderr)
        return 1
    from .save_summary import summary_line

    found = saves.list_saves(folder)
    if not found:
        print(f"No saved battles in {folder}", file=out)
        return 0
    print(f"Saved battles in {folder}:", file=out)
    for s in found:
        when = s.modified.strftime("%Y-%m-%d %H:%M")
        if s.error:
            print(f"  {when}  {s.path.name}  ({s.error})", file=out)
        else:
            print(f"  {when}  {summary_line(s)}  {s.path}", file=out)
    return 0


list_saves = list_battles
"""The name the first brief used."""


def export_format(args: Namespace) -> str:
    """``--format``, else the output file's suffix (.md, .html), else text."""
    chosen = getattr(args, "format", None)
    if chosen:
        return chosen
    suffix = Path(getattr(args, "output", None) or "").suffix.lower()
    return {".md": "md", ".markdown": "md", ".html": "html", ".htm": "html"}.get(suffix, "text")


def export_battle(args: Namespace, out: TextIO | None = None) -> int:
    """``skirmish export FILE [-o OUT] [--format text|md|html]``: the battle report."""
    import saves

    try:
        header, entries = saves.load(args.file)
    except saves.SaveError as err:
        print(f"skirmish: {err}", file=sys.stderr)
        return 1
    from .report import build_report, render

    try:
        text = render(build_report(header, entries), export_format(args))
    except Exception as err:  # noqa: BLE001 - one line, never a traceback
        print(f"skirmish: cannot export {args.file}: {err}", file=sys.stderr)
        return 1
    output = getattr(args, "output", None)
    if not output:
        (out or sys.stdout).write(text)
        return 0
    try:
        saves.write_export(output, text)
    except saves.SaveError as err:
        print(f"skirmish: {err}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    from .cli import main

    sys.exit(main())

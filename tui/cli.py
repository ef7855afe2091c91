"""The ``skirmish`` command line.

``skirmish [--saves DIR]`` opens the dashboard (the last battle, or a demo);
``new``, ``demo``, ``open``, ``list`` and ``export`` hand the parsed arguments to ``tui.launch``
and ``check`` to ``tui.roster_check`` (each imported only when used: the dashboard
starts without loading the rules, and ``check`` needs no terminal UI).
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Sequence

PROG = "skirmish"


def scenario_key(value: str) -> str:
    """argparse type: a scenario of the default rule system (number, key or name) -> its
    key; "none" plays no scenario. A system without scenarios takes the text as given
    (its battle says it is ignored)."""
    from engine.ruleset import SetupProblem, default_system

    lookup = default_system().scenario_key
    if lookup is None:
        return value
    try:
        return lookup(value)
    except SetupProblem as err:
        raise argparse.ArgumentTypeError(str(err)) from None


def system_name(value: str) -> str:
    """argparse type: a rule system (name or alias) -> its name."""
    from engine.ruleset import UnknownSystem, find_system

    try:
        return find_system(value).name
    except UnknownSystem as err:
        raise argparse.ArgumentTypeError(str(err)) from None


def system_help() -> tuple[str, str]:
    """(the default system's name, "sanctum-mortalis (default), saga, ...") from the registry."""
    from engine.ruleset import default_system, systems

    default = default_system().name
    named = [f"{s.name} (default)" if s.name == default else s.name for s in systems() if s.playable]
    return default, ", ".join(named[:-1]) + f" or {named[-1]}" if len(named) > 1 else named[0]


def files_help() -> str:
    """ "two band roster .toml files (Star Quest: party, enemies, mission)": the files a new
    battle needs, from the registry (each system whose files are not two rosters named)."""
    from engine.ruleset import systems

    other = [
        f"{s.title}: {', '.join(f.what for f in s.files)}"
        for s in systems()
        if s.playable and (len(s.files) != 2 or s.files[0].what != s.files[1].what)
    ]
    return "two band roster .toml files" + (f" ({'; '.join(other)})" if other else "")


def post_battle_help() -> str:
    """The titles of the systems whose battles have a post-battle sequence ("A", or "A or
    B"), from the registry (``tui.systems.post_battle_systems``)."""
    from tui.systems import post_battle_systems

    titles = [s.title for s in post_battle_systems()] or ["no bundled system's"]
    return ", ".join(titles[:-1]) + f" or {titles[-1]}" if len(titles) > 1 else titles[0]


def build_parser() -> argparse.ArgumentParser:
    """The argument parser: ``args.command`` is None (dashboard) or a subcommand name."""
    default, choices = system_help()
    follow_up = post_battle_help()
    parser = argparse.ArgumentParser(
        prog=PROG,
        description="A terminal dashboard for game masters of tabletop "
        "skirmish wargames. With no command: open the last battle, or a demo.",
    )
    parser.add_argument(
        "--saves",
        metavar="DIR",
        default=None,
        help="the saves folder (default: $SKIRMISH_SAVES or ~/.local/share/skirmish-desk)",
    )
    parser.set_defaults(system=default)
    saves = argparse.ArgumentParser(add_help=False)
    saves.add_argument("--saves", metavar="DIR", default=argparse.SUPPRESS, help="the saves folder")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    new = sub.add_parser(
        "new",
        parents=[saves],
        help="start a battle between two rosters",
        description="Start a new battle between two band rosters (TOML files).",
    )
    new.add_argument("rosters", nargs="+", metavar="ROSTER", help=files_help())
    new.add_argument(
        "--scenario", type=scenario_key, default=None, metavar="N", help="scenario number 1-5, name, or none"
    )
    new.add_argument("--seed", type=int, default=None, metavar="N", help="seed of the dice (default: random)")
    new.add_argument(
        "--allow-problems", action="store_true", help="start even if a roster breaks band-building rules (a house band)"
    )
    new.add_argument(
        "--system", type=system_name, default=default, metavar="SYSTEM", help=f"rule system of the rosters: {choices}"
    )

    demo = sub.add_parser(
        "demo",
        parents=[saves],
        help="start a new demo battle",
        description="Start a new battle between the bundled demo bands of a rule system.",
    )
    demo.add_argument("system", nargs="?", type=system_name, default=default, metavar="SYSTEM", help=choices)
    demo.add_argument("--seed", type=int, default=None, metavar="N", help="seed of the dice (default: random)")

    open_ = sub.add_parser("open", parents=[saves], help="open a saved battle", description="Open a saved battle.")
    open_.add_argument(
        "file", metavar="SAVE", help="a save: a path, a name in the saves folder, or a row number of `skirmish list`"
    )

    sub.add_parser("list", parents=[saves], help="list saved battles", description="List the saved battles.")

    export = sub.add_parser(
        "export",
        parents=[saves],
        help="export a battle report (text, Markdown, HTML)",
        description="Export a saved battle as a report: the bands, every event round by "
        "round with each roll's breakdown, the result and the dice-luck table.",
    )
    export.add_argument(
        "file", metavar="SAVE", help="a save: a path, a name in the saves folder, or a row number of `skirmish list`"
    )
    export.add_argument("-o", "--output", metavar="OUT", default=None, help="write here (default: standard output)")
    export.add_argument(
        "--format",
        choices=("text", "md", "html"),
        default=None,
        help="text, md (Markdown) or html (default: from OUT's suffix, else text)",
    )

    campaign = sub.add_parser(
        "campaign",
        parents=[saves],
        help="run a finished battle's post-battle sequence",
        description=f"Run a finished {follow_up} battle's post-battle sequence: a battle "
        "a campaign started is recorded in that campaign; any other battle starts a new "
        "campaign save of its two bands, next to the battles. Then open the campaign.",
    )
    campaign.add_argument("file", metavar="BATTLE", help=f"a finished {follow_up} battle (.skirmish)")
    campaign.add_argument(
        "--new",
        action="store_true",
        help="start a new campaign even if the battle belongs to one (e.g. its campaign is lost)",
    )
    campaign.add_argument("--seed", type=int, default=None, metavar="N", help="seed of the dice (default: random)")

    check = sub.add_parser(
        "check",
        help="check rosters against their rule system",
        description="Check roster files with their rule system's reader. Prints every "
        "problem as PATH:LINE: message (the rulebook's section and page) and exits 1, or summarises each roster (its "
        "models and, where the system counts them, their cost and the band's strength) and exits 0.",
    )
    check.add_argument("rosters", nargs="+", metavar="ROSTER", help="a roster .toml file")
    check.add_argument("--system", default=None, metavar="SYSTEM", help=f"the rosters' rule system: {choices}")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``skirmish`` command; returns the exit code. Output piped into a command
    that stops reading (``skirmish list | head -1``) ends it quietly, as other command-line
    tools end (exit 1, no traceback)."""
    try:
        return _run(argv)
    except BrokenPipeError:
        # Python's own advice: point stdout at devnull so the flush at exit cannot fail again.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1


def _run(argv: Sequence[str] | None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "check":
        from tui.roster_check import check_rosters

        return check_rosters(args.rosters, system=args.system)
    if args.command is None:
        from tui.launch import run_dashboard

        return int(run_dashboard(args) or 0)
    if args.command == "new":
        from tui.launch import new_battle

        return int(new_battle(args) or 0)
    if args.command == "demo":
        from tui.launch import demo_battle

        return int(demo_battle(args) or 0)
    if args.command == "open":
        from tui.launch import open_battle

        return int(open_battle(args) or 0)
    if args.command == "list":
        from tui.launch import list_battles

        return int(list_battles(args) or 0)
    if args.command == "campaign":
        from tui.launch import campaign_from_battle

        return int(campaign_from_battle(args) or 0)
    if args.command == "export":
        from tui.launch import export_battle

        return int(export_battle(args) or 0)
    raise AssertionError(f"unhandled command {args.command}")  # argparse allows no other


if __name__ == "__main__":
    sys.exit(main())

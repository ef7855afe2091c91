"""The ``skirmish`` command line.

``skirmish [--saves DIR]`` opens the dashboard (the last battle, or a demo);
``new``, ``open``, ``list`` and ``export`` hand the parsed arguments to ``tui.launch``
(imported only when used, so ``check`` needs no terminal UI); ``check`` reads Sanctum
Mortalis rosters and reports every problem as ``PATH:LINE: message (§rule)``.
"""

from __future__ import annotations

import argparse
import sys
from typing import Sequence, TextIO

from engine.rulesets.sanctum_mortalis import band_building as bb
from engine.rulesets.sanctum_mortalis import tables as t
from engine.rulesets.sanctum_mortalis.roster import ModelSpec
from engine.rulesets.sanctum_mortalis.roster_toml import ParsedRoster, check_roster

PROG = "skirmish"


def scenario_key(value: str) -> str:
    """argparse type: a scenario number (1–5) or name (English or Polish) -> its key;
    "none" plays no scenario."""
    key = t.SCENARIO_ALIASES.get(t.slug(value), "none" if t.slug(value) == "none" else None)
    if key is None:
        names = ", ".join(f"{s.number} {s.key}" for s in t.SCENARIOS.values())
        raise argparse.ArgumentTypeError(f"unknown scenario '{value}' (one of: {names}, or none)")
    return key


def build_parser() -> argparse.ArgumentParser:
    """The argument parser: ``args.command`` is None (dashboard) or a subcommand name."""
    parser = argparse.ArgumentParser(prog=PROG, description="A terminal dashboard for game masters of tabletop "
                                     "skirmish wargames. With no command: open the last battle, or a demo.")
    parser.add_argument("--saves", metavar="DIR", default=None,
                        help="the saves folder (default: $SKIRMISH_SAVES or ~/.local/share/skirmish-desk)")
    saves = argparse.ArgumentParser(add_help=False)
    saves.add_argument("--saves", metavar="DIR", default=argparse.SUPPRESS, help="the saves folder")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    new = sub.add_parser("new", parents=[saves], help="start a battle between two rosters",
                         description="Start a new battle between two band rosters (TOML files).")
    new.add_argument("rosters", nargs=2, metavar="ROSTER", help="a band roster .toml file")
    new.add_argument("--scenario", type=scenario_key, default=None, metavar="N",
                     help="scenario number 1-5, name, or none")
    new.add_argument("--seed", type=int, default=None, metavar="N", help="seed of the dice (default: random)")
    new.add_argument("--allow-problems", action="store_true",
                     help="start even if a roster breaks band-building rules (a house band)")

    open_ = sub.add_parser("open", parents=[saves], help="open a saved battle",
                           description="Open a saved battle.")
    open_.add_argument("file", metavar="FILE", help="a .skirmish save")

    sub.add_parser("list", parents=[saves], help="list saved battles", description="List the saved battles.")

    export = sub.add_parser("export", parents=[saves], help="export a battle's log as text",
                            description="Export a saved battle's log as text.")
    export.add_argument("file", metavar="FILE", help="a .skirmish save")
    export.add_argument("-o", "--output", metavar="OUT", default=None, help="write here (default: standard output)")

    check = sub.add_parser("check", help="check band rosters against the band-building rules",
                           description="Check Sanctum Mortalis band rosters. Prints every problem as "
                           "PATH:LINE: message (§rule) and exits 1, or prints each band's models, cost and "
                           "strength and exits 0.")
    check.add_argument("rosters", nargs="+", metavar="ROSTER", help="a band roster .toml file")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``skirmish`` command; returns the exit code."""
    args = build_parser().parse_args(argv)
    if args.command == "check":
        return check_rosters(args.rosters)
    if args.command is None:
        from tui.launch import run_dashboard
        return int(run_dashboard(args) or 0)
    if args.command == "new":
        from tui.launch import new_battle
        return int(new_battle(args) or 0)
    if args.command == "open":
        from tui.launch import open_battle
        return int(open_battle(args) or 0)
    if args.command == "list":
        from tui.launch import list_battles
        return int(list_battles(args) or 0)
    if args.command == "export":
        from tui.launch import export_battle
        return int(export_battle(args) or 0)
    raise AssertionError(f"unhandled command {args.command}")  # argparse allows no other


# ----------------------------------------------------------------------------- check
def check_rosters(paths: Sequence[str], out: TextIO | None = None, err: TextIO | None = None) -> int:
    """``skirmish check``: 0 when every roster is a legal band, else 1.

    Problems go to ``out`` as ``PATH:LINE: message (§rule)`` (warnings as
    ``PATH:LINE: warning: ...``); a file that cannot be read is one line on ``err``.
    With exactly two legal rosters it also says how many Volunteers the weaker gets.
    """
    from saves.errors import SaveError
    from saves.rosters import read_roster_text

    out = out or sys.stdout
    err = err or sys.stderr
    failed = False
    legal: list[ParsedRoster] = []
    for path in paths:
        try:
            text = read_roster_text(path)
        except SaveError as error:
            print(f"{PROG}: {error}", file=err)
            failed = True
            continue
        parsed = check_roster(text, source=path)
        for problem in parsed.problems:
            warning = "warning: " if problem.severity == bb.WARNING else ""
            print(f"{path}:{problem.line}: {warning}{problem}", file=out)
        if parsed.ok and parsed.roster is not None:
            print_summary(parsed, out)
            legal.append(parsed)
        else:
            failed = True
    if len(paths) == 2 and len(legal) == 2:
        print_volunteers(legal[0], legal[1], out)
    return 1 if failed else 0


def describe(spec: ModelSpec) -> str:
    """"Captain, Technomancer Trooper, 4 XP" style text for a roster line."""
    parts = []
    if spec.captain:
        parts.append("Captain")
    if spec.neutral:
        parts.append(f"independent {spec.neutral_type or 'model'}")
    elif spec.volunteer:
        parts.append("Volunteer")
    else:
        arch = t.ARCHETYPES.get(spec.archetype)
        name = arch.name if arch else spec.archetype
        specialist = t.SPECIALISTS.get(spec.specialist or "")
        name = f"{specialist.name} {name}" if specialist else name
        parts.append(f"small {name}" if spec.small else name)
    if spec.xp:
        parts.append(f"{spec.xp} XP")
    return ", ".join(parts)


def print_summary(parsed: ParsedRoster, out: TextIO) -> None:
    """The band's name, each model with its cost, the total against the budget and the band strength."""
    roster = parsed.roster
    assert roster is not None
    kind = "campaign band" if parsed.campaign else "starting band"
    player = f" ({roster.player})" if roster.player else ""
    print(f"{roster.name}{player}: {kind}, {len(roster.models)} models", file=out)
    width = max((len(m.name) for m in roster.models), default=0)
    described = [describe(m) for m in roster.models]
    dwidth = max((len(d) for d in described), default=0)
    for spec, text in zip(roster.models, described):
        print(f"  {spec.name:<{width}}  {text:<{dwidth}}  {bb.model_cost(spec):>3}tk", file=out)
    total = bb.band_cost(roster)
    budget = f"{total}tk (campaign: no budget)" if parsed.campaign else f"{total}tk of {parsed.budget}tk"
    print(f"  total {budget}, band strength {bb.band_strength(roster)}", file=out)


def print_volunteers(first: ParsedRoster, second: ParsedRoster, out: TextIO) -> None:
    """§15.9: how many Volunteers the weaker of two bands gets."""
    assert first.roster is not None and second.roster is not None
    a, b = bb.band_strength(first.roster), bb.band_strength(second.roster)
    weaker, strong, weak = (first.roster.name, b, a) if a < b else (second.roster.name, a, b)
    count = bb.volunteer_count(weak, strong)
    gets = f"{weaker} gets {count}" if count else "none"
    print(f"Volunteers: {gets} (band strength {weak} against {strong}, one per full 15, §15.9)", file=out)


if __name__ == "__main__":
    sys.exit(main())

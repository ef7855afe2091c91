"""``skirmish check``: Sanctum Mortalis rosters against the band-building rules.

Every problem is printed as ``PATH:LINE: message (§rule)``; a legal band is printed
with each model's cost, the total against the budget and the band strength.
"""
from __future__ import annotations

import sys
from typing import Sequence, TextIO

from engine.rulesets.sanctum_mortalis import band_building as bb
from engine.rulesets.sanctum_mortalis import tables as t
from engine.rulesets.sanctum_mortalis.roster import ModelSpec
from engine.rulesets.sanctum_mortalis.roster_toml import ParsedRoster, check_roster

PROG = "skirmish"


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
    parts += [t.WOUNDS[w].name if w in t.WOUNDS else w for w in spec.wounds]
    if spec.stashed:
        parts.append("in the stash")
    return ", ".join(parts)


def print_summary(parsed: ParsedRoster, out: TextIO) -> None:
    """The band's name, each model with its cost, the total against the budget and the band strength."""
    roster = parsed.roster
    assert roster is not None
    kind = "campaign band" if parsed.campaign else "starting band"
    player = f" ({roster.player})" if roster.player else ""
    stashed = len(roster.stashed_models)
    kept = f" ({len(roster.team)} in the team, {stashed} in the stash)" if stashed else ""
    print(f"{roster.name}{player}: {kind}, {len(roster.models)} models{kept}", file=out)
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


# ----------------------------------------------------------------------------- other rule systems
OTHER_READERS = {
    "saga": ("engine.rulesets.saga.roster_toml", "parse_roster", "units"),
    "xk6": ("engine.rulesets.xk6.roster_toml", "parse_roster", "models"),
    "star-quest": ("engine.rulesets.star_quest.roster_toml", "parse_roster", "units"),
}
"""Roster readers of the rule systems without band-building rules to check: each file is
read as the system's roster (every problem with its line) and summarised."""


def check_other(system: str, paths: Sequence[str], out: TextIO | None = None, err: TextIO | None = None) -> int:
    """``skirmish check --system saga|xk6|star-quest``: 0 when every file reads, else 1.
    Star Quest mission files (objectives, waves, rounds...) are read as missions."""
    from importlib import import_module

    from engine.toml_lines import FileError
    from saves.errors import SaveError
    from saves.rosters import read_roster_text

    out = out or sys.stdout
    err = err or sys.stderr
    module, reader, members = OTHER_READERS[system]
    parse = getattr(import_module(module), reader)
    failed = False
    for path in paths:
        try:
            text = read_roster_text(path)
        except SaveError as error:
            print(f"{PROG}: {error}", file=err)
            failed = True
            continue
        try:
            if system == "star-quest" and _is_mission(text):
                from engine.rulesets.star_quest.mission_toml import parse_mission

                mission = parse_mission(text, source=path)
                print(f"{path}: mission {getattr(mission, 'name', '')}", file=out)
                continue
            read = parse(text, source=path)
        except FileError as error:
            for line, message in error.problems:
                print(f"{path}:{line}: {message}", file=out)
            failed = True
            continue
        items = getattr(read, members, ())
        print(f"{read.name}: {len(items)} {members}: " + ", ".join(getattr(x, "name", "?") for x in items), file=out)
    return 1 if failed else 0


MISSION_KEYS = frozenset({"objective", "wave", "group", "rounds", "victory", "defeat", "event", "search_token"})


def _is_mission(text: str) -> bool:
    """A Star Quest mission file rather than a roster: it has a mission's top-level keys."""
    import tomllib

    try:
        return bool(MISSION_KEYS & set(tomllib.loads(text)))
    except tomllib.TOMLDecodeError:
        return False

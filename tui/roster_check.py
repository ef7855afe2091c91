"""``skirmish check``: roster files read by their rule system's checker.

The files are read by the saves module (a file that cannot be read is one line on
``err``); the rule system's spec checks their text (``SystemSpec.check``): every
problem as ``PATH:LINE: message (rule)``, the rule cited as its rulebook names it
(``SystemSpec.cite``: section and page), a good roster summarised (Sanctum Mortalis:
each model's cost, the total against the budget and the band strength).
"""

from __future__ import annotations

import sys
from typing import Sequence, TextIO

PROG = "skirmish"


def check_rosters(
    paths: Sequence[str], out: TextIO | None = None, err: TextIO | None = None, system: str | None = None
) -> int:
    """``skirmish check [--system X]``: 0 when every file reads and passes the system's
    checks, 1 otherwise, 2 for a rule system that is unknown or has no checker."""
    from engine.ruleset import UnknownSystem, find_system
    from saves.errors import SaveError
    from saves.rosters import read_roster_text

    out = out or sys.stdout
    err = err or sys.stderr
    try:
        spec = find_system(system)
    except UnknownSystem as error:
        print(f"{PROG}: {error}", file=err)
        return 2
    if spec.check is None:
        print(f"{PROG}: {spec.title} has no roster files to check", file=err)
        return 2
    failed = False
    files: list[tuple[str, str]] = []
    for path in paths:
        try:
            files.append((path, read_roster_text(path)))
        except SaveError as error:
            print(f"{PROG}: {error}", file=err)
            failed = True
    lines, ok = spec.check(files)
    for line in lines:  # each rule as its rulebook names it, not the engine's "§15.2"
        print(spec.cite(line), file=out)
    return 1 if failed or not ok else 0

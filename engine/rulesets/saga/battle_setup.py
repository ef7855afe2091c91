"""New SAGA battles: two warband rosters (sides A and B), or the bundled demo; the
rosters read for ``skirmish check``. The texts come from the caller."""

from __future__ import annotations

from typing import Sequence

from engine.ruleset import NewBattle, SetupProblem

from .roster import Warband
from .roster_toml import RosterError, parse_roster
from .ruleset import make_setup

TITLE = "SAGA"
BAND = "warband"
DEMO_TITLE = "Demo battle"


def read(text: str, source: str) -> Warband:
    """A warband from its roster text; ``SetupProblem`` (one line) if it cannot be used."""
    try:
        return parse_roster(text, source=source)
    except RosterError as err:
        raise SetupProblem(f"cannot use {BAND} {err}") from None


def new_battle(
    texts: Sequence[tuple[str, str]], scenario: str | None, seed: int, allow_problems: bool = False
) -> NewBattle:
    """Two rosters ((text, source) each), sides A and B in that order."""
    a, b = (read(text, source) for text, source in texts)
    note = f"{TITLE} battles have no scenario here: --scenario is ignored" if scenario else ""
    return NewBattle(make_setup(a, b), f"{TITLE}: {a.name} v {b.name}", note)


def demo(scenario: str | None, seed: int) -> NewBattle:
    """The bundled demo warbands (``demo/``: example data, not rules)."""
    from .demo import demo_warbands

    a, b = demo_warbands()
    return NewBattle(make_setup(a, b), f"{DEMO_TITLE} ({TITLE}): {a.name} v {b.name}")


def check(files: Sequence[tuple[str, str]]) -> tuple[tuple[str, ...], bool]:
    """``skirmish check``: every problem of each file as ``PATH:LINE: message``, or
    the warband's name and members. Returns (lines, every file read)."""
    lines: list[str] = []
    ok = True
    for source, text in files:
        try:
            read_ = parse_roster(text, source=source)
        except RosterError as error:
            lines += [f"{source}:{line}: {message}" for line, message in error.problems]
            ok = False
            continue
        lines.append(members_line(read_))
    return tuple(lines), ok


def members_line(warband: Warband) -> str:
    """ "Jarl Sigurd's Host: 4 units: Sigurd the Jarl, Hirdmen, ..."."""
    return f"{warband.name}: {len(warband.units)} units: " + ", ".join(u.name for u in warband.units)

"""New Star Quest battles: three files — the party roster, the enemy roster and the
mission — or the bundled demo; the files read for ``skirmish check``. The texts come
from the caller."""

from __future__ import annotations

import tomllib
from typing import Sequence

from engine.formatting import possessive
from engine.ruleset import NewBattle, SetupProblem
from engine.toml_lines import FileError

from .mission_toml import MissionError, parse_mission
from .roster import MissionSpec, Roster
from .roster_toml import RosterError, parse_roster
from .ruleset import SetupError, make_setup

TITLE = "Star Quest"
DEMO_TITLE = "Demo battle"
MISSION_KEYS = frozenset(
    {"objective", "wave", "group", "rounds", "victory", "defeat", "event", "search_token", "spell"}
)


def _setup(party: Roster, enemies: Roster, mission: MissionSpec, title: str, note: str = "") -> NewBattle:
    try:
        return NewBattle(make_setup(party, enemies, mission), title, note)
    except SetupError as err:
        raise SetupProblem(str(err)) from None


def new_battle(
    texts: Sequence[tuple[str, str]], scenario: str | None, seed: int, allow_problems: bool = False
) -> NewBattle:
    """``texts``: the party roster, the enemy roster and the mission, (text, source) each."""
    (party_text, party_src), (enemies_text, enemies_src), (mission_text, mission_src) = texts
    try:
        party = parse_roster(party_text, source=party_src)
        enemies = parse_roster(enemies_text, source=enemies_src)
        mission = parse_mission(mission_text, source=mission_src, enemies=[u.id for u in enemies.enemies])
    except (RosterError, MissionError) as err:
        raise SetupProblem(f"cannot use {err}") from None
    note = "Star Quest battles take their mission from the mission file: --scenario is ignored" if scenario else ""
    return _setup(party, enemies, mission, f"{TITLE}: {mission.name}", note)


def demo(scenario: str | None, seed: int) -> NewBattle:
    """The bundled demo files (``demo/``)."""
    from .demo import demo_rosters

    party, enemies, mission = demo_rosters()
    return _setup(party, enemies, mission, f"{DEMO_TITLE} ({TITLE}): {party.name} — {mission.name}")


def is_mission(text: str) -> bool:
    """A mission file rather than a roster: it has a mission's top-level keys."""
    try:
        return bool(MISSION_KEYS & set(tomllib.loads(text)))
    except tomllib.TOMLDecodeError:
        return False


def check(files: Sequence[tuple[str, str]]) -> tuple[tuple[str, ...], bool]:
    """``skirmish check``: rosters and missions, every problem as ``PATH:LINE: message``;
    a roster's units or a mission's name. Returns (lines, every file read)."""
    lines: list[str] = []
    ok = True
    for source, text in files:
        try:
            if is_mission(text):
                mission = parse_mission(text, source=source)
                lines.append(f"{source}: mission {mission.name}")
                lines += [
                    f"{source}:{sp.line}: note: the mission's spell '{sp.spell.name}' is text only: the GM resolves "
                    "it (give it target and hits/ap, wounds, status, tokens, pp, move, quality or defense for the app to apply "
                    "it) [SQ-M5]"
                    for sp in mission.spells
                    if sp.spell.does is None
                ]
                continue
            roster = parse_roster(text, source=source)
        except FileError as error:
            lines += [f"{source}:{line}: {message}" for line, message in error.problems]
            ok = False
            continue
        lines.append(f"{roster.name}: {len(roster.units)} units: " + ", ".join(u.name for u in roster.units))
        lines += [
            f"{source}:{u.line}: note: {possessive(u.name)} spell '{sp.name}' is text only: the GM resolves it "
            "(give it target and hits/ap, wounds, status, tokens, pp, move, quality or defense for the app to apply "
            "it) [SQ-M5]"
            for u in roster.units
            for sp in u.spells
            if sp.does is None
        ]
    return tuple(lines), ok

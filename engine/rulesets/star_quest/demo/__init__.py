"""The bundled Star Quest demo: a party of three heroes, four enemy units and a mission
(package data). The TOML files say in their header that they are examples, not rules.
Reading bundled package data is the engine's one kind of file access (STYLE §1).
"""

from __future__ import annotations

import pkgutil
from typing import Any

from ..mission_toml import parse_mission
from ..roster import MissionSpec, Roster
from ..roster_toml import parse_roster

PARTY_FILE = "party.toml"
ENEMIES_FILE = "enemies.toml"
MISSION_FILE = "mission.toml"
DEMO_FILES = (PARTY_FILE, ENEMIES_FILE, MISSION_FILE)


def demo_text(name: str) -> str:
    """The text of a bundled demo file."""
    data = pkgutil.get_data(__name__, name)
    if data is None:
        raise FileNotFoundError(name)
    return data.decode("utf-8")


def demo_rosters() -> tuple[Roster, Roster, MissionSpec]:
    """The demo party, enemies and mission."""
    party = parse_roster(demo_text(PARTY_FILE), source=f"demo/{PARTY_FILE}")
    enemies = parse_roster(demo_text(ENEMIES_FILE), source=f"demo/{ENEMIES_FILE}")
    mission = parse_mission(
        demo_text(MISSION_FILE), source=f"demo/{MISSION_FILE}", enemies=[u.id for u in enemies.enemies]
    )
    return party, enemies, mission


def demo_setup(settings: dict[str, str] | None = None) -> dict[str, Any]:
    """A JSON-safe set-up for the demo battle."""
    from ..ruleset import make_setup

    return make_setup(*demo_rosters(), settings=settings)

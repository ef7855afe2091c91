"""Grimdark Future Star Quest: rules from its Polish rules summary (``citations.py`` gives
each rule's heading in it).

``SYSTEM`` declares the rule system "star-quest"; this module imports no rules code
(the names below are loaded on first use).
"""

from __future__ import annotations

from typing import Any

from engine.ruleset import Lazy, RosterFile, SystemSpec

NAME = "star-quest"

_HERE = __name__
SYSTEM = SystemSpec(
    name=NAME,
    title="Star Quest",
    package=_HERE,
    aliases=("sq", "star quest", "starquest", "grimdark future star quest"),
    ruleset=Lazy(f"{_HERE}.ruleset:StarQuest"),
    summary=Lazy(f"{_HERE}.summary:summary"),
    corrections=Lazy(f"{_HERE}.corrections:options"),
    citations=Lazy(f"{_HERE}.citations:citations"),
    files=(
        RosterFile(
            "party",
            "Party roster file, the heroes (leave all three empty for the bundled demo: The Vex "
            "Company v the Cult of the Hollow Star in The Silent Relay):",
            "party.toml",
        ),
        RosterFile("enemies", "Enemy roster file, the AI units:", "enemies.toml"),
        RosterFile("mission", "Mission file (objectives, waves, search tokens, events):", "mission.toml"),
    ),
    new_battle=Lazy(f"{_HERE}.battle_setup:new_battle"),
    demo=Lazy(f"{_HERE}.battle_setup:demo"),
    read_roster=Lazy(f"{_HERE}.roster_toml:parse_roster"),
    check=Lazy(f"{_HERE}.battle_setup:check"),
)

_LAZY = {
    "MissionError": "mission_toml",
    "parse_mission": "mission_toml",
    "MissionSpec": "roster",
    "Roster": "roster",
    "UnitSpec": "roster",
    "WeaponSpec": "roster",
    "RosterError": "roster_toml",
    "parse_roster": "roster_toml",
    "SetupError": "ruleset",
    "StarQuest": "ruleset",
    "make_setup": "ruleset",
}


def __getattr__(name: str) -> Any:
    """The names of ``__all__``, imported on first use (PEP 562)."""
    if name in _LAZY:
        from importlib import import_module

        return getattr(import_module(f"{_HERE}.{_LAZY[name]}"), name)
    raise AttributeError(f"module {_HERE!r} has no attribute {name!r}")


__all__ = ["NAME", "SYSTEM", *_LAZY]

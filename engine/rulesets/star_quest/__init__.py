"""Grimdark Future Star Quest: rules from shared/rules/star-quest.md.

Importing this package registers the rule system as "star-quest".
"""
from engine.ruleset import register

from .mission_toml import MissionError, parse_mission
from .roster import MissionSpec, Roster, UnitSpec, WeaponSpec
from .roster_toml import RosterError, parse_roster
from .ruleset import NAME, SetupError, StarQuest, make_setup

register(NAME, StarQuest)

__all__ = ["NAME", "MissionError", "MissionSpec", "Roster", "RosterError", "SetupError", "StarQuest", "UnitSpec",
           "WeaponSpec", "make_setup", "parse_mission", "parse_roster"]

"""SAGA (Dark Age skirmish): rules from shared/rules/saga.md.

Importing this package registers the rule system as "saga".
"""
from engine.ruleset import register

from .fatigue import fatigue_markers
from .odds import casualty_distribution
from .roster import UnitSpec, Warband
from .roster_toml import RosterError, parse_roster
from .ruleset import NAME, Saga, make_setup

register(NAME, Saga)

__all__ = ["NAME", "RosterError", "Saga", "UnitSpec", "Warband", "casualty_distribution", "fatigue_markers",
           "make_setup", "parse_roster"]

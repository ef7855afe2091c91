"""xK6 opposed-test skirmish: rules from shared/rules/xk6-skirmish.md.

Importing this package registers the rule system as "xk6".
"""
from engine.ruleset import register

from .odds import pool_distribution, pool_result
from .roster import Band, ModelSpec, SpeedColumn, WeaponSpec
from .roster_toml import RosterError, parse_roster
from .ruleset import NAME, XK6, make_setup

register(NAME, XK6)

__all__ = ["NAME", "XK6", "Band", "ModelSpec", "RosterError", "SpeedColumn", "WeaponSpec", "make_setup",
           "parse_roster", "pool_distribution", "pool_result"]

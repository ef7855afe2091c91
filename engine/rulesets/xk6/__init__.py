"""xK6 opposed-test skirmish: rules from the Polish xK6 rules sheet (``citations.py`` gives
each rule's heading in it).

``SYSTEM`` declares the rule system "xk6"; this module imports no rules code (the
names below are loaded on first use).
"""

from __future__ import annotations

from typing import Any

from engine.ruleset import Lazy, RosterFile, SystemSpec

NAME = "xk6"

_HERE = __name__
SYSTEM = SystemSpec(
    name=NAME,
    title="xK6",
    package=_HERE,
    aliases=("xk-6", "x-k6"),
    ruleset=Lazy(f"{_HERE}.ruleset:XK6"),
    summary=Lazy(f"{_HERE}.summary:summary"),
    corrections=Lazy(f"{_HERE}.corrections:options"),
    citations=Lazy(f"{_HERE}.citations:citations"),
    files=(
        RosterFile("band", "First band's roster file (leave both empty for the demo bands):", "bands/wolves.toml"),
        RosterFile("band", "Second band's roster file:", "bands/saints.toml"),
    ),
    new_battle=Lazy(f"{_HERE}.battle_setup:new_battle"),
    demo=Lazy(f"{_HERE}.battle_setup:demo"),
    read_roster=Lazy(f"{_HERE}.roster_toml:parse_roster"),
    check=Lazy(f"{_HERE}.battle_setup:check"),
)

_LAZY = {
    "pool_distribution": "odds",
    "pool_result": "odds",
    "Band": "roster",
    "ModelSpec": "roster",
    "SpeedColumn": "roster",
    "WeaponSpec": "roster",
    "RosterError": "roster_toml",
    "parse_roster": "roster_toml",
    "XK6": "ruleset",
    "make_setup": "ruleset",
}


def __getattr__(name: str) -> Any:
    """The names of ``__all__``, imported on first use (PEP 562)."""
    if name in _LAZY:
        from importlib import import_module

        return getattr(import_module(f"{_HERE}.{_LAZY[name]}"), name)
    raise AttributeError(f"module {_HERE!r} has no attribute {name!r}")


__all__ = ["NAME", "SYSTEM", *_LAZY]

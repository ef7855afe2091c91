"""SAGA (Dark Age skirmish): rules from the Russian translation of its melee, fatigue, terrain
and buildings chapters (``citations.py`` gives each rule's heading in it).

``SYSTEM`` declares the rule system "saga"; this module imports no rules code (the
names below are loaded on first use).
"""

from __future__ import annotations

from typing import Any

from engine.ruleset import Lazy, RosterFile, SystemSpec

NAME = "saga"

_HERE = __name__
SYSTEM = SystemSpec(
    name=NAME,
    title="SAGA",
    package=_HERE,
    ruleset=Lazy(f"{_HERE}.ruleset:Saga"),
    summary=Lazy(f"{_HERE}.summary:summary"),
    corrections=Lazy(f"{_HERE}.corrections:options"),
    citations=Lazy(f"{_HERE}.citations:citations"),
    files=(
        RosterFile("warband", "First band's roster file (leave both empty for the demo bands):", "bands/wolves.toml"),
        RosterFile("warband", "Second band's roster file:", "bands/saints.toml"),
    ),
    new_battle=Lazy(f"{_HERE}.battle_setup:new_battle"),
    demo=Lazy(f"{_HERE}.battle_setup:demo"),
    read_roster=Lazy(f"{_HERE}.roster_toml:parse_roster"),
    check=Lazy(f"{_HERE}.battle_setup:check"),
)

_LAZY = {
    "fatigue_markers": "fatigue",
    "casualty_distribution": "odds",
    "UnitSpec": "roster",
    "Warband": "roster",
    "RosterError": "roster_toml",
    "parse_roster": "roster_toml",
    "Saga": "ruleset",
    "make_setup": "ruleset",
}


def __getattr__(name: str) -> Any:
    """The names of ``__all__``, imported on first use (PEP 562)."""
    if name in _LAZY:
        from importlib import import_module

        return getattr(import_module(f"{_HERE}.{_LAZY[name]}"), name)
    raise AttributeError(f"module {_HERE!r} has no attribute {name!r}")


__all__ = ["NAME", "SYSTEM", *_LAZY]

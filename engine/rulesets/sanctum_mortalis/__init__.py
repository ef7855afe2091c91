"""Sanctum Mortalis ver 1.0 (Baltazar Games 2016): rules from its Polish rulebook
(``citations.py`` gives each rule's section and page in it).

``SYSTEM`` declares the rule system; this module imports no rules code (the names below
are loaded on first use).
"""

from __future__ import annotations

from typing import Any

from engine.ruleset import Lazy, RosterFile, SystemSpec

NAME = "sanctum-mortalis"
CAMPAIGN = "sanctum-mortalis-campaign"
"""The campaign between battles (the ``campaign`` package, a rule system of its own)."""

_HERE = __name__
SYSTEM = SystemSpec(
    name=NAME,
    title="Sanctum Mortalis",
    package=_HERE,
    aliases=("sm", "sanctum", "sanctum mortalis"),
    ruleset=Lazy(f"{_HERE}.ruleset:SanctumMortalis"),
    summary=Lazy(f"{_HERE}.summary:summary"),
    corrections=Lazy(f"{_HERE}.corrections:options"),
    citations=Lazy(f"{_HERE}.citations:citations"),
    files=(
        RosterFile("roster", "First band's roster file (leave both empty for the demo bands):", "bands/wolves.toml"),
        RosterFile("roster", "Second band's roster file:", "bands/saints.toml"),
    ),
    new_battle=Lazy(f"{_HERE}.battle_setup:new_battle"),
    demo=Lazy(f"{_HERE}.battle_setup:demo"),
    read_roster=Lazy(f"{_HERE}.roster_toml:parse_roster"),
    write_roster=Lazy(f"{_HERE}.roster_write:write_roster"),
    check=Lazy(f"{_HERE}.battle_setup:check"),
    scenario_name=Lazy(f"{_HERE}.tables:scenario_name"),
    scenario_key=Lazy(f"{_HERE}.battle_setup:scenario_key"),
)

_LAZY = {"SanctumMortalis": "ruleset", "make_setup": "ruleset"}


def __getattr__(name: str) -> Any:
    """``SanctumMortalis`` and ``make_setup``, imported on first use (PEP 562)."""
    if name in _LAZY:
        from importlib import import_module

        return getattr(import_module(f"{_HERE}.{_LAZY[name]}"), name)
    raise AttributeError(f"module {_HERE!r} has no attribute {name!r}")


__all__ = ["CAMPAIGN", "NAME", "SYSTEM", "SanctumMortalis", "make_setup"]

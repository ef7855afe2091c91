"""The bundled demo SAGA battle: two warbands of four units (package data).

The TOML files say in their header which values are house defaults, not rules.
Reading bundled package data is the engine's one kind of file access (STYLE §1).
"""

from __future__ import annotations

import pkgutil
from typing import Any

from ..roster import Warband
from ..roster_toml import parse_roster

DEMO_FILES = ("vikings.toml", "anglo_danes.toml")


def demo_text(name: str) -> str:
    """The text of a bundled demo roster."""
    data = pkgutil.get_data(__name__, name)
    if data is None:
        raise FileNotFoundError(name)
    return data.decode("utf-8")


def demo_warbands() -> tuple[Warband, Warband]:
    """The two demo warbands (side A, side B)."""
    a, b = (parse_roster(demo_text(n), source=f"demo/{n}") for n in DEMO_FILES)
    return a, b


def demo_setup(settings: dict[str, str] | None = None) -> dict[str, Any]:
    """A JSON-safe set-up for the demo battle."""
    from ..ruleset import make_setup

    return make_setup(*demo_warbands(), settings=settings)

"""The bundled Sanctum Mortalis demo rosters as files, for tests that read rosters from disk.

Product code reaches them through the system's spec (``SYSTEM.demo``, ``battle_setup.demo_text``);
``saves`` names no rule system, so the paths live here. Import as ``from demo_rosters import
demo_roster_paths`` (``tests`` is on pytest's ``pythonpath``).
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

DEMO_PACKAGE = "engine.rulesets.sanctum_mortalis"
DEMO_FOLDER = "demo"


def demo_roster_paths() -> list[Path]:
    """The bundled Sanctum Mortalis demo rosters (``*.toml``), sorted by name."""
    folder = resources.files(DEMO_PACKAGE).joinpath(DEMO_FOLDER)
    return sorted(Path(str(entry)) for entry in folder.iterdir() if entry.name.endswith(".toml"))

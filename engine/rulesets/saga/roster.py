"""SAGA warband rosters: the records a GM writes in a TOML file.

Parsing TOML text into them, with the line of every problem, is ``roster_toml.py``.
A profile value the roster leaves out is ``None`` here and comes from the battle's
per-class settings (house defaults, [SAGA-M1] [SAGA-M4] [SAGA-M9]); ``profile_value`` says which.
"""

from __future__ import annotations

from typing import Any, Mapping

from engine.records import Record, asdict

from . import tables as t


class UnitSpec(Record):
    """One unit as the roster gives it.

    ``id`` is unique within the warband (slug of the name); ``cls`` one of
    ``tables.CLASSES``; ``move`` the unit's Movement band (None: M on foot, L mounted,
    as inferred in §2.2); ``line`` the roster line of its ``[[unit]]`` header.
    """

    id: str
    name: str
    cls: str
    models: int
    mounted: bool = False
    move: str | None = None
    armour_melee: int | None = None
    armour_shooting: int | None = None
    attack_dice: int | None = None
    """Melee attack dice per model [SAGA-M1]."""
    shooting_dice: int | None = None
    """Shooting attack dice per model [SAGA-M9]."""
    line: int = 0

    @property
    def fatigue_limit(self) -> int:
        return t.FATIGUE_LIMIT[self.cls]

    @property
    def move_band(self) -> str:
        return self.move or (t.MOUNTED_MOVE if self.mounted else t.FOOT_MOVE)

    def defaulted(self) -> tuple[str, ...]:
        """Profile fields the roster left out (they come from the house-default settings)."""
        return tuple(f for f in t.PROFILE_FIELDS if getattr(self, f) is None)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "UnitSpec":
        return cls(**dict(data))


class Warband(Record):
    """A warband: its name, player and units."""

    name: str
    units: tuple[UnitSpec, ...]
    player: str = ""
    faction: str = ""
    source: str = ""
    """Where it was read from (a file name), for messages."""

    def unit(self, unit_id: str) -> UnitSpec:
        for u in self.units:
            if u.id == unit_id:
                return u
        raise KeyError(unit_id)

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "player": self.player,
            "faction": self.faction,
            "source": self.source,
            "units": [u.to_dict() for u in self.units],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "Warband":
        return cls(
            name=data["name"],
            player=data.get("player", ""),
            faction=data.get("faction", ""),
            source=data.get("source", ""),
            units=tuple(UnitSpec.from_dict(u) for u in data.get("units", ())),
        )


def profile_value(spec: UnitSpec, field: str, settings: Mapping[str, str]) -> tuple[int, bool]:
    """(value, from_house_default) of a profile field: the roster's, else the class setting."""
    value = getattr(spec, field)
    if value is not None:
        return int(value), False
    key = f"{field}.{spec.cls}"
    return int(settings.get(key, t.HOUSE_DEFAULTS[field][spec.cls])), True

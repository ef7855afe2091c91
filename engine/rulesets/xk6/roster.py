"""xK6 rosters: the data the sheet refers to but does not contain ([XK-M1]–[XK-M5], [XK-M10]).

A roster (a TOML file, read by ``roster_toml.py``) has a movement table (one row per
model type, [XK-M2]), a weapon table ([XK-M3]) and model cards ([XK-M1]) with their
wound track ([XK-M4]) and skills ([XK-M5]). The records here are what the engine
keeps: each model carries copies of its movement row and weapons, so a battle set-up
is self-contained and JSON-safe.
"""

from __future__ import annotations

from typing import Any, Mapping

from engine.records import Record, asdict


class SpeedColumn(Record):
    """One column of the movement table: ``att`` None is "–" (no attack at this speed)."""

    name: str
    inches: float
    att: int | None
    defence: int

    @property
    def can_attack(self) -> bool:
        return self.att is not None


class WeaponSpec(Record):
    """One row of the weapon table [XK-M3].

    ``mags``: spare magazines for reloads (None: the weapon has no magazine, e.g. a blade or an
    LA weapon); ``la_rounds``: rounds of a limited-ammunition weapon [XK-M10]; ``optimal`` /
    ``maximum``: ranges in inches (None: none given; an M-only or FT weapon); ``ae``: area radius
    (AE n); ``traits``: IF, FT, LA, M, SB.
    """

    id: str
    name: str
    dam: int
    acc: int = 0
    rof: int = 0
    mags: int | None = None
    la_rounds: int | None = None
    optimal: float | None = None
    maximum: float | None = None
    ae: int = 0
    traits: tuple[str, ...] = ()
    line: int = 0

    def has(self, trait: str) -> bool:
        return trait in self.traits or (trait == "AE" and self.ae > 0)

    @property
    def limited(self) -> bool:
        return self.has("LA")

    @property
    def magazine(self) -> bool:
        """The weapon has a magazine that can run dry (§12.1)."""
        return self.mags is not None and not self.limited

    @property
    def range_bands(self) -> tuple[str, ...]:
        """The range bands a target may be in (§18 [XK-A19]): optimal, maximum if the weapon
        has one, and beyond (only with the GM's override)."""
        return ("optimal", "maximum", "beyond") if self.maximum is not None else ("optimal", "beyond")

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["traits"] = list(self.traits)
        return d

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "WeaponSpec":
        d = dict(data)
        d["traits"] = tuple(d.get("traits", ()))
        return cls(**d)


class ModelSpec(Record):
    """A model card [XK-M1].

    ``att`` / ``defence``: skill levels (dice counts); ``command``: for the initiative roll;
    ``command_points``: a commander's points (0: not a commander); ``wounds``: how many wounds
    remove it (None: the engine counts and the GM removes); ``wound_track``: (wounds taken,
    modifier) pairs [XK-M4], the highest reached applies; ``medic`` / ``stealth``: trait values
    (None: no trait); ``skills``: (name, effect text) for the GM [XK-M5].
    """

    id: str
    name: str
    type: str
    att: int
    defence: int
    armour: int
    speeds: tuple[SpeedColumn, ...]
    weapons: tuple[WeaponSpec, ...]
    command: int = 0
    command_points: int = 0
    wounds: int | None = None
    wound_track: tuple[tuple[int, int], ...] = ()
    medic: int | None = None
    stealth: int | None = None
    skills: tuple[tuple[str, str], ...] = ()
    line: int = 0

    def speed(self, name: str) -> SpeedColumn | None:
        return next((s for s in self.speeds if s.name == name), None)

    @property
    def still(self) -> SpeedColumn:
        """The 0" column ("standing still", §6.1)."""
        return self.speeds[0]

    def weapon(self, weapon_id: str) -> WeaponSpec | None:
        return next((w for w in self.weapons if w.id == weapon_id), None)

    def wound_modifier(self, taken: int) -> int:
        """[XK-M4]: the modifier of the highest track entry reached (0 below the first)."""
        value = 0
        for at, mod in sorted(self.wound_track):
            if taken >= at:
                value = mod
        return value

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "type": self.type,
            "att": self.att,
            "defence": self.defence,
            "armour": self.armour,
            "speeds": [asdict(s) for s in self.speeds],
            "weapons": [w.to_dict() for w in self.weapons],
            "command": self.command,
            "command_points": self.command_points,
            "wounds": self.wounds,
            "wound_track": [list(p) for p in self.wound_track],
            "medic": self.medic,
            "stealth": self.stealth,
            "skills": [list(s) for s in self.skills],
            "line": self.line,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "ModelSpec":
        d = dict(data)
        d["speeds"] = tuple(SpeedColumn(**s) for s in d["speeds"])
        d["weapons"] = tuple(WeaponSpec.from_dict(w) for w in d["weapons"])
        d["wound_track"] = tuple((int(a), int(b)) for a, b in d.get("wound_track", ()))
        d["skills"] = tuple((str(a), str(b)) for a, b in d.get("skills", ()))
        return cls(**d)


class Band(Record):
    """A side's models, as read from one roster file."""

    name: str
    models: tuple[ModelSpec, ...]
    player: str = ""
    source: str = ""

    def model(self, model_id: str) -> ModelSpec:
        for m in self.models:
            if m.id == model_id:
                return m
        raise KeyError(model_id)

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "player": self.player,
            "source": self.source,
            "models": [m.to_dict() for m in self.models],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "Band":
        return cls(
            name=data["name"],
            player=data.get("player", ""),
            source=data.get("source", ""),
            models=tuple(ModelSpec.from_dict(m) for m in data.get("models", ())),
        )

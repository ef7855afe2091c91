"""Sanctum Mortalis band rosters: the data a GM writes in a TOML file.

This module holds the roster records only. Parsing TOML text into them, with the
line of every problem, is ``roster_toml.py``; band-building checks are
``band_building.py``; the effective profile is ``profile.py``.
"""

from __future__ import annotations

from typing import Any

from engine.records import Record, asdict


class ModelSpec(Record):
    """One model as the roster gives it (keys refer to ``tables``).

    ``id`` is unique within the band (slug of the name); ``line`` is the roster line of
    the model's ``[[model]]`` header, for messages.
    """

    id: str
    name: str
    archetype: str
    specialist: str | None = None
    small: bool = False
    captain: bool = False
    ranged: tuple[str, ...] = ()
    melee: tuple[str, ...] = ()
    armour: str = "light"
    shield: bool = False
    items: tuple[str, ...] = ()
    """Special items and gear in the two slots: grenades, gadgets, ammunition, climbing gear, jet pack."""
    mods: tuple[str, ...] = ()
    """Lasting modifications of its weapons and armour (no slot)."""
    skills: tuple[str, ...] = ()
    tricks: tuple[str, ...] = ()
    xp: int = 0
    wounds: tuple[str, ...] = ()
    advances: tuple[tuple[str, int], ...] = ()
    """Characteristic advances taken, e.g. (("W", 1), ("C", 2))."""
    volunteer: bool = False
    neutral: bool = False
    neutral_type: str = ""  # "fighting" | "shooting" for independent models [SM-M1]
    profile_override: tuple[tuple[str, int], ...] = ()
    """GM-defined profile for independent models [SM-M1]."""
    line: int = 0
    stashed: bool = False
    adjustments: tuple[tuple[str, int, str, str], ...] = ()
    """GM corrections of a characteristic in this battle: (stat, value, the GM's reason,
    "round" or "battle"); counted in the profile (and so in every roll), never written in
    a roster."""
    """Kept in the stash, on the mother ship (§15.10, §22.2): not in the battle team, not
    counted for the 7-model limit or band strength, gains no XP, its skills unused after
    a battle. Written ``stash = true`` in a roster's ``[[model]]`` block."""

    @property
    def pet(self) -> bool:
        return self.archetype == "war-pet"

    def advance(self, stat: str) -> int:
        return dict(self.advances).get(stat, 0)

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        if not data.get("adjustments"):
            data.pop("adjustments", None)  # battle-only: never in a roster
        return {k: (list(v) if isinstance(v, tuple) else v) for k, v in data.items()}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "ModelSpec":
        kwargs = dict(data)
        for name in ("ranged", "melee", "items", "mods", "skills", "tricks", "wounds"):
            kwargs[name] = tuple(kwargs.get(name, ()))
        for name in ("advances", "profile_override", "adjustments"):
            kwargs[name] = tuple(tuple(p) for p in kwargs.get(name, ()))
        return cls(**kwargs)


class BandRoster(Record):
    """A band: its name, player, models (the team and those kept in the stash, each
    model's ``stashed`` says which), money and the items in the stash."""

    name: str
    player: str = ""
    models: tuple[ModelSpec, ...] = ()
    treasury: int = 0
    stash: tuple[str, ...] = ()
    source: str = ""
    """Where it was read from (a file name), for messages."""
    notes: tuple[str, ...] = ()

    @property
    def team(self) -> tuple[ModelSpec, ...]:
        """The models of the battle team (not those kept in the stash, §15.10)."""
        return tuple(m for m in self.models if not m.stashed)

    @property
    def stashed_models(self) -> tuple[ModelSpec, ...]:
        """The models kept in the stash (§15.10)."""
        return tuple(m for m in self.models if m.stashed)

    def model(self, model_id: str) -> ModelSpec:
        for m in self.models:
            if m.id == model_id:
                return m
        raise KeyError(model_id)

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "player": self.player,
            "models": [m.to_dict() for m in self.models],
            "treasury": self.treasury,
            "stash": list(self.stash),
            "source": self.source,
            "notes": list(self.notes),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "BandRoster":
        return cls(
            name=data["name"],
            player=data.get("player", ""),
            models=tuple(ModelSpec.from_dict(m) for m in data.get("models", ())),
            treasury=int(data.get("treasury", 0)),
            stash=tuple(data.get("stash", ())),
            source=data.get("source", ""),
            notes=tuple(data.get("notes", ())),
        )

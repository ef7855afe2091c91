"""Reading a SAGA warband roster from TOML text, with the line of every problem.

The engine never reads files: the caller passes the text and a ``source`` name for
messages. Layout (every profile value may be left out; it then comes from the
battle's per-class house-default settings, listed in ``tables.HOUSE_DEFAULTS``)::

    name = "Jarl Sigurd's host"
    player = "Ann"
    faction = "Vikings"          # informational

    [[unit]]
    name = "Hirdmen"
    class = "hearthguard"        # levy | warriors | hearthguard | warlord
    models = 4
    mounted = false              # mounted units move L, others M (§2.2)
    move = "M"                   # VS | S | M | L, overrides the above [SAGA-M7]
    armour_melee = 5             # [SAGA-M4]
    armour_shooting = 5          # [SAGA-M4]
    attack_dice = 2              # melee dice per model [SAGA-M1]
    shooting_dice = 1            # per model [SAGA-M9]
"""

from __future__ import annotations

from typing import Any

from engine.toml_lines import FileError, Lines, load, slug, whole

from . import tables as t
from .roster import UnitSpec, Warband

TOP_KEYS = ("name", "player", "faction", "unit")
UNIT_KEYS = (
    "id",
    "name",
    "class",
    "models",
    "mounted",
    "move",
    "armour_melee",
    "armour_shooting",
    "attack_dice",
    "shooting_dice",
)
CLASS_ALIASES = {
    "levy": t.LEVY,
    "levies": t.LEVY,
    "ополченцы": t.LEVY,
    "warriors": t.WARRIORS,
    "warrior": t.WARRIORS,
    "воины": t.WARRIORS,
    "hearthguard": t.HEARTHGUARD,
    "hearthguards": t.HEARTHGUARD,
    "дружинники": t.HEARTHGUARD,
    "warlord": t.WARLORD,
    "военный вождь": t.WARLORD,
}
RANGES = {
    "models": (1, 99),
    "armour_melee": (1, 7),
    "armour_shooting": (1, 7),
    "attack_dice": (0, 24),
    "shooting_dice": (0, 24),
}


class RosterError(FileError):
    """A roster that cannot be used; ``problems`` lists (line, message), line 0 when unknown."""

    def __init__(self, source: str, problems: list[tuple[int, str]]) -> None:
        super().__init__(source, problems, "roster")


def _int(value: Any, key: str, line: int, problems: list[tuple[int, str]]) -> int | None:
    return whole(value, key, *RANGES[key], line, problems)


def _unit(raw: Any, index: int, where: Lines, problems: list[tuple[int, str]]) -> UnitSpec | None:
    header = where.block("unit", index)[0]
    if not isinstance(raw, dict):
        problems.append((header, "each [[unit]] must be a table"))
        return None
    start = len(problems)
    for key in raw:
        if key not in UNIT_KEYS:
            problems.append(
                (where.block_key("unit", index, key), f"unknown unit key '{key}' (known: {', '.join(UNIT_KEYS)})")
            )
    name = raw.get("name")
    if not isinstance(name, str) or not name.strip():
        problems.append((header, "a unit needs a name"))
        name = f"unit {index + 1}"
    cls_raw = raw.get("class")
    cls = CLASS_ALIASES.get(str(cls_raw).strip().lower()) if cls_raw is not None else None
    if cls_raw is None:
        problems.append((header, f"unit '{name}' needs a class ({', '.join(t.CLASSES)})"))
    elif cls is None:
        problems.append(
            (where.block_key("unit", index, "class"), f"unknown class '{cls_raw}' (one of: {', '.join(t.CLASSES)})")
        )
    if "models" not in raw:
        problems.append((header, f"unit '{name}' needs a model count (models = N)"))
    values: dict[str, int | None] = {}
    for key in RANGES:
        if key in raw:
            values[key] = _int(raw[key], key, where.block_key("unit", index, key), problems)
    mounted = raw.get("mounted", False)
    if not isinstance(mounted, bool):
        problems.append((where.block_key("unit", index, "mounted"), f"mounted must be true or false, not {mounted!r}"))
        mounted = False
    move = raw.get("move")
    if move is not None and move not in t.BANDS:
        problems.append(
            (where.block_key("unit", index, "move"), f"move must be one of {', '.join(t.BANDS)}, not {move!r}")
        )
        move = None
    unit_id = str(raw.get("id") or slug(name) or f"unit-{index + 1}")
    if len(problems) > start or cls is None or values.get("models") is None:
        return None
    return UnitSpec(
        id=unit_id,
        name=name.strip(),
        cls=cls,
        models=int(values["models"] or 0),
        mounted=mounted,
        move=move,
        armour_melee=values.get("armour_melee"),
        armour_shooting=values.get("armour_shooting"),
        attack_dice=values.get("attack_dice"),
        shooting_dice=values.get("shooting_dice"),
        line=header,
    )


def parse_roster(text: str, source: str = "") -> Warband:
    """The warband in ``text``; raises ``RosterError`` listing every (line, problem)."""
    data = load(text, source, RosterError)
    where = Lines(text)
    problems: list[tuple[int, str]] = []
    for key in data:
        if key not in TOP_KEYS:
            problems.append((where.top_key(key), f"unknown key '{key}' (known: {', '.join(TOP_KEYS)})"))
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        problems.append((where.top_key("name") or 1, 'the warband needs a name (name = "...")'))
        name = ""
    raw_units = data.get("unit", [])
    if not isinstance(raw_units, list) or not raw_units:
        problems.append((0, "the warband has no units; add [[unit]] tables"))
        raw_units = []
    units: list[UnitSpec] = []
    for i, raw in enumerate(raw_units):
        unit = _unit(raw, i, where, problems)
        if unit is not None:
            units.append(unit)
    seen: dict[str, int] = {}
    for u in units:
        if u.id in seen:
            problems.append((u.line, f"two units share the id '{u.id}' (first at line {seen[u.id]}); give one an id"))
        seen.setdefault(u.id, u.line)
    if problems:
        raise RosterError(source, sorted(problems, key=lambda p: p[0]))
    return Warband(
        name=name.strip(),
        units=tuple(units),
        player=str(data.get("player", "")),
        faction=str(data.get("faction", "")),
        source=source,
    )

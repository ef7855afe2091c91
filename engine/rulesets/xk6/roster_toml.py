"""Reading an xK6 roster from TOML text, with the line of every problem.

The engine never reads files: the caller passes the text and a ``source`` name. The
sheet's model cards, movement table and weapon table are MISSING ([XK-M1]–[XK-M3]), so
a roster supplies them::

    name = "Kestrel Squad"
    player = "Ann"

    [[movement]]                 # [XK-M2] one row per model type, three columns, the first 0"
    type = "infantry"
    speeds = [
      { name = "still", inches = 0, att = 0, def = 0 },
      { name = "walk", inches = 4, att = -1, def = 0 },
      { name = "run", inches = 8, att = "-", def = 1 },   # "-": no attack at this speed
    ]

    [[weapon]]                   # [XK-M3]
    name = "Rifle"
    optimal = 18                 # inches; maximum is optional (−1 beyond optimal, §18)
    maximum = 30
    acc = 0
    dam = 3
    rof = 2
    mags = 3                     # spare magazines for reloads, or "LA" (then la_rounds) [XK-M10]
    traits = ["SB"]              # IF, "AE 2", FT, LA, M, SB

    [[model]]                    # [XK-M1]
    name = "Sgt. Vance"
    type = "infantry"
    att = 3
    def = 2
    armour = 6                   # at least 1: wounds are damage ÷ Armour (§17)
    command = 4
    command_points = 2           # commanders only
    wounds = 3                   # optional: without it the GM removes the model
    wound_track = [[1, -1], [2, -2]]   # [XK-M4] wounds taken → modifier
    weapons = ["Rifle"]
    medic = 4                    # optional traits
    stealth = 5
    skills = { Sniper = "effect text for the GM" }   # [XK-M5]
"""

from __future__ import annotations

import re
from typing import Any, Callable

from engine.toml_lines import FileError, Lines, Problems, load, slug, whole

from .roster import Band, ModelSpec, SpeedColumn, WeaponSpec

TOP_KEYS = ("name", "player", "movement", "weapon", "model")
MOVEMENT_KEYS = ("type", "speeds")
SPEED_KEYS = ("name", "inches", "att", "def")
WEAPON_KEYS = ("id", "name", "optimal", "maximum", "acc", "dam", "rof", "mags", "la_rounds", "traits")
MODEL_KEYS = (
    "id",
    "name",
    "type",
    "att",
    "def",
    "armour",
    "command",
    "command_points",
    "wounds",
    "wound_track",
    "weapons",
    "medic",
    "stealth",
    "skills",
)
PLAIN_TRAITS = ("IF", "FT", "LA", "M", "SB")
RANGES = {
    "att": (1, 12),
    "def": (1, 12),
    "armour": (1, 99),
    "command": (0, 20),
    "command_points": (0, 20),
    "wounds": (1, 99),
    "medic": (1, 6),
    "stealth": (1, 6),
    "acc": (-6, 6),
    "dam": (0, 99),
    "rof": (0, 20),
    "mags": (0, 99),
    "la_rounds": (0, 999),
}


class RosterError(FileError):
    """A roster that cannot be used; ``problems`` lists (line, message), line 0 when unknown."""

    def __init__(self, source: str, problems: list[tuple[int, str]]) -> None:
        super().__init__(source, problems, "roster")


def _int(
    value: Any, key: str, line: int, problems: Problems, lo: int | None = None, hi: int | None = None
) -> int | None:
    return whole(value, key, RANGES[key][0] if lo is None else lo, RANGES[key][1] if hi is None else hi, line, problems)


def _inches(value: Any, key: str, line: int, problems: Problems) -> float | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0:
        problems.append((line, f"{key} must be a distance in inches (0 or more), not {value!r}"))
        return None
    return float(value)


def _unknown(
    raw: dict[str, Any], known: tuple[str, ...], table: str, index: int, where: Lines, problems: Problems
) -> None:
    for key in raw:
        if key not in known:
            problems.append(
                (where.block_key(table, index, key), f"unknown {table} key '{key}' (known: {', '.join(known)})")
            )


def _movement(raw: Any, i: int, where: Lines, problems: Problems) -> tuple[str, tuple[SpeedColumn, ...]] | None:
    head = where.block("movement", i)[0]
    if not isinstance(raw, dict):
        problems.append((head, "each [[movement]] must be a table"))
        return None
    start = len(problems)
    _unknown(raw, MOVEMENT_KEYS, "movement", i, where, problems)
    kind = raw.get("type")
    if not isinstance(kind, str) or not kind.strip():
        problems.append((head, 'a movement row needs a model type (type = "...") [XK-M2]'))
    line = where.block_key("movement", i, "speeds")
    speeds = raw.get("speeds")
    if not isinstance(speeds, list) or len(speeds) != 3:
        problems.append((line, 'speeds must list exactly three columns: 0" and two other speeds (§6.1 [XK-M2])'))
        return None
    cols: list[SpeedColumn] = []
    for n, s in enumerate(speeds, start=1):
        if not isinstance(s, dict):
            problems.append((line, f"speed {n} must be a table {{ name, inches, att, def }}"))
            continue
        for key in s:
            if key not in SPEED_KEYS:
                problems.append((line, f"speed {n}: unknown key '{key}' (known: {', '.join(SPEED_KEYS)})"))
        name = s.get("name")
        inches = _inches(s.get("inches"), f"speed {n} inches", line, problems)
        att = s.get("att")
        if att == "-" or att == "–":
            att = None
        elif isinstance(att, bool) or not isinstance(att, int):
            problems.append((line, f'speed {n}: att must be a whole number or "-" (no attack), not {att!r}'))
            att = 0
        dfn = s.get("def")
        if isinstance(dfn, bool) or not isinstance(dfn, int):
            problems.append((line, f"speed {n}: def must be a whole number, not {dfn!r}"))
            dfn = 0
        if not isinstance(name, str) or not name.strip():
            problems.append((line, f"speed {n} needs a name"))
            name = f"speed {n}"
        if inches is not None:
            cols.append(SpeedColumn(name.strip(), inches, att, dfn))
    if len(cols) == 3:
        if cols[0].inches != 0:
            problems.append(
                (line, f'the first speed column must be 0" (standing still), not {cols[0].inches:g}" (§6.1)')
            )
        if len({c.name for c in cols}) != 3:
            problems.append((line, "the three speed columns need different names"))
    if len(problems) > start or not isinstance(kind, str):
        return None
    return kind.strip(), tuple(cols)


def _traits(raw: Any, line: int, problems: Problems) -> tuple[tuple[str, ...], int]:
    if raw is None:
        return (), 0
    if not isinstance(raw, list) or not all(isinstance(x, str) for x in raw):
        problems.append((line, 'traits must be a list of names like ["IF", "AE 2", "SB"]'))
        return (), 0
    out, ae = [], 0
    for name in raw:
        m = re.fullmatch(r"\s*AE\s*(\d+)\s*", name)
        if m:
            ae = int(m.group(1))
            if ae < 1:
                problems.append((line, 'AE needs a radius of at least 1 inch ("AE 2")'))
        elif name.strip() in PLAIN_TRAITS:
            out.append(name.strip())
        else:
            problems.append((line, f"unknown weapon trait '{name}' (known: IF, \"AE n\", FT, LA, M, SB)"))
    return tuple(out), ae


def _weapon(raw: Any, i: int, where: Lines, problems: Problems) -> WeaponSpec | None:
    head = where.block("weapon", i)[0]
    if not isinstance(raw, dict):
        problems.append((head, "each [[weapon]] must be a table"))
        return None
    start = len(problems)
    _unknown(raw, WEAPON_KEYS, "weapon", i, where, problems)
    name = raw.get("name")
    if not isinstance(name, str) or not name.strip():
        problems.append((head, "a weapon needs a name"))
        name = f"weapon {i + 1}"
    line: Callable[[str], int] = lambda k: where.block_key("weapon", i, k)  # noqa: E731
    values = {k: _int(raw[k], k, line(k), problems) for k in ("acc", "dam", "rof", "la_rounds") if k in raw}
    if "dam" not in raw:
        problems.append((head, f"weapon '{name}' needs DAM (dam = N) [XK-M3]"))
    traits, ae = _traits(raw.get("traits"), line("traits"), problems)
    mags_raw, mags = raw.get("mags"), None
    if mags_raw == "LA":
        traits = traits + ("LA",) if "LA" not in traits else traits
    elif mags_raw is not None:
        mags = _int(mags_raw, "mags", line("mags"), problems)
    if "LA" in traits and "la_rounds" not in raw:
        problems.append((head, f"weapon '{name}' has limited ammunition (LA): give its rounds, la_rounds = N [XK-M10]"))
    optimal = _inches(raw["optimal"], "optimal", line("optimal"), problems) if "optimal" in raw else None
    maximum = _inches(raw["maximum"], "maximum", line("maximum"), problems) if "maximum" in raw else None
    if optimal is not None and maximum is not None and maximum < optimal:
        problems.append((line("maximum"), f'maximum range {maximum:g}" is shorter than optimal {optimal:g}" (§18)'))
    if maximum is not None and optimal is None:
        problems.append((line("maximum"), "a maximum range needs an optimal range too (§18)"))
    if optimal is None and not ({"M", "FT"} & set(traits)):
        problems.append((head, f"weapon '{name}' needs an optimal range, or the M or FT trait (§18)"))
    if len(problems) > start:
        return None
    return WeaponSpec(
        id=str(raw.get("id") or slug(name)),
        name=name.strip(),
        dam=int(values.get("dam") or 0),
        acc=int(values.get("acc") or 0),
        rof=int(values.get("rof") or 0),
        mags=mags,
        la_rounds=values.get("la_rounds"),
        optimal=optimal,
        maximum=maximum,
        ae=ae,
        traits=traits,
        line=head,
    )


def _pairs(raw: Any, line: int, problems: Problems) -> tuple[tuple[int, int], ...]:
    ok = isinstance(raw, list) and all(
        isinstance(p, list) and len(p) == 2 and all(isinstance(v, int) and not isinstance(v, bool) for v in p)
        for p in raw
    )
    if not ok:
        problems.append((line, "wound_track must be pairs [wounds taken, modifier], e.g. [[1, -1], [2, -2]] [XK-M4]"))
        return ()
    if any(p[0] < 1 for p in raw):
        problems.append((line, "wound_track: wounds taken start at 1 [XK-M4]"))
    return tuple((int(a), int(b)) for a, b in raw)


def _model(
    raw: Any,
    i: int,
    where: Lines,
    moves: dict[str, tuple[SpeedColumn, ...]],
    weapons: dict[str, WeaponSpec],
    problems: Problems,
    declared: frozenset[str] = frozenset(),
) -> ModelSpec | None:
    head = where.block("model", i)[0]
    if not isinstance(raw, dict):
        problems.append((head, "each [[model]] must be a table"))
        return None
    start = len(problems)
    _unknown(raw, MODEL_KEYS, "model", i, where, problems)
    line: Callable[[str], int] = lambda k: where.block_key("model", i, k)  # noqa: E731
    name = raw.get("name")
    if not isinstance(name, str) or not name.strip():
        problems.append((head, "a model needs a name"))
        name = f"model {i + 1}"
    for key in ("att", "def", "armour"):
        if key not in raw:
            why = {"armour": "at least 1: wounds are damage ÷ Armour (§17)"}.get(key, "its skill level (dice)")
            problems.append((head, f"model '{name}' needs {key} ({why}) [XK-M1]"))
        elif key in ("att", "def") and raw[key] == 0:
            problems.append((line(key), f"{key} 0: no dice, so no test is possible (skill level 0, [XK-A1])"))
        elif key == "armour" and isinstance(raw[key], int) and raw[key] < 1:
            problems.append((line(key), f"armour must be at least 1 (wounds are damage ÷ Armour, §17), not {raw[key]}"))
    checked = {
        k: _int(raw[k], k, line(k), problems)
        for k in RANGES
        if k in raw
        and k in MODEL_KEYS
        and not (k in ("att", "def") and raw[k] == 0)
        and not (k == "armour" and isinstance(raw[k], int) and not isinstance(raw[k], bool) and raw[k] < 1)
    }
    values = {k: v for k, v in checked.items() if v is not None}  # a None came with its problem
    kind = raw.get("type")
    if kind not in moves:
        known = ", ".join(moves) or "none defined"
        problems.append(
            (
                line("type") if "type" in raw else head,
                f"model '{name}' needs a type from the movement table ({known}) [XK-M2]",
            )
        )
    listed = raw.get("weapons", [])
    if not isinstance(listed, list) or not all(isinstance(w, str) for w in listed):
        problems.append((line("weapons"), "weapons must be a list of weapon names"))
        listed = []
    arms = []
    for w in listed:
        spec = weapons.get(w) or weapons.get(slug(w))
        if spec is None and w not in declared:
            problems.append((line("weapons"), f"model '{name}': no weapon '{w}' in the weapon table [XK-M3]"))
        elif spec is not None:
            arms.append(spec)
    track = _pairs(raw["wound_track"], line("wound_track"), problems) if "wound_track" in raw else ()
    skills = raw.get("skills", {})
    if not isinstance(skills, dict) or not all(isinstance(v, str) for v in skills.values()):
        problems.append((line("skills"), 'skills must be a table of name = "effect text" [XK-M5]'))
        skills = {}
    if len(problems) > start or not isinstance(kind, str):
        return None
    return ModelSpec(
        id=str(raw.get("id") or slug(name)),
        name=name.strip(),
        type=kind,
        att=values["att"],
        defence=values["def"],
        armour=values["armour"],
        speeds=moves[kind],
        weapons=tuple(arms),
        command=values.get("command", 0),
        command_points=values.get("command_points", 0),
        wounds=values.get("wounds"),
        wound_track=track,
        medic=values.get("medic"),
        stealth=values.get("stealth"),
        skills=tuple((k, v) for k, v in skills.items()),
        line=head,
    )


def _tables(data: dict[str, Any], key: str, problems: Problems, where: Lines) -> list[Any]:
    raw = data.get(key, [])
    if not isinstance(raw, list):
        problems.append((where.top_key(key), f"'{key}' must be [[{key}]] tables"))
        return []
    return raw


def parse_roster(text: str, source: str = "") -> Band:
    """The band in ``text``; raises ``RosterError`` listing every (line, problem)."""
    data = load(text, source, RosterError)
    where = Lines(text)
    problems: Problems = []
    for key in data:
        if key not in TOP_KEYS:
            problems.append((where.top_key(key), f"unknown key '{key}' (known: {', '.join(TOP_KEYS)})"))
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        problems.append((where.top_key("name") or 1, 'the band needs a name (name = "...")'))
        name = ""
    moves: dict[str, tuple[SpeedColumn, ...]] = {}
    for i, raw in enumerate(_tables(data, "movement", problems, where)):
        row = _movement(raw, i, where, problems)
        if row is not None:
            if row[0] in moves:
                problems.append(
                    (where.block_key("movement", i, "type"), f"model type '{row[0]}' is in the movement table twice")
                )
            moves[row[0]] = row[1]
    weapons: dict[str, WeaponSpec] = {}
    for i, raw in enumerate(_tables(data, "weapon", problems, where)):
        w = _weapon(raw, i, where, problems)
        if w is not None:
            if w.id in weapons:
                problems.append((w.line, f"two weapons share the id '{w.id}' (first at line {weapons[w.id].line})"))
            weapons.setdefault(w.id, w)
            weapons.setdefault(w.name, w)
    raw_models = _tables(data, "model", problems, where)
    if not raw_models:
        problems.append((0, "the band has no models; add [[model]] tables [XK-M1]"))
    models: list[ModelSpec] = []
    declared = frozenset(str(w.get("name")) for w in _tables(data, "weapon", [], where) if isinstance(w, dict))
    for i, raw in enumerate(raw_models):
        m = _model(raw, i, where, moves, weapons, problems, declared)
        if m is not None:
            models.append(m)
    seen: dict[str, int] = {}
    for m in models:
        if m.id in seen:
            problems.append((m.line, f"two models share the id '{m.id}' (first at line {seen[m.id]}); give one an id"))
        seen.setdefault(m.id, m.line)
    if problems:
        raise RosterError(source, sorted(problems, key=lambda p: p[0]))
    return Band(name=name.strip(), models=tuple(models), player=str(data.get("player", "")), source=source)


__all__ = ["RosterError", "parse_roster", "slug"]

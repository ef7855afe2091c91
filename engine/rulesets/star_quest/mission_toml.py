"""Reading a Star Quest mission from TOML text [SQ-M1] [SQ-M8] [SQ-M9], with the line of
every problem. Nothing in a mission file is a rule: the campaign book is not in the source.

Layout::

    name = "Derelict Outpost"
    rounds = 6                          # round limit (optional)
    victory = "Reach the reactor and hold it for a round."
    defeat = "Every hero is unconscious."
    all_unconscious = "defeat"          # [SQ-M8] what happens when no conscious hero is left
    dangerous_terrain = false           # the table has none (§14): the AI chart's †2 question is
                                        # not asked; true, or left out: asked at each AI activation

    [[objective]]                       # AI objectives (§16.2 Question 3)
    id = "reactor"
    name = "Reactor core"

    [[group]]                           # AI groups (§16.3) [SQ-M9]
    id = "pack"
    units = ["cultists", "cult-brute"]  # enemy ids from the roster

    [[wave]]                            # deployed at the start of ``round`` [SQ-M9]
    id = "first"
    round = 1
    units = ["cultists"]

    [[search_token]]
    id = "crate"
    contents = "A medkit"

    [[event]]                           # mission events at the start of a round (§5 step 1d)
    round = 3
    text = "The lights go out."

    [[spell]]                           # [SQ-M5]: the source lists no spells
    name = "Void lash"                  # the keys of a roster's [[enemy.spell]]: value, effect,
    value = 2                           # target and hits/ap, wounds, status, tokens, pp, move
    effect = "One hero takes 2 hits with AP(1)."
    target = "enemy"
    hits = 2
    ap = 1
    units = ["magus"]                   # who knows it (heroes or enemies); none: every AI Caster
"""

from __future__ import annotations

from typing import Any, Iterable

from engine.toml_lines import FileError, Lines, Problems, load, text, unknown_keys, whole

from .roster import MissionSpec, MissionSpell, Wave
from .roster_toml import SPELL_KEYS, spell_from_table

TOP_KEYS = (
    "name",
    "rounds",
    "victory",
    "defeat",
    "all_unconscious",
    "objective",
    "group",
    "wave",
    "search_token",
    "event",
    "spell",
    "dangerous_terrain",
)
TABLE_KEYS = {
    "objective": ("id", "name"),
    "group": ("id", "units"),
    "wave": ("id", "round", "units"),
    "search_token": ("id", "contents"),
    "event": ("round", "text"),
    "spell": (*SPELL_KEYS, "units"),
}


class MissionError(FileError):
    """A mission that cannot be used; ``problems`` lists (line, message)."""

    def __init__(self, source: str, problems: Problems) -> None:
        super().__init__(source, problems, "mission")


def _ids(raw: Any, line: int, problems: Problems, known: set[str] | None) -> tuple[str, ...]:
    if not isinstance(raw, list) or not all(isinstance(x, str) for x in raw):
        problems.append((line, 'units must be a list of enemy ids, e.g. units = ["cultists"]'))
        return ()
    for x in raw:
        if known is not None and x not in known:
            problems.append((line, f"no enemy '{x}' in the roster (known: {', '.join(sorted(known)) or 'none'})"))
    return tuple(raw)


def _names(raw: Any, line: int, problems: Problems) -> tuple[str, ...]:
    """A mission spell's ``units``: hero or enemy ids (checked at set-up, when both rosters are known)."""
    if not isinstance(raw, list) or not raw or not all(isinstance(x, str) for x in raw):
        problems.append((line, 'units must be a list of hero or enemy ids, e.g. units = ["magus"]'))
        return ()
    return tuple(raw)


def parse_mission(text_: str, source: str = "", enemies: Iterable[str] | None = None) -> MissionSpec:
    """The mission in ``text_``; ``enemies``: the enemy roster ids waves and groups may
    name (unchecked when None). Raises ``MissionError`` listing every (line, problem)."""
    data = load(text_, source, MissionError)
    lines = Lines(text_)
    known = set(enemies) if enemies is not None else None
    problems: Problems = []
    unknown_keys(data, TOP_KEYS, "top-level", lines.top_key, problems)
    name = text(data.get("name"), "name", lines.top_key("name") or 1, problems)
    if not name:
        problems.append((1, 'the mission needs a name (name = "...")'))
    rounds = None
    if "rounds" in data:
        rounds = whole(data["rounds"], "rounds", 1, 99, lines.top_key("rounds"), problems)
    dangerous = data.get("dangerous_terrain")
    if dangerous is not None and not isinstance(dangerous, bool):
        problems.append(
            (lines.top_key("dangerous_terrain"), f"dangerous_terrain must be true or false, not {dangerous!r}")
        )
        dangerous = None
    tables: dict[str, list[Any]] = {k: [] for k in TABLE_KEYS}
    seen: dict[str, dict[str, int]] = {k: {} for k in TABLE_KEYS}
    for path, keys in TABLE_KEYS.items():
        raws = data.get(path, [])
        if not isinstance(raws, list):
            problems.append((lines.top_key(path), f"write {path} entries as [[{path}]] tables"))
            continue
        for i, raw in enumerate(raws):
            block = lines.block(path, i)
            head = block[0]

            def line(k: str, b: tuple[int, int] = block) -> int:
                return lines.key(k, *b) or b[0]

            if not isinstance(raw, dict):
                problems.append((head, f"each [[{path}]] must be a table"))
                continue
            if path == "spell":
                spell = spell_from_table(raw, keys, lines, block, problems)
                units = _names(raw.get("units"), line("units"), problems) if "units" in raw else ()
                if spell is not None:
                    tables[path].append(MissionSpell(spell, units, head))
                continue
            unknown_keys(raw, keys, path, line, problems)
            if "id" in keys:
                ident = text(raw.get("id"), f"{path} id", head, problems, required=True)
                if ident in seen[path]:
                    problems.append(
                        (head, f"two {path} entries share the id '{ident}' (first at line {seen[path][ident]})")
                    )
                seen[path].setdefault(ident, head)
            if path == "objective":
                tables[path].append((ident, text(raw.get("name"), "name", line("name"), problems) or ident))
            elif path == "group":
                tables[path].append((ident, _ids(raw.get("units"), line("units"), problems, known)))
            elif path == "wave":
                rnd = whole(raw.get("round"), "wave round", 1, 99, line("round"), problems)
                units = _ids(raw.get("units"), line("units"), problems, known)
                if rnd is not None:
                    tables[path].append(Wave(ident, rnd, units))
            elif path == "search_token":
                tables[path].append((ident, text(raw.get("contents"), "contents", line("contents"), problems)))
            else:
                rnd = whole(raw.get("round"), "event round", 1, 99, line("round"), problems)
                said = text(raw.get("text"), "event text", line("text"), problems, required=True)
                if rnd is not None:
                    tables[path].append((rnd, said))
    in_waves: dict[str, str] = {}
    for i, w in enumerate(tables["wave"]):
        for u in w.units:
            if u in in_waves:
                problems.append((lines.block("wave", i)[0], f"enemy '{u}' is already in wave '{in_waves[u]}'"))
            in_waves.setdefault(u, w.id)
    if problems:
        raise MissionError(source, sorted(problems, key=lambda p: p[0]))
    return MissionSpec(
        name=name,
        rounds=rounds,
        objectives=tuple(tables["objective"]),
        groups=tuple(tables["group"]),
        waves=tuple(tables["wave"]),
        search_tokens=tuple(tables["search_token"]),
        events=tuple(tables["event"]),
        victory=text(data.get("victory"), "victory", 0, problems),
        defeat=text(data.get("defeat"), "defeat", 0, problems),
        all_unconscious=text(data.get("all_unconscious"), "all_unconscious", 0, problems),
        source=source,
        spells=tuple(tables["spell"]),
        dangerous_terrain=dangerous,
    )

"""Reading a Star Quest roster (heroes and enemy units) from TOML text, with the line of
every problem. The engine never reads files: the caller passes the text and a ``source``.

Layout (every number is roster data [SQ-M2]–[SQ-M6], none comes from the rules)::

    name = "The Vex Company"

    [[hero]]                      # a hero is always one model (§1)
    name = "Captain Vex"
    quality = 3                   # or "3+"; targets are 2+ to 6+
    defense = 4
    tough = 3
    str = 4                       # Str / Dex / Wil: required for heroes
    dex = 3
    wil = 4
    power_max = 6                 # [SQ-M3]
    power_start = 3
    rules = ["Fast", "Caster(2)"] # §17 special rules, X in brackets

    [[hero.weapon]]
    name = "Plasma pistol"
    type = "ranged"               # ranged | melee
    range = 12
    attacks = 1
    ap = 2
    rules = ["Rending"]

    [[hero.skill]]                # [SQ-M4]
    name = "Rally"
    stat = "wil"
    effect = "One Shaken hero within 6\\" is no longer Shaken."

    [[hero.spell]]                # [SQ-M5]
    name = "Psychic bolt"
    value = 2
    effect = "One enemy in line of sight takes 2 hits AP(1)."
    target = "enemy"              # what the app applies: enemy | friend | self, then any of
    hits = 2                      # hits (Defense rolls) with ap, wounds (no roll),
    ap = 1                        # status = "impaired" (§18), tokens, pp, move (inches);
                                  # with none of them the spell is text only (skirmish check says so)

    [[enemy]]
    name = "Cultists"
    models = 5                    # an enemy unit may have several models
    quality = 5
    defense = 6
    tough = 1
    # str / dex / wil optional for enemies [SQ-M6]: the GM gives the target when needed
"""

from __future__ import annotations

import re
from typing import Any, Callable

from engine.toml_lines import FileError, Lines, Problems, load, slug, target, text, unknown_keys, whole

from . import tables as t
from .roster import SPELL_TARGETS, Roster, Rules, SkillSpec, SpellEffect, SpellSpec, UnitSpec, WeaponSpec

TOP_KEYS = ("name", "hero", "enemy")
UNIT_KEYS = (
    "id",
    "name",
    "models",
    "quality",
    "defense",
    "tough",
    "str",
    "dex",
    "wil",
    "power_max",
    "power_start",
    "rules",
    "weapon",
    "skill",
    "spell",
)
WEAPON_KEYS = ("name", "type", "range", "attacks", "ap", "rules")
SKILL_KEYS = ("name", "stat", "effect")
SPELL_KEYS = (
    "name",
    "value",
    "effect",
    "target",
    "hits",
    "ap",
    "wounds",
    "status",
    "tokens",
    "pp",
    "move",
    "quality",
    "defense",
    "until",
)
SPELL_NUMBERS = (
    ("hits", 1, 99),
    ("ap", 0, 6),
    ("wounds", 1, 99),
    ("tokens", 1, 6),
    ("pp", 1, 99),
    ("move", 1, 99),
    ("quality", -3, 3),
    ("defense", -3, 3),
)
SPELL_UNTIL = ("round", "battle")
"""How long a spell's Quality or Defense modifier lasts: to the end of the round (§5 step
4, the default) or of the battle."""
_RULE = re.compile(r"^\s*([^\s(]+(?:\s+[^\s(0-9]+)*)\s*(?:\(\s*\+?(\d+)\s*\)|\s+(\d+))?\s*$")


class RosterError(FileError):
    """A roster that cannot be used; ``problems`` lists (line, message)."""

    def __init__(self, source: str, problems: Problems) -> None:
        super().__init__(source, problems, "roster")


def parse_rule(raw: Any, line: int, problems: Problems) -> tuple[str, int] | None:
    """ "Impact(3)" -> ("Impact", 3); source spellings (§0) are accepted."""
    m = _RULE.match(raw) if isinstance(raw, str) else None
    if m is None:
        problems.append((line, f'a special rule must look like "Fast" or "Impact(3)", not {raw!r}'))
        return None
    word = m.group(1)
    name = t.RULE_ALIASES.get(word.lower()) or next((n for n in t.SPECIAL_RULES if n.lower() == word.lower()), None)
    if name is None:
        problems.append((line, f"unknown special rule '{word}' (known: {', '.join(t.SPECIAL_RULES)})"))
        return None
    x = m.group(2) or m.group(3)
    spec = t.SPECIAL_RULES[name]
    if spec.has_x and x is None:
        problems.append((line, f'{name} needs its value, e.g. "{name}(2)"'))
        return None
    if not spec.has_x and x is not None:
        problems.append((line, f"{name} takes no value"))
        return None
    return name, int(x or 0)


def _rules(raw: Any, line: int, problems: Problems) -> Rules:
    if raw is None:
        return ()
    if not isinstance(raw, list):
        problems.append((line, 'rules must be a list, e.g. rules = ["Fast", "Impact(3)"]'))
        return ()
    out = [r for r in (parse_rule(x, line, problems) for x in raw) if r is not None]
    return tuple(out)


def _weapon(raw: Any, lines: Lines, block: tuple[int, int], problems: Problems) -> WeaponSpec | None:
    head = block[0]
    line: Callable[[str], int] = lambda k: lines.key(k, *block) or head  # noqa: E731
    if not isinstance(raw, dict):
        problems.append((head, "each [[...weapon]] must be a table"))
        return None
    start = len(problems)
    unknown_keys(raw, WEAPON_KEYS, "weapon", line, problems)
    name = text(raw.get("name"), "weapon name", head, problems, required=True)
    kind = raw.get("type", "melee" if not raw.get("range") else "ranged")
    if kind not in ("melee", "ranged"):
        problems.append((line("type"), f'weapon type must be "melee" or "ranged", not {kind!r}'))
    attacks = whole(raw.get("attacks"), "attacks", 1, 99, line("attacks"), problems) if "attacks" in raw else None
    if "attacks" not in raw:
        problems.append((head, f"weapon '{name}' needs attacks = N"))
    rng = whole(raw.get("range", 0), "range", 0, 120, line("range"), problems)
    if kind == "ranged" and not rng and rng is not None:
        problems.append((line("range") or head, f"ranged weapon '{name}' needs a range in inches"))
    if kind == "melee" and rng:
        problems.append((line("range"), f"melee weapon '{name}' has no range"))
    ap = whole(raw.get("ap", 0), "ap", 0, 6, line("ap"), problems)
    rules = _rules(raw.get("rules"), line("rules"), problems)
    ap_rule = next((x for n, x in rules if n == "AP"), None)
    if len(problems) > start:
        return None
    return WeaponSpec(
        name,
        kind,
        int(attacks or 0),
        int(rng or 0),
        ap_rule if ap_rule is not None else int(ap or 0),
        tuple(r for r in rules if r[0] != "AP"),
    )


def _named(
    raw: Any, keys: tuple[str, ...], lines: Lines, block: tuple[int, int], problems: Problems, what: str
) -> SkillSpec | SpellSpec | None:
    head = block[0]
    line: Callable[[str], int] = lambda k: lines.key(k, *block) or head  # noqa: E731
    if not isinstance(raw, dict):
        problems.append((head, f"each [[...{what}]] must be a table"))
        return None
    unknown_keys(raw, keys, what, line, problems)
    name = text(raw.get("name"), f"{what} name", head, problems, required=True)
    effect = text(raw.get("effect"), "effect", line("effect"), problems)
    if what == "skill":
        stat = str(raw.get("stat", "")).lower()
        if stat not in t.STAT_NAMES:
            problems.append((line("stat"), f"skill '{name}' must name its stat: one of {', '.join(t.STAT_NAMES)}"))
            return None
        return SkillSpec(name, stat, effect)
    value = whole(raw.get("value"), "spell value", 1, 6, line("value"), problems)
    start = len(problems)
    does = _spell_effect(raw, name, line, problems)
    return SpellSpec(name, value, effect, does) if value is not None and len(problems) == start else None


def spell_from_table(
    raw: Any, keys: tuple[str, ...], lines: Lines, block: tuple[int, int], problems: Problems
) -> SpellSpec | None:
    """A ``[[spell]]`` table with the keys of a roster's spell (a mission's spells, [SQ-M5])."""
    spell = _named(raw, keys, lines, block, problems, "spell")
    return spell if isinstance(spell, SpellSpec) else None


def _spell_effect(raw: dict[str, Any], name: str, line: Callable[[str], int], problems: Problems) -> SpellEffect | None:
    """The effect the app applies (``SpellEffect``); None when the spell gives none."""
    numbers = {k: whole(raw[k], k, lo, hi, line(k), problems) for k, lo, hi in SPELL_NUMBERS if k in raw}
    status = str(raw.get("status", "")).lower()
    if status and status not in t.STATUS_NAMES:
        problems.append((line("status"), f"spell status must be one of {', '.join(t.STATUS_NAMES)}, not {status!r}"))
    target_kind = str(raw.get("target", "")).lower()
    if "target" in raw and target_kind not in SPELL_TARGETS:
        problems.append((line("target"), f"spell target must be one of {', '.join(SPELL_TARGETS)}"))
    if "ap" in numbers and "hits" not in numbers:
        problems.append((line("ap"), f"spell '{name}' has ap but no hits"))
    for k in ("quality", "defense"):
        if numbers.get(k) == 0:
            problems.append((line(k), f"spell '{name}': {k} is a modifier to those rolls (+1 or −1…), not 0"))
    until = str(raw.get("until", "round")).lower()
    if until not in SPELL_UNTIL:
        problems.append((line("until"), f"spell until must be one of {', '.join(SPELL_UNTIL)}, not {until!r}"))
    elif "until" in raw and not (numbers.get("quality") or numbers.get("defense")):
        problems.append((line("until"), f"spell '{name}' has until but no quality or defense modifier"))
    if not numbers and not status:
        if "target" in raw:
            problems.append((line("target"), f"spell '{name}' has a target but no effect (hits, wounds, status…)"))
        return None
    if "target" not in raw:
        problems.append((line("name"), f'spell \'{name}\' needs target = "enemy", "friend" or "self"'))
    return SpellEffect(
        target_kind or "enemy", status=status, until=until, **{k: int(v or 0) for k, v in numbers.items()}
    )


def _unit(raw: Any, path: str, index: int, lines: Lines, problems: Problems) -> UnitSpec | None:
    hero = path == "hero"
    own = lines.block(path, index)
    whole_block = lines.owner(path, index)
    head = own[0]
    line: Callable[[str], int] = lambda k: lines.key(k, *own) or head  # noqa: E731
    if not isinstance(raw, dict):
        problems.append((head, f"each [[{path}]] must be a table"))
        return None
    start = len(problems)
    unknown_keys(raw, UNIT_KEYS, path, line, problems)
    name = text(raw.get("name"), f"{path} name", head, problems, required=True) or f"{path} {index + 1}"
    values: dict[str, int | None] = {}
    for key in ("quality", "defense"):
        values[key] = target(raw[key], key, line(key), problems) if key in raw else None
        if key not in raw:
            problems.append((head, f"{path} '{name}' needs {key} (a target 2+ to 6+)"))
    values["tough"] = whole(raw.get("tough"), "tough", 1, 99, line("tough"), problems) if "tough" in raw else None
    if "tough" not in raw:
        problems.append((head, f"{path} '{name}' needs tough (at least 1)"))
    for key in t.HERO_STATS:
        values[key] = target(raw[key], key, line(key), problems) if key in raw else None
        if hero and key not in raw:
            problems.append((head, f"hero '{name}' needs {key} (a target 2+ to 6+)"))
    models = whole(raw.get("models", 1), "models", 1, 99, line("models"), problems)
    if hero and models not in (1, None):
        problems.append((line("models"), f"a hero is one model (§1), not {models}"))
    pmax = whole(raw.get("power_max", 0), "power_max", 0, 99, line("power_max"), problems)
    pstart = whole(raw.get("power_start", pmax or 0), "power_start", 0, 99, line("power_start"), problems)
    if hero and "power_max" not in raw:
        problems.append((head, f"hero '{name}' needs power_max [SQ-M3]"))
    if not hero and ("power_max" in raw or "power_start" in raw):
        problems.append(
            (line("power_max") if "power_max" in raw else line("power_start"), "only heroes have power points (§7)")
        )
    if pmax is not None and pstart is not None and pstart > pmax:
        problems.append((line("power_start"), f"power_start {pstart} is more than power_max {pmax}"))
    rules = _rules(raw.get("rules"), line("rules"), problems)
    parts: dict[str, list[Any]] = {"weapon": [], "skill": [], "spell": []}
    for sub in parts:
        items = raw.get(sub, [])
        if not isinstance(items, list):
            problems.append((line(sub), f"{sub} must be written as [[{path}.{sub}]] tables"))
            continue
        for j, item in enumerate(items):
            block = lines.block(f"{path}.{sub}", j, whole_block)
            block = block if block[0] else (head, head)
            made = (
                _weapon(item, lines, block, problems)
                if sub == "weapon"
                else _named(item, SKILL_KEYS if sub == "skill" else SPELL_KEYS, lines, block, problems, sub)
            )
            if made is not None:
                parts[sub].append(made)
    if not hero and parts["skill"]:
        problems.append((head, "only heroes have hero skills (§13.2)"))
    quality, defense, tough = values["quality"], values["defense"], values["tough"]
    if len(problems) > start or quality is None or defense is None or tough is None:
        return None  # a missing or bad value came with its problem
    return UnitSpec(
        id=str(raw.get("id") or slug(name)),
        name=name,
        hero=hero,
        models=int(models or 1),
        quality=quality,
        defense=defense,
        tough=tough,
        str=values["str"],
        dex=values["dex"],
        wil=values["wil"],
        power_max=int(pmax or 0),
        power_start=int(pstart or 0),
        rules=rules,
        weapons=tuple(parts["weapon"]),
        skills=tuple(parts["skill"]),
        spells=tuple(parts["spell"]),
        line=head,
    )


def parse_roster(text_: str, source: str = "") -> Roster:
    """The roster in ``text_``; raises ``RosterError`` listing every (line, problem)."""
    data = load(text_, source, RosterError)
    lines = Lines(text_)
    problems: Problems = []
    unknown_keys(data, TOP_KEYS, "top-level", lambda k: lines.top_key(k), problems)
    name = text(data.get("name"), "name", lines.top_key("name") or 1, problems)
    if not name:
        problems.append((1, 'the roster needs a name (name = "...")'))
    units: list[UnitSpec] = []
    for path in ("hero", "enemy"):
        raws = data.get(path, [])
        if not isinstance(raws, list):
            problems.append((lines.top_key(path), f"write heroes and enemies as [[{path}]] tables"))
            continue
        for i, raw in enumerate(raws):
            unit = _unit(raw, path, i, lines, problems)
            if unit is not None:
                units.append(unit)
    if not data.get("hero") and not data.get("enemy"):
        problems.append((0, "the roster has no units; add [[hero]] or [[enemy]] tables"))
    seen: dict[str, int] = {}
    for u in units:
        if u.id in seen:
            problems.append((u.line, f"two units share the id '{u.id}' (first at line {seen[u.id]}); give one an id"))
        seen.setdefault(u.id, u.line)
    if problems:
        raise RosterError(source, sorted(problems, key=lambda p: p[0]))
    return Roster(name=name, units=tuple(units), source=source)

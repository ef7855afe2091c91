"""Star Quest rosters and missions: the records a GM writes in TOML files.

The source gives no profiles, skills, spells or missions ([SQ-M1]–[SQ-M9]); these records
hold what the roster and mission files say. Parsing them, with the line of every problem,
is ``roster_toml.py`` and ``mission_toml.py``. Special rules are (name, X) pairs, X = 0
for rules without a value.
"""

from __future__ import annotations

import builtins
from typing import Any, Mapping

from engine.records import Record, asdict

Rules = tuple[tuple[str, int], ...]


def rule_x(rules: Rules, name: str) -> int | None:
    """X of rule ``name`` (0 for rules without a value), None when absent."""
    for n, x in rules:
        if n == name:
            return x
    return None


def has_rule(rules: Rules, name: str) -> bool:
    return rule_x(rules, name) is not None


def rules_text(rules: Rules) -> str:
    return ", ".join(f"{n}({x})" if x else n for n, x in rules)


def _rules(data: Any) -> Rules:
    return tuple((str(n), int(x)) for n, x in (data or ()))


class WeaponSpec(Record):
    """A weapon [SQ-M2]: ``kind`` melee | ranged, ``range`` in inches (0 for melee),
    ``attacks`` per model, ``ap``, special rules."""

    name: str
    kind: str
    attacks: int
    range: int = 0
    ap: int = 0
    rules: Rules = ()

    @property
    def melee(self) -> bool:
        return self.kind == "melee"

    def has(self, rule: str) -> bool:
        return has_rule(self.rules, rule)

    def x(self, rule: str) -> int:
        return rule_x(self.rules, rule) or 0

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "kind": self.kind,
            "attacks": self.attacks,
            "range": self.range,
            "ap": self.ap,
            "rules": [list(r) for r in self.rules],
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> "WeaponSpec":
        return cls(
            d["name"], d["kind"], int(d["attacks"]), int(d.get("range", 0)), int(d.get("ap", 0)), _rules(d.get("rules"))
        )


class SkillSpec(Record):
    """A hero skill [SQ-M4]: the stat it tests and effect text the GM resolves."""

    name: str
    stat: str
    effect: str = ""


SPELL_TARGETS = ("enemy", "friend", "self")
"""Whom a spell takes effect on, seen from its caster: a unit of the other side, one of
its own side, or the caster itself."""


class SpellEffect(Record):
    """What a spell does, as the engine applies it [SQ-M5]: the target it takes
    (``SPELL_TARGETS``), ``hits`` with ``ap`` (Defense rolls, §9 step 5), ``wounds``
    (no Defense roll), a ``status`` condition (§18), spell ``tokens`` or ``pp`` gained,
    a ``move`` in inches the GM makes on the table, and a modifier to the target's
    ``quality`` or ``defense`` rolls (+1: one better, as cover's +1 is) that lasts
    ``until`` the end of the "round" (§5 step 4) or the "battle"."""

    target: str = "enemy"
    hits: int = 0
    ap: int = 0
    wounds: int = 0
    status: str = ""
    tokens: int = 0
    pp: int = 0
    move: int = 0
    quality: int = 0
    defense: int = 0
    until: str = "round"

    @property
    def modifiers(self) -> tuple[tuple[str, int], ...]:
        """(stat, value) of each roll modifier the spell gives (``quality``, ``defense``)."""
        return tuple((k, v) for k, v in (("quality", self.quality), ("defense", self.defense)) if v)

    def to_dict(self) -> dict[str, Any]:
        return {k: v for k, v in asdict(self).items() if k == "target" or (v and (k != "until" or self.modifiers))}

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> "SpellEffect":
        n = {k: int(d.get(k, 0)) for k in ("hits", "ap", "wounds", "tokens", "pp", "move", "quality", "defense")}
        return cls(
            str(d.get("target", "enemy")), status=str(d.get("status", "")), until=str(d.get("until", "round")), **n
        )


class SpellSpec(Record):
    """A spell [SQ-M5]: value (token cost), effect text and, when the roster gives it,
    ``does``: the effect the engine applies (None: text only, the GM resolves it)."""

    name: str
    value: int
    effect: str = ""
    does: SpellEffect | None = None

    @property
    def target(self) -> str | None:
        """The kind of target the spell takes (None: text only, no target asked)."""
        return self.does.target if self.does is not None else None

    def to_list(self) -> list[Any]:
        out: list[Any] = [self.name, self.value, self.effect]
        return out + [self.does.to_dict()] if self.does is not None else out

    @classmethod
    def from_list(cls, s: Any) -> "SpellSpec":
        does = SpellEffect.from_dict(s[3]) if len(s) > 3 and s[3] is not None else None
        return cls(s[0], int(s[1]), s[2], does)


class UnitSpec(Record):
    """A hero or an enemy unit as the roster gives it.

    ``hero``: a player hero (always one model); ``models``: starting models; targets are
    "X+" numbers 2–6; ``str``/``dex``/``wil`` may be None for enemies [SQ-M6];
    ``power_max``/``power_start`` for heroes [SQ-M3]; ``line``: roster line of its header.
    """

    id: str
    name: str
    hero: bool
    models: int
    quality: int
    defense: int
    tough: int
    str: int | None = None
    dex: int | None = None
    wil: int | None = None
    power_max: int = 0
    power_start: int = 0
    rules: Rules = ()
    weapons: tuple[WeaponSpec, ...] = ()
    skills: tuple[SkillSpec, ...] = ()
    spells: tuple[SpellSpec, ...] = ()
    line: int = 0

    def has(self, rule: builtins.str) -> bool:
        return has_rule(self.rules, rule)

    def x(self, rule: builtins.str) -> int:
        return rule_x(self.rules, rule) or 0

    def weapon(self, name: builtins.str) -> WeaponSpec | None:
        return next((w for w in self.weapons if w.name == name), None)

    def skill(self, name: builtins.str) -> SkillSpec | None:
        return next((s for s in self.skills if s.name == name), None)

    def spell(self, name: builtins.str) -> SpellSpec | None:
        return next((s for s in self.spells if s.name == name), None)

    def stat(self, name: builtins.str) -> int | None:
        value: int | None = getattr(self, name)
        return value

    def to_dict(self) -> dict[builtins.str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "hero": self.hero,
            "models": self.models,
            "quality": self.quality,
            "defense": self.defense,
            "tough": self.tough,
            "str": self.str,
            "dex": self.dex,
            "wil": self.wil,
            "power_max": self.power_max,
            "power_start": self.power_start,
            "rules": [list(r) for r in self.rules],
            "weapons": [w.to_dict() for w in self.weapons],
            "skills": [[s.name, s.stat, s.effect] for s in self.skills],
            "spells": [s.to_list() for s in self.spells],
            "line": self.line,
        }

    @classmethod
    def from_dict(cls, d: Mapping[builtins.str, Any]) -> "UnitSpec":
        return cls(
            id=d["id"],
            name=d["name"],
            hero=bool(d["hero"]),
            models=int(d["models"]),
            quality=int(d["quality"]),
            defense=int(d["defense"]),
            tough=int(d["tough"]),
            str=d.get("str"),
            dex=d.get("dex"),
            wil=d.get("wil"),
            power_max=int(d.get("power_max", 0)),
            power_start=int(d.get("power_start", 0)),
            rules=_rules(d.get("rules")),
            weapons=tuple(WeaponSpec.from_dict(w) for w in d.get("weapons", ())),
            skills=tuple(SkillSpec(*s) for s in d.get("skills", ())),
            spells=tuple(SpellSpec.from_list(s) for s in d.get("spells", ())),
            line=int(d.get("line", 0)),
        )


class Roster(Record):
    """A roster file: heroes and/or enemy units."""

    name: str
    units: tuple[UnitSpec, ...]
    source: str = ""

    @property
    def heroes(self) -> tuple[UnitSpec, ...]:
        return tuple(u for u in self.units if u.hero)

    @property
    def enemies(self) -> tuple[UnitSpec, ...]:
        return tuple(u for u in self.units if not u.hero)

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "source": self.source, "units": [u.to_dict() for u in self.units]}

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> "Roster":
        return cls(d["name"], tuple(UnitSpec.from_dict(u) for u in d.get("units", ())), d.get("source", ""))


class Wave(Record):
    """An enemy wave [SQ-M9]: the enemy unit ids deployed at the start of ``round``."""

    id: str
    round: int
    units: tuple[str, ...]


class MissionSpell(Record):
    """A spell the mission file gives [SQ-M5] (the source lists none): to the units it
    names (heroes or enemies), or with none named to every AI unit with Caster(X).
    ``line``: where the mission file gives it (for ``skirmish check``)."""

    spell: SpellSpec
    units: tuple[str, ...] = ()
    line: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {"spell": self.spell.to_list(), "units": list(self.units), "line": self.line}

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> "MissionSpell":
        return cls(SpellSpec.from_list(d["spell"]), tuple(d.get("units", ())), int(d.get("line", 0)))


class MissionSpec(Record):
    """A mission [SQ-M1]: AI objectives, AI groups, waves, search tokens, round limit,
    victory/defeat text and mission events (round → text). Nothing here is a rule."""

    name: str
    rounds: int | None = None
    objectives: tuple[tuple[str, str], ...] = ()
    """(id, name) of each AI objective."""
    groups: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """(group id, enemy unit ids) of each AI group (§16.3)."""
    waves: tuple[Wave, ...] = ()
    search_tokens: tuple[tuple[str, str], ...] = ()
    """(id, contents)."""
    events: tuple[tuple[int, str], ...] = ()
    victory: str = ""
    defeat: str = ""
    all_unconscious: str = ""
    """What happens when no conscious hero is left [SQ-M8]."""
    source: str = ""
    spells: tuple[MissionSpell, ...] = ()
    """Spells from the mission file [SQ-M5], given to units at set-up (``make_setup``)."""
    dangerous_terrain: bool | None = None
    """Whether the table has dangerous terrain (§14): False, the AI chart's †2 question is
    answered "no" by itself; None (not said), the GM is asked at each AI activation."""

    def wave_of(self, unit_id: str) -> Wave | None:
        return next((w for w in self.waves if unit_id in w.units), None)

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "rounds": self.rounds,
            "objectives": [list(o) for o in self.objectives],
            "groups": [[g, list(u)] for g, u in self.groups],
            "waves": [{"id": w.id, "round": w.round, "units": list(w.units)} for w in self.waves],
            "search_tokens": [list(s) for s in self.search_tokens],
            "events": [list(e) for e in self.events],
            "victory": self.victory,
            "defeat": self.defeat,
            "all_unconscious": self.all_unconscious,
            "source": self.source,
            **({"spells": [sp.to_dict() for sp in self.spells]} if self.spells else {}),
            **({"dangerous_terrain": self.dangerous_terrain} if self.dangerous_terrain is not None else {}),
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> "MissionSpec":
        return cls(
            name=d["name"],
            rounds=d.get("rounds"),
            objectives=tuple(tuple(o) for o in d.get("objectives", ())),
            groups=tuple((g, tuple(u)) for g, u in d.get("groups", ())),
            waves=tuple(Wave(w["id"], int(w["round"]), tuple(w["units"])) for w in d.get("waves", ())),
            search_tokens=tuple(tuple(s) for s in d.get("search_tokens", ())),
            events=tuple((int(r), str(t)) for r, t in d.get("events", ())),
            victory=d.get("victory", ""),
            defeat=d.get("defeat", ""),
            all_unconscious=d.get("all_unconscious", ""),
            source=d.get("source", ""),
            spells=tuple(MissionSpell.from_dict(sp) for sp in d.get("spells", ())),
            dangerous_terrain=d.get("dangerous_terrain"),
        )

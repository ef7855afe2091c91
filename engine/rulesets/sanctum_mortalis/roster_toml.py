"""Sanctum Mortalis rosters as TOML text: parsed into ``BandRoster`` records, with the
line of every problem.

This module reads text, never files (``saves.rosters`` reads them from disk). The
format, also documented at the top of each demo roster in ``demo/``::

    band = "Iron Wolves"        # required
    player = "Anna"             # optional
    campaign = false            # optional: true = a band in a campaign (no budget,
                                #   any XP, loot items, mods and wounds allowed)
    budget = 150                # optional, starting bands only (§15.1; §15.8 one-offs)
    treasury = 0                # optional, tk
    stash = []                  # optional item keys kept on the mother ship

    [[model]]                   # one block per model
    name = "Kara Vex"           # required; the model's id is the slug of the name
    archetype = "trooper"       # English key or source name ("Szturmowiec")
    specialist = "technomancer" # medic | technomancer | chaplain
    captain = true
    small = false               # small guy (§15.5)
    ranged = ["energy-rifle"]   # one of the archetype's loadouts (may be left out
    melee = []                  #   when the archetype has only one)
    armour = "powered"          # the archetype's armour or a paid swap
    options = ["shield"]        # off-hand: additional-weapon | shield | two-handed
    items = ["climbing-gear"]   # special items, two slots (§15.7)
    mods = []                   # lasting modifications of weapons and armour
    skills = ["point-blank"]
    tricks = ["short-circuit"]
    xp = 4
    wounds = []                 # damaged-leg | damaged-arm | damaged-eye | deep-scars
    advances = { C = 1 }        # S, W, C, O advances taken
    volunteer = false           # a Volunteer: assault rifle, light armour, nothing else
    neutral = false             # an independent model ([SM-M1]) with
    # profile = { S = 4, W = 1, C = 6, O = 5 } and neutral_type = "fighting" | "shooting"
    stash = true                # campaign bands: kept in the stash, not in the team
                                #   (§15.10; the team has at most 7 models, §15.1)

Names go through the ``tables`` alias maps (``slug`` of an English or Polish name).
``options`` is folded into the record: ``ModelSpec.melee`` holds the model's real
melee weapons (a Swordsman with ``two-handed`` has ``("two-handed",)``, with
``additional-weapon`` ``("hand-weapon", "additional-weapon")``; an Officer's or
Destroyer's additional hand weapon is its ``"hand-weapon"``) and ``ModelSpec.shield``
the shield. A Specialist's starting skills (Technomancer tricks) are added to
``skills``. ``tomllib`` gives no line numbers, so ``scan_lines`` maps each
``[[model]]`` header and each ``key =`` line to its line.
"""

from __future__ import annotations

import tomllib
from typing import Any, Callable, Mapping

from engine.records import Record, changed, field
from engine.toml_lines import statements, syntax_error_line

from . import tables as t
from .band_building import ERROR, STATS, Problem, RosterLines, apply_options, suggest, validate
from .roster import BandRoster, ModelSpec

TOP_FIELDS = ("band", "player", "campaign", "budget", "treasury", "stash", "notes", "model")
"""Keys allowed at the top of a roster."""
MODEL_FIELDS = (
    "name",
    "archetype",
    "specialist",
    "captain",
    "small",
    "ranged",
    "melee",
    "armour",
    "options",
    "items",
    "mods",
    "skills",
    "tricks",
    "xp",
    "wounds",
    "advances",
    "volunteer",
    "neutral",
    "neutral_type",
    "profile",
    "stash",
)
"""Keys allowed in a ``[[model]]`` block (``stash = true``: the model is kept in the stash)."""
OPTION_ALIASES: Mapping[str, str] = {
    **{a: ("additional-weapon" if k == "hand-weapon" else k) for a, k in t.MELEE_ALIASES.items()},
    "shield": "shield",
    "tarcza": "shield",
}
"""Slug -> off-hand option (§15.3). "hand-weapon" means the Officer's/Destroyer's additional hand weapon."""
VOLUNTEER_ALIASES: Mapping[str, str] = {"volunteer": "volunteer", "ochotnik": "volunteer"}
INDEPENDENT = "independent"
"""Archetype key of an independent model given no archetype."""


class ParsedRoster(Record):
    """The result of reading a roster: the record (None if the text is not TOML), the
    problems found, the starting/campaign flag and budget, and where each key is."""

    roster: BandRoster | None
    problems: tuple[Problem, ...] = ()
    campaign: bool = False
    budget: int = t.STARTING_BUDGET
    lines: RosterLines = field(default_factory=RosterLines)

    @property
    def ok(self) -> bool:
        """True when there is a roster and no problem is an error (warnings allowed)."""
        return self.roster is not None and not any(p.severity == ERROR for p in self.problems)


# ----------------------------------------------------------------------------- line scanner
def scan_lines(text: str) -> RosterLines:
    """Where each top-level key and each model's keys are (1-based lines)."""
    top: dict[str, int] = {}
    models: list[dict[str, int]] = []
    for st in statements(text):
        full = st.path if st.header else st.table + st.path
        if st.header and full == ("model",):  # "[model]" too, so its keys have lines for the message about it
            models.append({"header": st.line})
            top.setdefault("model", st.line)
        elif full[0] == "model" and models and len(full) > 1:
            models[-1].setdefault(full[1], st.line)
        else:
            top.setdefault(full[0], st.line)
    return RosterLines(top, tuple(models))


# ----------------------------------------------------------------------------- parser
def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return "true/false"
    return {str: "text", int: "a whole number", float: "a decimal number", list: "a list", dict: "a table"}.get(
        type(value), type(value).__name__
    )


class _Parser:
    def __init__(self, lines: RosterLines) -> None:
        self.lines = lines
        self.problems: list[Problem] = []

    def add(self, line: int, message: str, rule: str = "") -> None:
        self.problems.append(Problem(line, message, rule))

    # typed reads: each returns the default after reporting a wrong type
    def text(self, data: dict[str, Any], key: str, line: int, who: str, default: str = "") -> str:
        value = data.get(key, default)
        if not isinstance(value, str):
            self.add(line, f"{who}{key} must be text in quotes, not {_kind(value)}")
            return default
        return value

    def flag(self, data: dict[str, Any], key: str, line: int, who: str) -> bool:
        value = data.get(key, False)
        if not isinstance(value, bool):
            self.add(line, f"{who}{key} must be true or false, not {_kind(value)}")
            return False
        return value

    def number(self, data: dict[str, Any], key: str, line: int, who: str, default: int = 0, minimum: int = 0) -> int:
        value = data.get(key, default)
        if isinstance(value, bool) or not isinstance(value, int):
            self.add(line, f"{who}{key} must be a whole number, not {_kind(value)}")
            return default
        if value < minimum:
            self.add(line, f"{who}{key} must be at least {minimum}, not {value}")
            return default
        return value

    def names(
        self, data: dict[str, Any], key: str, line: int, who: str, aliases: Mapping[str, str]
    ) -> tuple[str, ...] | None:
        """A list of names (a single string is accepted) resolved through ``aliases``;
        unknown names stay as written for ``validate`` to report. None if absent."""
        if key not in data:
            return None
        value = data[key]
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            self.add(line, f'{who}{key} must be a list of names in quotes, like ["a", "b"], not {_kind(value)}')
            return ()
        return tuple(aliases.get(t.slug(v), v) for v in value)

    def stats(self, data: dict[str, Any], key: str, line: int, who: str) -> tuple[tuple[str, int], ...]:
        value = data.get(key, {})
        if not isinstance(value, dict):
            self.add(line, f"{who}{key} must be a table like {{ W = 1, C = 1 }}, not {_kind(value)}")
            return ()
        out = []
        for stat, n in value.items():
            if isinstance(n, bool) or not isinstance(n, int):
                self.add(line, f"{who}{key}.{stat} must be a whole number, not {_kind(n)}")
                continue
            out.append((stat.upper() if stat.upper() in STATS else stat, n))
        order = {s: i for i, s in enumerate(STATS)}
        return tuple(sorted(out, key=lambda p: order.get(p[0], len(STATS))))

    def unknown_keys(
        self,
        data: dict[str, Any],
        allowed: tuple[str, ...],
        line_of: Callable[[str], int],
        elsewhere: tuple[str, ...],
        elsewhere_hint: str,
    ) -> None:
        for key in data:
            if key in allowed:
                continue
            if key in elsewhere:
                self.add(line_of(key), f"field '{key}' {elsewhere_hint}")
            else:
                self.add(line_of(key), f"unknown field '{key}'{suggest(key, allowed)}")

    # roster ---------------------------------------------------------------------------
    def roster(self, data: dict[str, Any], source: str) -> ParsedRoster:
        top: Callable[[str], int] = lambda key: self.lines.top_line(key)  # noqa: E731
        self.unknown_keys(data, TOP_FIELDS, top, MODEL_FIELDS, "belongs to a model: put it after a [[model]] line")
        name = self.text(data, "band", top("band"), "")
        player = self.text(data, "player", top("player"), "")
        campaign = self.flag(data, "campaign", top("campaign"), "")
        budget = self.number(data, "budget", top("budget"), "", t.STARTING_BUDGET, minimum=1)
        if campaign and "budget" in data:
            self.add(
                top("budget"),
                "budget is for a starting band; a campaign band has none (remove budget, or campaign = true)",
                "§15.1",
            )
        treasury = self.number(data, "treasury", top("treasury"), "")
        stash = self.names(data, "stash", top("stash"), "", t.ITEM_ALIASES) or ()
        notes = data.get("notes", [])
        notes = [notes] if isinstance(notes, str) else notes
        if not isinstance(notes, list) or not all(isinstance(n, str) for n in notes):
            self.add(top("notes"), f"notes must be text or a list of texts, not {_kind(data['notes'])}")
            notes = []
        blocks = data.get("model", [])
        if isinstance(blocks, dict):
            self.add(top("model"), "write [[model]] (two brackets) at the start of each model")
            blocks = [blocks]
        elif not isinstance(blocks, list) or not all(isinstance(b, dict) for b in blocks):
            self.add(top("model"), "models are written as [[model]] blocks")
            blocks = []
        if not blocks:
            self.add(top("band"), "the roster has no models: add a [[model]] block for each")
        models: list[ModelSpec] = []
        ids: set[str] = set()
        for i, block in enumerate(blocks):
            spec = self.model(i, block)
            unique = spec.id
            n = 2
            while unique in ids:
                unique, n = f"{spec.id}-{n}", n + 1
            ids.add(unique)
            models.append(changed(spec, id=unique))
        roster = BandRoster(
            name=name,
            player=player,
            models=tuple(models),
            treasury=treasury,
            stash=tuple(stash),
            source=source,
            notes=tuple(notes),
        )
        return ParsedRoster(roster, tuple(self.problems), campaign, budget, self.lines)

    def model(self, i: int, data: dict[str, Any]) -> ModelSpec:
        fields = self.lines.models[i] if i < len(self.lines.models) else {}
        header = fields.get("header", 0)
        at: Callable[[str], int] = lambda key: fields.get(key, header)  # noqa: E731
        name = self.text(data, "name", at("name"), f"model {i + 1}: ").strip()
        if "name" not in data or not name:
            self.add(header, f'model {i + 1} has no name: add name = "..."')
        who = f"{name or f'model {i + 1}'}: "
        self.unknown_keys(
            data, MODEL_FIELDS, at, TOP_FIELDS, "belongs at the top of the roster, before the first [[model]]"
        )
        volunteer = self.flag(data, "volunteer", at("volunteer"), who)
        neutral = self.flag(data, "neutral", at("neutral"), who)

        archetype = self.text(data, "archetype", at("archetype"), who).strip()
        if archetype:
            key = t.slug(archetype)
            archetype = t.ARCHETYPE_ALIASES.get(key) or VOLUNTEER_ALIASES.get(key) or archetype
        else:
            archetype = "volunteer" if volunteer else INDEPENDENT if neutral else ""
        arch = t.VOLUNTEER if archetype == "volunteer" else t.ARCHETYPES.get(archetype)

        written = self.text(data, "specialist", at("specialist"), who).strip()
        specialist = t.SPECIALIST_ALIASES.get(t.slug(written), written) if written else None

        ranged = self.names(data, "ranged", at("ranged"), who, t.RANGED_ALIASES)
        if ranged is None:
            ranged = arch.ranged[0] if arch is not None and len(arch.ranged) == 1 else ()
        melee, shield = self.melee(data, arch, at, who)

        armour = self.text(data, "armour", at("armour"), who).strip()
        if armour:
            armour = t.ARMOUR_ALIASES.get(t.slug(armour), armour)
        else:
            armour = arch.armour if arch is not None else "none" if neutral else "light"

        skills = self.names(data, "skills", at("skills"), who, t.SKILL_ALIASES) or ()
        trained = t.SPECIALISTS.get(specialist) if specialist is not None else None
        starting = trained.starting_skills if trained is not None else ()
        skills = tuple(s for s in starting if s not in skills) + skills

        neutral_type = self.text(data, "neutral_type", at("neutral_type"), who).strip().lower()
        if isinstance(data.get("stash"), list):
            self.add(
                at("stash"),
                f"{who}stash = [...] lists the band's items: put it at the top of the roster, "
                "before the first [[model]]; in a model, stash = true keeps the model in the stash",
                "§15.10",
            )
            stashed = False
        else:
            stashed = self.flag(data, "stash", at("stash"), who)
        ident = t.slug(name) or f"model-{i + 1}"
        return ModelSpec(
            id=ident,
            name=name or f"model {i + 1}",
            archetype=archetype,
            specialist=specialist,
            small=self.flag(data, "small", at("small"), who),
            captain=self.flag(data, "captain", at("captain"), who),
            ranged=tuple(ranged),
            melee=melee,
            armour=armour,
            shield=shield,
            items=self.names(data, "items", at("items"), who, t.ITEM_ALIASES) or (),
            mods=self.names(data, "mods", at("mods"), who, t.ITEM_ALIASES) or (),
            skills=skills,
            tricks=self.names(data, "tricks", at("tricks"), who, t.TRICK_ALIASES) or (),
            xp=self.number(data, "xp", at("xp"), who),
            wounds=self.names(data, "wounds", at("wounds"), who, t.WOUND_ALIASES) or (),
            advances=self.stats(data, "advances", at("advances"), who),
            volunteer=volunteer,
            neutral=neutral,
            neutral_type=neutral_type,
            profile_override=self.stats(data, "profile", at("profile"), who),
            line=header,
            stashed=stashed,
        )

    def melee(
        self, data: dict[str, Any], arch: t.Archetype | None, at: Callable[[str], int], who: str
    ) -> tuple[tuple[str, ...], bool]:
        """The real melee weapons and shield: the base loadout plus the off-hand options."""
        options = self.names(data, "options", at("options"), who, OPTION_ALIASES) or ()
        for option in options:
            if option not in ("additional-weapon", "shield", "two-handed"):
                self.add(
                    at("options"),
                    f"{who}unknown option '{option}'{suggest(option, OPTION_ALIASES)} "
                    "(additional-weapon, shield or two-handed)",
                    "§15.3",
                )
        if len(set(options)) != len(options):
            self.add(at("options"), f"{who}an option is listed twice", "§15.3")
        options = tuple(dict.fromkeys(o for o in options if o in ("additional-weapon", "shield", "two-handed")))
        given = self.names(data, "melee", at("melee"), who, t.MELEE_ALIASES)
        bases = arch.melee if arch is not None else ((),)
        if given is None:
            return apply_options(bases[0] if len(bases) == 1 else (), options)
        if any(sorted(given) == sorted(b) for b in bases):
            return apply_options(given, options)
        if options and any(sorted(apply_options(b, options)[0]) == sorted(given) for b in bases):
            return tuple(given), "shield" in options  # written with the options already applied
        return apply_options(given, options)


def read_roster(text: str, source: str = "") -> ParsedRoster:
    """Read roster TOML text into a ``BandRoster`` with format problems only (syntax,
    unknown fields, wrong types, unknown options); ``check_roster`` adds the band-building
    rules. Never raises for bad text: a TOML syntax error gives ``roster=None`` and
    tomllib's own message with its line."""
    lines = scan_lines(text)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        return ParsedRoster(None, (Problem(syntax_error_line(err, text), f"not valid TOML: {err}"),), lines=lines)
    return _Parser(lines).roster(data, source)


def check_roster(text: str, source: str = "", settings: Mapping[str, str] | None = None) -> ParsedRoster:
    """``read_roster`` plus every band-building problem (``band_building.validate``),
    sorted by line. Never raises. ``settings``: battle settings (default: the
    recommended readings)."""
    parsed = read_roster(text, source)
    if parsed.roster is None:
        return parsed
    found = validate(
        parsed.roster, campaign=parsed.campaign, budget=parsed.budget, settings=settings, lines=parsed.lines
    )
    return changed(parsed, problems=tuple(sorted(parsed.problems + tuple(found), key=lambda p: p.line)))


class RosterError(ValueError):
    """A roster that is not a legal band: ``problems`` are all its problems (errors and
    warnings); ``str()`` is one line naming the first few errors."""

    SHOWN = 3

    def __init__(self, source: str, problems: tuple[Problem, ...]) -> None:
        self.source = source
        self.problems = problems
        errors = [p for p in problems if p.severity == ERROR]
        shown = "; ".join(f"line {p.line}: {p}" if p.line else str(p) for p in errors[: self.SHOWN])
        more = f"; and {len(errors) - self.SHOWN} more (skirmish check lists them)" if len(errors) > self.SHOWN else ""
        super().__init__(f"{source or 'roster'}: {shown}{more}")


def parse_roster(text: str, source: str = "", settings: Mapping[str, str] | None = None) -> BandRoster:
    """The legal band in roster TOML ``text``, ready for ``make_setup``.

    Raises ``RosterError`` if ``check_roster`` finds any error (warnings are allowed).
    """
    parsed = check_roster(text, source, settings)
    if not parsed.ok or parsed.roster is None:
        raise RosterError(source, parsed.problems)
    return parsed.roster

"""Sanctum Mortalis band building (§15): is a roster a legal band, what it costs, how strong it is.

Pure functions over ``roster.BandRoster`` records: ``validate`` returns every problem
it finds as a ``Problem(line, message, rule)`` and never raises for a bad roster.
Line numbers come from an optional ``RosterLines`` (the TOML parser fills one in);
without it a problem points at the model's ``ModelSpec.line`` or at line 0.

Two kinds of roster (the flag lives in the roster file, see ``roster_toml``):

* a **starting band** (the default): the §15.1 budget (150tk unless the players
  agreed another, §15.8), Captain 4 XP and at most two Veterans with 2 XP (§15.2),
  and no gear but Climbing gear and Jet packs (§15.1, §22.4–22.5);
* a **campaign band** (``campaign=True``): no budget, any XP up to 50, loot items,
  modifications and wounds allowed, the Captain may be dead.

Volunteers (§15.9) and independent models ([SM-M1]) may be listed in a roster; they
are checked for their own rules and are not band members (no cost, no count, no
strength). Every ambiguity reading comes from the battle settings (``settings.py``).
"""

from __future__ import annotations

import difflib
from itertools import combinations
from types import MappingProxyType
from typing import Callable, Iterable, Mapping

from engine.formatting import plural, possessive
from engine.records import Record, field

from . import tables as t
from .roster import BandRoster, ModelSpec
from .settings import defaults as _default_settings
from .terms import skill_term

ERROR = "error"
WARNING = "warning"

OFFHAND_OPTIONS = ("two-handed", "additional-weapon", "shield")
"""§15.3: the 5tk off-hand purchases, in the order they are applied."""
RECRUITMENT_GEAR = MappingProxyType({"climbing-gear": t.CLIMBING_GEAR_COST, "jet-pack": t.JET_PACK_COST})
"""§15.1, §22.4–22.5: the only gear bought together with a model (not discounted for small guys, [SM-A38])."""
STATS = ("S", "W", "C", "O")
NEUTRAL_TYPES = ("fighting", "shooting")
"""§13: independent models are fighting or shooting models."""
At = Callable[..., int]
"""``at("skills", "xp")``: the line of the first of those keys the model has, else its header."""


class Problem(Record):
    """One thing wrong with a roster: where, what, and the rule it breaks.

    ``line`` is 1-based (0: unknown); ``rule`` a reference such as ``"§15.2"`` or
    ``"§15.3 [SM-A35]"`` (empty for format problems); ``severity`` is ``"error"`` (the
    band is not legal) or ``"warning"`` (legal, but probably not what was meant).
    """

    line: int
    message: str
    rule: str = ""
    severity: str = ERROR

    def __str__(self) -> str:
        return f"{self.message} ({self.rule})" if self.rule else self.message


class RosterLines(Record):
    """Where things are in the roster text, for messages.

    ``top``: line of each top-level key (``band``, ``budget``...); ``models``: for each
    model in roster order, the line of each of its keys (``"header"`` is its
    ``[[model]]`` line).
    """

    top: Mapping[str, int] = field(default_factory=dict)
    models: tuple[Mapping[str, int], ...] = ()

    def top_line(self, *keys: str) -> int:
        """The line of the first of ``keys`` present at the top level, else the ``band`` line, else 1."""
        for key in (*keys, "band"):
            if key in self.top:
                return self.top[key]
        return 1

    def model_line(self, index: int, spec: ModelSpec, *keys: str) -> int:
        """The line of the first of ``keys`` the model has, else its header line."""
        fields = self.models[index] if index < len(self.models) else {}
        for key in keys:
            if key in fields:
                return fields[key]
        return fields.get("header", spec.line)


class CostTerm(Record):
    """One part of a model's cost: what, how many tk (negative for a discount), which rule."""

    label: str
    tk: int
    rule: str


# ----------------------------------------------------------------------------- helpers
def _settings(settings: Mapping[str, str] | None) -> dict[str, str]:
    return {**_default_settings(), **(settings or {})}


def suggest(word: str, choices: Mapping[str, str] | Iterable[str]) -> str:
    """' — did you mean 'x'?' for the closest key (aliases map to their key), or ''."""
    mapping = choices if isinstance(choices, Mapping) else {c: c for c in choices}
    close = difflib.get_close_matches(t.slug(word) or word, list(mapping), n=1, cutoff=0.6)
    return f" — did you mean '{mapping[close[0]]}'?" if close else ""


def _unknown(what: str, value: str, aliases: Mapping[str, str]) -> str:
    return f"unknown {what} '{value}'{suggest(value, aliases)}"


def _band_member(spec: ModelSpec) -> bool:
    return not (spec.volunteer or spec.neutral)


def _loadout(weapons: Iterable[str]) -> str:
    weapons = tuple(weapons)
    return " + ".join(weapons) if weapons else "none"


def _has_heavy(spec: ModelSpec) -> bool:
    return any(w in t.HEAVY_WEAPONS for w in spec.ranged)


def apply_options(base_melee: Iterable[str], options: Iterable[str]) -> tuple[tuple[str, ...], bool]:
    """The melee weapons and shield after off-hand options (§15.3).

    ``two-handed`` swaps the hand weapon; ``additional-weapon`` adds an additional
    weapon to a model with a hand weapon, or gives a model with none (Officer,
    Destroyer: "an additional hand weapon") its hand weapon; ``shield`` sets the shield.
    """
    melee = list(base_melee)
    chosen = set(options)
    if "two-handed" in chosen:
        if "hand-weapon" in melee:
            melee[melee.index("hand-weapon")] = "two-handed"
        else:
            melee.append("two-handed")
    if "additional-weapon" in chosen:
        melee.append("additional-weapon" if "hand-weapon" in melee else "hand-weapon")
    return tuple(melee), "shield" in chosen


def model_options(spec: ModelSpec) -> tuple[str, ...] | None:
    """The off-hand options a model's melee weapons and shield imply, or None if no
    loadout of its archetype leads to them (the fewest options, preferring those the
    archetype offers)."""
    arch = t.ARCHETYPES.get(spec.archetype)
    if arch is None:
        return None
    target = (sorted(spec.melee), spec.shield)
    combos = [c for n in range(len(OFFHAND_OPTIONS) + 1) for c in combinations(OFFHAND_OPTIONS, n)]
    combos.sort(key=lambda c: (len(c), not set(c) <= set(arch.options)))
    for combo in combos:
        for base in arch.melee:
            melee, shield = apply_options(base, combo)
            if (sorted(melee), shield) == target:
                return combo
    return None


# ----------------------------------------------------------------------------- cost
def cost_terms(spec: ModelSpec, settings: Mapping[str, str] | None = None) -> tuple[CostTerm, ...]:
    """What a model costs at recruitment, term by term (§15.3–15.6, §22.4–22.5).

    Archetype + off-hand options + armour swap + sniper swap + Specialist surcharge,
    × 4/5 for a small guy ([SM-A38] setting ``small_guy_discount``), + Climbing gear
    5tk and Jet pack 10tk. Loot items are not part of a model's cost. Volunteers,
    independent models and unknown archetypes cost nothing.
    """
    s = _settings(settings)
    arch = t.ARCHETYPES.get(spec.archetype)
    if arch is None or not _band_member(spec):
        return ()
    terms = [CostTerm(arch.name, arch.cost, "§15.6" if arch.pet else "§15.3")]
    for option in model_options(spec) or ():
        label = {"two-handed": "two-handed weapon", "additional-weapon": "additional weapon"}.get(option, option)
        terms.append(CostTerm(label, arch.options.get(option, 5), "§15.3"))
    if spec.armour != arch.armour and spec.armour in arch.armour_swaps:
        terms.append(CostTerm(t.ARMOURS[spec.armour].name, arch.armour_swaps[spec.armour], "§15.3"))
    if arch.sniper_swap is not None and "sniper-rifle" in spec.ranged:
        terms.append(CostTerm("sniper rifle", arch.sniper_swap, "§15.3"))
    specialist = t.SPECIALISTS.get(spec.specialist or "")
    if specialist is not None:
        terms.append(CostTerm(f"{specialist.name} surcharge", specialist.surcharge, "§15.4"))
    gear = [
        CostTerm(t.ITEMS[k].name, RECRUITMENT_GEAR[k], "§22.4" if k == "climbing-gear" else "§22.5")
        for k in spec.items
        if k in RECRUITMENT_GEAR
    ]
    if spec.small:
        everything = s["small_guy_discount"] == "all"
        discounted = sum(x.tk for x in terms) + (sum(g.tk for g in gear) if everything else 0)
        cut = discounted - discounted * t.SMALL_GUY_DISCOUNT[0] // t.SMALL_GUY_DISCOUNT[1]
        label = "small guy −20% (gear included)" if everything and gear else "small guy −20%"
        terms.append(CostTerm(label, -cut, "§15.5 [SM-A38]"))
    return tuple(terms + gear)


def model_cost(spec: ModelSpec, settings: Mapping[str, str] | None = None) -> int:
    """A model's recruitment cost in tk (the sum of ``cost_terms``)."""
    return sum(term.tk for term in cost_terms(spec, settings))


def band_cost(roster: BandRoster, settings: Mapping[str, str] | None = None) -> int:
    """What the band's models cost in tk (Volunteers and independent models are free)."""
    return sum(model_cost(m, settings) for m in roster.models)


# ----------------------------------------------------------------------------- strength
def special_item_count(spec: ModelSpec, settings: Mapping[str, str] | None = None) -> int:
    """Special items a model has for band strength (§15.9, [SM-A41]).

    Recommended reading: grenades, gadgets, ammunition, the Jet pack and every
    modification, but not Climbing gear. Setting ``special_items_strength = "all"``
    counts Climbing gear too.
    """
    s = _settings(settings)
    items = [k for k in spec.items if s["special_items_strength"] == "all" or k != "climbing-gear"]
    return len(items) + len(spec.mods)


def band_strength(roster: BandRoster, settings: Mapping[str, str] | None = None) -> int:
    """§15.9: 3 × models (war pets included) + all their XP + 2 × their special items.

    Volunteers and independent models are not band members; the stash does not count,
    nor the models kept in it (§15.10; with ``special_items_strength = "all"``, items in
    the stash do).
    """
    s = _settings(settings)
    members = [m for m in roster.team if _band_member(m)]
    items = sum(special_item_count(m, s) for m in members)
    if s["special_items_strength"] == "all":
        items += len(roster.stash)
    return 3 * len(members) + sum(m.xp for m in members) + 2 * items


def volunteer_count(own_strength: int, opponent_strength: int) -> int:
    """§15.9: one Volunteer for each full 15 points the opponent's band is stronger."""
    return max(0, opponent_strength - own_strength) // 15


def picks_used(spec: ModelSpec) -> int:
    """Level-up picks a model has spent (§19.3): advances, known skills and tricks, less
    the free ones (a Specialist's starting skills; the first trick of Technomancer tricks)."""
    specialist = t.SPECIALISTS.get(spec.specialist or "")
    free = set(specialist.starting_skills) if specialist else set()
    skills = sum(1 for k in set(spec.skills) if k in t.SKILLS and k not in free)
    tricks = sum(1 for k in set(spec.tricks) if k in t.TRICKS)
    free_tricks = 1 if "technomancer-tricks" in spec.skills else 0
    return sum(max(0, n) for _, n in spec.advances) + skills + max(0, tricks - free_tricks)


# ----------------------------------------------------------------------------- validation
class _Checker:
    """Collects problems for one roster; one method per group of rules."""

    def __init__(
        self, roster: BandRoster, campaign: bool, budget: int, settings: dict[str, str], lines: RosterLines
    ) -> None:
        self.roster = roster
        self.campaign = campaign
        self.budget = budget
        self.s = settings
        self.lines = lines
        self.problems: list[Problem] = []

    def add(self, line: int, message: str, rule: str = "", severity: str = ERROR) -> None:
        self.problems.append(Problem(line, message, rule, severity))

    # band -----------------------------------------------------------------------------
    def band(self) -> None:
        members = [(i, m) for i, m in enumerate(self.roster.models) if _band_member(m)]
        if not self.roster.name.strip():
            self.add(self.lines.top_line("band"), 'the band has no name: add band = "..." at the top')
        self.model_count(members)
        self.stashed_models()
        self.captain(members)
        self.specialists(members)
        self.ids()
        if not self.campaign:
            self.starting_xp(members)
            self.starting_budget(members)
            if self.roster.stash:
                self.add(
                    self.lines.top_line("stash"),
                    "a starting band has an empty stash: it can buy only "
                    "Climbing gear and Jet packs, with its models (set campaign = true for a campaign band)",
                    "§15.1",
                )
        if not self.roster.stash:
            return
        # late, and only for a band with a stash: postbattle imports this module, and the
        # whole post-battle package is about a quarter of a new battle's set-up time
        from .postbattle.data import MEDICINES, NEURAL_IMPLANTS

        for item in self.roster.stash:
            if item not in t.ITEMS and item not in MEDICINES and item not in NEURAL_IMPLANTS:
                self.add(self.lines.top_line("stash"), "stash: " + _unknown("item", item, t.ITEM_ALIASES), "§15.10")

    def model_count(self, members: list[tuple[int, ModelSpec]]) -> None:
        """§15.1: at most 7 models in the team (war pets included); the stash has no limit (§15.10)."""
        stashed = sum(1 for _, m in members if m.stashed)
        members = [(i, m) for i, m in members if not m.stashed]
        hint = f" ({stashed} more kept in the stash)" if stashed else ""
        stash_rule = ""
        if self.campaign:
            hint += "; keep the others in the stash with stash = true"
            stash_rule = ", §15.10"
        trainer = any("beast-master" in m.skills for _, m in members)
        pets = sum(1 for _, m in members if m.pet)
        limit = t.BAND_MAX_MODELS + (min(pets, t.BEAST_MASTER_EXTRA_PETS) if trainer else 0)
        others = len(members) - pets
        if len(members) <= limit and others <= t.BAND_MAX_MODELS:
            return
        non_pets = [(i, m) for i, m in members if not m.pet]
        i, spec = non_pets[t.BAND_MAX_MODELS] if others > t.BAND_MAX_MODELS else members[limit]
        if trainer:
            msg = (
                f"the team has {len(members)} models ({pets} war pets); at most {t.BAND_MAX_MODELS}, "
                f"plus up to {t.BEAST_MASTER_EXTRA_PETS} war pets with {skill_term('beast-master')}{hint}"
            )
            self.add(self.lines.model_line(i, spec, "header"), msg, "§15.1, §20.4" + stash_rule)
        else:
            self.add(
                self.lines.model_line(i, spec, "header"),
                f"the team has {len(members)} models; at most {t.BAND_MAX_MODELS}, war pets included "
                f"({spec.name} is number {t.BAND_MAX_MODELS + 1}){hint}",
                "§15.1" + stash_rule,
            )

    def stashed_models(self) -> None:
        """Only band members of a campaign band are kept in the stash (§15.10, §22.2)."""
        for i, m in enumerate(self.roster.models):
            if not m.stashed:
                continue
            line = self.lines.model_line(i, m, "stash")
            if not _band_member(m):
                kind = "a Volunteer" if m.volunteer else "an independent model"
                self.add(line, f"{m.name} is {kind}: only the band's own models are kept in the stash", "§15.10")
            elif not self.campaign:
                self.add(
                    line,
                    f"{m.name}: a starting band keeps no models in the stash; models are bought for it "
                    "during the campaign (set campaign = true for a campaign band)",
                    "§15.1, §22.2",
                )

    def captain(self, members: list[tuple[int, ModelSpec]]) -> None:
        captains = [(i, m) for i, m in enumerate(self.roster.models) if m.captain]
        for i, m in captains:
            if not _band_member(m) or m.pet:
                kind = "a war pet" if m.pet else "a Volunteer" if m.volunteer else "an independent model"
                self.add(
                    self.lines.model_line(i, m, "captain"), f"{m.name} is {kind} and cannot be the Captain", "§15.2"
                )
        for i, m in captains[1:]:
            self.add(
                self.lines.model_line(i, m, "captain"),
                f"only one model may be the Captain; {captains[0][1].name} already is",
                "§15.2",
            )
        if not captains and members and not self.campaign:
            self.add(self.lines.top_line("band"), "no model is the Captain: mark one with captain = true", "§15.2")

    def specialists(self, members: list[tuple[int, ModelSpec]]) -> None:
        seen: dict[str, str] = {}
        for i, m in members:
            if m.specialist and m.specialist in t.SPECIALISTS:
                if m.specialist in seen:
                    self.add(
                        self.lines.model_line(i, m, "specialist"),
                        f"{m.name}: the band already has a {t.SPECIALISTS[m.specialist].name} "
                        f"({seen[m.specialist]}); at most one of each Specialist",
                        "§15.4",
                    )
                else:
                    seen[m.specialist] = m.name

    def ids(self) -> None:
        seen: set[str] = set()
        for i, m in enumerate(self.roster.models):
            if m.id in seen:
                self.add(self.lines.model_line(i, m, "name"), f"{m.name}: another model has the id '{m.id}'")
            seen.add(m.id)
            if not m.name.strip():
                self.add(self.lines.model_line(i, m, "name"), 'a model has no name: add name = "..."')

    def starting_xp(self, members: list[tuple[int, ModelSpec]]) -> None:
        veterans: list[str] = []
        for i, m in members:
            line = self.lines.model_line(i, m, "xp")
            if m.pet:
                continue
            if m.captain:
                if m.xp != t.CAPTAIN_XP:
                    self.add(
                        line, f"{m.name}: the Captain of a starting band has {t.CAPTAIN_XP} XP, not {m.xp}", "§15.2"
                    )
            elif m.xp == t.VETERAN_XP:
                if len(veterans) >= t.VETERANS:
                    self.add(
                        line,
                        f"{m.name}: only {t.VETERANS} Veterans start with {t.VETERAN_XP} XP "
                        f"({' and '.join(veterans)} already do)",
                        "§15.2",
                    )
                veterans.append(m.name)
            elif m.xp != 0:
                self.add(
                    line,
                    f"{m.name}: a model of a starting band has 0 XP, or {t.VETERAN_XP} XP as one of "
                    f"the two Veterans, not {m.xp} (set campaign = true for a campaign band)",
                    "§15.2",
                )
        eligible = sum(1 for _, m in members if not m.pet and not m.captain)
        if len(veterans) < min(t.VETERANS, eligible):
            count = "no Veterans" if not veterans else "only one Veteran"
            self.add(
                self.lines.top_line("band"),
                f"{count}: two models besides the Captain may start with {t.VETERAN_XP} XP",
                "§15.2",
                WARNING,
            )

    def starting_budget(self, members: list[tuple[int, ModelSpec]]) -> None:
        total = sum(model_cost(m, self.s) for _, m in members)
        if total > self.budget:
            self.add(
                self.lines.top_line("budget", "band"),
                f"the band costs {total}tk, {total - self.budget}tk over the {self.budget}tk starting budget",
                "§15.1",
            )

    # models ---------------------------------------------------------------------------
    def model(self, i: int, m: ModelSpec) -> None:
        at: At = lambda *keys: self.lines.model_line(i, m, *keys)  # noqa: E731
        if m.neutral:
            self.neutral(i, m, at)
            return
        if m.profile_override or m.neutral_type:
            self.add(
                at("profile", "neutral_type"),
                f"{m.name}: profile and neutral_type are for independent "
                "models (neutral = true); band models take their archetype's profile",
                "§3.1, §13",
            )
        if m.volunteer:
            self.volunteer(m, at)
            return
        arch = t.ARCHETYPES.get(m.archetype)
        if arch is None:
            if not m.archetype:
                self.add(
                    at("header"),
                    f'{m.name} has no archetype: add archetype = "..." (one of {", ".join(t.ARCHETYPES)})',
                    "§15.3",
                )
            else:
                self.add(
                    at("archetype"), f"{m.name}: " + _unknown("archetype", m.archetype, t.ARCHETYPE_ALIASES), "§15.3"
                )
            return
        if arch.pet:
            self.pet(m, at)
            return
        self.specialist(m, arch, at)
        self.small(m, arch, at)
        self.ranged(m, arch, at)
        self.melee(m, arch, at)
        self.armour(m, arch, at)
        self.items(m, at)
        self.mods(m, at)
        self.skills(m, at)
        self.tricks(m, at)
        self.advances(m, at)
        self.wounds(m, at)
        self.xp(m, at)

    def specialist(self, m: ModelSpec, arch: t.Archetype, at: At) -> None:
        if not m.specialist:
            return
        spec = t.SPECIALISTS.get(m.specialist)
        if spec is None:
            self.add(
                at("specialist"), f"{m.name}: " + _unknown("specialist", m.specialist, t.SPECIALIST_ALIASES), "§15.4"
            )
            return
        if arch.key not in t.SPECIALIST_BASES:
            self.add(
                at("specialist", "archetype"),
                f"{m.name}: a {spec.name} is built on a Swordsman, Officer or Trooper, not a {arch.name}",
                "§15.4",
            )
            return
        if spec.no_sarcophagus and m.armour == "sarcophagus":
            self.add(at("armour"), f"{m.name}: a {spec.name} may not take a Battle sarcophagus", "§15.4")
        if spec.no_sniper and "sniper-rifle" in m.ranged:
            self.add(at("ranged"), f"{m.name}: a {spec.name} may not take a sniper rifle", "§15.4")
        for skill in spec.starting_skills:
            if skill not in m.skills:
                self.add(
                    at("skills"),
                    f"{m.name}: a {spec.name} starts with the skill {t.SKILLS[skill].name} ({skill})",
                    "§15.4",
                )
        if "technomancer-tricks" in spec.starting_skills and not m.tricks:
            self.add(
                at("tricks", "header"),
                f"{m.name}: a {spec.name} starts with one trick of your choice: "
                f'add tricks = ["..."] (one of {", ".join(t.TRICKS)})',
                "§15.4",
            )

    def small(self, m: ModelSpec, arch: t.Archetype, at: At) -> None:
        if not m.small:
            return
        if arch.armour == "sarcophagus" or arch.has_heavy:
            self.add(
                at("small", "archetype"),
                f"{m.name}: a Small guy may not be a {arch.name} (no Battle sarcophagus, no heavy weapon)",
                "§15.5",
            )
        elif m.armour == "sarcophagus":
            self.add(at("armour"), f"{m.name}: a Small guy may not buy a Battle sarcophagus", "§15.5")
        for stat in ("S", "O"):
            if m.advance(stat):
                self.add(
                    at("advances"), f"{m.name}: a Small guy may not advance {t.STAT_NAMES[stat]} ({stat})", "§15.5"
                )

    def ranged(self, m: ModelSpec, arch: t.Archetype, at: At) -> None:
        unknown = [w for w in m.ranged if w not in t.RANGED_WEAPONS]
        for w in unknown:
            self.add(at("ranged"), f"{m.name}: " + _unknown("ranged weapon", w, t.RANGED_ALIASES), "§10.5")
        if unknown:
            return
        allowed = [tuple(sorted(x)) for x in arch.ranged]
        extra = []
        if arch.sniper_swap is not None:
            allowed.append(("sniper-rifle",))
            extra.append(f"sniper-rifle +{arch.sniper_swap}tk")
        if arch.key == "gunslinger" and self.s["mixed_pistols"] == "on":
            allowed.append(tuple(sorted(t.PISTOLS)))
            extra.append("one of each pistol")
        if tuple(sorted(m.ranged)) not in allowed:
            choices = " or ".join(_loadout(x) for x in arch.ranged) + (f" ({', '.join(extra)})" if extra else "")
            rule = "§15.3 [SM-A34]" if arch.key == "gunslinger" else "§15.3"
            self.add(
                at("ranged"),
                f"{m.name}: a {possessive(arch.name)} ranged weapons are {choices}, not {_loadout(m.ranged)}",
                rule,
            )

    def melee(self, m: ModelSpec, arch: t.Archetype, at: At) -> None:
        unknown = [w for w in m.melee if w not in t.MELEE_WEAPONS]
        for w in unknown:
            self.add(at("melee"), f"{m.name}: " + _unknown("melee weapon", w, t.MELEE_ALIASES), "§8.5")
        if unknown:
            return
        options = model_options(m)
        offered = ", ".join(arch.options) or "none"
        if options is None:
            base = " or ".join(_loadout(x) for x in arch.melee)
            self.add(
                at("melee", "options"),
                f"{m.name}: a {possessive(arch.name)} melee weapons are {base} (off-hand "
                f"options: {offered}), not {_loadout(m.melee)}{' with a shield' if m.shield else ''}",
                "§15.3",
            )
            return
        for option in options:
            if option not in arch.options:
                self.add(
                    at("options", "melee"),
                    f"{m.name}: a {arch.name} may not take the {option} option (its options: {offered})",
                    "§15.3",
                )
        if "two-handed" in options and len(options) > 1:
            self.add(
                at("options"),
                f"{m.name}: a two-handed weapon stops the use of any other weapon or a shield",
                "§8.5, §15.3",
            )
        elif len(options) > 1 and self.s["offhand_options"] == "one":
            self.add(
                at("options"), f"{m.name}: one off-hand option per model ({', '.join(options)} given)", "§15.3 [SM-A35]"
            )

    def armour(self, m: ModelSpec, arch: t.Archetype, at: At) -> None:
        if m.armour not in t.ARMOURS:
            self.add(at("armour"), f"{m.name}: " + _unknown("armour", m.armour, t.ARMOUR_ALIASES), "§9.2")
        elif m.armour != arch.armour and m.armour not in arch.armour_swaps:
            swaps = ", ".join(f"{k} +{v}tk" for k, v in arch.armour_swaps.items())
            self.add(
                at("armour"),
                f"{m.name}: a {arch.name} wears {arch.armour} armour"
                f"{' or swaps it for ' + swaps if swaps else ''}, not {m.armour}",
                "§15.3",
            )

    def items(self, m: ModelSpec, at: At) -> None:
        line = at("items")
        known = []
        for k in m.items:
            item = t.ITEMS.get(k)
            if item is None:
                self.add(line, f"{m.name}: " + _unknown("item", k, t.ITEM_ALIASES), "§17.5")
            elif item.kind.endswith("mod"):
                self.add(line, f"{m.name}: {k} is a lasting modification: list it under mods", "§15.7")
            else:
                known.append(item)
        slots = [i for i in known if i.slot]
        if len(slots) > t.SPECIAL_ITEM_SLOTS:
            self.add(
                line,
                f"{m.name} carries {len(slots)} special items; at most {t.SPECIAL_ITEM_SLOTS}, Climbing "
                "gear, Jet pack and ammunition included",
                "§15.7",
            )
        for key in RECRUITMENT_GEAR:
            if sum(1 for i in known if i.key == key) > 1:
                self.add(line, f"{m.name}: one {t.ITEMS[key].name} per model is enough", "§22.4–22.5")
        sarcophagus = m.armour == "sarcophagus"
        for i in known:
            if sarcophagus and i.key == "climbing-gear":
                self.add(line, f"{m.name}: Climbing gear is not for models in a Battle sarcophagus", "§22.4")
            if sarcophagus and i.key == "masking-protocol":
                self.add(line, f"{m.name}: the Masking protocol is not for models in a Battle sarcophagus", "§17.7")
            if i.kind == "ammo" and not set(i.fits) & set(m.ranged):
                self.add(
                    line, f"{m.name}: {i.name} fits {', '.join(i.fits)}; {m.name} has {_loadout(m.ranged)}", "§17.3"
                )
            if not self.campaign and i.key not in RECRUITMENT_GEAR:
                self.add(
                    line,
                    f"{m.name}: a starting band buys only Climbing gear and Jet packs with its models, "
                    f"not {i.key} (set campaign = true for a campaign band)",
                    "§15.1",
                )

    def mods(self, m: ModelSpec, at: At) -> None:
        line = at("mods")
        targets = (
            [("ranged", w) for w in m.ranged]
            + [("melee", w) for w in m.melee if w != "additional-weapon"]
            + [("armour", m.armour)]
        )
        used: set[int] = set()
        for k in m.mods:
            item = t.ITEMS.get(k)
            if item is None:
                self.add(line, f"{m.name}: " + _unknown("modification", k, t.ITEM_ALIASES), "§17.3–17.4")
                continue
            if not item.kind.endswith("mod"):
                self.add(line, f"{m.name}: {k} is not a lasting modification: list it under items", "§15.7")
                continue
            fitting = [n for n, (_, gear) in enumerate(targets) if gear in item.fits]
            if not fitting:
                self.add(
                    line, f"{m.name}: {item.name} fits {', '.join(item.fits)}; {m.name} has none of them", "§17.3–17.4"
                )
                continue
            free = [n for n in fitting if n not in used]
            if not free:
                self.add(
                    line,
                    f"{m.name}: at most one modification per weapon or armour ({item.name} has no free item left)",
                    "§17.3–17.4",
                )
                continue
            used.add(free[0])
            if not self.campaign:
                self.add(
                    line,
                    f"{m.name}: a starting band has no modifications yet ({k}; set campaign = true for "
                    "a campaign band)",
                    "§15.1",
                )

    def skills(self, m: ModelSpec, at: At) -> None:
        line = at("skills")
        seen: set[str] = set()
        heavy = _has_heavy(m)
        sarcophagus = m.armour == "sarcophagus"
        for k in m.skills:
            skill = t.SKILLS.get(k)
            if k in seen:
                self.add(line, f"{m.name}: skill {k} is listed twice", "§20")
                continue
            seen.add(k)
            if skill is None:
                self.add(line, f"{m.name}: " + _unknown("skill", k, t.SKILL_ALIASES), "§20")
                continue
            why = None
            if skill.category == "trait":
                why = "Captain is a trait, not a skill: set captain = true", "§15.2"
            elif skill.category == "speed":
                if sarcophagus:
                    why = "Speed skills are not for models in a Battle sarcophagus", "§20.1"
                elif heavy:
                    why = "Speed skills are not for models with a heavy ranged weapon", "§20.1"
                elif (
                    m.armour == "powered"
                    and self.s["powered_needs_servomotors"] == "on"
                    and "servomotors" not in m.mods
                ):
                    why = "a model in powered armour needs Servomotors for Speed skills", "§17.4 [SM-A8]"
            elif skill.category == "shooting" and not m.ranged:
                why = "Shooting skills need a ranged weapon", "§20.3"
            elif skill.category == "knowledge" and not m.specialist:
                why = "Knowledge skills are for Specialists only", "§20.4"
            elif skill.category == "rogue":
                if m.specialist:
                    why = "Specialists may not learn Rogue skills", "§20.5"
                elif m.armour != "light":
                    why = "Rogue skills need light armour", "§20.5"
                elif m.shield:
                    why = "Rogue skills are not for models with a shield", "§20.5"
            if why is None and k == "assist" and sarcophagus:
                why = f"{skill_term('assist')} is not for models in a Battle sarcophagus", "§20.2"
            if why is None and k == "protection" and not m.shield:
                why = f"{skill_term('protection')} is only for models with a shield", "§20.2"
            if why is None and k == "stalking" and "hiding" not in m.skills:
                why = f"{skill_term('stalking')} is only for models with {skill_term('hiding')}", "§20.5"
            if why:
                self.add(line, f"{m.name} cannot learn {skill.name} ({k}): {why[0]}", why[1])

    def tricks(self, m: ModelSpec, at: At) -> None:
        line = at("tricks")
        if m.tricks and "technomancer-tricks" not in m.skills:
            self.add(line, f"{m.name}: tricks need the skill Technomancer tricks (technomancer-tricks)", "§21")
        seen: set[str] = set()
        for k in m.tricks:
            if k not in t.TRICKS:
                self.add(line, f"{m.name}: " + _unknown("trick", k, t.TRICK_ALIASES), "§21")
            elif k in seen:
                self.add(line, f"{m.name}: trick {k} is listed twice", "§21")
            seen.add(k)

    def advances(self, m: ModelSpec, at: At) -> None:
        line = at("advances")
        for stat, n in m.advances:
            if stat not in STATS:
                self.add(line, f"{m.name}: unknown characteristic '{stat}' (S, W, C or O)", "§3.1")
            elif n < 0 or n > t.MAX_ADVANCES[stat]:
                self.add(
                    line,
                    f"{m.name}: {t.STAT_NAMES[stat]} ({stat}) may be advanced at most "
                    f"{plural(t.MAX_ADVANCES[stat], 'time')}, not {n}",
                    "§3.2",
                )
            elif n == 3 and t.THIRD_ADVANCE_NEEDS.get(stat) not in m.skills:
                need = t.THIRD_ADVANCE_NEEDS[stat]
                self.add(
                    line,
                    f"{m.name}: the third {t.STAT_NAMES[stat]} advance needs the skill {t.SKILLS[need].name} ({need})",
                    "§19.3",
                )
        level = t.level_for(max(0, m.xp))
        used = picks_used(m)
        if used > level:
            self.add(
                at("advances", "skills", "xp"),
                f"{m.name}: {used} advances, skills and tricks need level "
                f"{used}, but {m.xp} XP is level {level} (one per level)",
                "§19.3",
            )

    def wounds(self, m: ModelSpec, at: At) -> None:
        line = at("wounds")
        for k in m.wounds:
            if k not in t.WOUNDS:
                self.add(line, f"{m.name}: " + _unknown("wound", k, t.WOUND_ALIASES), "§18.1")
        if len(set(m.wounds)) != len(m.wounds):
            self.add(line, f"{m.name}: the same wound twice (a model cannot get a wound it has)", "§18.1")
        if len(m.wounds) >= t.WOUNDS_TO_RETIRE:
            self.add(line, f"{m.name} has {len(m.wounds)} wounds: a model with {t.WOUNDS_TO_RETIRE} retires", "§18.1")
        if m.wounds and not self.campaign:
            self.add(
                line, f"{m.name}: a starting band has no wounds yet (set campaign = true for a campaign band)", "§15.1"
            )

    def xp(self, m: ModelSpec, at: At) -> None:
        if m.xp < 0 or m.xp > t.MAX_XP:
            self.add(at("xp"), f"{m.name}: XP is 0 to {t.MAX_XP}, not {m.xp}", "§19.1")

    def pet(self, m: ModelSpec, at: At) -> None:
        gear = m.ranged or m.melee or m.shield or m.items or m.mods or m.armour != "none"
        if gear:
            self.add(
                at("items", "ranged", "melee", "armour", "options", "mods"),
                f"{m.name}: war pets have no equipment",
                "§15.6",
            )
        if m.skills or m.tricks or m.advances:
            self.add(at("skills", "tricks", "advances"), f"{m.name}: war pets have no skills and no advances", "§15.6")
        if m.xp:
            self.add(at("xp"), f"{m.name}: war pets gain no XP", "§15.6")
        if m.specialist:
            self.add(at("specialist"), f"{m.name}: a war pet cannot be a Specialist", "§15.4")
        if m.small:
            self.add(at("small"), f"{m.name}: Small guys are soldier models; a war pet cannot be one", "§15.5")
        self.wounds(m, at)

    def volunteer(self, m: ModelSpec, at: At) -> None:
        fixed = (
            m.archetype in ("volunteer", "")
            and tuple(m.ranged) == ("assault-rifle",)
            and not m.melee
            and m.armour == "light"
            and not (m.shield or m.items or m.mods or m.specialist or m.small)
        )
        if not fixed:
            self.add(
                at("archetype", "ranged", "items", "header"),
                f"{m.name}: a Volunteer has an assault rifle and light armour and cannot be given more gear",
                "§15.9",
            )
        if m.skills or m.tricks or m.advances or m.xp or m.wounds:
            self.add(
                at("skills", "xp", "advances", "header"),
                f"{m.name}: a Volunteer has the fixed profile S4 W0 C7 O5: no skills, advances, XP or wounds",
                "§15.9",
            )

    def neutral(self, i: int, m: ModelSpec, at: At) -> None:
        if m.neutral_type not in NEUTRAL_TYPES:
            self.add(
                at("neutral_type", "header"),
                f"{m.name}: an independent model is a fighting or shooting model: "
                'set neutral_type = "fighting" or "shooting"',
                "§13 [SM-M1]",
            )
        profile = dict(m.profile_override)
        missing = [s for s in STATS if s not in profile]
        if missing or set(profile) - set(STATS):
            self.add(
                at("profile", "header"),
                f"{m.name}: an independent model needs its profile: profile = {{ S = 4, W = 0, C = 7, O = 5 }}",
                "§13 [SM-M1]",
            )
        for w in m.ranged:
            if w not in t.RANGED_WEAPONS:
                self.add(at("ranged"), f"{m.name}: " + _unknown("ranged weapon", w, t.RANGED_ALIASES), "§10.5")
        for w in m.melee:
            if w not in t.MELEE_WEAPONS:
                self.add(at("melee"), f"{m.name}: " + _unknown("melee weapon", w, t.MELEE_ALIASES), "§8.5")
        if m.armour not in t.ARMOURS:
            self.add(at("armour"), f"{m.name}: " + _unknown("armour", m.armour, t.ARMOUR_ALIASES), "§9.2")
        for k in m.skills:
            if k not in t.SKILLS:
                self.add(at("skills"), f"{m.name}: " + _unknown("skill", k, t.SKILL_ALIASES), "§20")


def validate(
    roster: BandRoster,
    *,
    campaign: bool = False,
    budget: int = t.STARTING_BUDGET,
    settings: Mapping[str, str] | None = None,
    lines: RosterLines | None = None,
) -> list[Problem]:
    """Every band-building problem of ``roster``, sorted by line (empty: a legal band).

    ``campaign``: check it as a band in a campaign rather than a starting band (no
    budget, free XP, loot gear allowed). ``budget``: the starting budget (150tk, §15.1;
    players may agree more, §15.8). ``settings``: battle settings (defaults: the
    recommended readings). ``lines``: where the roster's keys are, for messages.
    """
    checker = _Checker(roster, campaign, budget, _settings(settings), lines or RosterLines())
    checker.band()
    for i, m in enumerate(roster.models):
        checker.model(i, m)
    return sorted(checker.problems, key=lambda p: p.line)

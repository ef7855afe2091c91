"""What a band may recruit in its purchases step (§22.2) and what it costs.

``recruit_menu(state, band)`` lists every kind of model (each archetype, each
Specialist on each archetype it is built on, §15.3–15.6) with its legal starting
loadouts and their cost, the gear bought with a model (Climbing gear, Jet pack,
§22.4–22.5), the tricks a Technomancer picks from (§15.4) and the price of XP (§22.2);
a kind the band may not take now is closed with the engine's reason.
``recruit_quote(state, band, order)`` prices one ``RecruitOrder`` term by term, with the
treasury after and the ``Recruit`` command to submit, or the refusal the engine gives.
A screen shows these and never computes a rule: every refusal comes from ``Recruit``
itself (``view.probe``), so a form and the rules never disagree.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from types import MappingProxyType
from typing import Any, Mapping

from engine.records import Record
from engine.ruleset import Rejected

from .. import tables as t
from ..band_building import ERROR, RECRUITMENT_GEAR, CostTerm, apply_options, cost_terms, model_cost, validate
from ..postbattle.common import merged_settings
from ..roster import BandRoster, ModelSpec
from ..terms import trick_term
from . import commands as c
from .state import CampaignState


class Loadout(Record):
    """One legal set of starting weapons and armour (§15.3–15.4): ``label``, the
    ``ModelSpec`` fields it sets and its cost before a small guy's discount
    (archetype, off-hand option, swaps, Specialist surcharge)."""

    label: str
    fields: Mapping[str, Any]
    cost: int


class RecruitKind(Record):
    """A kind of model to recruit: ``key`` is the archetype, or ``specialist:archetype``
    for a Specialist (§15.4); ``cost`` is its cheapest loadout. A closed kind has
    ``why`` and ``rule`` (the engine's refusal of its cheapest loadout)."""

    key: str
    label: str
    archetype: str
    specialist: str | None
    cost: int
    rule: str
    loadouts: tuple[Loadout, ...]
    allowed: bool = True
    why: str = ""
    why_rule: str = ""

    @property
    def needs_trick(self) -> bool:
        """A Technomancer starts with one trick of the player's choice (§15.4)."""
        specialist = t.SPECIALISTS.get(self.specialist or "")
        return bool(specialist and "technomancer-tricks" in specialist.starting_skills)


class Extra(Record):
    """Gear bought together with a new model: key, name, tk, rule (§22.4–22.5)."""

    key: str
    label: str
    cost: int
    rule: str


class RecruitMenu(Record):
    """Everything a recruit form offers for ``band``: ``team`` models in the team of at
    most ``team_limit``; ``stash_first`` when the team is full (a new model goes to the
    stash, §15.10, §22.2); ``open`` False with ``why`` / ``rule`` when nothing may be
    recruited now."""

    band: str
    treasury: int
    team: int
    team_limit: int
    stash_first: bool
    kinds: tuple[RecruitKind, ...]
    extras: tuple[Extra, ...]
    tricks: tuple[tuple[str, str], ...]
    xp_cost: int
    max_xp: int
    open: bool
    why: str = ""
    rule: str = ""

    def kind(self, key: str) -> RecruitKind | None:
        return next((k for k in self.kinds if k.key == key), None)


class RecruitOrder(Record):
    """What the GM chose: ``kind`` (a ``RecruitKind.key``), ``loadout`` (index in its
    loadouts), a small guy, the gear bought with it, a Technomancer's trick, the XP
    bought and whether it goes to the stash."""

    name: str = ""
    kind: str = ""
    loadout: int = 0
    small: bool = False
    gear: tuple[str, ...] = ()
    trick: str = ""
    xp: int = 0
    stash: bool = False


class RecruitQuote(Record):
    """An order priced: ``terms`` (label, tk, rule) adding up to ``total``; the
    ``treasury`` and what is left ``after``; ``command`` to submit when ``allowed``,
    else the engine's ``why`` and ``rule``."""

    command: c.Recruit | None
    terms: tuple[CostTerm, ...]
    total: int
    treasury: int
    after: int
    allowed: bool
    why: str = ""
    rule: str = ""


# --------------------------------------------------------------------------- loadouts
def _name(table: Mapping[str, Any], key: str) -> str:
    item = table.get(key)
    return item.name if item is not None else key


def _label(ranged: tuple[str, ...], melee: tuple[str, ...], shield: bool, armour: str) -> str:
    weapons = [_name(t.RANGED_WEAPONS, w) for w in ranged] + [_name(t.MELEE_WEAPONS, w) for w in melee]
    if not weapons and not shield and armour == "none":
        return "No equipment"
    parts = [" + ".join(weapons) if weapons else "No weapons"]
    if shield:
        parts.append("Shield")
    parts.append(_name(t.ARMOURS, armour))
    return ", ".join(parts)


def _probe_spec(arch: t.Archetype, specialist: str | None, **fields: Any) -> ModelSpec:
    spec = t.SPECIALISTS.get(specialist or "")
    skills = spec.starting_skills if spec else ()
    tricks = (next(iter(t.TRICKS)),) if "technomancer-tricks" in skills else ()
    return ModelSpec("new", "New", arch.key, specialist=specialist, skills=skills, tricks=tricks, **fields)


def loadouts(
    archetype: str, specialist: str | None = None, settings: Mapping[str, str] | None = None
) -> tuple[Loadout, ...]:
    """Every legal starting loadout of the archetype (as a Specialist, if given), cheapest
    first: its ranged choices (and the sniper swap), melee bases with the off-hand
    options ([SM-A35] ``offhand_options``), its armour and the swaps it may buy. Legality
    is ``band_building.validate``'s (a Specialist's limits, §15.4, included)."""
    return _loadouts(archetype, specialist, tuple(sorted(merged_settings(settings).items())))


@lru_cache(maxsize=128)
def _loadouts(archetype: str, specialist: str | None, settings: tuple[tuple[str, str], ...]) -> tuple[Loadout, ...]:
    s = dict(settings)
    arch = t.ARCHETYPES[archetype]
    ranged = list(arch.ranged) + ([("sniper-rifle",)] if arch.sniper_swap is not None else [])
    if arch.key == "gunslinger" and s.get("mixed_pistols") == "on":
        ranged.append(tuple(sorted(t.PISTOLS)))
    options = list(arch.options)
    combos = [()] + [combo for n in range(1, len(options) + 1) for combo in combinations(options, n)]
    armours = [arch.armour, *arch.armour_swaps]
    found: dict[tuple[Any, ...], Loadout] = {}
    for r in ranged:
        for base in arch.melee:
            for combo in combos:
                melee, shield = apply_options(base, combo)
                for armour in armours:
                    key = (tuple(sorted(r)), tuple(sorted(melee)), shield, armour)
                    if key in found:
                        continue
                    spec = _probe_spec(arch, specialist, ranged=tuple(r), melee=melee, shield=shield, armour=armour)
                    problems = validate(BandRoster("probe", models=(spec,)), campaign=True, settings=s)
                    if any(p.severity == ERROR for p in problems):
                        continue
                    fields = MappingProxyType(
                        {"ranged": tuple(r), "melee": tuple(melee), "shield": shield, "armour": armour}
                    )
                    found[key] = Loadout(_label(tuple(r), melee, shield, armour), fields, model_cost(spec, s))
    return tuple(sorted(found.values(), key=lambda lo: lo.cost))


def _kinds() -> list[tuple[str, str, str, str | None, str]]:
    """(key, label, archetype, specialist, rule) of every kind of model, in book order."""
    out: list[tuple[str, str, str, str | None, str]] = [
        (a.key, f"{a.name} ({a.source})", a.key, None, "§15.6" if a.pet else "§15.3") for a in t.ARCHETYPES.values()
    ]
    for s in t.SPECIALISTS.values():
        out += [
            (f"{s.key}:{base}", f"{s.name} ({s.source}) on a {t.ARCHETYPES[base].name}", base, s.key, "§15.4")
            for base in t.SPECIALIST_BASES
        ]
    return out


# --------------------------------------------------------------------------- the menu
def recruit_menu(state: CampaignState, band: str) -> RecruitMenu:
    """What ``band`` may recruit now, each kind with its loadouts and cost (§22.2)."""
    from .step_choices import probe

    b = state.band(band)
    team = sum(1 for m in b.roster.team if not (m.volunteer or m.neutral))
    stash_first = team >= t.BAND_MAX_MODELS
    kinds: list[RecruitKind] = []
    for key, label, archetype, specialist, rule in _kinds():
        outfits = loadouts(archetype, specialist, state.settings)
        if not outfits:
            continue
        kind = RecruitKind(key, label, archetype, specialist, outfits[0].cost, rule, outfits)
        what = t.SPECIALISTS[specialist].name if specialist else t.ARCHETYPES[archetype].name
        order = RecruitOrder(f"the new {what}", key, 0, trick=next(iter(t.TRICKS)), stash=stash_first)
        refusal = probe(state, _command(band, kind, order))
        if refusal is not None:
            kind = RecruitKind(
                key, label, archetype, specialist, kind.cost, rule, outfits, False, refusal.reason, refusal.rule
            )
        kinds.append(kind)
    extras = tuple(
        Extra(k, t.ITEMS[k].name, tk, "§22.4" if k == "climbing-gear" else "§22.5")
        for k, tk in RECRUITMENT_GEAR.items()
    )
    tricks = tuple((k, trick_term(k)) for k, tr in t.TRICKS.items())
    why, rule = "", ""
    step = probe(state, c.Recruit(band, {"name": "probe", "archetype": "war-pet", "armour": "none"}, 0, True))
    if step is not None and "§16" in step.rule:  # not the band's purchases step
        why, rule = step.reason, step.rule
    elif not any(k.allowed for k in kinds):
        cheapest = min(kinds, key=lambda k: k.cost)
        why, rule = (
            f"the cheapest model ({cheapest.label}) costs {cheapest.cost}tk; {b.name} has {b.roster.treasury}tk",
            "§22.2",
        )
    return RecruitMenu(
        band,
        b.roster.treasury,
        team,
        t.BAND_MAX_MODELS,
        stash_first,
        tuple(kinds),
        extras,
        tricks,
        t.XP_PER_CREDIT_COST,
        t.MAX_XP,
        not why,
        why,
        rule,
    )


def _command(band: str, kind: RecruitKind, order: RecruitOrder) -> c.Recruit:
    chosen = kind.loadouts[order.loadout].fields if 0 <= order.loadout < len(kind.loadouts) else {}
    fields = {k: list(v) if isinstance(v, tuple) else v for k, v in chosen.items()}
    model = {
        "name": order.name.strip(),
        "archetype": kind.archetype,
        "specialist": kind.specialist,
        "small": order.small,
        **fields,
        "items": list(order.gear),
        "tricks": [order.trick] if kind.needs_trick and order.trick else [],
    }
    return c.Recruit(band, model, order.xp, order.stash)


def recruit_quote(
    state: CampaignState, band: str, order: RecruitOrder, menu: RecruitMenu | None = None
) -> RecruitQuote:
    """The order priced term by term (§15.3–15.6, §22.2–22.5: XP at 15tk each), the
    treasury after, and the ``Recruit`` command or the engine's refusal."""
    from .step_choices import probe

    menu = menu or recruit_menu(state, band)
    treasury = menu.treasury
    kind = menu.kind(order.kind)
    if kind is None:
        return RecruitQuote(None, (), 0, treasury, treasury, False, "choose what kind of model to recruit", "§22.2")
    if not 0 <= order.loadout < len(kind.loadouts):
        return RecruitQuote(None, (), 0, treasury, treasury, False, "choose its weapons and armour", "§15.3")
    command = _command(band, kind, order)
    spec = ModelSpec.from_dict({**command.model, "id": "new", "line": 0})
    terms = cost_terms(spec, state.settings)
    if order.xp:
        terms += (CostTerm(f"{order.xp} XP × {t.XP_PER_CREDIT_COST}tk", order.xp * t.XP_PER_CREDIT_COST, "§22.2"),)
    total = sum(x.tk for x in terms)
    refusal: Rejected | None = probe(state, command)
    if refusal is not None:
        return RecruitQuote(command, terms, total, treasury, treasury - total, False, refusal.reason, refusal.rule)
    return RecruitQuote(command, terms, total, treasury, treasury - total, True)


def recruit_option(state: CampaignState, band: str) -> Any:
    """The purchases step's "Recruit a new model…" choice (a ``view.Option``): its command
    is a blank ``Recruit`` a screen fills in with a form (``recruit_menu``,
    ``recruit_quote``); closed, with the reason, when nothing may be recruited now."""
    from .step_choices import Option

    menu = recruit_menu(state, band)
    where = (
        "the team is full: a new model goes to the stash" if menu.stash_first else f"team {menu.team}/{menu.team_limit}"
    )
    return Option(
        f"Recruit a new model… ({menu.treasury}tk; {where})",
        c.Recruit(band, {}),
        menu.open,
        menu.why,
        menu.rule,
        kind="form",
    )


def move_choice(band: str, m: ModelSpec) -> tuple[str, c.MoveModel]:
    """The choice moving a model between the team and the stash (§15.10)."""
    if m.stashed:
        return f"Bring {m.name} from the stash into the team", c.MoveModel(band, m.id, "team")
    return f"Put {m.name} in the stash (out of the team)", c.MoveModel(band, m.id, "stash")


__all__ = [
    "Extra",
    "Loadout",
    "RecruitKind",
    "RecruitMenu",
    "RecruitOrder",
    "RecruitQuote",
    "loadouts",
    "move_choice",
    "recruit_menu",
    "recruit_option",
    "recruit_quote",
]

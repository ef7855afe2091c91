"""What a campaign screen shows: pure queries over ``CampaignState``, no state of their own.

* ``step(state, band)``: the band's post-battle step, and whether it can end (and why not);
* ``due(state, band)``: the rolls waiting, each with the command that rolls it and the
  exact odds of every result (the whole loot chain's finds too);
* ``choices(state, band)``: every choice of the current step, open or not, with the
  reason and rule of each refusal — the engine itself is asked (``decide`` with
  throw-away dice), so the screen and the rules never disagree;
* ``advance_options(state, band, model)``: what a level-up may be spent on, and why not;
* ``recruit_menu(state, band)`` / ``recruit_quote(state, band, order)`` (``recruiting``):
  what the band may recruit, each kind's loadouts and cost, and one order priced;
* ``band_summary(state, band)``: models, XP, levels, wounds, treasury, stash, strength;
* ``next_battle(state)`` / ``next_battle_setup(state)``: the next battle being prepared
  and its set-up for ``make_setup`` (models that miss it left out, Volunteers added,
  the campaign named so the battle comes back to it);
* ``battles_played(state)``: the battle list (number, scenario, result).
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, Mapping

from engine.ruleset import Rejected

from .. import tables as t
from ..band_building import band_cost, band_strength
from ..postbattle import data as d
from ..postbattle.common import reading
from ..postbattle.experience import LEVEL_UP_TABLE
from ..postbattle.injuries import INJURY_RESULTS, INJURY_TABLE, care_cost, care_odds
from ..postbattle.loot import LOOT_TABLES, loot_item, loot_odds
from ..postbattle.scenarios import SCENARIO_TABLE, next_battle_volunteers
from ..postbattle.trading import item_buy_price, item_sell_price
from ..roster import BandRoster, ModelSpec
from . import commands as c
from .development import next_up
from .injury_step import medic_usable
from .recruiting import RecruitMenu, RecruitOrder, RecruitQuote, move_choice, recruit_menu, recruit_option, recruit_quote
from .loot_step import chain_done, next_stage
from .rules import usable_skill
from .history import BattleLine, battles_played
from .sequence import LINK
from .state import STEP_TITLES, CampaignState


@dataclass(frozen=True)
class Step:
    """A band's post-battle step: ``key`` (``state.STEPS``), ``title``, ``rule``;
    ``can_end`` and, when it cannot, ``why`` (what is still open)."""

    band: str
    key: str
    title: str
    rule: str
    can_end: bool
    why: str = ""


@dataclass(frozen=True)
class Due:
    """A roll waiting: ``command`` rolls it; ``dice`` ("2k6", "k6"); ``odds``: result
    label -> exact chance; ``finds``: for a loot roll, final find -> chance."""

    band: str
    title: str
    rule: str
    command: Any
    dice: str
    odds: Mapping[str, Fraction]
    finds: Mapping[str, Fraction] | None = None
    model: str = ""


@dataclass(frozen=True)
class Option:
    """One choice: ``command`` to submit; ``allowed``; otherwise ``why`` and ``rule``
    (``kind`` ``ambiguous``: allowed once something more is chosen; ``form``: the
    command is a blank that a form fills in, as recruiting, ``recruit_quote``)."""

    label: str
    command: Any
    allowed: bool
    why: str = ""
    rule: str = ""
    kind: str = ""


@dataclass(frozen=True)
class ModelLine:
    """One model of a band summary."""

    id: str
    name: str
    archetype: str
    captain: bool
    xp: int
    level: int
    wounds: tuple[str, ...]
    skills: tuple[str, ...]
    tricks: tuple[str, ...]
    items: tuple[str, ...]
    mods: tuple[str, ...]
    misses_next: bool
    levels_pending: int
    stashed: bool = False
    """Kept in the stash (§15.10): not in the next battle, not in band strength."""
    battle_xp: tuple[tuple[str, int, str], ...] = ()
    """The XP the last battle's log gives it (§19.1), as (label, value, rule) terms."""
    injury: str = ""
    """Its post-battle injury (§18.1): "" (none), "roll due", the result rolled, or the
    result and "settled" once accepted."""


@dataclass(frozen=True)
class BandSummary:
    """A band at a glance (§15.9 strength counts the models that can fight next)."""

    key: str
    name: str
    player: str
    treasury: int
    stash: tuple[str, ...]
    models: tuple[ModelLine, ...]
    strength: int
    cost: int
    captain_lost: bool
    step: str | None


class _ProbeDice:
    """Throw-away faces for asking the engine whether a command would be accepted."""

    def __init__(self) -> None:
        self.n = 0

    def roll(self, count: int, sides: int = 6, purpose: str = "") -> tuple[int, ...]:
        out = []
        for _ in range(count):
            self.n += 1
            out.append(1 + self.n % sides)
        return tuple(out)


def probe(state: CampaignState, command: Any) -> Rejected | None:
    """The rejection ``command`` would get now, or None if it would be accepted."""
    from .ruleset import HANDLERS
    result = HANDLERS[type(command)](state, command, _ProbeDice())
    return result if isinstance(result, Rejected) else None


def _option(state: CampaignState, label: str, command: Any) -> Option:
    refusal = probe(state, command)
    if refusal is None:
        return Option(label, command, True)
    return Option(label, command, False, refusal.reason, refusal.rule, refusal.kind)


def _odds(table) -> dict[str, Fraction]:
    return {table.label(r): p for r, p in table.odds.items()}


# --------------------------------------------------------------------------- the step
def step(state: CampaignState, band: str) -> Step | None:
    """The band's post-battle step (None between battles or if it did not fight)."""
    bp = state.post.of(band) if state.post else None
    if bp is None:
        return None
    title, rule = STEP_TITLES[bp.step]
    if bp.step == "done":
        return Step(band, bp.step, title, rule, False, "the sequence is finished")
    refusal = probe(state, c.EndStep(band))
    return Step(band, bp.step, title, rule, refusal is None, refusal.reason if refusal else "")


def due(state: CampaignState, band: str) -> tuple[Due, ...]:
    """The rolls waiting in the band's current step, with their odds."""
    bp = state.post.of(band) if state.post else None
    if bp is None:
        return ()
    b = state.band(band)
    out: list[Due] = []
    if bp.step == "loot":
        stage = next_stage(bp)
        if stage is not None:
            table = LOOT_TABLES[stage]
            hunter = usable_skill(b, bp, "tech-hunter") is not None
            searching = usable_skill(b, bp, "searching") is not None
            finds = {LOOT_TABLES["main"].label(k) if k in t.TECHNOLOGY_VALUES else table.label(k): p
                     for k, p in loot_odds(hunter, searching, stage=stage).items()}
            out.append(Due(band, f"Loot roll {len(bp.finds) + 1} of {bp.loot_due}: {table.title}", table.rule,
                           c.RollLoot(band), "2k6" if table.dice == 2 else "k6", _odds(table), finds))
    elif bp.step == "injuries":
        for w in bp.wounded:
            name = b.model(w.model).name if b.has_model(w.model) else w.model
            if w.case is None:
                out.append(Due(band, f"{name}: post-battle injury", "§18.1", c.RollInjury(band, w.model), "2k6",
                               _odds(INJURY_TABLE), model=w.model))
    elif bp.step in ("development", "purchases"):
        for u in sorted(bp.level_ups, key=lambda u: (u.model, u.level)):
            if u.roll is None and not u.pick and next_up(bp, u.model, rolled=False) == u:
                name = b.model(u.model).name if b.has_model(u.model) else u.model
                out.append(Due(band, f"{name}: level-up roll (level {u.level})", "§19.3",
                               c.RollLevelUp(band, u.model), "2k6", _odds(LEVEL_UP_TABLE), model=u.model))
    return tuple(out)


def care_outlook(result: str) -> dict[str, Fraction]:
    """Result name -> chance after paying for care on ``result`` (§18.2)."""
    return {INJURY_RESULTS[k].name: p for k, p in care_odds(result).items()}


def choices(state: CampaignState, band: str) -> tuple[Option, ...]:
    """Every choice of the band's current step (or between battles), open or not."""
    bp = state.post.of(band) if state.post else None
    b = state.band(band)
    if bp is None:
        return _between_choices(state, band)
    opts: list[tuple[str, Any]] = []
    if bp.step == "challenges":
        for e in bp.challenges:
            name = t.CHALLENGES[e.key].source
            hint = "" if e.prefill is None else f" (the log says: {'met' if e.prefill else 'not met'})"
            opts += [(f"{name}: met{hint}", c.SettleChallenge(band, e.key, True)),
                     (f"{name}: not met{hint}", c.SettleChallenge(band, e.key, False))]
    elif bp.step == "loot" and bp.loot_left > 0:  # no loot roll due: nothing to choose but the step's end
        opts.append(("Roll loot", c.RollLoot(band)))
        opts += [(f"Łowca technologii: re-roll die {i + 1}", c.HuntReroll(band, i)) for i in (0, 1)]
        opts += [(f"Przeszukiwanie {x:+d}", c.SearchShift(band, x)) for x in (-1, 1)]
        if chain_done(bp) and bp.chain[-1].outcome == d.CYBER_PART:
            opts += [(f"Keep: {t.ITEMS[k].name}", c.KeepLoot(band, cyber_part=k)) for k in d.CYBER_PARTS]
        else:
            opts += [("Keep the find", c.KeepLoot(band)), ("Sell the find", c.KeepLoot(band, sell=True))]
    elif bp.step == "injuries":
        owner_picks = reading(state.settings, "serious_wound_pick") == "owner"
        for w in bp.wounded:  # the roll itself is a roll due (``due``); a settled injury has no choice left
            if w.resolved:
                continue
            name = b.model(w.model).name if b.has_model(w.model) else w.model
            opts += [(f"{name}: use {m.name}", c.TreatInjury(band, w.model, k)) for k, m in d.MEDICINES.items()
                     if k in b.roster.stash]  # a medicine may replace the roll itself (§17.8)
            if w.case is None:
                continue  # care and accepting come once it is rolled
            if INJURY_RESULTS[w.case.result].care_cost is not None:  # Death, Light injuries, Lesson: no care
                opts.append((f"{name}: pay for medical care{_care_price(b, bp, w)}",
                             c.TreatInjury(band, w.model, "pay")))
            if w.case.result == "serious" and owner_picks:  # [SM-A18]
                opts += [(f"{name}: accept, wound {t.WOUNDS[k].name}", c.ResolveInjury(band, w.model, wound=k))
                         for k in t.WOUNDS if k not in b.model(w.model).wounds]
            else:
                opts.append((f"{name}: accept the result", c.ResolveInjury(band, w.model)))
    elif bp.step in ("development", "purchases"):  # the level-up rolls are rolls due (``due``)
        if bp.step == "development":
            for k in (k for k in d.NEURAL_IMPLANTS if k in b.roster.stash):
                opts += [(f"{d.NEURAL_IMPLANTS[k].name} on {m.name}", c.UseImplant(band, k, m.id))
                         for m in b.roster.models]
        else:
            opts += _purchase_choices(state, band)
    if bp.step != "done":
        opts.append(("End this step", c.EndStep(band)))
    out = tuple(_option(state, label, cmd) for label, cmd in dict.fromkeys(opts))
    return (recruit_option(state, band), *out) if bp.step == "purchases" else out


def item_name(key: str) -> str:
    """An item's name as the rules print it (the key if it is not an item)."""
    item = loot_item(key)
    return item.name if item else key


def _price(tk: int | None) -> str:
    return f" ({tk}tk)" if tk is not None else ""


def _care_price(band: Any, bp: Any, w: Any) -> str:
    """What paying for care costs and does, once the injury is rolled (§18.2)."""
    if w.case is None:
        return ""
    cost = care_cost(w.case.result, medic_usable(band, bp), from_care=w.case.from_care)
    if cost is None:
        return ""
    return f" ({cost}tk: Light injuries, no roll)" if w.case.result == "amnesia" else f" ({cost}tk, then roll again)"


def _purchase_choices(state: CampaignState, band: str) -> list[tuple[str, Any]]:
    b = state.band(band)
    bp = state.post.of(band) if state.post else None
    fence = usable_skill(b, bp, "fence") is not None
    haggling = usable_skill(b, bp, "haggling") is not None
    out: list[tuple[str, Any]] = [(f"Buy {i.name}{_price(item_buy_price(k, fence, state.settings))}", c.Buy(band, k))
                                  for k, i in t.ITEMS.items()]
    out += [(f"Sell {item_name(k)} from the stash{_price(item_sell_price(k, haggling, state.settings))}",
             c.Sell(band, k)) for k in dict.fromkeys(b.roster.stash)]
    for m in b.roster.models:
        out += [(f"Give {item_name(k)} to {m.name}", c.Equip(band, k, m.id)) for k in dict.fromkeys(b.roster.stash)]
        out += [(f"Take {item_name(k)} from {m.name}", c.Unequip(band, k, m.id)) for k in m.items + m.mods]
        out.append(move_choice(band, m))
        out.append((f"Dismiss {m.name}", c.Dismiss(band, m.id)))
    return out


def _between_choices(state: CampaignState, band: str) -> tuple[Option, ...]:
    opts: list[tuple[str, Any]] = []
    others = [o.key for o in state.bands if o.key != band]
    opts += [(f"Roll the scenario against {state.band(o).name}", c.RollScenario(band, o)) for o in others]
    for s in t.SCENARIOS.values():
        opts += [(f"Scenario {s.number} {s.name} ({s.source}) against {state.band(o).name}",
                  c.ChooseScenario(s.key, band, o)) for o in others]
    opts += [(f"Challenge {ch.name} ({ch.source})", c.ChooseChallenge(band, k)) for k, ch in t.CHALLENGES.items()]
    opts.append(("Draw a Challenge", c.DrawChallenge(band)))
    opts += [(f"Give up {t.CHALLENGES[e.key].name}", c.DropChallenge(band, e.key))
             for e in state.next.challenges_of(band)]
    b = state.band(band)
    for m in b.roster.models:
        opts += [(f"Give {item_name(k)} to {m.name}", c.Equip(band, k, m.id)) for k in dict.fromkeys(b.roster.stash)]
        opts += [(f"Take {item_name(k)} from {m.name}", c.Unequip(band, k, m.id)) for k in m.items + m.mods]
        opts.append(move_choice(band, m))
    return tuple(_option(state, label, cmd) for label, cmd in dict.fromkeys(opts))


def advance_options(state: CampaignState, band: str, model: str) -> tuple[Option, ...]:
    """What the model's next rolled level-up may be spent on: each characteristic, skill
    and trick, open or not, and skipping."""
    opts = [(f"+1 {name} ({k})", c.ChooseAdvance(band, model, stat=k)) for k, name in t.STAT_NAMES.items()]
    opts += [(f"Skill {s.name} ({s.source})", c.ChooseAdvance(band, model, skill=k)) for k, s in t.SKILLS.items()
             if s.category != "trait"]
    opts += [(f"Trick {tr.name} ({tr.source})", c.ChooseAdvance(band, model, trick=k)) for k, tr in t.TRICKS.items()]
    opts.append(("Skip this level", c.ChooseAdvance(band, model, skip=True)))
    return tuple(_option(state, label, cmd) for label, cmd in opts)


# --------------------------------------------------------------------------- bands
def playing(band_roster: BandRoster, missing: tuple[str, ...]) -> BandRoster:
    """The roster's team without the models that miss the next battle (the stash stays
    on the mother ship, §15.10)."""
    return replace(band_roster, models=tuple(m for m in band_roster.team if m.id not in missing))


def band_summary(state: CampaignState, band: str) -> BandSummary:
    """The band at a glance."""
    b = state.band(band)
    bp = state.post.of(band) if state.post else None
    pending = {}
    for u in (bp.level_ups if bp else ()):
        if not u.pick:
            pending[u.model] = pending.get(u.model, 0) + 1
    lines = tuple(ModelLine(m.id, m.name, m.archetype, m.captain, m.xp, t.level_for(m.xp), m.wounds, m.skills,
                            m.tricks, m.items, m.mods, m.id in b.misses_next, pending.get(m.id, 0),
                            stashed=m.stashed, battle_xp=bp.xp_terms(m.id) if bp else (),
                            injury=_injury(bp.wound(m.id) if bp else None))
                  for m in b.roster.models)
    return BandSummary(b.key, b.name, b.roster.player, b.roster.treasury, b.roster.stash, lines,
                       band_strength(playing(b.roster, b.misses_next), state.settings),
                       band_cost(b.roster, state.settings), b.captain_lost, bp.step if bp else None)


def _injury(w: Any) -> str:
    if w is None:
        return ""
    if w.case is None:
        return "roll due"
    name = INJURY_RESULTS[w.case.result].name
    return f"{name}, settled" if w.resolved else name


@dataclass(frozen=True)
class NextBattleView:
    """The next battle being prepared: bands, scenario (None: not chosen), the roll,
    each band's Challenges, the models that miss it and the Volunteers each gets (§15.9)."""

    bands: tuple[str, ...]
    scenario: str | None
    roll: Any
    challenges: Mapping[str, tuple[str, ...]]
    missing: Mapping[str, tuple[str, ...]]
    volunteers: Mapping[str, int]
    ready: bool
    why: str = ""


def next_battle(state: CampaignState) -> NextBattleView:
    """The next battle as prepared so far."""
    nb = state.next
    missing = {b.key: b.misses_next for b in state.bands}
    volunteers: dict[str, int] = {}
    if len(nb.bands) == 2:
        a, b = (state.band(k) for k in nb.bands)
        va, vb = next_battle_volunteers(a.roster, b.roster, missing_a=a.misses_next, missing_b=b.misses_next,
                                        settings=state.settings)
        volunteers = {a.key: va, b.key: vb}
    why = ("finish the post-battle sequence" if state.post is not None else
           "choose the two bands and the scenario" if len(nb.bands) != 2 or nb.scenario is None else "")
    return NextBattleView(nb.bands, nb.scenario, nb.roll, {k: tuple(e.key for e in v) for k, v in nb.challenges},
                          missing, volunteers, not why, why)


def volunteer(n: int) -> ModelSpec:
    """Volunteer number ``n`` (§15.9: assault rifle, light armour, nothing else)."""
    return ModelSpec(f"volunteer-{n}", f"Volunteer {n}", "volunteer", ranged=("assault-rifle",), volunteer=True)


def next_battle_setup(state: CampaignState, extra_settings: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The next battle's set-up (``make_setup``): the two rosters as they are now, less
    the models that miss it (they stay on the roster, §18.1), plus their Volunteers (who
    vanish after it, §15.9), and ``sequence.LINK``: this campaign, the battle's number and
    the bands' keys, so its post-battle sequence is recorded here. Raises ``ValueError``
    if not ready."""
    from ..ruleset import make_setup
    view = next_battle(state)
    if not view.ready or view.scenario is None:
        raise ValueError(f"the next battle is not ready: {view.why}")
    rosters = []
    for key in view.bands:
        b = state.band(key)
        roster = playing(b.roster, b.misses_next)
        extra = tuple(volunteer(i + 1) for i in range(view.volunteers.get(key, 0)))
        rosters.append(replace(roster, models=roster.models + extra))
    settings = {k: v for k, v in {**state.settings, **(extra_settings or {})}.items() if k not in d.LOCAL_SETTINGS}
    setup = make_setup(rosters[0], rosters[1], scenario=view.scenario, settings=settings)
    setup[LINK] = {"id": state.id, "title": state.title, "battle": len(state.battles) + 1, "bands": list(view.bands)}
    return setup


def scenario_odds() -> dict[str, Fraction]:
    """The scenario roll's odds (§23.1)."""
    return _odds(SCENARIO_TABLE)


def roll_of(state: CampaignState, band: str, command: Any) -> Due | None:
    """The roll ``command`` makes, with its odds, or None if it rolls no dice: a roll
    that is due (``due``), paying for medical care (§18.2) or the scenario roll (§23.1).
    A screen asks this to know whether a choice opens the roll dialog."""
    for waiting in due(state, band):
        if waiting.command == command:
            return waiting
    if isinstance(command, c.TreatInjury) and command.choice == "pay":
        bp = state.post.of(band) if state.post else None
        w = next((w for w in (bp.wounded if bp else ()) if w.model == command.model), None)
        if w is None or w.case is None or INJURY_RESULTS[w.case.result].care_cost is None:
            return None  # nothing rolled yet, or a result care cannot treat (§18.2)
        b = state.band(band)
        name = b.model(w.model).name if b.has_model(w.model) else w.model
        return Due(band, f"{name}: medical care", "§18.2", command, "2k6", care_outlook(w.case.result),
                   model=w.model)
    if isinstance(command, c.RollScenario):
        return Due(band, "Roll for the next scenario", "§23.1", command, "k6", scenario_odds())
    tables = {c.RollInjury: ("post-battle injury", "§18.1", INJURY_TABLE),
              c.RollLevelUp: ("level-up roll", "§19.3", LEVEL_UP_TABLE)}
    if type(command) in tables:
        title, rule, table = tables[type(command)]
        b = state.band(band)
        name = b.model(command.model).name if b.has_model(command.model) else command.model
        return Due(band, f"{name}: {title}", rule, command, "2k6", _odds(table), model=command.model)
    if isinstance(command, c.RollLoot):
        return Due(band, "Loot roll", "§17.1", command, "2k6", _odds(LOOT_TABLES["main"]))
    return None


__all__ = ["BandSummary", "BattleLine", "Due", "ModelLine", "NextBattleView", "Option", "Step", "advance_options",
           "band_summary", "battles_played", "care_outlook", "choices", "due", "next_battle", "next_battle_setup",
           "item_name", "probe", "roll_of", "scenario_odds", "step", "volunteer",
           "RecruitMenu", "RecruitOrder", "RecruitQuote", "recruit_menu", "recruit_quote"]

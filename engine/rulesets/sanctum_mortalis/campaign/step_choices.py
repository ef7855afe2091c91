"""A band's post-battle step and every choice open in it, or between battles: pure
queries over ``CampaignState``.

* ``step(state, band)``: the band's post-battle step, and whether it can end (and why not);
* ``choices(state, band)``: every choice of the current step, open or not, with the
  reason and rule of each refusal — the engine itself is asked (``probe``: ``decide``
  with throw-away dice), so the screen and the rules never disagree;
* ``advance_options(state, band, model)``: what a level-up may be spent on, and why not.
"""

from __future__ import annotations

from typing import Any

from engine.records import Record
from engine.ruleset import Rejected

from .. import tables as t
from ..postbattle import data as d
from ..postbattle.common import reading
from ..postbattle.injuries import INJURY_RESULTS, care_cost, care_rolls
from ..postbattle.loot import loot_item
from ..postbattle.trading import item_buy_price, item_sell_price
from ..terms import challenge_term, skill_term, term
from . import commands as c
from .injury_step import medic_usable
from .loot_step import chain_done
from .recruiting import move_choice, recruit_option
from .rules import usable_skill
from .state import STEP_TITLES, CampaignState


class Step(Record):
    """A band's post-battle step: ``key`` (``state.STEPS``), ``title``, ``rule``;
    ``can_end`` and, when it cannot, ``why`` (what is still open)."""

    band: str
    key: str
    title: str
    rule: str
    can_end: bool
    why: str = ""


class Option(Record):
    """One choice: ``command`` to submit; ``allowed``; otherwise ``why`` and ``rule``
    (``kind`` ``ambiguous``: allowed once something more is chosen; ``form``: the
    command is a blank that a form fills in, as recruiting, ``recruit_quote``)."""

    label: str
    command: Any
    allowed: bool
    why: str = ""
    rule: str = ""
    kind: str = ""


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


def choices(state: CampaignState, band: str) -> tuple[Option, ...]:
    """Every choice of the band's current step (or between battles), open or not."""
    bp = state.post.of(band) if state.post else None
    b = state.band(band)
    if bp is None:
        return _between_choices(state, band)
    opts: list[tuple[str, Any]] = []
    if bp.step == "challenges":
        for e in bp.challenges:
            name = challenge_term(e.key)
            hint = "" if e.prefill is None else f" (the log says: {'met' if e.prefill else 'not met'})"
            opts += [
                (f"{name}: met{hint}", c.SettleChallenge(band, e.key, True)),
                (f"{name}: not met{hint}", c.SettleChallenge(band, e.key, False)),
            ]
    elif bp.step == "loot" and bp.loot_left > 0:  # no loot roll due: nothing to choose but the step's end
        opts.append(("Roll loot", c.RollLoot(band)))
        opts += [(f"{skill_term('tech-hunter')}: re-roll die {i + 1}", c.HuntReroll(band, i)) for i in (0, 1)]
        opts += [(f"{skill_term('searching')} {x:+d}", c.SearchShift(band, x)) for x in (-1, 1)]
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
            opts += [
                (f"{name}: use {m.name}", c.TreatInjury(band, w.model, k))
                for k, m in d.MEDICINES.items()
                if k in b.roster.stash
            ]  # a medicine may replace the roll itself (§17.8)
            if w.case is None:
                continue  # care and accepting come once it is rolled
            if INJURY_RESULTS[w.case.result].care_cost is not None:  # Death, Light injuries, Lesson: no care
                opts.append(
                    (f"{name}: pay for medical care{_care_price(b, bp, w)}", c.TreatInjury(band, w.model, "pay"))
                )
            if w.case.result == "serious" and owner_picks:  # [SM-A18]
                opts += [
                    (f"{name}: accept, wound {t.WOUNDS[k].name}", c.ResolveInjury(band, w.model, wound=k))
                    for k in t.WOUNDS
                    if k not in b.model(w.model).wounds
                ]
            else:
                opts.append((f"{name}: accept the result", c.ResolveInjury(band, w.model)))
    elif bp.step in ("development", "purchases"):  # the level-up rolls are rolls due (``due``)
        if bp.step == "development":
            for k in (k for k in d.NEURAL_IMPLANTS if k in b.roster.stash):
                opts += [
                    (f"{d.NEURAL_IMPLANTS[k].name} on {m.name}", c.UseImplant(band, k, m.id)) for m in b.roster.models
                ]
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
    return (
        f" ({cost}tk, then roll again)" if care_rolls(w.case.result, "pay") else f" ({cost}tk: Light injuries, no roll)"
    )


def _purchase_choices(state: CampaignState, band: str) -> list[tuple[str, Any]]:
    b = state.band(band)
    bp = state.post.of(band) if state.post else None
    fence = usable_skill(b, bp, "fence") is not None
    haggling = usable_skill(b, bp, "haggling") is not None
    out: list[tuple[str, Any]] = [
        (f"Buy {i.name}{_price(item_buy_price(k, fence, state.settings))}", c.Buy(band, k)) for k, i in t.ITEMS.items()
    ]
    out += [
        (f"Sell {item_name(k)} from the stash{_price(item_sell_price(k, haggling, state.settings))}", c.Sell(band, k))
        for k in dict.fromkeys(b.roster.stash)
    ]
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
        opts += [
            (
                f"Scenario {s.number} {term(s.name)} against {state.band(o).name}",
                c.ChooseScenario(s.key, band, o),
            )
            for o in others
        ]
    opts += [(f"Challenge {term(ch.name)}", c.ChooseChallenge(band, k)) for k, ch in t.CHALLENGES.items()]
    opts.append(("Draw a Challenge", c.DrawChallenge(band)))
    opts += [(f"Give up {challenge_term(e.key)}", c.DropChallenge(band, e.key)) for e in state.next.challenges_of(band)]
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
    opts += [
        (f"Skill {term(s.name)}", c.ChooseAdvance(band, model, skill=k))
        for k, s in t.SKILLS.items()
        if s.category != "trait"
    ]
    opts += [(f"Trick {term(tr.name)}", c.ChooseAdvance(band, model, trick=k)) for k, tr in t.TRICKS.items()]
    opts.append(("Skip this level", c.ChooseAdvance(band, model, skip=True)))
    return tuple(_option(state, label, cmd) for label, cmd in opts)


__all__ = ["Option", "Step", "advance_options", "choices", "item_name", "probe", "step"]

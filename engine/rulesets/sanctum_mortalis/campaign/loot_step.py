"""Step 1, loot (§17): each loot roll rolled table by table, the loot skills, the find kept.

A loot roll is a chain (``postbattle.loot``): the main 2k6, then the sub-tables its
result leads to, each rolled by its own ``RollLoot`` so typed dice go one table at a
time. Łowca technologii and Przeszukiwanie (§20.5) change the last table rolled, before
the next one. ``KeepLoot`` settles the find: a technology is sold at once (§17.2,
Targowanie +20% under [SM-A37]); an item goes to the stash or is sold.
"""

from __future__ import annotations

from engine.dice import DiceSource
from engine.events import EventDraft
from engine.formatting import outcome_words, roll_line
from engine.rolls import RollRecord
from engine.ruleset import Rejected

from .. import tables as t
from ..postbattle import data as d
from ..postbattle.common import RollTable
from ..postbattle.loot import LOOT_TABLES, hunt_reroll, loot_item, roll_loot_stage, search_shift
from ..postbattle.trading import item_sell_price, technology_cash
from ..procedures.common import ProcedureRefused
from ..terms import skill_term
from . import commands as c
from .rules import Decision, post_of, refused, usable_skill
from .state import BandPost, CampaignState

SKILL_NAMES = {
    "tech-hunter": skill_term("tech-hunter"),
    "searching": skill_term("searching"),
    "haggling": skill_term("haggling"),
    "medic": skill_term("medic"),
    "fence": skill_term("fence"),
}


def chain_started(bp: BandPost) -> bool:
    """A loot roll has started and its find is not settled."""
    return bool(bp.chain)


def chain_done(bp: BandPost) -> bool:
    """The loot roll being rolled has reached its find."""
    return bool(bp.chain) and bp.chain[-1].detail.get("next") is None


def next_stage(bp: BandPost) -> str | None:
    """The table the next ``RollLoot`` rolls (None: nothing to roll now)."""
    if bp.chain:
        return bp.chain[-1].detail.get("next")
    return "main" if bp.loot_left > 0 else None


def roll_loot(state: CampaignState, cmd: c.RollLoot, dice: DiceSource) -> Decision:
    bp = post_of(state, cmd.band, "loot")
    if isinstance(bp, Rejected):
        return bp
    stage = next_stage(bp)
    if stage is None:
        if chain_done(bp):
            return Rejected(f"keep or sell the find first ({outcome_words(bp.chain[-1])})", "§17")
        return Rejected("no loot rolls are left", "§17.1")
    record = roll_loot_stage(stage, dice)
    n = len(bp.finds) + 1
    band = state.band(bp.band)
    return [
        EventDraft(
            "loot_rolled",
            {"band": bp.band, "roll": record.to_dict()},
            text=f"{band.name}, loot roll {n} of {bp.loot_due}: {record.title}: {roll_line(record)}"
            f" ({record.detail['rule']}).",  # the roll line names the row
        )
    ]


def _last(state: CampaignState, band: str, skill: str) -> tuple[BandPost, RollRecord] | Rejected:
    bp = post_of(state, band, "loot")
    if isinstance(bp, Rejected):
        return bp
    if not bp.chain:
        return Rejected("roll a loot table first", "§17")
    if usable_skill(state.band(band), bp, skill) is None:
        return Rejected(
            f"no model of {state.band(band).name} can use {SKILL_NAMES[skill]} now (it needs the "
            "skill and must not need medical care; the stash does not count)",
            "§15.10, §20.5",
        )
    return bp, bp.chain[-1]


def hunt(state: CampaignState, cmd: c.HuntReroll, dice: DiceSource) -> Decision:
    found = _last(state, cmd.band, "tech-hunter")
    if isinstance(found, Rejected):
        return found
    bp, last = found
    if cmd.die not in (0, 1):
        return Rejected("re-roll die 0 or die 1 of the 2k6", "§20.5", "malformed")
    try:
        record = hunt_reroll(last, cmd.die, dice)
    except ProcedureRefused as err:
        return refused(err)
    return [
        EventDraft(
            "loot_changed",
            {"band": bp.band, "roll": record.to_dict(), "skill": "tech-hunter"},
            text=f"{skill_term('tech-hunter')} re-rolls a die: {roll_line(record)} (§20.5).",
        )
    ]


def search(state: CampaignState, cmd: c.SearchShift, dice: DiceSource) -> Decision:
    found = _last(state, cmd.band, "searching")
    if isinstance(found, Rejected):
        return found
    bp, last = found
    if cmd.delta not in (-1, 1):
        return Rejected(f"{skill_term('searching')} moves the die by −1 or +1", "§20.5", "malformed")
    try:
        record = search_shift(last, cmd.delta)
    except ProcedureRefused as err:
        return refused(err)
    return [
        EventDraft(
            "loot_changed",
            {"band": bp.band, "roll": record.to_dict(), "skill": "searching"},
            text=f"{skill_term('searching')} {cmd.delta:+d}: {outcome_words(record)} (§20.5).",
        )
    ]


def keep(state: CampaignState, cmd: c.KeepLoot, dice: DiceSource) -> Decision:
    bp = post_of(state, cmd.band, "loot")
    if isinstance(bp, Rejected):
        return bp
    if not chain_done(bp):
        return Rejected("roll the loot roll to its find first", "§17")
    band = state.band(bp.band)
    result = bp.chain[-1].outcome
    if result == d.CYBER_PART:
        if cmd.cyber_part not in d.CYBER_PARTS:
            return Rejected(f"choose the cyber-part: one of {', '.join(d.CYBER_PARTS)}", "§17.7", "ambiguous")
        result = cmd.cyber_part
    elif cmd.cyber_part:
        return Rejected("only a gadget roll of 6 is a cyber-part of your choice", "§17.7", "malformed")
    haggling = usable_skill(band, bp, "haggling") is not None
    head = {"band": bp.band, "result": result}
    if result in t.TECHNOLOGY_VALUES:
        cash = technology_cash(t.TECHNOLOGY_VALUES[result], haggling, state.settings)
        text = f"{band.name} sells the technology at once for {cash}tk" + (
            f" ({skill_term('haggling')} +20%)" if haggling and cash > t.TECHNOLOGY_VALUES[result] else ""
        )
        return [
            EventDraft("loot_kept", {**head, "disposition": "sold", "cash": cash}, text=text + " (§17.2)."),
            EventDraft("treasury_changed", {"band": bp.band, "delta": cash, "reason": "technology sold"}),
        ]
    item = loot_item(result)
    name = item.name if item else result
    if cmd.sell:
        sold_for = item_sell_price(result, haggling, state.settings)
        if sold_for is None:
            return Rejected(f"{name} cannot be sold: it can only be kept", "§22.3")
        return [
            EventDraft(
                "loot_kept",
                {**head, "disposition": "sold", "cash": sold_for},
                text=f"{band.name} sells the {name} for {sold_for}tk (§16, §22.3).",
            ),
            EventDraft("treasury_changed", {"band": bp.band, "delta": sold_for, "reason": f"{name} sold"}),
        ]
    return [
        EventDraft(
            "loot_kept",
            {**head, "disposition": "stash", "cash": 0},
            text=f"{band.name} keeps the {name} in the stash (§16).",
        ),
        EventDraft("stash_added", {"band": bp.band, "item": result}),
    ]


def stage_table(stage: str) -> RollTable:
    """The loot table of a stage (for the view)."""
    return LOOT_TABLES[stage]


__all__ = [
    "SKILL_NAMES",
    "chain_done",
    "chain_started",
    "hunt",
    "keep",
    "next_stage",
    "roll_loot",
    "search",
    "stage_table",
]

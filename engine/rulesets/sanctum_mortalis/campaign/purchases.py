"""Step 4, purchases (§22), and moving gear and models between the stash and the team (§15.10).

Recruiting, buying and selling happen in the band's purchases step; dismissing a model
and moving gear or models between the stash and the team may also happen between
battles.
Prices and limits come from ``postbattle.trading`` (3× to buy, Paser −20%, Targowanie
+20%, one item per table after each battle, the Jet pack only with a new model); the
band-building rules judge whether the band is still legal after the change (seven
models, one of each Specialist, two item slots, what a modification fits).
"""

from __future__ import annotations

from typing import Any

from engine.dice import DiceSource
from engine.events import EventDraft
from engine.records import changed
from engine.ruleset import Rejected

from .. import tables as t
from ..band_building import RECRUITMENT_GEAR
from ..postbattle.experience import levels_gained
from ..postbattle.injuries import gear_after_loss
from ..postbattle.loot import loot_item
from ..postbattle.trading import item_buy_price, item_sell_price, purchase_refusal, recruit_cost
from ..procedures.common import ProcedureRefused
from ..roster import ModelSpec
from ..terms import challenge_term, skill_term
from . import commands as c
from .rules import Decision, band_of, new_error, post_of, refused, unique_id, usable_skill, with_model
from .state import BandPost, CampaignBand, CampaignState


def _when(state: CampaignState, key: str, trading: bool) -> tuple[CampaignBand, BandPost | None] | Rejected:
    """The band, and its post-battle record, if it may do this now: buying, selling and
    recruiting in its purchases step; gear moves and dismissals then or between battles."""
    band = band_of(state, key)
    if isinstance(band, Rejected):
        return band
    in_post = state.post is not None and state.post.of(key) is not None
    if trading or in_post:
        bp = post_of(state, key, "purchases")
        if isinstance(bp, Rejected):
            return bp
        return band, bp
    return band, None


def _is_mod(key: str) -> bool:
    item = t.ITEMS.get(key)
    return item is not None and item.kind.endswith("mod")


def _give(spec: ModelSpec, item: str) -> ModelSpec:
    return changed(spec, mods=spec.mods + (item,)) if _is_mod(item) else changed(spec, items=spec.items + (item,))


def _take(spec: ModelSpec, item: str) -> ModelSpec | None:
    for field in ("items", "mods"):
        values = list(getattr(spec, field))
        if item in values:
            values.remove(item)
            change: dict[str, Any] = {field: tuple(values)}
            return changed(spec, **change)
    return None


def _item_name(key: str) -> str:
    item = loot_item(key)
    return item.name if item else key


def recruit(state: CampaignState, cmd: c.Recruit, dice: DiceSource) -> Decision:
    found = _when(state, cmd.band, trading=True)
    if isinstance(found, Rejected):
        return found
    band, bp = found
    try:
        spec = ModelSpec.from_dict({**cmd.model, "id": "", "line": 0, "xp": 0, "stashed": bool(cmd.stash)})
    except (TypeError, KeyError, ValueError) as err:
        return Rejected(f"not a model record ({err})", kind="malformed")
    if not spec.name.strip():
        return Rejected("the new model needs a name", kind="malformed")
    if spec.captain:
        return Rejected("a Captain cannot be bought", "§15.2, §18.3")
    if spec.volunteer or spec.neutral:
        return Rejected("Volunteers and independent models are not recruited", "§15.9", "malformed")
    if spec.mods or spec.wounds or spec.advances or any(k not in RECRUITMENT_GEAR for k in spec.items):
        return Rejected(
            "a new model starts with its archetype's gear, Climbing gear or a Jet pack only: buy other items with Buy",
            "§22.2",
            "malformed",
        )
    specialist = t.SPECIALISTS.get(spec.specialist or "")
    starting = specialist.starting_skills if specialist else ()
    if set(spec.skills) - set(starting) or len(spec.tricks) > (1 if "technomancer-tricks" in starting else 0):
        return Rejected(
            "a new model starts with 0 XP and no skills (a Technomancer with its one free trick)",
            "§22.2, §15.4",
            "malformed",
        )
    spec = changed(
        spec,
        id=unique_id(band.roster, spec.name),
        skills=tuple(s for s in starting if s not in spec.skills) + spec.skills,
    )
    try:
        cost = recruit_cost(spec, cmd.xp, state.settings)
    except ProcedureRefused as err:
        return refused(err)
    if cost > band.roster.treasury:
        return Rejected(f"{spec.name} costs {cost}tk; {band.name} has {band.roster.treasury}tk", "§22.2")
    problem = new_error(band.roster, changed(band.roster, models=band.roster.models + (spec,)), state.settings)
    if problem is not None:
        return problem
    drafts = [
        EventDraft(
            "model_added",
            {"band": band.key, "model": spec.to_dict()},
            text=f"{band.name} recruits {spec.name} for {cost}tk"
            + (f" with {cmd.xp} XP" if cmd.xp else "")
            + (" into the stash (§22.2, §15.10)." if spec.stashed else " (§22.2)."),
        ),
        EventDraft("treasury_changed", {"band": band.key, "delta": -cost, "reason": f"recruited {spec.name}"}),
    ]
    if cmd.xp:
        drafts.append(
            EventDraft(
                "xp_added",
                {
                    "band": band.key,
                    "model": spec.id,
                    "xp_after": cmd.xp,
                    "levels": levels_gained(0, cmd.xp),
                    "terms": [["XP bought", cmd.xp, "§22.2"]],
                },
            )
        )
    return drafts


def dismiss(state: CampaignState, cmd: c.Dismiss, dice: DiceSource) -> Decision:
    found = _when(state, cmd.band, trading=False)
    if isinstance(found, Rejected):
        return found
    band, bp = found
    if not band.has_model(cmd.model):
        return Rejected(f"{band.name} has no model '{cmd.model}'", kind="malformed")
    spec = band.model(cmd.model)
    kept, lost = gear_after_loss(spec, "dismissed", state.settings)
    text = (
        f"{band.name} dismisses {spec.name}"
        + (f"; to the stash: {', '.join(map(_item_name, kept))}" if kept else "")
        + (f" (the {', '.join(map(_item_name, lost))} is lost)" if lost else "")
    )
    drafts = [
        EventDraft(
            "model_crossed_off", {"band": band.key, "model": spec.id, "cause": "dismissed"}, text=text + " (§22.1)."
        )
    ]
    drafts += [EventDraft("stash_added", {"band": band.key, "item": k}) for k in kept]
    if bp is not None and any(u.model == spec.id for u in bp.level_ups):
        drafts.append(EventDraft("level_ups_dropped", {"band": band.key, "model": spec.id}))
    return drafts


def move_model(state: CampaignState, cmd: c.MoveModel, dice: DiceSource) -> Decision:
    """§15.10: the stash is swapped freely with the team between battles (here: between
    battles, or in the band's purchases step); the team keeps at most 7 models (§15.1)."""
    found = _when(state, cmd.band, trading=False)
    if isinstance(found, Rejected):
        return found
    band, _ = found
    if cmd.to not in ("stash", "team"):
        return Rejected(f"a model moves to the stash or to the team, not '{cmd.to}'", kind="malformed")
    if not band.has_model(cmd.model):
        return Rejected(f"{band.name} has no model '{cmd.model}'", kind="malformed")
    spec = band.model(cmd.model)
    if spec.volunteer or spec.neutral:
        return Rejected(f"{spec.name} is not one of the band's own models: it is not kept in the stash", "§15.10")
    into = cmd.to == "stash"
    if spec.stashed == into:
        return Rejected(f"{spec.name} is already {'in the stash' if into else 'in the team'}", "§15.10", "malformed")
    if into:
        for other in state.next.bands:
            for e in state.next.challenges_of(other):
                if (other == band.key and e.model == spec.id) or (other != band.key and e.target == spec.id):
                    return Rejected(
                        f"{spec.name} is named by the Challenge {challenge_term(e.key)} for the "
                        "next battle: give that Challenge up first",
                        "§23.7, §15.10",
                    )
    after = changed(spec, stashed=into)
    problem = new_error(band.roster, with_model(band.roster, after), state.settings)
    if problem is not None:
        return problem
    text = (
        f"{spec.name} stays on the mother ship: in the stash, out of the team (§15.10)."
        if into
        else f"{spec.name} joins the team from the stash (§15.10)."
    )
    return [EventDraft("model_updated", {"band": band.key, "model": after.to_dict()}, text=text)]


def buy(state: CampaignState, cmd: c.Buy, dice: DiceSource) -> Decision:
    found = _when(state, cmd.band, trading=True)
    if isinstance(found, Rejected):
        return found
    band, bp = found
    assert bp is not None
    why = purchase_refusal(bp.bought, cmd.item)
    if why:
        return Rejected(why, "§22.3", "malformed" if why.startswith("unknown") else "illegal")
    fence = usable_skill(band, bp, "fence") is not None
    price = item_buy_price(cmd.item, fence, state.settings)
    if price is None:
        return Rejected(f"{_item_name(cmd.item)} cannot be bought", "§22.3")
    if price > band.roster.treasury:
        return Rejected(f"a {_item_name(cmd.item)} costs {price}tk; {band.name} has {band.roster.treasury}tk", "§22.3")
    item = loot_item(cmd.item)
    list_price = 3 * (item.value or 0) if item is not None else 0
    drafts = [
        EventDraft(
            "treasury_changed",
            {"band": band.key, "delta": -price, "reason": f"bought {cmd.item}"},
            text=f"{band.name} buys a {_item_name(cmd.item)} for {price}tk"
            + (f" ({skill_term('fence')} −20%)" if fence and price < list_price else "")
            + " (§22.3).",
        ),
        EventDraft("item_bought", {"band": band.key, "item": cmd.item}),
    ]
    placed = _place(state, band, cmd.item, cmd.model)
    return placed if isinstance(placed, Rejected) else drafts + placed


def _place(state: CampaignState, band: CampaignBand, item: str, model: str) -> list[EventDraft] | Rejected:
    if not model:
        return [EventDraft("stash_added", {"band": band.key, "item": item})]
    if not band.has_model(model):
        return Rejected(f"{band.name} has no model '{model}'", kind="malformed")
    if item not in t.ITEMS:
        return Rejected(f"a {_item_name(item)} is kept in the stash, not carried", "§17.8–17.9")
    after = _give(band.model(model), item)
    problem = new_error(band.roster, with_model(band.roster, after), state.settings)
    if problem is not None:
        return problem
    return [
        EventDraft(
            "model_updated",
            {"band": band.key, "model": after.to_dict()},
            text=f"{after.name} now has the {_item_name(item)}.",
        )
    ]


def sell(state: CampaignState, cmd: c.Sell, dice: DiceSource) -> Decision:
    found = _when(state, cmd.band, trading=True)
    if isinstance(found, Rejected):
        return found
    band, bp = found
    haggling = usable_skill(band, bp, "haggling") is not None
    price = item_sell_price(cmd.item, haggling, state.settings) if loot_item(cmd.item) else None
    if price is None:
        return Rejected(f"{_item_name(cmd.item)} cannot be sold", "§22.3, §22.4")
    if cmd.model:
        if not band.has_model(cmd.model):
            return Rejected(f"{band.name} has no model '{cmd.model}'", kind="malformed")
        after = _take(band.model(cmd.model), cmd.item)
        if after is None:
            return Rejected(f"{band.model(cmd.model).name} has no {_item_name(cmd.item)}", kind="malformed")
        moved = EventDraft("model_updated", {"band": band.key, "model": after.to_dict()})
    else:
        if cmd.item not in band.roster.stash:
            return Rejected(f"the stash has no {_item_name(cmd.item)}", kind="malformed")
        moved = EventDraft("stash_removed", {"band": band.key, "item": cmd.item})
    return [
        moved,
        EventDraft(
            "treasury_changed",
            {"band": band.key, "delta": price, "reason": f"sold {cmd.item}"},
            text=f"{band.name} sells a {_item_name(cmd.item)} for {price}tk"
            + (f" ({skill_term('haggling')} +20%)" if haggling else "")
            + " (§22.3).",
        ),
    ]


def equip(state: CampaignState, cmd: c.Equip, dice: DiceSource) -> Decision:
    found = _when(state, cmd.band, trading=False)
    if isinstance(found, Rejected):
        return found
    band, _ = found
    if cmd.item not in band.roster.stash:
        return Rejected(f"the stash has no {_item_name(cmd.item)}", kind="malformed")
    placed = _place(state, band, cmd.item, cmd.model)
    if isinstance(placed, Rejected):
        return placed
    return [EventDraft("stash_removed", {"band": band.key, "item": cmd.item}), *placed]


def unequip(state: CampaignState, cmd: c.Unequip, dice: DiceSource) -> Decision:
    found = _when(state, cmd.band, trading=False)
    if isinstance(found, Rejected):
        return found
    band, _ = found
    if not band.has_model(cmd.model):
        return Rejected(f"{band.name} has no model '{cmd.model}'", kind="malformed")
    if cmd.item == "jet-pack":
        return Rejected("a Jet pack can never be taken off or given to another model", "§22.5")
    after = _take(band.model(cmd.model), cmd.item)
    if after is None:
        return Rejected(f"{band.model(cmd.model).name} has no {_item_name(cmd.item)}", kind="malformed")
    problem = new_error(band.roster, with_model(band.roster, after), state.settings)
    if problem is not None:
        return problem
    return [
        EventDraft(
            "model_updated",
            {"band": band.key, "model": after.to_dict()},
            text=f"{after.name} puts the {_item_name(cmd.item)} in the stash (§15.10).",
        ),
        EventDraft("stash_added", {"band": band.key, "item": cmd.item}),
    ]


__all__ = ["buy", "dismiss", "equip", "move_model", "recruit", "sell", "unequip"]

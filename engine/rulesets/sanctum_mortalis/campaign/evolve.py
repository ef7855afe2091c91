"""How campaign events change the campaign state: one pure reducer per event kind.

Roster changes are small events reused by every step (``model_updated`` carries the
model's whole record after the change; ``treasury_changed`` a signed amount with its
reason; ``stash_added`` / ``stash_removed`` one item), so replaying the log rebuilds the
rosters exactly without re-deciding anything.
"""

from __future__ import annotations

from typing import Any, Iterable

from engine.events import Event, EventDraft
from engine.records import changed
from engine.reducers import Reducers
from engine.rolls import RollRecord

from ..postbattle.injuries import InjuryCase
from ..roster import BandRoster, ModelSpec
from .rules import entry_from, with_model
from .state import BandPost, BattleRecord, CampaignBand, CampaignState, Find, LevelUp, NextBattle, PostBattle, Wounded

REDUCERS: Reducers[CampaignState] = Reducers()
on = REDUCERS.on


def evolve(state: CampaignState, event: Event) -> CampaignState:
    """The state after one event; a kind with no reducer is an ``UnknownEvent``."""
    return REDUCERS.evolve(state, event)


def preview(state: CampaignState, drafts: Iterable[EventDraft]) -> CampaignState:
    """The state these drafts would lead to."""
    return REDUCERS.preview(state, drafts)


def _bp(s: CampaignState, band: str) -> BandPost:
    assert s.post is not None
    bp = s.post.of(band)
    assert bp is not None
    return bp


# --------------------------------------------------------------------------- bands and rosters
@on("band_added")
def _band_added(s: CampaignState, p: dict[str, Any]) -> CampaignState:
    band = CampaignBand(p["band"], BandRoster.from_dict(p["roster"]))
    return changed(s, bands=s.bands + (band,))


@on("model_updated")
def _model_updated(s: CampaignState, p: dict[str, Any]) -> CampaignState:
    roster = s.band(p["band"]).roster
    return s.with_band(p["band"], roster=with_model(roster, ModelSpec.from_dict(p["model"])))


@on("model_added")
def _model_added(s: CampaignState, p: dict[str, Any]) -> CampaignState:
    roster = s.band(p["band"]).roster
    return s.with_roster(p["band"], models=roster.models + (ModelSpec.from_dict(p["model"]),))


@on("model_crossed_off")
def _model_crossed_off(s: CampaignState, p: dict[str, Any]) -> CampaignState:
    band = s.band(p["band"])
    gone = band.model(p["model"])
    s = s.with_roster(band.key, models=tuple(m for m in band.roster.models if m.id != gone.id))
    return s.with_band(
        band.key,
        captain_lost=band.captain_lost or gone.captain,
        misses_next=tuple(m for m in band.misses_next if m != gone.id),
    )


@on("treasury_changed")
def _treasury(s: CampaignState, p: dict[str, Any]) -> CampaignState:
    roster = s.band(p["band"]).roster
    return s.with_roster(p["band"], treasury=roster.treasury + int(p["delta"]))


@on("stash_added")
def _stash_added(s: CampaignState, p: dict[str, Any]) -> CampaignState:
    roster = s.band(p["band"]).roster
    return s.with_roster(p["band"], stash=roster.stash + (p["item"],))


@on("stash_removed")
def _stash_removed(s: CampaignState, p: dict[str, Any]) -> CampaignState:
    stash = list(s.band(p["band"]).roster.stash)
    stash.remove(p["item"])
    return s.with_roster(p["band"], stash=tuple(stash))


@on("misses_next")
def _misses_next(s: CampaignState, p: dict[str, Any]) -> CampaignState:
    band = s.band(p["band"])
    return s.with_band(band.key, misses_next=band.misses_next + (p["model"],))


@on("setting_changed")
def _setting_changed(s: CampaignState, p: dict[str, Any]) -> CampaignState:
    return changed(s, settings={**s.settings, p["key"]: p["value"]})


# --------------------------------------------------------------------------- the sequence
@on("post_battle_started")
def _post_started(s: CampaignState, p: dict[str, Any]) -> CampaignState:
    b = p["battle"]
    record = BattleRecord(
        int(b["number"]),
        b.get("title", ""),
        b["scenario"],
        tuple(b["bands"]),
        tuple(b["vp"]),
        b.get("winner"),
        b.get("ref", ""),
        b.get("digest", ""),
    )
    posts = tuple(
        BandPost(
            band=d["band"],
            side=d["side"],
            step=d["step"],
            won=d.get("won"),
            markers=int(d.get("markers", 0)),
            special_marker=bool(d.get("special_marker")),
            scenario_tk=int(d.get("scenario_tk", 0)),
            loot_due=int(d.get("loot_due", 0)),
            challenges=tuple(entry_from(c) for c in d.get("challenges", ())),
            wounded=tuple(Wounded(m) for m in d.get("wounded", ())),
            xp=tuple((m, tuple((lbl, int(v), rule) for lbl, v, rule in terms)) for m, terms in d.get("xp", ())),
            xp_before=tuple((m, int(x)) for m, x in d.get("xp_before", ())),
            needing_care=tuple(d.get("needing_care", ())),
        )
        for d in p["bands"]
    )
    for key in record.bands:
        s = s.with_band(key, misses_next=())
    return changed(
        s, battles=s.battles + (record,), post=PostBattle(record.number, record.scenario, posts), next=NextBattle()
    )


@on("step_ended")
def _step_ended(s: CampaignState, p: dict[str, Any]) -> CampaignState:
    return s.with_post(p["band"], step=p["next"])


@on("post_battle_closed")
def _post_closed(s: CampaignState, p: dict[str, Any]) -> CampaignState:
    return changed(s, post=None)


@on("challenge_settled")
def _challenge_settled(s: CampaignState, p: dict[str, Any]) -> CampaignState:
    bp = _bp(s, p["band"])
    entry = entry_from(p["entry"])
    s = s.with_post(
        bp.band,
        challenges=tuple(entry if c.key == entry.key else c for c in bp.challenges),
        loot_due=bp.loot_due + int(entry.reward.get("loot_rolls", 0)),
    )
    xp = int(entry.reward.get("xp", 0))
    if xp and entry.xp_to:
        s = _add_terms(s, bp.band, entry.xp_to, (p["label"], xp, "§23.7"))
    return s


def _add_terms(s: CampaignState, band: str, model: str, term: tuple[str, int, str]) -> CampaignState:
    bp = _bp(s, band)
    terms = dict(bp.xp)
    terms[model] = terms.get(model, ()) + (term,)
    return s.with_post(band, xp=tuple(terms.items()))


@on("xp_adjusted")
def _xp_adjusted(s: CampaignState, p: dict[str, Any]) -> CampaignState:
    return _add_terms(s, p["band"], p["model"], (p["reason"], int(p["xp"]), p.get("rule", "")))


@on("scenario_paid")
def _scenario_paid(s: CampaignState, p: dict[str, Any]) -> CampaignState:
    roster = s.band(p["band"]).roster
    s = s.with_roster(p["band"], treasury=roster.treasury + int(p["tk"]))
    return s.with_post(p["band"], scenario_paid=True)


@on("loot_rolled")
def _loot_rolled(s: CampaignState, p: dict[str, Any]) -> CampaignState:
    bp = _bp(s, p["band"])
    return s.with_post(bp.band, chain=bp.chain + (RollRecord.from_dict(p["roll"]),))


@on("loot_changed")
def _loot_changed(s: CampaignState, p: dict[str, Any]) -> CampaignState:
    bp = _bp(s, p["band"])
    return s.with_post(bp.band, chain=bp.chain[:-1] + (RollRecord.from_dict(p["roll"]),))


@on("loot_kept")
def _loot_kept(s: CampaignState, p: dict[str, Any]) -> CampaignState:
    bp = _bp(s, p["band"])
    find = Find(p["result"], p["disposition"], int(p["cash"]), bp.chain)
    return s.with_post(bp.band, chain=(), finds=bp.finds + (find,))


def _set_wounded(s: CampaignState, band: str, model: str, **changes: Any) -> CampaignState:
    bp = _bp(s, band)
    return s.with_post(band, wounded=tuple(changed(w, **changes) if w.model == model else w for w in bp.wounded))


@on("wounded_set")
def _wounded_set(s: CampaignState, p: dict[str, Any]) -> CampaignState:
    bp = _bp(s, p["band"])
    if p["wounded"]:
        return s.with_post(
            bp.band,
            wounded=bp.wounded + (Wounded(p["model"]),),
            needing_care=tuple(dict.fromkeys(bp.needing_care + (p["model"],))),
        )
    return s.with_post(
        bp.band,
        wounded=tuple(w for w in bp.wounded if w.model != p["model"]),
        needing_care=tuple(m for m in bp.needing_care if m != p["model"]),
    )


@on("care_needed")
def _care_needed(s: CampaignState, p: dict[str, Any]) -> CampaignState:
    bp = _bp(s, p["band"])
    kept = tuple(m for m in bp.needing_care if m != p["model"])
    return s.with_post(bp.band, needing_care=kept + ((p["model"],) if p["needs"] else ()))


@on("injury_rolled")
def _injury_rolled(s: CampaignState, p: dict[str, Any]) -> CampaignState:
    return _set_wounded(s, p["band"], p["model"], case=InjuryCase.from_dict(p["case"]))


@on("injury_treated")
def _injury_treated(s: CampaignState, p: dict[str, Any]) -> CampaignState:
    return _set_wounded(s, p["band"], p["model"], case=InjuryCase.from_dict(p["case"]))


@on("injury_resolved")
def _injury_resolved(s: CampaignState, p: dict[str, Any]) -> CampaignState:
    return _set_wounded(s, p["band"], p["model"], outcome=p["outcome"])


@on("xp_added")
def _xp_added(s: CampaignState, p: dict[str, Any]) -> CampaignState:
    band = s.band(p["band"])
    spec = changed(band.model(p["model"]), xp=int(p["xp_after"]))
    s = s.with_band(band.key, roster=with_model(band.roster, spec))
    ups = tuple(LevelUp(spec.id, int(level)) for level in p.get("levels", ()))
    if ups and s.post is not None and s.post.of(band.key) is not None:
        s = s.with_post(band.key, level_ups=_bp(s, band.key).level_ups + ups)
    return s


@on("level_up_rolled")
def _level_up_rolled(s: CampaignState, p: dict[str, Any]) -> CampaignState:
    bp = _bp(s, p["band"])
    roll = RollRecord.from_dict(p["roll"])
    ups = tuple(changed(u, roll=roll) if (u.model, u.level) == (p["model"], p["level"]) else u for u in bp.level_ups)
    return s.with_post(bp.band, level_ups=ups)


@on("advance_chosen")
def _advance_chosen(s: CampaignState, p: dict[str, Any]) -> CampaignState:
    bp = _bp(s, p["band"])
    ups = tuple(
        changed(u, pick=p["pick"]) if (u.model, u.level) == (p["model"], p["level"]) else u for u in bp.level_ups
    )
    raised = bp.raised + (((p["model"], p["pick"][5:]),) if p["pick"].startswith("stat:") else ())
    return s.with_post(bp.band, level_ups=ups, raised=raised)


@on("level_ups_dropped")
def _level_ups_dropped(s: CampaignState, p: dict[str, Any]) -> CampaignState:
    bp = _bp(s, p["band"])
    return s.with_post(bp.band, level_ups=tuple(u for u in bp.level_ups if u.model != p["model"]))


@on("item_bought")
def _item_bought(s: CampaignState, p: dict[str, Any]) -> CampaignState:
    if s.post is None or s.post.of(p["band"]) is None:
        return s
    return s.with_post(p["band"], bought=_bp(s, p["band"]).bought + (p["item"],))


# --------------------------------------------------------------------------- next battle
@on("scenario_rolled")
def _scenario_rolled(s: CampaignState, p: dict[str, Any]) -> CampaignState:
    roll = RollRecord.from_dict(p["roll"])
    scenario = p.get("scenario")
    return changed(s, next=changed(s.next, bands=tuple(p["bands"]), roll=roll, scenario=scenario))


@on("scenario_chosen")
def _scenario_chosen(s: CampaignState, p: dict[str, Any]) -> CampaignState:
    bands = tuple(p["bands"]) or s.next.bands
    return changed(s, next=changed(s.next, bands=bands, scenario=p["scenario"]))


@on("challenge_chosen")
def _challenge_chosen(s: CampaignState, p: dict[str, Any]) -> CampaignState:
    table = dict(s.next.challenges)
    table[p["band"]] = table.get(p["band"], ()) + (entry_from(p["entry"]),)
    return changed(s, next=changed(s.next, challenges=tuple(table.items())))


@on("challenge_dropped")
def _challenge_dropped(s: CampaignState, p: dict[str, Any]) -> CampaignState:
    table = dict(s.next.challenges)
    table[p["band"]] = tuple(c for c in table.get(p["band"], ()) if c.key != p["challenge"])
    return changed(s, next=changed(s.next, challenges=tuple(table.items())))


__all__ = ["REDUCERS", "evolve", "preview"]

"""Step 2, post-battle injuries (§18): the injury rolls, medical care and medicines, and
the untreated effect of each result.

Every wounded model rolls first if the GM likes (§18.2: roll for all, then decide who
to pay for). ``TreatInjury`` pays for care (Medyk −20%, a re-roll that must be kept)
or uses a medicine from the stash; ``ResolveInjury`` applies what the result does
without more care: death or a critical wound crosses the model off with all its gear,
a Serious injury adds a wound (the third retires the model, [SM-A46] its gear to the
stash) and the model misses the next battle, Amnesia crosses off a learned skill,
Lesson learned adds 1 XP.
"""

from __future__ import annotations

from typing import Any, Mapping

from engine.dice import DiceSource
from engine.events import EventDraft
from engine.formatting import possessive, roll_line
from engine.records import changed
from engine.ruleset import Rejected

from .. import tables as t
from ..postbattle import data as d
from ..postbattle.common import CARE_RESULTS, reading
from ..postbattle.experience import add_xp, gains_xp, levels_gained
from ..postbattle.injuries import (
    INJURY_RESULTS,
    amnesia_candidates,
    care_cost,
    choice_refusal,
    gear_after_loss,
    injury_outcome,
    open_injury,
    pay_for_care,
    roll_injury,
    take_wound,
    use_medicine,
)
from ..procedures.common import ProcedureRefused
from ..roster import ModelSpec
from ..terms import skill_term
from . import commands as c
from .rules import Decision, name_of, post_of, refused, usable_skill
from .state import BandPost, CampaignBand, CampaignState, Wounded


def _wounded(state: CampaignState, band: str, model: str) -> tuple[BandPost, CampaignBand, Wounded] | Rejected:
    bp = post_of(state, band, "injuries")
    if isinstance(bp, Rejected):
        return bp
    b = state.band(band)
    w = bp.wound(model)
    if w is None:
        return Rejected(
            f"{name_of(b, model)} does not roll for injuries (not removed from play, or a Volunteer)",
            "§18.1",
            "malformed",
        )
    if w.resolved:
        return Rejected(f"{possessive(name_of(b, model))} injury is settled ({w.outcome})", "§18")
    return bp, b, w


def roll(state: CampaignState, cmd: c.RollInjury, dice: DiceSource) -> Decision:
    found = _wounded(state, cmd.band, cmd.model)
    if isinstance(found, Rejected):
        return found
    bp, band, w = found
    if w.case is not None:
        return Rejected(f"{band.model(w.model).name} has rolled on the injury table already", "§18.1")
    name = band.model(w.model).name
    record = roll_injury(dice, name)
    case = open_injury(record, w.model)
    drafts = [
        EventDraft(
            "injury_rolled",
            {"band": bp.band, "model": w.model, "case": case.to_dict()},
            text=f"{name}: post-battle injury {roll_line(record)} (§18.1).",  # the roll line names the row
        )
    ]
    if reading(state.settings, "care_skill_condition") == "care-result":
        drafts.append(
            EventDraft("care_needed", {"band": bp.band, "model": w.model, "needs": case.result in CARE_RESULTS})
        )
    return drafts


def medic_usable(band: CampaignBand, bp: BandPost) -> bool:
    """A Medyk who does not need care himself (§18.2)."""
    return usable_skill(band, bp, "medic") is not None


def treat(state: CampaignState, cmd: c.TreatInjury, dice: DiceSource) -> Decision:
    found = _wounded(state, cmd.band, cmd.model)
    if isinstance(found, Rejected):
        return found
    bp, band, w = found
    if w.case is None:
        return Rejected("roll on the injury table first", "§18.1")
    name = band.model(w.model).name
    why = choice_refusal(w.case, cmd.choice, state.settings)
    if why is not None or cmd.choice == "accept":
        return Rejected(
            why or "to accept the result, resolve the injury",
            "§18.2",
            "malformed" if cmd.choice not in ("pay", "accept", *d.MEDICINES) else "illegal",
        )
    try:
        if cmd.choice == "pay":
            medic = medic_usable(band, bp)
            cost = care_cost(w.case.result, medic) or 0
            if cost > band.roster.treasury:
                return Rejected(f"medical care costs {cost}tk; {band.name} has {band.roster.treasury}tk", "§18.2")
            case = pay_for_care(w.case, dice, medic=medic, settings=state.settings)
            extra = [EventDraft("treasury_changed", {"band": bp.band, "delta": -cost, "reason": f"care for {name}"})]
            how = f"{cost}tk for medical care" + (f" ({skill_term('medic')} −20%)" if medic else "")
        else:
            if cmd.choice not in band.roster.stash:
                return Rejected(f"{band.name} has no {d.MEDICINES[cmd.choice].name} in the stash", "§17.8")
            case = use_medicine(w.case, cmd.choice, dice, state.settings)
            extra = [EventDraft("stash_removed", {"band": bp.band, "item": cmd.choice})]
            how = d.MEDICINES[cmd.choice].name
    except ProcedureRefused as err:
        return refused(err)
    again = case.rolls[-1] if len(case.rolls) > len(w.case.rolls) else None
    text = f"{name}: {how} → {INJURY_RESULTS[case.result].name}" + (f" ({roll_line(again)})" if again else "")
    return [
        EventDraft(
            "injury_treated",
            {"band": bp.band, "model": w.model, "case": case.to_dict(), "choice": cmd.choice},
            text=text + " (§18.2, §17.8).",
        ),
        *extra,
    ]


def resolve(state: CampaignState, cmd: c.ResolveInjury, dice: DiceSource) -> Decision:
    found = _wounded(state, cmd.band, cmd.model)
    if isinstance(found, Rejected):
        return found
    bp, band, w = found
    if w.case is None:
        return Rejected("roll on the injury table first", "§18.1")
    spec = band.model(w.model)
    out = injury_outcome(w.case)
    head: dict[str, Any] = {"band": bp.band, "model": w.model, "result": out.result, "effect": out.effect}
    result_name = INJURY_RESULTS[out.result].name
    drafts: list[EventDraft] = []
    if out.effect == "dies":
        text = f"{spec.name} dies ({result_name}): crossed off with all its equipment (§18.1)"
        if spec.captain:
            text += "; the band can never have another Captain (§18.3)"
        drafts += _cross_off(bp, spec, "dies", state.settings)
    elif out.effect == "wound":
        try:
            if reading(state.settings, "serious_wound_pick") == "owner":
                wound = take_wound(spec.wounds, pick=cmd.wound or None, settings=state.settings)
            else:
                if cmd.wound:
                    return Rejected("a roll picks the wound [SM-A18]: do not name one", "§18.2", "malformed")
                wound = take_wound(spec.wounds, dice=dice, settings=state.settings)
        except ProcedureRefused as err:
            return refused(err)
        if wound.record is not None:
            head["roll"] = wound.record.to_dict()
        head["wound"] = wound.wound
        text = f"{spec.name} takes a wound: {t.WOUNDS[wound.wound].name}"
        if wound.retires:
            text += (
                f" — a third wound: {spec.name} retires"
                + (", its gear goes to the stash" if wound.gear_to_stash else "")
                + " (§18.1 [SM-A46])"
            )
            drafts += _cross_off(bp, spec, "retires", state.settings)
        else:
            text += ", and misses the next battle (§18.1)"
            drafts += [
                EventDraft("model_updated", {"band": bp.band, "model": changed(spec, wounds=wound.wounds).to_dict()}),
                EventDraft("misses_next", {"band": bp.band, "model": spec.id}),
            ]
    elif out.effect == "forget-skill":
        options = amnesia_candidates(spec)
        if not options:
            text = f"{spec.name} has no learned skill to forget (§18.1)"
        else:
            skill = cmd.skill or (options[0] if len(options) == 1 else "")
            if skill not in options:
                return Rejected(
                    f"name the skill {spec.name} forgets: one of {', '.join(options)}",
                    "§18.1",
                    "ambiguous" if not cmd.skill else "malformed",
                )
            head["skill"] = skill
            text = f"{spec.name} forgets {skill_term(skill) if skill in t.SKILLS else skill} (§18.1)"
            drafts.append(
                EventDraft(
                    "model_updated",
                    {
                        "band": bp.band,
                        "model": changed(spec, skills=tuple(k for k in spec.skills if k != skill)).to_dict(),
                    },
                )
            )
    elif out.effect == "xp" and gains_xp(spec):
        after = add_xp(spec.xp, out.xp)
        levels = levels_gained(spec.xp, after)
        text = f"{spec.name}: {result_name}, +{after - spec.xp} XP ({out.rule})"
        drafts.append(
            EventDraft(
                "xp_added",
                {
                    "band": bp.band,
                    "model": spec.id,
                    "xp_after": after,
                    "levels": levels,
                    "terms": [[result_name, out.xp, out.rule]],
                },
            )
        )
    else:
        text = f"{spec.name}: {result_name}, fights on (§18.1)"
    return [EventDraft("injury_resolved", {**head, "outcome": text}, text=text + "."), *drafts]


def _cross_off(bp: BandPost, spec: ModelSpec, cause: str, settings: Mapping[str, str]) -> list[EventDraft]:
    kept, _ = gear_after_loss(spec, cause, settings)
    out = [EventDraft("model_crossed_off", {"band": bp.band, "model": spec.id, "cause": cause})]
    out += [EventDraft("stash_added", {"band": bp.band, "item": k}) for k in kept]
    if any(u.model == spec.id for u in bp.level_ups):
        out.append(EventDraft("level_ups_dropped", {"band": bp.band, "model": spec.id}))
    return out


__all__ = ["medic_usable", "resolve", "roll", "treat"]

"""Step 3, hero development (§19–§21): neural implants, a level-up roll for each level
gained, and spending each roll on a characteristic, a skill or a trick the model may take.

What a model may take is judged by the band-building rules themselves
(``band_building.validate``) on the roster as it would be: skill categories (§20),
Specialist-only and Rogue limits, the trick rules (§21), advance maximums (§19.3),
one pick per level. The level-up roll (2–7 a characteristic or a skill, 8–12 a skill)
and "never the same characteristic twice between battles" come from
``postbattle.experience``. Recruits bought with XP roll their levels in the purchases
step the same way.
"""

from __future__ import annotations

from engine.dice import DiceSource
from engine.events import EventDraft
from engine.formatting import possessive, roll_line
from engine.records import changed
from engine.ruleset import Rejected

from .. import tables as t
from ..postbattle import data as d
from ..postbattle.experience import add_xp, advance_refusal, gains_xp, levels_gained, roll_level_up
from ..roster import ModelSpec
from ..terms import skill_term, trick_term
from . import commands as c
from .rules import Decision, new_error, post_of, with_model
from .state import BandPost, CampaignBand, CampaignState, LevelUp

LEVEL_STEPS = ("development", "purchases")
"""Steps in which level-ups are rolled and spent (recruits' bought XP in purchases)."""


def use_implant(state: CampaignState, cmd: c.UseImplant, dice: DiceSource) -> Decision:
    bp = post_of(state, cmd.band, "development")
    if isinstance(bp, Rejected):
        return bp
    band = state.band(bp.band)
    if cmd.implant not in d.NEURAL_IMPLANTS:
        return Rejected(
            f"'{cmd.implant}' is not a neural implant ({', '.join(d.NEURAL_IMPLANTS)})", "§17.9", "malformed"
        )
    if cmd.implant not in band.roster.stash:
        return Rejected(f"{band.name} has no {d.NEURAL_IMPLANTS[cmd.implant].name} in the stash", "§17.9")
    if not band.has_model(cmd.model):
        return Rejected(f"{band.name} has no model '{cmd.model}'", kind="malformed")
    spec = band.model(cmd.model)
    if not gains_xp(spec):
        return Rejected(f"{spec.name} gains no XP", "§19.1")
    after = add_xp(spec.xp, d.IMPLANT_XP[cmd.implant])
    levels = levels_gained(spec.xp, after)
    name = d.NEURAL_IMPLANTS[cmd.implant].name
    return [
        EventDraft("stash_removed", {"band": bp.band, "item": cmd.implant}),
        EventDraft(
            "xp_added",
            {
                "band": bp.band,
                "model": spec.id,
                "xp_after": after,
                "levels": levels,
                "terms": [[name, d.IMPLANT_XP[cmd.implant], "§17.9"]],
            },
            text=f"{spec.name} uses a {name}: {after} XP (§17.9).",
        ),
    ]


def next_up(bp: BandPost, model: str, rolled: bool) -> LevelUp | None:
    """The model's lowest level-up still to roll (``rolled=False``) or to spend."""
    for u in sorted(bp.level_ups, key=lambda u: u.level):
        if u.model == model and not u.pick and (u.roll is not None) == rolled:
            return u
    return None


def roll(state: CampaignState, cmd: c.RollLevelUp, dice: DiceSource) -> Decision:
    bp = post_of(state, cmd.band, *LEVEL_STEPS)
    if isinstance(bp, Rejected):
        return bp
    band = state.band(bp.band)
    up = next_up(bp, cmd.model, rolled=False)
    if up is None:
        return Rejected(
            f"{band.model(cmd.model).name if band.has_model(cmd.model) else cmd.model} has no level to roll for",
            "§19.3",
        )
    name = band.model(up.model).name
    record = roll_level_up(dice, up.level, name)
    return [
        EventDraft(
            "level_up_rolled",
            {"band": bp.band, "model": up.model, "level": up.level, "roll": record.to_dict()},
            text=f"{record.title}: {roll_line(record)} (§19.3).",  # the roll line names the row
        )
    ]


def pick_refusal(
    state: CampaignState,
    band: CampaignBand,
    bp: BandPost,
    spec: ModelSpec,
    choice: str,
    *,
    stat: str = "",
    skill: str = "",
    trick: str = "",
) -> Rejected | ModelSpec:
    """The model after the pick, or why it may not take it (``choice``: what the level-up
    roll allowed, ``stat-or-skill`` or ``skill``)."""
    if stat:
        raised = tuple(s for m, s in bp.raised if m == spec.id)
        why = advance_refusal(spec, stat, raised_this_gap=raised, choice=choice)
        if why:
            return Rejected(why, "§19.3")
        taken = dict(spec.advances)
        taken[stat] = taken.get(stat, 0) + 1
        after = changed(spec, advances=tuple((k, taken[k]) for k in ("S", "W", "C", "O") if taken.get(k)))
    else:
        if skill and skill not in t.SKILLS:
            return Rejected(f"unknown skill '{skill}'", "§20", "malformed")
        if trick and trick not in t.TRICKS:
            return Rejected(f"unknown trick '{trick}'", "§21", "malformed")
        if skill and skill in spec.skills:
            return Rejected(f"{spec.name} already knows {skill_term(skill)}", "§20")
        if trick and trick in spec.tricks:
            return Rejected(f"{spec.name} already knows {trick_term(trick)}", "§21")
        if skill and trick and skill != "technomancer-tricks":
            return Rejected(
                f"one pick learns one skill or one trick (the first trick comes free with {skill_term('technomancer-tricks')})",
                "§19.3, §21",
                "malformed",
            )
        after = changed(
            spec, skills=spec.skills + ((skill,) if skill else ()), tricks=spec.tricks + ((trick,) if trick else ())
        )
    problem = new_error(band.roster, with_model(band.roster, after), state.settings)
    return problem if problem is not None else after


def choose(state: CampaignState, cmd: c.ChooseAdvance, dice: DiceSource) -> Decision:
    bp = post_of(state, cmd.band, *LEVEL_STEPS)
    if isinstance(bp, Rejected):
        return bp
    band = state.band(bp.band)
    if not band.has_model(cmd.model):
        return Rejected(f"{band.name} has no model '{cmd.model}'", kind="malformed")
    spec = band.model(cmd.model)
    up = next_up(bp, cmd.model, rolled=True)
    if up is None or up.roll is None:
        waiting = next_up(bp, cmd.model, rolled=False)
        return Rejected(
            f"roll {possessive(spec.name)} level-up first" if waiting else f"{spec.name} has no level-up to spend",
            "§19.3",
        )
    given = [x for x in (cmd.stat, cmd.skill or cmd.trick) if x] + (["skip"] if cmd.skip else [])
    if len(given) != 1:
        return Rejected("choose one: a characteristic, a skill, a trick, or skip", "§19.3", "malformed")
    if cmd.skip:
        return [
            EventDraft(
                "advance_chosen",
                {"band": bp.band, "model": spec.id, "level": up.level, "pick": "skip"},
                text=f"{spec.name} lets level {up.level} go by (§19.3).",
            )
        ]
    after = pick_refusal(state, band, bp, spec, up.roll.outcome, stat=cmd.stat, skill=cmd.skill, trick=cmd.trick)
    if isinstance(after, Rejected):
        return after
    if cmd.stat:
        pick, what = f"stat:{cmd.stat}", f"+1 {t.STAT_NAMES[cmd.stat]}"
    else:
        parts = ([f"skill:{cmd.skill}"] if cmd.skill else []) + ([f"trick:{cmd.trick}"] if cmd.trick else [])
        pick = "+".join(parts)
        what = " and ".join(
            ([skill_term(cmd.skill)] if cmd.skill else [])
            + ([f"the trick {trick_term(cmd.trick)}"] if cmd.trick else [])
        )
    return [
        EventDraft(
            "advance_chosen",
            {"band": bp.band, "model": spec.id, "level": up.level, "pick": pick},
            text=f"{spec.name}, level {up.level}: {what} (§19.3).",
        ),
        EventDraft("model_updated", {"band": bp.band, "model": after.to_dict()}),
    ]


__all__ = ["LEVEL_STEPS", "choose", "next_up", "pick_refusal", "roll", "use_implant"]

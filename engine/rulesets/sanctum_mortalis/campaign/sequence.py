"""Starting the post-battle sequence from a battle log, moving from step to step, the
Challenges' results and the GM's corrections of the pre-fill.

``start_post_battle`` first checks that the battle is the one the campaign waits
for (``waiting_for``: a battle the campaign started names it in its set-up, ``LINK``;
never one recorded already, nor one of another campaign or of other bands), then
reads the finished battle (``summary.battle_summary``) and pre-fills each band's
sequence: the scenario money (paid at once, with the loot, §16 recommended), the loot
rolls due (§17.1, §23), the wounded (§18.1, [SM-A10]), the XP counted from the log
(§19.1) and the Challenges the band took (§23.7), with what the log says about those it
can judge.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any, Mapping

from engine.formatting import plural
from engine.dice import DiceSource
from engine.events import EventDraft
from engine.ruleset import Rejected

from .. import tables as t
from ..postbattle import data as d
from ..postbattle.challenges import challenge_reward, lesson_met, prudence_met
from ..postbattle.common import reading
from ..postbattle.experience import add_xp, battle_xp, gains_xp, levels_gained
from ..postbattle.scenarios import scenario_reward
from ..procedures.common import ProcedureRefused
from ..state import OUT_OF_ACTION
from ..terms import challenge_term
from . import commands as c
from .rules import Decision, entry_dict, name_of, post_of
from .state import STEP_TITLES, STEPS, BandPost, CampaignState, ChallengeEntry
from .summary import battle_summary

XP_BEFORE_CASH_IN = ("challenges", "loot", "injuries")
"""Steps in which the battle's XP is still a count, not yet added to the models (§19)."""
LINK = "campaign"
"""The key of a battle set-up naming the campaign that started it (``view.next_battle_setup``):
{"id": the campaign's id, "title", "battle": its number, "bands": campaign keys of sides A, B}."""


def campaign_link(setup: Any) -> dict[str, Any]:
    """The campaign a battle set-up names ({} for a battle no campaign started)."""
    link = setup.get(LINK) if isinstance(setup, Mapping) else None
    return dict(link) if isinstance(link, Mapping) else {}


def setup_digest(setup: Any) -> str:
    """A short fingerprint of a battle's set-up (the same battle has the same one)."""
    text = json.dumps(setup, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def waiting_for(state: CampaignState, setup: Any, name: str) -> Rejected | None:
    """Why the campaign cannot record this battle (None: it is the one it waits for):
    a battle of another campaign, one recorded already, or one ahead of its turn."""
    link = campaign_link(setup)
    theirs = str(link.get("id") or "")
    if theirs and state.id and theirs != state.id:
        return Rejected(
            f"{name} is a battle of another campaign ('{link.get('title') or theirs}'), "
            f"not of '{state.title or state.id}'",
            kind="malformed",
        )
    try:
        number = int(link["battle"]) if "battle" in link else None
    except (TypeError, ValueError):
        return Rejected(f"{name} names its campaign battle number wrongly ({link.get('battle')!r})", kind="malformed")
    digest = setup_digest(setup)
    for record in state.battles:
        if record.digest == digest or (number is not None and record.number == number):
            return Rejected(
                f"{name} is already recorded in this campaign (battle {record.number}: "
                f"{record.title or record.scenario})",
                "§16",
            )
    expected = len(state.battles) + 1
    if number is not None and number != expected:
        return Rejected(f"{name} is battle {number} of the campaign, which waits for battle {expected}", "§16")
    return None


def _strangers(state: CampaignState, sides: dict[str, str], summary: dict[str, Any]) -> Rejected | None:
    """A model of the battle (Volunteers aside) that is not in its campaign band."""
    for row in summary["models"].values():
        band = state.band(sides[row["side"]])
        if not row.get("volunteer") and not band.has_model(row["id"]):
            return Rejected(
                f"{row['name']} (side {row['side']}) is not a model of {band.name}: this battle "
                "was not fought by the campaign's bands",
                kind="malformed",
            )
    return None


def _sides(state: CampaignState, summary: dict[str, Any], given: dict[str, str]) -> dict[str, str] | Rejected:
    out: dict[str, str] = {}
    for side in ("A", "B"):
        if side in given:
            key = given[side]
        else:
            name = summary["sides"][side]["name"]
            found = [b.key for b in state.bands if b.name == name]
            if not found:
                return Rejected(
                    f"no band of this campaign is called '{name}' (side {side}): name it in sides", kind="malformed"
                )
            key = found[0]
        if not state.has_band(key):
            return Rejected(f"no band '{key}' in this campaign", kind="malformed")
        out[side] = key
    if out["A"] == out["B"]:
        return Rejected("a band cannot fight itself: name two different bands", kind="malformed")
    return out


def _prefill(entry: ChallengeEntry, side: str, summary: dict[str, Any]) -> ChallengeEntry:
    """What the log says about a Challenge (None where the GM has to judge)."""
    from engine.records import changed

    sides, models = summary["sides"], summary["models"]
    other = "B" if side == "A" else "A"
    mine = sides[side]
    target = models.get(f"{other}.{entry.target}", {})
    chosen = models.get(f"{side}.{entry.model}", {})
    met: bool | None = None
    reward: dict[str, Any] = {}
    xp_to = ""
    if entry.key == "extermination":
        met = mine["only_left"]
    elif entry.key == "lesson":
        met = lesson_met(mine["removed"], sides[other]["models_at_start"])
    elif entry.key == "prudence":
        met = prudence_met(mine["lost"])
    elif entry.key == "predator" and chosen:
        kills = len(chosen.get("kills", ()))
        reward = {"kills": kills, "standing": bool(chosen.get("standing"))}
        met = kills > d.PREDATOR_FREE_KILLS and bool(chosen.get("standing"))
        xp_to = entry.model
    elif entry.key in ("get-the-geezer", "bounty-hunters", "exclude-eggheads") and target:
        met = target.get("status") == OUT_OF_ACTION
        by = target.get("by") or ""
        xp_to = by.split(".", 1)[1] if by.startswith(f"{side}.") else ""
    elif entry.key == "hunt" and target and chosen:
        met = target.get("status") == OUT_OF_ACTION and target.get("by") == f"{side}.{entry.model}"
    if entry.model and not xp_to:
        xp_to = entry.model
    return changed(entry, prefill=met, xp_to=xp_to, reward=reward)


def _band_post(
    state: CampaignState, key: str, side: str, summary: dict[str, Any]
) -> tuple[dict[str, Any], list[EventDraft]]:
    band = state.band(key)
    settings = state.settings
    info = summary["sides"][side]
    winner = summary["winner"]
    won = None if winner is None else winner == side
    try:
        tk, rolls = scenario_reward(
            summary["scenario"], won, info["markers"], settings, special_marker=info["special_marker"]
        )
    except ProcedureRefused:  # a battle with no scenario of the book: the markers only
        tk, rolls = (
            0,
            info["markers"] + (int(reading(settings, "special_marker_loot")) if info["special_marker"] else 0),
        )
    challenges = [_prefill(e, side, summary) for e in state.next.challenges_of(key)]
    rows = {r["id"]: r for r in summary["models"].values() if r["side"] == side}
    wounded = [m.id for m in band.roster.models if rows.get(m.id, {}).get("wounded")]
    xp = []
    for m in band.roster.models:
        row = rows.get(m.id)
        if row is None or not gains_xp(m):
            continue
        award = battle_xp(m, kills=row["kill_xp"], markers_carried_off=row["marker_xp"], scenario_xp=row["scenario_xp"])
        if award.terms:
            xp.append([m.id, [[x.label, x.value, x.rule] for x in award.terms]])
    post = {
        "band": key,
        "side": side,
        "step": "challenges" if challenges else "loot",
        "won": won,
        "markers": info["markers"],
        "special_marker": info["special_marker"],
        "scenario_tk": tk,
        "loot_due": rolls,
        "challenges": [entry_dict(e) for e in challenges],
        "wounded": wounded,
        "xp": xp,
        "xp_before": [[m.id, m.xp] for m in band.roster.models],
        "needing_care": wounded,
    }
    drafts = (
        [
            EventDraft(
                "scenario_paid",
                {"band": key, "tk": tk},
                text=f"{band.name}: {tk}tk from the scenario; {plural(rolls, 'loot roll')} due (§23).",
            )
        ]
        if tk
        else []
    )
    return post, drafts + consumables_spent(band, rows)


def consumables_spent(band: Any, rows: Mapping[str, Any]) -> list[EventDraft]:
    """§17.3, §17.6: each model's ammunition and thrown grenades crossed off its roster."""
    from engine.records import changed

    from ..postbattle.consumables import without

    out = []
    for m in band.roster.models:
        spent = rows.get(m.id, {}).get("spent") or []
        if not spent:
            continue
        names = ", ".join(t.ITEMS[i].name if i in t.ITEMS else i for i in spent)
        out.append(
            EventDraft(
                "model_updated",
                {"band": band.key, "model": changed(m, items=without(m.items, spent)).to_dict()},
                text=f"{m.name}: {names} crossed off (used up in the battle, §17.3, §17.6).",
            )
        )
    return out


def start_post_battle(state: CampaignState, cmd: c.StartPostBattle, dice: DiceSource) -> Decision:
    link = campaign_link(cmd.setup)
    name = f"'{cmd.title}'" if cmd.title else "this battle"
    refusal = waiting_for(state, cmd.setup, name)
    if refusal is not None:
        return refusal
    if state.post is not None:
        return Rejected("finish the post-battle sequence under way first", "§16")
    try:
        summary = battle_summary(cmd.setup, cmd.entries, cmd.title)
    except (KeyError, TypeError, ValueError) as err:
        return Rejected(
            f"this is not a Sanctum Mortalis battle log ({err.__class__.__name__}: {err})", kind="malformed"
        )
    if not summary["ended"]:
        return Rejected("the battle has not ended yet: end it first", "§14")
    given = dict(cmd.sides)
    keys = link.get("bands")
    if not given and isinstance(keys, (list, tuple)) and len(keys) == 2:
        given = {"A": str(keys[0]), "B": str(keys[1])}
    sides = _sides(state, summary, given)
    if isinstance(sides, Rejected):
        return sides
    strangers = _strangers(state, sides, summary)
    if strangers is not None:
        return strangers
    posts, paid = [], []
    for side in ("A", "B"):
        post, drafts = _band_post(state, sides[side], side, summary)
        posts.append(post)
        paid += drafts
    winner = summary["winner"]
    number = len(state.battles) + 1
    battle = {
        "number": number,
        "title": cmd.title or summary["title"],
        "scenario": summary["scenario"],
        "bands": [sides["A"], sides["B"]],
        "vp": [summary["sides"]["A"]["vp"], summary["sides"]["B"]["vp"]],
        "winner": sides[winner] if winner else None,
        "ref": cmd.ref,
        "digest": setup_digest(cmd.setup),
        "names": [state.band(sides["A"]).name, state.band(sides["B"]).name],
    }
    head = EventDraft(
        "post_battle_started",
        {"battle": battle, "bands": posts},
        text=f"Battle {number} ({t.scenario_name(summary['scenario'])}): the post-battle sequence starts (§16).",
    )
    return [head, *paid]


def _open_items(state: CampaignState, bp: BandPost) -> str:
    """Why the band's current step cannot end yet ('' when it can)."""
    band = state.band(bp.band)
    if bp.step == "challenges":
        left = [challenge_term(e.key) for e in bp.challenges if e.met is None]
        return f"settle the Challenges first: {', '.join(left)}" if left else ""
    if bp.step == "loot":
        return f"{plural(bp.loot_left, 'loot roll')} still to roll and keep" if bp.loot_left else ""
    if bp.step == "injuries":
        left = [name_of(band, w.model) for w in bp.wounded if not w.resolved]
        return f"injuries still open: {', '.join(left)}" if left else ""
    left = [f"{name_of(band, u.model)} (level {u.level})" for u in bp.level_ups if not u.pick]
    return f"level-ups still to roll and spend: {', '.join(left)}" if left else ""


def end_step(state: CampaignState, cmd: c.EndStep, dice: DiceSource) -> Decision:
    bp = post_of(state, cmd.band)
    if isinstance(bp, Rejected):
        return bp
    if bp.step == "done":
        return Rejected(f"{state.band(bp.band).name} has finished the post-battle sequence", "§16")
    why = _open_items(state, bp)
    if why:
        return Rejected(why, STEP_TITLES[bp.step][1])
    nxt = STEPS[STEPS.index(bp.step) + 1]
    band = state.band(bp.band)
    drafts = [
        EventDraft(
            "step_ended",
            {"band": bp.band, "step": bp.step, "next": nxt},
            text=f"{band.name}: {STEP_TITLES[nxt][0]} ({STEP_TITLES[nxt][1]}).",
        )
    ]
    if nxt == "development":
        drafts += cash_in_xp(state, bp)
    post = state.post  # not None: ``bp`` is one of its bands
    if nxt == "done" and post is not None and all(b.step == "done" or b.band == bp.band for b in post.bands):
        drafts.append(EventDraft("post_battle_closed", {}, text="The post-battle sequence is over (§16)."))
    return drafts


def cash_in_xp(state: CampaignState, bp: BandPost) -> list[EventDraft]:
    """§19: the battle's XP added to each model still in the band, with the levels gained."""
    band = state.band(bp.band)
    out = []
    for model, terms in bp.xp:
        if not band.has_model(model):
            continue
        spec = band.model(model)
        earned = sum(v for _, v, _ in terms)
        if not gains_xp(spec) or earned <= 0:
            continue
        after = add_xp(spec.xp, earned)
        levels = levels_gained(spec.xp, after)
        out.append(
            EventDraft(
                "xp_added",
                {
                    "band": band.key,
                    "model": model,
                    "xp_after": after,
                    "levels": levels,
                    "terms": [list(x) for x in terms],
                },
                text=f"{spec.name}: +{after - spec.xp} XP from the battle ({after} XP)"
                + (f", level {', '.join(map(str, levels))}" if levels else "")
                + " (§19).",
            )
        )
    return out


def settle_challenge(state: CampaignState, cmd: c.SettleChallenge, dice: DiceSource) -> Decision:
    from engine.records import changed

    bp = post_of(state, cmd.band, "challenges")
    if isinstance(bp, Rejected):
        return bp
    entry = bp.challenge(cmd.challenge)
    band = state.band(bp.band)
    if entry is None:
        return Rejected(f"{band.name} did not take the Challenge '{cmd.challenge}'", "§23.7", "malformed")
    if entry.met is not None:
        return Rejected(f"{challenge_term(entry.key)} is already settled (undo to change it)", "§23.7")
    kills = int(entry.reward.get("kills", 0))
    standing = bool(entry.reward.get("standing", False))
    reward = challenge_reward(entry.key, cmd.met, state.settings, kills=kills, standing=standing)
    met = (reward.vp > 0) if entry.key == "predator" else cmd.met
    xp_to = cmd.xp_to or entry.xp_to
    if reward.xp:
        if not xp_to:
            return Rejected(
                f"name the model that gets the XP of {challenge_term(entry.key)} ({d.CHALLENGE_REWARDS[entry.key][3]})",
                "§23.7",
                "ambiguous",
            )
        if not band.has_model(xp_to):
            return Rejected(f"{band.name} has no model '{xp_to}'", kind="malformed")
        spec = band.model(xp_to)
        if not gains_xp(spec):
            return Rejected(f"{spec.name} gains no XP (§19.1)", "§19.1")
        if "Specialist" in d.CHALLENGE_REWARDS[entry.key][3] and not spec.specialist:
            return Rejected(f"the XP of {challenge_term(entry.key)} goes to a Specialist", "§23.7")
    done = changed(
        entry,
        met=met,
        xp_to=xp_to if reward.xp else "",
        reward={"vp": reward.vp, "xp": reward.xp, "technologies": reward.technologies, "loot_rolls": reward.loot_rolls},
    )
    name = challenge_term(entry.key)
    text = (
        f"{band.name}: {name} met: {reward.vp} VP, {reward.xp} XP"
        + (f" to {band.model(xp_to).name}" if reward.xp else "")
        + f", {plural(reward.loot_rolls, 'extra loot roll')}"
        if met
        else f"{band.name}: {name} not met"
    )
    return [
        EventDraft(
            "challenge_settled",
            {"band": bp.band, "entry": entry_dict(done), "label": f"Challenge {name}"},
            text=text + " (§23.7).",
        )
    ]


def set_wounded(state: CampaignState, cmd: c.SetWounded, dice: DiceSource) -> Decision:
    bp = post_of(state, cmd.band, "challenges", "loot", "injuries")
    if isinstance(bp, Rejected):
        return bp
    band = state.band(bp.band)
    if not band.has_model(cmd.model):
        return Rejected(f"{band.name} has no model '{cmd.model}'", kind="malformed")
    w = bp.wound(cmd.model)
    name = band.model(cmd.model).name
    if cmd.wounded == (w is not None):
        return Rejected(f"{name} is {'already' if w else 'not'} on the injury list", "§18.1")
    if w is not None and w.case is not None:
        return Rejected(f"{name} has rolled for injuries already (undo the roll first)", "§18.1")
    return [
        EventDraft(
            "wounded_set",
            {"band": bp.band, "model": cmd.model, "wounded": cmd.wounded},
            text=f"{name} {'rolls' if cmd.wounded else 'does not roll'} for injuries (GM, §18.1).",
        )
    ]


def adjust_xp(state: CampaignState, cmd: c.AdjustXp, dice: DiceSource) -> Decision:
    bp = post_of(state, cmd.band, *XP_BEFORE_CASH_IN)
    if isinstance(bp, Rejected):
        return bp
    band = state.band(bp.band)
    if not band.has_model(cmd.model):
        return Rejected(f"{band.name} has no model '{cmd.model}'", kind="malformed")
    spec = band.model(cmd.model)
    if not gains_xp(spec):
        return Rejected(f"{spec.name} gains no XP", "§19.1")
    counted = sum(v for _, v, _ in bp.xp_terms(cmd.model))
    if cmd.xp == 0 or counted + cmd.xp < 0:
        return Rejected(
            f"{spec.name} has {counted} XP counted from the battle: cannot add {cmd.xp}", "§19.1", "malformed"
        )
    return [
        EventDraft(
            "xp_adjusted",
            {"band": bp.band, "model": cmd.model, "xp": cmd.xp, "reason": cmd.reason, "rule": "§19.1"},
            text=f"{spec.name}: {cmd.xp:+d} XP ({cmd.reason}).",
        )
    ]


__all__ = [
    "LINK",
    "adjust_xp",
    "campaign_link",
    "cash_in_xp",
    "end_step",
    "set_wounded",
    "settle_challenge",
    "setup_digest",
    "start_post_battle",
    "waiting_for",
]

"""Answering a power-point offer (§7.2): the players accept (pay, with Exhaustion if
short) or decline, and what the offer was about goes on.

| kind | accept | decline |
|---|---|---|
| pass | 2 PP, the test counts as passed | the failure stands |
| hero-skill | 2 PP, passed | the mandatory 1 PP; the skill happens either way |
| ignore-shaken | 2 PP, not Shaken | Shaken |
| cast | 2 × value PP, the spell is cast | not cast |
| stop-fall | 2 PP, stops 1" from the edge; activation ends | the fall |
| jump | 2 PP per failed test, the jump succeeds | the fall (stop-fall offered) |
"""

from __future__ import annotations

from typing import Sequence

from engine.dice import DiceSource
from engine.events import EventDraft
from engine.ruleset import Rejected

from .commands import AnswerOffer
from .effects import fall_drafts, on_fail, on_pass
from .evolve import preview
from .flow import continue_after
from .morale import shaken_draft
from .power import spend_drafts
from .spells import effect_drafts
from .state import BattleState

Decision = Rejected | Sequence[EventDraft]


AFTER_ROLL = frozenset({"pass", "hero-skill", "ignore-shaken", "cast", "jump"})
"""Offers made right after a failed roll of the hero's (a test, a morale test, a casting
roll, a jump test): their answer belongs to that roll."""


def answer_offer(state: BattleState, cmd: AnswerOffer, dice: DiceSource) -> Decision:
    o = state.offer
    if o is None:
        return Rejected("no power-point offer is open", "§7.2")
    u = state.unit(o.unit)
    word = "accepts" if cmd.accept else "declines"
    drafts = [
        EventDraft(
            "offer_answered",
            # after_roll: the answer changes what the hero's last roll means (the report shows it there)
            {"kind": o.kind, "unit": u.id, "accept": cmd.accept, "cost": o.cost, "after_roll": o.kind in AFTER_ROLL},
            actor=u.id,
            text=f"{u.name} {word}: {o.text}.",
        )
    ]
    s = preview(state, drafts)
    d = dict(o.detail)
    purpose = d.get("purpose", "")
    if cmd.accept:
        drafts += spend_drafts(s, u.id, o.cost, _reason(o.kind, purpose))
        s = preview(state, drafts)
        if o.kind in ("pass", "hero-skill", "jump"):
            drafts += on_pass(s, u.id, purpose or "jump", d, dice, d.get("d3"))
        elif o.kind == "cast":
            drafts.append(
                EventDraft(
                    "note",
                    {"unit": u.id, "spell": d["spell"], "cast": True},
                    actor=u.id,
                    text=f"{d['spell']} counts as cast.",
                )
            )
            spell = u.spec.spell(d["spell"])
            if spell is not None:
                drafts += effect_drafts(preview(state, drafts), u.id, spell, d.get("target"))
        elif o.kind == "stop-fall":
            drafts.append(
                EventDraft(
                    "activation_over",
                    {"unit": u.id, "reason": "stopped at the edge"},
                    actor=u.id,
                    text=f'{u.name} stops 1" from the edge; its activation ends (§15.2).',
                )
            )
    else:
        if o.kind in ("pass", "hero-skill"):
            drafts += on_fail(s, u.id, purpose, d, dice)
        elif o.kind == "ignore-shaken":
            drafts.append(shaken_draft(u))
        elif o.kind == "jump":
            drafts += fall_drafts(s, u.id, d["fall_height"])
        elif o.kind == "stop-fall":
            drafts += fall_drafts(s, u.id, d["height"], may_stop=False)
        elif o.kind == "cast":
            drafts.append(
                EventDraft(
                    "note",
                    {"unit": u.id, "spell": d["spell"], "cast": False},
                    actor=u.id,
                    text=f"{d['spell']} is not cast.",
                )
            )
    return drafts + continue_after(preview(state, drafts))


def _reason(kind: str, purpose: str) -> str:
    return {
        "pass": f"a passed test ({purpose}, §4.3)",
        "hero-skill": "a passed hero-skill test (§4.3)",
        "ignore-shaken": "ignoring Shaken (§12.2)",
        "cast": "a failed cast counted as cast (§17 Caster)",
        "stop-fall": 'stopping 1" from the edge (§15.2)',
        "jump": "passing the failed jump tests (§4.3)",
    }[kind]

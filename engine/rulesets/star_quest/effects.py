"""Tests with consequences: roll a stat test, and on a pass or a fail do what the rule
says; a hero who fails a Str/Dex/Wil test is offered the 2-PP pass first (§4.3).

``purpose`` names what the test was for: discover, push, scurry, hero-skill, status,
jump. Falls (§15.2) live here too, because a failed jump ends in one.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Mapping

from engine.dice import DiceSource
from engine.events import EventDraft
from engine.formatting import possessive
from engine.rolls import Modifier

from . import tables as t
from .evolve import preview
from .power import hurt_drafts, spend_drafts
from .settings import scale_factor
from .stat_test import IMPAIRED_MOD, Test, roll_d3, spell_modifiers, stat_base
from .state import BattleState


def stat_test(
    state: BattleState, unit_id: str, stat: str, title: str, target: int | None = None, strider: bool = False
) -> Test:
    """A Str/Dex/Wil (or Quality/Defense) test of ``unit_id``; ``target``: the GM's number
    when the roster has none [SQ-M6]; ``strider``: a jump test passes on 2+."""
    u = state.unit(unit_id)
    value = u.spec.stat(stat) if target is None else target
    if value is None:
        raise ValueError(f"{u.name} has no {t.STAT_NAMES[stat]} in the roster: the GM gives the target [SQ-M6]")
    base = (
        stat_base(u.name, stat, value)
        if target is None
        else Modifier(f"{possessive(u.name)} {t.STAT_NAMES[stat]} (the GM's number, [SQ-M6])", value, "§4.1")
    )
    if strider:
        base = Modifier("Strider: jump tests pass on", t.STRIDER_JUMP_ON, "§17 Strider")
    mods = ((IMPAIRED_MOD,) if t.IMPAIRED in u.statuses else ()) + spell_modifiers(u.spell_mods, stat)
    return Test(f"sq.{stat}", f"{u.name}: {title}", base, mods)


def offer_draft(
    state: BattleState, unit_id: str, kind: str, cost: int, text: str, detail: Mapping[str, Any]
) -> EventDraft:
    u = state.unit(unit_id)
    return EventDraft(
        "offer_made",
        {"kind": kind, "unit": unit_id, "cost": cost, "text": f"{text} (has {u.pp} PP)", "detail": dict(detail)},
        actor=unit_id,
        text=f"{text}.",
    )


def test_then(
    state: BattleState,
    unit_id: str,
    test: Test,
    stat: str,
    purpose: str,
    detail: Mapping[str, Any],
    faces: tuple[int, ...],
    dice: DiceSource,
    d3: int | None = None,
) -> list[EventDraft]:
    """Record the test; then its effect, a failure, or the 2-PP offer (§4.3)."""
    u = state.unit(unit_id)
    record = test.record(faces[:1])
    drafts = [
        EventDraft(
            "test_rolled",
            {"unit": unit_id, "purpose": purpose, "detail": dict(detail), "roll": record.to_dict()},
            actor=unit_id,
            text=f"{test.title}: {faces[0]} against {test.against}: {record.outcome}.",
        )
    ]
    after = preview(state, drafts)
    if record.success:
        return drafts + on_pass(after, unit_id, purpose, detail, dice, d3)
    if u.hero and stat in t.HERO_STATS:
        if purpose == "hero-skill":
            text = (
                f"{u.name} failed: pay {t.BUY_PASS_COST} PP to pass, or the mandatory "
                f"{t.HERO_SKILL_FAIL_COST} PP (the skill happens either way, §13.2)"
            )
        else:
            text = f"{u.name} may pay {t.BUY_PASS_COST} PP to count the failed {t.STAT_NAMES[stat]} test as passed"
        kind = "hero-skill" if purpose == "hero-skill" else "pass"
        return drafts + [
            offer_draft(after, unit_id, kind, t.BUY_PASS_COST, text, {"purpose": purpose, **detail, "d3": d3})
        ]
    return drafts + on_fail(after, unit_id, purpose, detail, dice)


def on_pass(
    state: BattleState, unit_id: str, purpose: str, detail: Mapping[str, Any], dice: DiceSource, d3: int | None = None
) -> list[EventDraft]:
    u = state.unit(unit_id)
    if purpose == "scurry":
        roll = roll_d3(state.settings, d3, dice, "the Scurry distance")
        dist = roll["d3"] * scale_factor(state.settings)
        return [
            EventDraft(
                "note",
                {"unit": unit_id, "scurry": float(dist), "d3": roll},
                actor=unit_id,
                text=f'Scurry: D3 = {roll["d3"]} → {u.name} moves up to {float(dist):g}" (§13.1).',
            )
        ]
    if purpose == "push":
        tgt = state.unit(detail["target"])
        return [
            EventDraft(
                "unit_pushed",
                {"unit": unit_id, "pushed": tgt.id},
                actor=unit_id,
                text=f'{tgt.name} is pushed {t.PUSH_DISTANCE}" directly away (§13.1); from 2" or '
                "higher it falls (§15.2).",
            )
        ]
    if purpose == "discover":
        return [reveal_draft(state, unit_id, detail["token"])]
    if purpose == "hero-skill":
        return [
            EventDraft(
                "note",
                {"unit": unit_id, "skill": detail["skill"]},
                actor=unit_id,
                text=f"{detail['skill']} takes effect: {detail.get('effect') or 'the GM resolves it'} [SQ-M4].",
            )
        ]
    if purpose == "status":
        s = detail["status"]
        return [
            EventDraft(
                "status_removed",
                {"unit": unit_id, "status": s},
                actor=unit_id,
                text=f"{u.name} is no longer {t.STATUS_NAMES[s]} (§18).",
            )
        ]
    if purpose == "jump":
        return [
            EventDraft(
                "note",
                {"unit": unit_id, "jump": detail["distance"]},
                actor=unit_id,
                text=f'{u.name} jumps {detail["distance"]:g}" without counting it against its move (§15.1).',
            )
        ]
    return []


def on_fail(
    state: BattleState, unit_id: str, purpose: str, detail: Mapping[str, Any], dice: DiceSource
) -> list[EventDraft]:
    u = state.unit(unit_id)
    if purpose == "status":
        s = detail["status"]
        drafts = [
            EventDraft(
                "status_checked",
                {"unit": unit_id, "status": s},
                actor=unit_id,
                text=f"{u.name} stays {t.STATUS_NAMES[s]} (§18).",
            )
        ]
        if s == t.AFFLICTED:
            drafts += hurt_drafts(preview(state, drafts), unit_id, t.AFFLICTED_WOUNDS, "Afflicted", "§18")
        return drafts
    if purpose == "hero-skill":
        drafts = spend_drafts(state, unit_id, t.HERO_SKILL_FAIL_COST, f"the failed {detail['skill']} test (§13.2)")
        return drafts + on_pass(preview(state, drafts), unit_id, purpose, detail, dice)
    if purpose == "jump":
        return fall_drafts(state, unit_id, detail["fall_height"])
    return [
        EventDraft(
            "note",
            {"unit": unit_id, "failed": purpose},
            actor=unit_id,
            text=f"{possessive(u.name)} {purpose} fails: no effect.",
        )
    ]


def reveal_draft(state: BattleState, unit_id: str, token: str) -> EventDraft:
    contents = dict(state.mission.search_tokens).get(token, "")
    return EventDraft(
        "token_revealed",
        {"unit": unit_id, "token": token, "contents": contents},
        actor=unit_id,
        text=f"Search token '{token}' revealed: {contents or 'contents not in the mission file'} [SQ-M1].",
    )


def fall_ap(state: BattleState, height: float) -> int | None:
    """§15.2: None below 2" (no effect), else AP 1 per full 3" (thresholds scaled [SQ-A1])."""
    f = scale_factor(state.settings, threshold=True)
    h = Fraction(height).limit_denominator(100)
    if h < t.FALL_MIN * f:
        return None
    return int(h // (t.FALL_AP_STEP * f))


def fall_drafts(state: BattleState, unit_id: str, height: float, may_stop: bool = True) -> list[EventDraft]:
    """A model of ``unit_id`` falls (§15.2)."""
    u = state.unit(unit_id)
    ap = fall_ap(state, height)
    if ap is None:
        return [
            EventDraft(
                "note",
                {"unit": unit_id, "fall": height},
                actor=unit_id,
                text=f'{u.name} falls {height:g}": less than 2", no effect (§15.2).',
            )
        ]
    drafts: list[EventDraft] = []
    if state.activation and state.activation.unit == unit_id:
        drafts.append(
            EventDraft(
                "activation_over",
                {"unit": unit_id, "reason": "fall"},
                actor=unit_id,
                text=f"{possessive(u.name)} activation ends at once (§15.2).",
            )
        )
    if not u.hero and u.models > 1:
        return drafts + [
            EventDraft(
                "model_killed",
                {"unit": unit_id, "cause": "fall"},
                actor=unit_id,
                text=f'A model of {u.name} falls {height:g}" and is killed ({u.models - 1} left, §15.2).',
            )
        ]
    if u.hero and may_stop:
        return [
            offer_draft(
                state,
                unit_id,
                "stop-fall",
                t.STOP_FALL_COST,
                f'{u.name} would fall {height:g}": pay {t.STOP_FALL_COST} PP to stop 1" from the edge',
                {"height": height},
            )
        ]
    payload = {
        "attacker": unit_id,
        "target": unit_id,
        "weapon": "fall",
        "kind": "fall",
        "attacks": 0,
        "stage": "blocks",
        "groups": [[unit_id, 1, 0]],
        "fall_ap": ap,
    }
    return drafts + [
        EventDraft(
            "attack_started",
            payload,
            actor=unit_id,
            text=f'{u.name} falls {height:g}": 1 hit AP({ap}), placed 2" from the bottom (§15.2). Defense roll next.',
        )
    ]

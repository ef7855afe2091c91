"""Power points (§7) and wounds (§10): spending with Exhaustion and Diseased, Rest, and the
wound events with what they did (killed, unconscious).

Spending or losing more PP than the hero has is Exhaustion: wounds instead, as many as
the power — [SQ-A7] Reading 1 (whole cost, pool untouched) or Reading 2 (pool to 0,
shortfall as wounds). A Diseased hero takes 1 wound per PP taken from the pool [SQ-A8].
Whatever was paid for still happens.
"""

from __future__ import annotations

from engine.events import EventDraft

from . import tables as t
from .evolve import preview
from .state import BattleState


def wound_drafts(
    state: BattleState, unit_id: str, amount: int, cause: str, rule: str = "§10", deadly: bool = False
) -> list[EventDraft]:
    """One ``wounds_taken`` event, its text saying what the wounds did."""
    if amount <= 0:
        return []
    u = state.unit(unit_id)
    payload = {"unit": u.id, "amount": amount, "cause": cause, "rule": rule, "deadly": deadly}
    after = preview(state, [EventDraft("wounds_taken", payload)]).unit(u.id)
    if u.hero:
        what = f"{after.wounds[0]}/{u.spec.tough} wounds" + (
            " — unconscious (§10)" if after.unconscious and not u.unconscious else ""
        )
    else:
        lost, tough = u.models - after.models, u.spec.tough
        what = (f"{lost} model{'s' * (lost != 1)} killed, " if lost else "") + (
            f"{after.models} left" if after.models else "the unit is destroyed"
        )
        if after.models and tough > 1 and after.wounds[0]:  # the wounded model's wounds, as the pane shows them
            hurt = f"{after.wounds[0]}/{tough} wounds, {tough - after.wounds[0]} left"
            what = hurt if u.spec.models == 1 else f"{what}; the wounded model has {hurt}"
    drafts = [
        EventDraft(
            "wounds_taken",
            {**payload, "killed": u.models - after.models, "unconscious": after.unconscious and not u.unconscious},
            actor=u.id,
            text=f"{u.name} takes {amount} wound{'s' * (amount != 1)} ({cause}, {rule}): {what}.",
        )
    ]
    if u.hero and after.unconscious and not u.unconscious:
        state2 = preview(state, drafts)
        if not state2.conscious_heroes():
            said = state.mission.all_unconscious or "not in the mission file"
            drafts.append(
                EventDraft(
                    "note",
                    {"warning": "no conscious hero", "ref": "SQ-M8"},
                    text=f"Warning: no conscious hero is left [SQ-M8]; the mission says: {said}.",
                )
            )
    return drafts


def hurt_drafts(state: BattleState, unit_id: str, amount: int, cause: str, rule: str) -> list[EventDraft]:
    """Wounds from outside an attack (dangerous terrain, Afflicted, a Tough 9+ unit's failed
    morale, a spell's wounds). Regeneration applies to wounds from any source (§17, the
    digest's note): a unit with it first rolls a die per wound (5+ ignores it) through the
    attack's Regeneration stage, typed dice and odds as for a hit. With an attack already
    open, this one waits in ``BattleState.queued`` and opens when that one is resolved."""
    u = state.unit(unit_id)
    if amount <= 0 or not u.spec.has("Regeneration") or not u.alive:
        return wound_drafts(state, unit_id, amount, cause, rule)
    payload = {
        "attacker": unit_id,
        "target": unit_id,
        "weapon": cause,
        "kind": "wounds",
        "attacks": 0,
        "stage": "regeneration",
        "groups": [[unit_id, amount, 0]],
        "wounds": amount,
    }
    text = (
        f"{u.name}: {amount} wound{'s' * (amount != 1)} from {cause} ({rule}) — Regeneration rolls first "
        f"(5+ ignores each, §17 Regeneration)."
    )
    return [EventDraft("attack_started", payload, actor=unit_id, text=text)]


def spend_drafts(state: BattleState, hero_id: str, amount: int, reason: str, lose: bool = False) -> list[EventDraft]:
    """Pay (or lose) ``amount`` PP, with Exhaustion and Diseased (§7.3, §18)."""
    u = state.unit(hero_id)
    verb = "loses" if lose else "spends"
    if amount <= 0:
        return []
    if amount <= u.pp:
        taken, wounds, how = amount, 0, ""
    elif state.setting("exhaustion") == "shortfall":
        taken, wounds, how = u.pp, amount - u.pp, "Exhaustion, shortfall as wounds [SQ-A7 Reading 2]"
    else:
        taken, wounds, how = 0, amount, "Exhaustion, the whole cost as wounds [SQ-A7 Reading 1]"
    drafts = [
        EventDraft(
            "power_spent",
            {"unit": u.id, "amount": amount, "taken": taken, "reason": reason, "lose": lose, "exhaustion": wounds},
            actor=u.id,
            text=f"{u.name} {verb} {amount} PP for {reason}: "
            + (
                f"{u.pp} → {u.pp - taken} PP."
                if not wounds
                else f"has {u.pp}; {how}: {wounds} wound{'s' * (wounds != 1)}, {u.pp - taken} PP left."
            ),
        )
    ]
    if wounds:
        drafts += hurt_drafts(preview(state, drafts), u.id, wounds, "Exhaustion", "§7.3")
    if t.DISEASED in u.statuses:
        sick = amount if state.setting("diseased_exhaustion") == "cost" else taken
        drafts += hurt_drafts(preview(state, drafts), u.id, sick, "Diseased: 1 wound per PP spent", "§18 [SQ-A8]")
    return drafts


def rest_drafts(state: BattleState, hero_id: str) -> list[EventDraft]:
    u = state.unit(hero_id)
    return [
        EventDraft(
            "power_restored",
            {"unit": u.id, "to": u.spec.power_max},
            actor=u.id,
            text=f"{u.name} rests: {u.pp} → {u.spec.power_max} PP (§6.1 Rest).",
        )
    ]


def spend_warning(state: BattleState, hero_id: str, amount: int) -> str:
    """What paying ``amount`` PP does beyond the PP (a dry run of ``spend_drafts``): the
    wounds of Exhaustion or Diseased and whether the hero falls unconscious; "" if none."""
    u = state.unit(hero_id)
    drafts = spend_drafts(state, hero_id, amount, "")
    after = preview(state, drafts).unit(hero_id)
    wounds = sum(d.payload["amount"] for d in drafts if d.kind == "wounds_taken")
    if not wounds:
        return ""
    why = []
    if amount > u.pp:
        why.append(f"has {u.pp} PP: paying {amount} is Exhaustion (§7.3)")
    if t.DISEASED in u.statuses:
        why.append("Diseased: 1 wound per PP spent (§18)")
    knocked = " and falls unconscious (§10)" if after.unconscious and not u.unconscious else ""
    return (
        f"{u.name} {'; '.join(why)} — takes {wounds} wound{'s' * (wounds != 1)}"
        f" ({after.wounds[0]}/{u.spec.tough}){knocked}, {after.pp} PP left"
    )

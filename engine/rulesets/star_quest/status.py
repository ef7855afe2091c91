"""Status conditions (§18) at the start of an activation, and the GM's generic commands
for what the source names but does not say how it happens [SQ-M7]: losing power,
gaining or losing a status, wounds from a mission or spell effect.

| condition | start of activation | while it lasts |
|---|---|---|
| Afflicted | Str test: pass removes; fail 1 wound | — |
| Crippled | Dex test: pass removes | moves halved |
| Diseased | Wil test: pass removes | 1 wound per PP spent |
| Impaired | pay D3 PP to remove (AI: [SQ-A30]) | −1 to all stat rolls |
"""

from __future__ import annotations

from typing import Sequence

from engine.dice import DiceEntryError, DiceSource
from engine.events import EventDraft
from engine.ruleset import Rejected

from . import tables as t
from .commands import AdjustWounds, ApplyStatus, LosePower, ResolveStatus
from .effects import stat_test, test_then
from .evolve import preview
from .flow import continue_after
from .power import spend_drafts, wound_drafts
from .stat_test import faces_for, none_left, roll_d3
from .state import BattleState

Decision = Rejected | Sequence[EventDraft]


def _after(state: BattleState, drafts: list[EventDraft]) -> list[EventDraft]:
    from .ai_chart import advance

    s = preview(state, drafts)
    return drafts + (advance(s) if s.ai and not s.offer else [])


def resolve_status(state: BattleState, cmd: ResolveStatus, dice: DiceSource) -> Decision:
    act = state.activation
    if act is None or cmd.status not in act.statuses:
        return Rejected(f"no {cmd.status} condition waits to be resolved now", "§18")
    if state.busy and state.busy != "ai":
        return Rejected(f"answer the open {state.busy} first", "§18")
    u = state.unit(act.unit)
    name = t.STATUS_NAMES[cmd.status]
    if cmd.status == t.IMPAIRED:
        removed = EventDraft(
            "status_removed",
            {"unit": u.id, "status": cmd.status},
            actor=u.id,
            text=f"{u.name} is no longer Impaired (§18).",
        )
        kept = EventDraft(
            "status_checked",
            {"unit": u.id, "status": cmd.status},
            actor=u.id,
            text=f"{u.name} stays Impaired: −1 to all stat rolls (§18).",
        )
        if not u.hero:
            mode = state.setting("ai_impaired")
            if mode == "auto" or (mode == "gm" and cmd.pay):
                return _after(state, [removed])
            why = "AI models cannot remove Impaired [SQ-A30]" if mode == "cannot" else "the GM keeps it [SQ-A30]"
            return _after(state, [EventDraft(kept.kind, kept.payload, actor=u.id, text=f"{kept.text[:-1]}; {why}.")])
        if not cmd.pay:
            return _after(state, [kept])
        if cmd.faces is not None and not cmd.faces:
            raise DiceEntryError("the Impaired D3: type its die")
        none_left(list(cmd.faces[1:]) if cmd.faces else None, "removing Impaired rolls one D3")
        d3 = roll_d3(state.settings, cmd.faces[0] if cmd.faces else None, dice, "the Impaired D3")
        drafts = [
            EventDraft(
                "note", {"unit": u.id, "d3": d3}, actor=u.id, text=f"Impaired: D3 = {d3['d3']} PP to remove it (§18)."
            )
        ]
        drafts += spend_drafts(preview(state, drafts), u.id, d3["d3"], "removing Impaired (§18)")
        return _after(state, drafts + [removed])
    stat = t.STATUS_TEST[cmd.status]
    if u.spec.stat(stat) is None and cmd.target is None:
        return Rejected(
            f"{u.name} has no {t.STAT_NAMES[stat]} in the roster: give the target number [SQ-M6]", "§18", "ambiguous"
        )
    if cmd.target is not None and not 2 <= cmd.target <= 6:
        return Rejected("a target is 2+ to 6+", kind="malformed")
    test = stat_test(
        state,
        u.id,
        stat,
        f"{name} ({t.STAT_NAMES[stat]} test to remove it)",
        cmd.target if u.spec.stat(stat) is None else None,
    )
    faces = faces_for(cmd.faces, 1, dice, f"the {name} test")
    return _after(state, test_then(state, u.id, test, stat, "status", {"status": cmd.status}, faces, dice))


def lose_power(state: BattleState, cmd: LosePower, dice: DiceSource) -> Decision:
    if not state.has_unit(cmd.hero) or not state.unit(cmd.hero).hero:
        return Rejected(f"no hero '{cmd.hero}'", kind="malformed")
    if cmd.amount <= 0:
        return Rejected("the amount lost must be at least 1", kind="malformed")
    if state.offer or state.attack:
        return Rejected(f"answer the open {state.busy} first", "§7")
    return spend_drafts(state, cmd.hero, cmd.amount, cmd.reason or "a GM ruling [SQ-M7]", lose=True)


def apply_status(state: BattleState, cmd: ApplyStatus, dice: DiceSource) -> Decision:
    if not state.has_unit(cmd.unit):
        return Rejected(f"no unit '{cmd.unit}'", kind="malformed")
    if cmd.status not in t.STATUSES:
        return Rejected(f"unknown status '{cmd.status}' (one of: {', '.join(t.STATUSES)})", kind="malformed")
    u = state.unit(cmd.unit)
    has = cmd.status in u.statuses
    if has != cmd.remove:
        return Rejected(f"{u.name} is {'not ' if cmd.remove else 'already '}{t.STATUS_NAMES[cmd.status]}")
    kind = "status_removed" if cmd.remove else "status_applied"
    return [
        EventDraft(
            kind,
            {"unit": u.id, "status": cmd.status, "gm": True},
            actor=u.id,
            text=f"GM: {u.name} {'loses' if cmd.remove else 'gains'} {t.STATUS_NAMES[cmd.status]} [SQ-M7].",
        )
    ]


def adjust_wounds(state: BattleState, cmd: AdjustWounds, dice: DiceSource) -> Decision:
    if not state.has_unit(cmd.unit):
        return Rejected(f"no unit '{cmd.unit}'", kind="malformed")
    if cmd.amount <= 0:
        return Rejected("give at least 1 wound", kind="malformed")
    if state.offer or state.attack or not state.unit(cmd.unit).alive:
        return Rejected("not now", "§10")
    drafts = wound_drafts(state, cmd.unit, cmd.amount, cmd.reason or "a GM ruling", "§10")
    if state.activation is None and not state.morale:
        drafts += _morale_between_activations(state, cmd.unit, drafts)
    return drafts + continue_after(preview(state, drafts))


def _morale_between_activations(state: BattleState, unit_id: str, drafts: list[EventDraft]) -> list[EventDraft]:
    """Wounds the GM adds while no unit activates: the morale check of §12.1 at once for
    that unit, counting only these wounds as taken now (no activation will end for them)."""
    from engine.records import changed

    from .morale import must_test

    before = state.unit(unit_id)
    after = preview(state, drafts).unit(unit_id)
    counted = changed(after, took=after.took - before.took, loss_before=before.loss if before.alive else before.start)
    if not counted.took or not must_test(state, counted):
        return []
    return [
        EventDraft(
            "morale_queued",
            {"units": [unit_id]},
            actor=unit_id,
            text=f"Morale test for {before.name}: wounds added between activations (§12.1).",
        )
    ]

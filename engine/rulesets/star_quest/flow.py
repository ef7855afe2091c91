"""The end of an activation (§5): morale checks for every unit that qualifies, then
fatigue for the charger and the units that struck back (§11.3), Shaken removed after a
recovery activation (§12.3), and the phase moving on when every unit has acted.

Handlers call ``continue_after`` once their own events are decided: it closes the
activation as soon as nothing (offer, morale test) is waiting any more.
"""

from __future__ import annotations

from typing import Sequence

from engine.dice import DiceSource
from engine.events import EventDraft
from engine.formatting import possessive
from engine.records import changed
from engine.ruleset import Rejected

from . import tables as t
from .commands import EndActivation
from .evolve import preview
from .morale import checks
from .stat_test import TypedOnly
from .state import BattleState

Decision = Rejected | Sequence[EventDraft]
OPEN_NAMES = {"offer": "power-point offer", "ai": "AI flow-chart question", "morale": "morale test"}
"""What is open (``BattleState.busy``), as the GM's question names it."""


def heroes_to_activate(state: BattleState) -> tuple[str, ...]:
    """Heroes still to act this round (an unconscious hero stays idle, §10)."""
    idle_revived = state.setting("revived_activation") == "idle"
    return tuple(
        u.id
        for u in state.heroes()
        if u.alive
        and u.on_table
        and not u.activated
        and not u.unconscious
        and not (idle_revived and u.revived_round == state.round)
    )


def ai_to_activate(state: BattleState) -> tuple[str, ...]:
    return tuple(u.id for u in state.enemies() if u.alive and u.on_table and not u.activated)


def end_activation(state: BattleState, cmd: EndActivation, dice: DiceSource) -> Decision:
    act = state.activation
    if act is None:
        return Rejected("no activation is open", "§5")
    if act.ending:
        return Rejected("the activation is already ending: answer the morale tests", "§12")
    if state.busy or state.melee:  # the GM is asked; "anyway" cancels it
        from .corrections import CORRECTIONS

        is_open = OPEN_NAMES.get(state.busy, state.busy or "melee")
        return CORRECTIONS.end_anyway(
            state,
            cmd.force,
            changed(cmd, force=True),
            "end the activation",
            is_open,
            "§5",
            lambda s: end_activation(s, cmd, dice),
            preview,
        )
    if act.statuses and not knocked_out(state):
        return Rejected("resolve the status conditions first", "§18")
    if state.ai and act.ai_action is None and not act.shaken_recovery:
        return Rejected("choose the AI unit's action first (take or override the chart's proposal)", "§16.2")
    drafts = [
        EventDraft(
            "activation_ending",
            {"unit": act.unit},
            actor=act.unit,
            text=f"{state.unit(act.unit).name} ends its activation: morale checks and fatigue (§5).",
        )
    ]
    queue = checks(state)
    if queue:
        names = ", ".join(state.unit(u).name for u in queue)
        drafts.append(
            EventDraft(
                "morale_queued",
                {"units": queue},
                actor=act.unit,
                text=f"Morale tests at the end of the activation: {names} (§12.1).",
            )
        )
    return drafts + continue_after(preview(state, drafts))


def knocked_out(state: BattleState) -> bool:
    """The hero whose activation is open is unconscious: it stays idle (§10)."""
    act = state.activation
    return act is not None and act.side == t.HEROES and state.unit(act.unit).unconscious


def unconscious_over(state: BattleState, hero: str) -> EventDraft:
    """The knocked-out hero's activation is over (§10): ``activation_over``, reason "unconscious"."""
    u = state.unit(hero)
    return EventDraft(
        "activation_over",
        {"unit": u.id, "reason": "unconscious"},
        actor=u.id,
        text=f"{u.name} is unconscious: it stays idle until revived, so its activation is over (§10).",
    )


def unconscious_end(before: BattleState, after: BattleState) -> list[EventDraft]:
    """A hero that falls unconscious in its own activation stays idle until revived (§10):
    its activation is over at once (``activation_over``, reason "unconscious"), and it ends
    (morale checks, fatigue, the phase moving on) as soon as nothing is open — a roll, an
    offer, a melee still to finish. A hero the GM marked unconscious by a correction is
    left to the GM."""
    act = after.activation
    if act is None or act.ending or not knocked_out(after):
        return []
    drafts: list[EventDraft] = []
    if not act.over:
        if before.activation is not None and before.activation.unit == act.unit and knocked_out(before):
            return []  # unconscious already before this command (a GM correction): the GM ends it
        drafts.append(unconscious_over(after, act.unit))
        after = preview(after, drafts)
    if after.busy or after.melee:
        return drafts  # it ends once the open roll, offer or melee is finished
    ended = end_activation(after, EndActivation(), TypedOnly())  # it rolls nothing: morale is rolled apart
    return drafts + list(ended) if not isinstance(ended, Rejected) else drafts


def continue_after(state: BattleState) -> list[EventDraft]:
    """Close the ending activation once no offer, morale test or roll (a failed test's
    wounds waiting for Regeneration) is waiting."""
    act = state.activation
    if act is None or not act.ending or state.offer or state.morale or state.attack:
        return []
    u = state.unit(act.unit)
    drafts: list[EventDraft] = []
    tired = [
        x
        for x in ((act.unit,) if act.charged else ()) + act.counter_attackers
        if state.has_unit(x) and state.unit(x).alive and not state.unit(x).fatigued
    ]
    if tired:
        names = ", ".join(state.unit(x).name for x in tired)
        drafts.append(
            EventDraft(
                "fatigued",
                {"units": tired},
                actor=act.unit,
                text=f"Fatigued until the end of the round: {names} — melee hits only on a natural "
                "6, no Impact dice (§11.3).",
            )
        )
    if act.shaken_recovery and u.shaken:
        drafts.append(
            EventDraft(
                "shaken_removed",
                {"unit": u.id},
                actor=u.id,
                text=f"{u.name} spent its whole activation: no longer Shaken (§12.3).",
            )
        )
    drafts.append(
        EventDraft("activation_ended", {"unit": u.id}, actor=u.id, text=f"{possessive(u.name)} activation ends.")
    )
    after = preview(state, drafts)
    if after.turn.phase == "heroes" and not heroes_to_activate(after):
        drafts.append(
            EventDraft(
                "phase_changed",
                {"phase": t.AI},
                text="Every hero has acted: the AI phase begins "
                "— the AI unit nearest a conscious hero activates first (§5 step 3).",
            )
        )
    return drafts

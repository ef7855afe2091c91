"""Actions (§6.1) and movement (§8): a hero's one action plus one skill action, the extra
action bought for 2 PP [SQ-A6], Rest, and the move allowance of each action.

Move allowance [SQ-A10]: base → ±Fast/Slow → ×½ Crippled → the 6" difficult-terrain cap
(Strider and Flying ignore it), every distance times the table scale [SQ-A1].
"""

from __future__ import annotations

from fractions import Fraction
from typing import Sequence

from engine.dice import DiceSource
from engine.events import EventDraft
from engine.ruleset import Rejected

from . import tables as t
from .attack import acting_problem
from .commands import TakeAction
from .evolve import preview
from .power import rest_drafts, spend_drafts
from .settings import scale_factor
from .state import BattleState, UnitState

Decision = Rejected | Sequence[EventDraft]


def inches(value: Fraction | float) -> str:
    v = Fraction(value).limit_denominator(8)
    return f'{v.numerator}"' if v.denominator == 1 else f'{float(v):g}"'


def move_allowance(state: BattleState, u: UnitState, action: str, difficult: bool = False) -> tuple[Fraction, str]:
    """(inches, how it was worked out) for ``action``: "Advance 6\"" when nothing changes
    the base, else each step and the result ("Advance 6\" → Crippled ×½ = 3\"")."""
    base = Fraction(t.BASE_MOVE[action])
    if not base:
        return Fraction(0), "no move"
    steps = [f"{t.ACTION_NAMES[action]} {inches(base)}"]
    crippled = t.CRIPPLED in u.statuses
    num, den = t.CRIPPLED_FACTOR

    def speed(v: Fraction) -> Fraction:
        if u.spec.has("Fast"):
            steps.append(f'Fast {t.FAST_BONUS[action]:+d}"')
            v += t.FAST_BONUS[action]
        if u.spec.has("Slow"):
            steps.append(f'Slow {t.SLOW_MALUS[action]:+d}"')
            v += t.SLOW_MALUS[action]
        return max(Fraction(0), v)

    def cripple(v: Fraction) -> Fraction:
        if crippled:
            steps.append("Crippled ×½")
            return v * num / den
        return v

    v = base
    if state.setting("move_order") == "crippled-fast-cap":
        v = speed(cripple(v))
    else:
        v = cripple(speed(v))
    if difficult and not (u.spec.has("Strider") or u.spec.has("Flying")) and v > t.DIFFICULT_CAP:
        steps.append(f'difficult terrain: at most {t.DIFFICULT_CAP}"')
        v = Fraction(t.DIFFICULT_CAP)
    scale = scale_factor(state.settings)
    if scale != 1:
        steps.append(f"scale ×{scale} [SQ-A1]")
        v *= scale
    if len(steps) == 1:  # nothing changed the base: "Advance 6\"", not "Advance 6\" = 6\""
        return v, steps[0]
    return v, " → ".join(steps) + f" = {inches(v)}"


def _worked(how: str) -> str:
    """ " (Advance 6\" → Fast +2\" = 8\")" where the allowance was worked out; nothing
    where it is the action's own distance, said once."""
    return f" ({how})" if " → " in how else ""


def action_drafts(
    state: BattleState,
    unit_id: str,
    action: str,
    extra: bool,
    distance: float | None,
    difficult: bool,
    target: str | None,
    models: int | None,
    target_models: int | None,
) -> Decision:
    """The events of taking ``action`` (shared by heroes and AI units)."""
    u = state.unit(unit_id)
    if u.spec.has("Immobile") and action != t.HOLD:
        return Rejected(f"{u.name} is Immobile: it may only take the Hold action", "§6.2, §17 Immobile")
    if action == t.CHARGE:
        if not target:
            return Rejected("a Charge needs a target unit", "§11.1", "ambiguous")
        if not state.has_unit(target):
            return Rejected(f"no unit '{target}'", kind="malformed")
        tgt = state.unit(target)
        if tgt.side == u.side or not tgt.active:
            return Rejected(f"{tgt.name} is not an enemy that can be charged now", "§11.1, §10")
        if u.shaken:
            return Rejected(f"{u.name} is Shaken and cannot attack", "§12.3")
    allowance, how = move_allowance(state, u, action, difficult)
    moved = allowance
    if distance is not None:
        if distance < 0 or Fraction(distance).limit_denominator(100) > allowance:
            return Rejected(f"{u.name} may move at most {inches(allowance)}{_worked(how)}", "§8")
        moved = Fraction(distance).limit_denominator(100)
    logged = action
    note = ""
    if action == t.ADVANCE and distance is not None and moved == 0 and state.setting("zero_advance_hold") != "off":
        logged, note = t.HOLD, ' (a 0" Advance counts as Hold, §16.2 [SQ-A25](b))'
    payload = {
        "unit": u.id,
        "action": logged,
        "extra": extra,
        "allowance": float(allowance),
        "moved": moved > 0,
        "distance": float(moved),
        "difficult": difficult,
    }
    text = f"{u.name}: {t.ACTION_NAMES[logged]}{' (extra action)' if extra else ''}"
    if allowance:
        text += f", moves up to {inches(moved)}{_worked(how)}"
    drafts: list[EventDraft] = []
    if extra:
        drafts += spend_drafts(state, u.id, t.EXTRA_ACTION_COST, f"an extra {t.ACTION_NAMES[action]} action")
    drafts.append(EventDraft("action_taken", payload, actor=u.id, text=text + note + "."))
    if action == t.REST:
        drafts += rest_drafts(preview(state, drafts), u.id)
    if action == t.CHARGE and target:  # a Charge without a target was refused above
        from .melee import start_drafts

        drafts += start_drafts(preview(state, drafts), u.id, target, models, target_models)
    return drafts


def take_action(state: BattleState, cmd: TakeAction, dice: DiceSource) -> Decision:
    problem = acting_problem(state, cmd.unit)
    if problem:
        return problem
    u, act = state.unit(cmd.unit), state.activation
    assert act is not None  # acting_problem: this unit is activating
    if not u.hero:
        return Rejected("AI units act through the flow chart (AnswerAI, ChooseAIAction)", "§16.2")
    if cmd.action not in t.ACTIONS:
        return Rejected(f"unknown action '{cmd.action}' (one of: {', '.join(t.ACTIONS)})", kind="malformed")
    if cmd.action == t.REST:
        if act.actions or act.skill_used or act.extras or act.cast or act.fired:
            return Rejected(f"{u.name} has already acted: Rest must be the first and only thing it does", "§6.1 Rest")
        if cmd.extra:
            return Rejected("Rest can never be the extra action", "§6.1 Rest")
    elif act.actions and not cmd.extra:
        return Rejected(
            f"{u.name} has taken its action; buy an extra action for {t.EXTRA_ACTION_COST} PP (extra=True)",
            "§6.1",
            "ambiguous",
        )
    elif not act.actions and cmd.extra:
        return Rejected(f"{u.name} has not taken its action yet: the first one is free", "§6.1")
    if cmd.extra and act.extras >= 1 and state.setting("extra_actions") != "unlimited":
        return Rejected(f"{u.name} has bought its one extra action this activation [SQ-A6]", "§6.1")
    return action_drafts(
        state, u.id, cmd.action, cmd.extra, cmd.distance, cmd.difficult, cmd.target, cmd.models, cmd.target_models
    )

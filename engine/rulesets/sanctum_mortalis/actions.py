"""Non-roll actions and GM bookkeeping: markers (§11), technology markers and leaving
the table (§7.6–7.7), engagement (§8.1), removals, tricks (§21), settings, VP."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from engine.dice import DiceSource
from engine.events import EventDraft
from engine.formatting import plural, possessive
from engine.ruleset import Rejected, setting_change

from . import tables as t
from .activation import take_action
from .settings import SETTINGS_BY_KEY
from .state import (
    DEFENSIVE_STANCE,
    HIDDEN,
    MARKER_ENGLISH,
    MARKER_NAMES,
    MARKERS,
    NEUTRAL,
    OVERWATCH,
    SIDES,
    BattleState,
    ModelState,
)
from .terms import card_term, challenge_term, scenario_term, skill_term, term, trick_term
from .turn import end_check

if TYPE_CHECKING:  # the command classes load on first use (not to draw the battle screen)
    from .commands import (
        AwardVP,
        CastTrick,
        ChangeSetting,
        Disengage,
        Engage,
        LeaveTable,
        OtherAction,
        PickUpTech,
        PlaceMarker,
        RemoveMarker,
        RemoveModel,
    )

Decision = Rejected | Sequence[EventDraft]


def _model(state: BattleState, model_id: str) -> ModelState | Rejected:
    if not state.has_model(model_id):
        return Rejected(f"no model '{model_id}'", kind="malformed")
    return state.model(model_id)


def with_end_check(state: BattleState, drafts: list[EventDraft]) -> list[EventDraft]:
    """Append what these events set off: the rest of a salvo lost when its target is out
    (§10.5), then the end of the battle if they leave one side alone (§14)."""
    from .evolve import preview
    from .salvo import lost_shots

    after = preview(state, drafts)
    lost = lost_shots(after)
    if lost:
        drafts, after = drafts + lost, preview(after, lost)
    return drafts + end_check(after)


def place_marker(state: BattleState, cmd: PlaceMarker, dice: DiceSource) -> Decision:
    m = _model(state, cmd.model)
    if isinstance(m, Rejected):
        return m
    if cmd.marker not in MARKERS:
        return Rejected(f"unknown marker '{cmd.marker}' (one of: {', '.join(MARKERS)})", kind="malformed")
    if m.engaged:
        return Rejected(f"{m.name} is engaged: {MARKER_NAMES[cmd.marker]} needs an unengaged model", "§11")
    if cmd.marker in m.markers:
        return Rejected(f"{m.name} already has {MARKER_NAMES[cmd.marker]}", kind="illegal")
    if cmd.marker == OVERWATCH and not m.spec.ranged:
        return Rejected(f"{m.name} has no ranged weapon for {term('Overwatch')}", "§11.3")
    if cmd.marker == HIDDEN and "hiding" not in m.spec.skills:
        return Rejected(f"{m.name} does not know {skill_term('hiding')}", "§20.5")
    rule = {DEFENSIVE_STANCE: "§11.2", OVERWATCH: "§11.3", HIDDEN: "§20.5"}[cmd.marker]
    # §11.2 and §11.3 are cited by their sections' names, the markers' own: both names shown
    name = MARKER_ENGLISH[cmd.marker] if rule.startswith("§11") else MARKER_NAMES[cmd.marker]
    drafts = take_action(state, m.id, cmd.marker, f"{m.name} takes {name} ({rule}).")
    if isinstance(drafts, Rejected):
        return drafts
    drafts = [d for d in drafts if not (d.kind == "marker_removed" and d.payload["marker"] == cmd.marker)]
    return drafts + [
        EventDraft(
            "marker_placed",
            {"model": m.id, "marker": cmd.marker},
            actor=m.id,
            text=f"{MARKER_ENGLISH[cmd.marker]} marker on {m.name}.",  # just named in both (the line above)
        )
    ]


def remove_marker(state: BattleState, cmd: RemoveMarker, dice: DiceSource) -> Decision:
    m = _model(state, cmd.model)
    if isinstance(m, Rejected):
        return m
    if cmd.marker not in m.markers:
        return Rejected(f"{m.name} has no {MARKER_NAMES.get(cmd.marker, cmd.marker)} marker", kind="illegal")
    why = f" ({cmd.reason})" if cmd.reason else ""
    return [
        EventDraft(
            "marker_removed",
            {"model": m.id, "marker": cmd.marker, "reason": cmd.reason},
            actor=m.id,
            text=f"{m.name} loses {MARKER_NAMES[cmd.marker]}{why}.",
        )
    ]


def other_action_problem(m: ModelState, what: str) -> Rejected | None:
    """Why ``m`` cannot take the listed other action ``what`` (``tables.OTHER_ACTIONS``);
    None if it can, or if ``what`` is not one of them (the GM's own words)."""
    kind = next((k for k in t.OTHER_ACTIONS if what.startswith(k.label)), None)
    if kind is None:
        return None
    kinds = {t.ITEMS[i].kind for i in m.spec.items if i in t.ITEMS}
    if kind.needs_item and kind.needs_item not in kinds:
        return Rejected(f"{m.name} carries no {kind.needs_item}", kind.rule)
    if kind.needs_skill and kind.needs_skill not in m.spec.skills:
        skill = t.SKILLS[kind.needs_skill]
        return Rejected(f"{m.name} does not know {term(skill.name)}", kind.rule)
    if kind.needs_any_item and not m.spec.items:
        return Rejected(f"{m.name} carries no item", kind.rule)
    return None


def other_action(state: BattleState, cmd: OtherAction, dice: DiceSource) -> Decision:
    m = _model(state, cmd.model)
    if isinstance(m, Rejected):
        return m
    problem = other_action_problem(m, cmd.what)
    if problem is not None:
        return problem
    drafts = take_action(state, m.id, "other", f"{m.name}: {cmd.what}.", what=cmd.what)
    return drafts


def pickup_check(m: ModelState) -> Rejected | None:
    """Why ``m`` may pick up no marker at all now, or None: asked by ``PickUpTech`` and,
    before its question, by ``queries.can``."""
    if m.spec.pet or m.spec.volunteer:
        return Rejected(f"{m.name} is a {'war pet' if m.spec.pet else 'Volunteer'} and cannot pick up markers", "§7.6")
    if m.engaged:
        return Rejected(f"{m.name} is engaged in melee", "§8.1")
    return None


def pick_up(state: BattleState, cmd: PickUpTech, dice: DiceSource) -> Decision:
    m = _model(state, cmd.model)
    if isinstance(m, Rejected):
        return m
    problem = pickup_check(m)
    if problem is not None:
        return problem
    if cmd.hidden:
        problem = hidden_pickup_problem(state, m)
        if problem is not None:
            return problem
    elif cmd.special and not state.special_marker_on_table:
        return Rejected("the special marker is not on the table", "§23.5")
    elif not cmd.special and state.markers_on_table <= 0:
        return Rejected("there are no technology markers left on the table", "§7.6")
    what = (
        f"the {challenge_term('hidden-data')} marker"
        if cmd.hidden
        else ("the special marker" if cmd.special else "a technology marker")
    )
    if cmd.free:
        drafts = collector_pickup(state, m, what)
    elif m.looking_pickup and state.setting("looking_pickup_free") == "on":
        text = f"{m.name} picks up {what} as part of {card_term('looking-for-me')} (no action, [SM-A14])."
        drafts = take_action(state, m.id, "pickup", text, free=True)
        if isinstance(drafts, Rejected) and "actions" in drafts.reason:
            drafts = []
    else:
        drafts = take_action(state, m.id, "pickup", f"{m.name} spends an action to pick up {what} (§7.6).")
    if isinstance(drafts, Rejected):
        return drafts
    return [
        *drafts,
        EventDraft(
            "tech_picked_up",
            {"model": m.id, "special": cmd.special, **({"hidden": True} if cmd.hidden else {})},
            actor=m.id,
            text=f"{m.name} now carries {what}.",
        ),
    ]


def hidden_pickup_problem(state: BattleState, m: ModelState) -> Rejected | None:
    """Why ``m`` may not pick up a Ukryte dane marker (§23.7): only its own side's, which
    the opponent "officially does not know exists"."""
    if m.side in state.hidden_data_on_table:
        return None
    other = state.opponent(m.side) if m.side in SIDES else ""
    if other in state.hidden_data_on_table:
        why = f"{possessive(m.name)} side cannot pick up the opponent's {challenge_term('hidden-data')} marker: officially it does not know it exists"
    else:
        why = f"no {challenge_term('hidden-data')} marker of {possessive(m.name)} side is on the table"
    return Rejected(why, "§23.7")


def collector_problem(state: BattleState, m: ModelState) -> Rejected | None:
    """Why ``m`` may not pick up a marker for free with Zbieracz now (§20.1), or None."""
    from .procedures.common import speed_skill

    if not speed_skill(m.spec, "collector", state.settings):
        return Rejected(f"{m.name} cannot use {skill_term('collector')}: picking up takes an action", "§7.6, §20.1")
    if "collector" in m.round_flags:
        return Rejected(
            f"{m.name} has used {skill_term('collector')} this round: picking up another marker takes an action",
            "§20.1",
        )
    return None


def collector_pickup(state: BattleState, m: ModelState, what: str) -> list[EventDraft] | Rejected:
    """Zbieracz (§20.1): a pick-up with no action, once per round of the model (a second
    marker takes an action); a Speed skill, so not in a sarcophagus or with a heavy weapon.
    It is no action: it ends no marker and counts against no action limit."""
    from .activation import acting_model

    why = collector_problem(state, m)
    if why is not None:
        return why
    pre, problem = acting_model(state, m.id)
    if problem is not None:
        return problem
    text = f"{m.name} picks up {what} with {skill_term('collector')} (no action, once per round, §20.1)."
    return [*pre, EventDraft("action", {"model": m.id, "action": "pickup", "free": True}, actor=m.id, text=text)]


def leave_check(state: BattleState, m: ModelState) -> Rejected | None:
    """Why ``m`` may not leave the table now across any edge (§7.7), or None: asked by
    ``LeaveTable`` and, before its question, by ``queries.can``."""
    if not m.on_table:
        return Rejected(f"{m.name} is not on the table", "§7.7")
    if m.spec.volunteer:
        return Rejected("Volunteers may not leave the table", "§15.9")
    if m.side == NEUTRAL:
        return Rejected("independent models do not leave the table", "§13")
    from .special_marker import carries_special

    scenario = t.SCENARIOS.get(state.scenario)
    carried = m.tech_markers + (t.SPECIAL_MARKER_VALUE if carries_special(m) else 0)
    if scenario and scenario.defender_cannot_carry_off and state.side(m.side).role == "defender" and carried:
        return Rejected(
            f"in {scenario_term('barricades')} no Defender model may leave the table carrying a marker", "§23.3"
        )
    return None


def leave_table(state: BattleState, cmd: LeaveTable, dice: DiceSource) -> Decision:
    m = _model(state, cmd.model)
    if isinstance(m, Rejected):
        return m
    problem = leave_check(state, m)
    if problem is not None:
        return problem
    from .special_marker import carries_special, leave_drafts, leave_problem

    scenario = t.SCENARIOS.get(state.scenario)
    carried = m.tech_markers + (t.SPECIAL_MARKER_VALUE if carries_special(m) else 0)
    if scenario and scenario.leave_only_opponent_edge and cmd.edge not in ("", "opponent"):
        return Rejected(f"in {scenario_term('pride')} models may leave only across the opponent's edge", "§23.6")
    problem = leave_problem(state, m, cmd)
    if problem is not None:
        return problem
    vp = carried
    xp = 0 if (m.spec.pet or m.spec.volunteer) else m.tech_markers
    notes = []
    if m.hidden_data:
        notes.append(f"its {challenge_term('hidden-data')} marker is safe (§23.7)")
    if scenario and scenario.models_off_table_score and not m.spec.volunteer:
        vp += 1
        xp += 0 if m.spec.pet else 1
        notes.append(f"1 VP and 1 XP for getting off the table ({scenario_term('pride')})")
    text = (
        f"{m.name} leaves the table"
        + (f" carrying {plural(carried, 'marker')}" if carried else "")
        + f": {vp} VP, {xp} XP"
        + (f" ({'; '.join(notes)})" if notes else "")
        + " (§7.7)."
    )
    drafts = leave_drafts(state, m, cmd.edge) or [
        EventDraft(
            "model_left_table",
            {"model": m.id, "carried": carried, "vp": vp, "xp": xp, "edge": cmd.edge},
            actor=m.id,
            text=text,
        )
    ]
    if state.order.active_model in (m.id, m.carry_partner):
        from .evolve import preview
        from .turn import next_after

        after = preview(state, drafts)
        nxt = next_after(after, m.side)
        phase = "round-over" if nxt is None else ("neutrals" if nxt == NEUTRAL else "activations")
        drafts.append(
            EventDraft(
                "activation_ended", {"model": m.id, "next": nxt, "phase": phase}, actor=m.id, text="Play passes on."
            )
        )
    return with_end_check(state, drafts)


def remove_model(state: BattleState, cmd: RemoveModel, dice: DiceSource) -> Decision:
    m = _model(state, cmd.model)
    if isinstance(m, Rejected):
        return m
    if not m.on_table:
        return Rejected(f"{m.name} is not on the table", kind="illegal")
    return with_end_check(state, removal(state, m.id, cmd.by, cmd.cause))


def removal(state: BattleState, model_id: str, by: str | None, cause: str) -> list[EventDraft]:
    """The events of a model being removed from play: markers dropped, XP to the remover (§19.1)."""
    m = state.model(model_id)
    xp = 0
    if by and state.has_model(by):
        k = state.model(by)
        if k.side != m.side and not (k.spec.pet or k.spec.volunteer) and k.side != NEUTRAL:
            xp = 1
    dropped = m.tech_markers + (1 if m.special_marker and m.carry_partner is None else 0) + (1 if m.hidden_data else 0)
    text = f"{m.name} is out of action ({cause})" + (f", dropping {plural(dropped, 'marker')}" if dropped else "")
    if xp and by:
        text += f"; +1 XP to {state.model(by).name}"
    drafts = [
        EventDraft("model_removed", {"model": m.id, "by": by, "cause": cause, "xp": xp}, actor=by, text=text + ".")
    ]
    if state.order.active_model == m.id:
        from .evolve import preview
        from .turn import next_after

        after = preview(state, drafts)
        nxt = next_after(after, m.side)
        phase = "round-over" if nxt is None else ("neutrals" if nxt == NEUTRAL else "activations")
        drafts.append(
            EventDraft("activation_ended", {"model": None, "next": nxt, "phase": phase}, text="Play passes on.")
        )
    return drafts


def contact_check(state: BattleState, m: ModelState) -> Rejected | None:
    """Why ``m`` can come into or out of contact with no enemy now (§8.1), or None: asked
    before the contact question (``queries.can``); ``Engage`` refuses a model off the table
    the same way, and with no enemy on the table there is nothing to engage."""
    if not m.on_table:
        return Rejected(f"{m.name} is not on the table", "§8.1")
    if not m.engaged_with and not any(x.on_table and x.side != m.side for x in state.models):
        return Rejected("there is no enemy model on the table", "§8.1")
    return None


def engage(state: BattleState, cmd: Engage, dice: DiceSource) -> Decision:
    a = _model(state, cmd.model)
    if isinstance(a, Rejected):
        return a
    b = _model(state, cmd.enemy)
    if isinstance(b, Rejected):
        return b
    if a.side == b.side:
        return Rejected(f"{a.name} and {b.name} are on the same side", kind="illegal")
    if not a.on_table:
        return Rejected(f"{a.name} is not on the table", "§8.1")
    if not b.on_table:
        return Rejected("both models must be on the table", kind="illegal")
    if b.id in a.engaged_with:
        return Rejected(f"{a.name} and {b.name} are already engaged", kind="illegal")
    if cmd.intercept and a.engaged:
        return Rejected(f"{a.name} is engaged and cannot Intercept", "§11.1")
    if cmd.intercept and "intercept" in a.barred:
        return Rejected(f"{card_term('distraction')}: {a.name} may not Intercept this round", "§12.3")
    how = "intercepts" if cmd.intercept else "is now engaged with"
    return [
        EventDraft(
            "engaged",
            {"a": a.id, "b": b.id, "intercept": cmd.intercept},
            actor=a.id,
            text=f"{a.name} {how} {b.name}" + (" (§11.1, no action)." if cmd.intercept else " (§8.1)."),
        )
    ]


def disengage(state: BattleState, cmd: Disengage, dice: DiceSource) -> Decision:
    a = _model(state, cmd.model)
    if isinstance(a, Rejected):
        return a
    if cmd.enemy not in a.engaged_with:
        return Rejected(f"{a.name} is not engaged with that model", kind="illegal")
    b = state.model(cmd.enemy)
    return [
        EventDraft(
            "disengaged", {"a": a.id, "b": b.id}, actor=a.id, text=f"{a.name} and {b.name} are no longer engaged."
        )
    ]


def charge_check(m: ModelState, trick: str) -> Rejected | None:
    """Why ``m`` cannot cast ``trick`` whatever its target (§21): unknown to it, or no
    charge left; None if it can. Asked by ``CastTrick`` and by the trick picker."""
    spec = t.TRICKS.get(trick)
    if spec is None:
        return Rejected(f"unknown trick '{trick}'", kind="malformed")
    if trick not in m.spec.tricks:
        return Rejected(f"{m.name} does not know {term(spec.name)}", "§21")
    if m.charges(trick) <= 0:
        return Rejected(f"{term(spec.name)} has no charges left this battle", "§21")
    return None


def trick_check(m: ModelState) -> Rejected | None:
    """Why ``m`` may cast no trick now (§21, §23.5), or None: asked by ``CastTrick`` and,
    before its pickers, by ``queries.can``."""
    if m.engaged:
        return Rejected(f"{m.name} is engaged in melee and cannot cast", "§21")
    if m.special_marker or m.carry_partner is not None:
        return Rejected(f"{m.name} carries the special marker and cannot cast", "§23.5")
    return None


def cast_trick(state: BattleState, cmd: CastTrick, dice: DiceSource) -> Decision:
    m = _model(state, cmd.model)
    if isinstance(m, Rejected):
        return m
    problem = charge_check(m, cmd.trick) or trick_check(m)
    if problem is not None:
        return problem
    trick = t.TRICKS[cmd.trick]
    target: ModelState | None = None
    if cmd.target:
        found = _model(state, cmd.target)
        if isinstance(found, Rejected):
            return found
        target = found
    effect: dict[str, Any] = {}
    if trick.key == "infection":
        effect["infected"] = True
    elif trick.key == "flash":
        effect["no_shooting"] = True
    elif trick.key == "deconcentration":
        effect["lose_actions"] = 1
    elif trick.key == "hack":
        if target is None or target.spec.armour != "sarcophagus":
            return Rejected(f"{trick_term('hack')} works only on a model in a Battle sarcophagus", "§21")
        effect["action_cap"] = 0
    elif trick.key == "acceleration":
        if target is not None and target.side != m.side and state.setting("acceleration_friendly") == "on":
            return Rejected(f"{trick_term('acceleration')} targets friendly models only [SM-A47]", "§21")
        effect["bonus_action"] = True
    on = f" on {target.name}" if target else ""
    text = f"{m.name} casts {term(trick.name)}{on}: {trick.effect} ({plural(m.charges(cmd.trick) - 1, 'charge')} left)"
    cast = EventDraft(
        "trick_cast",
        {"model": m.id, "trick": trick.key, "target": target.id if target else None, "effect": effect},
        actor=m.id,
        text=text + ".",
    )
    if not trick.action:
        return [cast]
    drafts = take_action(state, m.id, "trick", f"{m.name} uses an action to cast.", trick=trick.key)
    if isinstance(drafts, Rejected):
        return drafts
    return [*drafts, cast]


def change_setting(state: BattleState, cmd: ChangeSetting, dice: DiceSource) -> Decision:
    return setting_change(SETTINGS_BY_KEY, state.setting, cmd.key, cmd.value)


def award_vp(state: BattleState, cmd: AwardVP, dice: DiceSource) -> Decision:
    if cmd.side not in SIDES:
        return Rejected(f"unknown side '{cmd.side}'", kind="malformed")
    if cmd.vp == 0:
        return Rejected("0 VP changes nothing", kind="malformed")
    return [
        EventDraft(
            "vp_awarded",
            {"side": cmd.side, "vp": cmd.vp, "reason": cmd.reason},
            text=f"{state.side(cmd.side).name}: {cmd.vp:+d} VP ({cmd.reason}).",
        )
    ]

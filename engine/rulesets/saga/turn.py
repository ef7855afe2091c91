"""Player turns and activations: Move, Move to engage, Shoot, Rest (§4.2–§4.6).

Turn structure is [SAGA-M5]: the GM starts each player's turn; counters reset then.
A Movement waits as ``state.move`` until completed, so the opponent can slow it
first (§4.5 way 1); T1 fatigue lands after the move (before the melee, for a
charge); a Shooting waits as ``state.shot`` (see ``shooting.py``).
"""

from __future__ import annotations

from typing import Sequence

from engine.dice import DiceSource
from engine.events import EventDraft
from engine.formatting import possessive
from engine.records import changed
from engine.ruleset import Rejected, setting_change

from . import tables as t
from .commands import Activate, ChangeSetting, CompleteMove, EndTurn, StartTurn
from .evolve import preview
from .fatigue import fatigue_markers, tiring
from .settings import SETTINGS_BY_KEY
from .state import SIDES, BattleState, opponent
from .terms import band as band_term
from .terrain import CROSSINGS, building_reminders, line_of_sight

Decision = Rejected | Sequence[EventDraft]
KINDS = ("move", "charge", "shoot", "rest")
SOURCES = ("normal", "saga")


def start_turn(state: BattleState, cmd: StartTurn, dice: DiceSource) -> Decision:
    if state.turn.phase == "turn":
        return Rejected(f"it is still {possessive(_turn_owner(state))} turn; end it first", "[SAGA-M5]")
    side = cmd.side or (opponent(state.turn.active) if state.turn.active else None)
    if side is None:
        return Rejected("say which side takes the first turn", "[SAGA-M5]", kind="ambiguous")
    if side not in SIDES:
        return Rejected(f"unknown side '{side}'", kind="malformed")
    number = state.turn.number + 1
    return [
        EventDraft(
            "turn_started",
            {"side": side, "number": number},
            actor=side,
            text=f"Turn {number}: {possessive(state.side_name(side))} turn begins.",
        )
    ]


def end_turn(state: BattleState, cmd: EndTurn, dice: DiceSource) -> Decision:
    side = state.turn.active
    if state.turn.phase != "turn" or side is None:
        return Rejected("no turn is being played", "[SAGA-M5]")
    if state.busy:  # the GM is asked; "end anyway" cancels it first
        from .corrections import CORRECTIONS

        return CORRECTIONS.end_anyway(
            state,
            cmd.force,
            changed(cmd, force=True),
            "end the turn",
            state.busy,
            "[SAGA-M5]",
            lambda s: end_turn(s, cmd, dice),
            preview,
        )
    return [
        EventDraft(
            "turn_ended",
            {"side": side, "number": state.turn.number},
            actor=side,
            text=f"{possessive(state.side_name(side))} turn ends.",
        )
    ]


def _turn_owner(state: BattleState) -> str:
    """The name of the side whose player turn it is."""
    active = state.turn.active
    return state.side_name(active) if active is not None else "nobody"


def change_setting(state: BattleState, cmd: ChangeSetting, dice: DiceSource) -> Decision:
    return setting_change(SETTINGS_BY_KEY, state.setting, cmd.key, cmd.value)


def _activation_problem(state: BattleState, cmd: Activate) -> Rejected | None:
    if cmd.kind not in KINDS:
        return Rejected(f"unknown activation '{cmd.kind}' (one of: {', '.join(KINDS)})", kind="malformed")
    if cmd.source not in SOURCES:
        return Rejected(f"unknown source '{cmd.source}' (normal or saga)", kind="malformed")
    if not state.has_unit(cmd.unit):
        return Rejected(f"no unit '{cmd.unit}'", kind="malformed")
    if state.turn.phase != "turn":
        return Rejected("start a player turn first", "[SAGA-M5]")
    u = state.unit(cmd.unit)
    if not u.alive:
        return Rejected(f"{u.name} has been destroyed", "§3 step 6")
    if state.busy:
        return Rejected(f"finish the {state.busy} first", "§3.0")
    if u.side != state.turn.active and cmd.source != "saga":
        return Rejected(
            f"it is {possessive(_turn_owner(state))} turn; in the opponent's turn a unit acts only through a SAGA ability",
            "§4.2 [SAGA-M5]",
        )
    return None


def _target_problem(state: BattleState, cmd: Activate) -> Rejected | None:
    u = state.unit(cmd.unit)
    if cmd.kind not in ("charge", "shoot"):
        return None
    if not cmd.target:
        return Rejected(
            f"a {'Move to engage' if cmd.kind == 'charge' else 'Shooting'} needs a target", kind="ambiguous"
        )
    building = state.building(cmd.target) if cmd.kind == "charge" else None
    if building is not None:
        held = state.occupants(cmd.target)
        if not any(o.side != u.side for o in held):
            return Rejected(f"no enemy unit is inside {building.name}", "§6")
        return None
    if not state.has_unit(cmd.target):
        return Rejected(f"no unit or building '{cmd.target}'", kind="malformed")
    target = state.unit(cmd.target)
    if target.side == u.side:
        return Rejected(f"{target.name} is a friendly unit", "§3.0")
    if not target.alive:
        return Rejected(f"{target.name} has been destroyed", "§3 step 6")
    if cmd.kind == "shoot" and cmd.cover not in t.COVERS:
        return Rejected(f"cover must be one of {', '.join(t.COVERS)}", kind="malformed")
    if cmd.kind == "shoot":
        return _sight_problem(state, cmd)
    return None


def _sight_problem(state: BattleState, cmd: Activate) -> Rejected | None:
    """§5.2: a Shooting needs a line of sight, judged from the pieces the GM says are on the
    line ([SAGA-A14] for a line from or into high area terrain); the GM may rule it clear anyway."""
    for piece in cmd.los:
        if len(piece) != 3 or piece[0] not in t.TERRAIN_TYPES or piece[1] not in t.HEIGHTS or piece[2] not in CROSSINGS:
            return Rejected(
                f"a piece on the line is (type, height, how): how is one of {', '.join(CROSSINGS)}", kind="malformed"
            )
    clear, why = line_of_sight(cmd.los, state.setting("los_inside_high_area") or "not-blocked")
    if clear or cmd.los_override:
        return None
    u, target = state.unit(cmd.unit), state.unit(cmd.target or "")
    return Rejected(
        f"{u.name} cannot see {target.name}: the line {why}",
        "§5.2",
        kind="ambiguous",
        anyway=changed(cmd, los_override=True),
        anyway_label="the GM rules the line clear (logged)",
    )


def activate(state: BattleState, cmd: Activate, dice: DiceSource) -> Decision:
    problem = _activation_problem(state, cmd) or _target_problem(state, cmd)
    if problem:
        return problem
    u = state.unit(cmd.unit)
    by_ability = " (SAGA ability)" if cmd.source == "saga" else ""
    if cmd.kind == "rest":
        if u.activations:
            done = ", ".join(a.kind for a in u.activations)
            return Rejected(f"{u.name} already activated this turn ({done}); Rest must be its first activation", "§4.4")
        drafts = [
            EventDraft(
                "unit_activated",
                {"unit": u.id, "kind": "rest", "source": cmd.source, "turn_owner": state.turn.active},
                actor=u.id,
                text=f"{u.name} activates to Rest{by_ability}.",
            )
        ]
        if u.fatigue:
            after = u.fatigue - t.REST_REMOVES
            drafts.append(
                EventDraft(
                    "fatigue_removed",
                    {"unit": u.id, "reason": "rest"},
                    actor=u.id,
                    text=f"{u.name} rests: −1 fatigue, {fatigue_markers(after, u.limit)} {after}/{u.limit} (§4.4).",
                )
            )
        return drafts
    if u.exhausted:
        if cmd.source == "saga" and not cmd.allows_rest:
            return [
                EventDraft(
                    "activation_cancelled",
                    {"unit": u.id, "kind": cmd.kind, "refund": "none"},
                    actor=u.id,
                    text=f"{possessive(u.name)} activation by a SAGA ability is cancelled: the unit "
                    f"is exhausted; SAGA dice not refunded (§4.6 [SAGA-A13]).",
                )
            ]
        return Rejected(
            f"{u.name} is exhausted ({u.fatigue}/{u.limit}): it cannot Move or Shoot, only Rest as "
            "its first activation",
            "§4.6",
        )
    drafts = [
        EventDraft(
            "unit_activated",
            {"unit": u.id, "kind": cmd.kind, "source": cmd.source, "turn_owner": state.turn.active},
            actor=u.id,
            text=f"{u.name} activates: {_KIND_NAMES[cmd.kind]}{by_ability}.",
        )
    ]
    if cmd.kind == "shoot":
        from .shooting import declare

        return drafts + declare(state, cmd)
    target = cmd.target
    if cmd.kind == "charge" and target and state.has_unit(target) and state.unit(target).building:
        target = state.unit(target).building  # a unit inside is fought by engaging the building (§6)
    band = u.spec.move_band
    drafts.append(
        EventDraft(
            "move_started",
            {
                "unit": u.id,
                "kind": cmd.kind,
                "source": cmd.source,
                "band": band,
                "broken": cmd.broken,
                "target": target,
                "causes_fatigue": cmd.causes_fatigue,
            },
            actor=u.id,
            text=f"{u.name} may move {band_term(band)}"
            + (" through broken terrain" if cmd.broken else "")
            + (f" to engage {_name(state, target)}" if target else "")
            + "."
            + "".join(f" {r[0].upper()}{r[1:]}." for r in building_reminders(state, u.id, target)),
        )
    )
    return drafts


_KIND_NAMES = {"move": "Movement", "charge": "Move to engage", "shoot": "Shooting", "rest": "Rest"}


def _name(state: BattleState, ref: str | None) -> str:
    if ref and state.has_unit(ref):
        return state.unit(ref).name
    b = state.building(ref) if ref else None
    return b.name if b else str(ref)


def _building_problem(state: BattleState, unit_id: str, enter: str | None, leave: bool) -> Rejected | None:
    u = state.unit(unit_id)
    if (leave or enter) and u.building and u.entered_building:
        return Rejected(
            f"{u.name} entered {_name(state, u.building)} this turn and cannot leave it until next turn", "§6"
        )
    if leave and not u.building:
        return Rejected(f"{u.name} is not inside a building", kind="malformed")
    if enter is None:
        return None
    b = state.building(enter)
    if b is None:
        return Rejected(f"no building '{enter}'", kind="malformed")
    inside = [o for o in state.occupants(b.id) if o.id != u.id]
    if any(o.side != u.side for o in inside):
        return Rejected(f"{b.name} is occupied by the enemy", "§6")
    free = b.capacity - sum(o.models for o in inside)
    if u.models > free:
        return Rejected(f"{u.name} has {u.models} models; {b.name} ({b.size}, {b.capacity}) has room for {free}", "§6")
    return None


def complete_move(state: BattleState, cmd: CompleteMove, dice: DiceSource) -> Decision:
    mv = state.move
    if mv is None:
        return Rejected("no Movement is waiting to be completed", "§4.5")
    if cmd.band is not None and cmd.band not in t.BANDS:
        return Rejected(f"band must be one of {', '.join(t.BANDS)}", kind="malformed")
    if mv.kind == "charge" and cmd.enter:
        return Rejected("a Move to engage does not enter a building; engage it instead", "§6")
    problem = _building_problem(state, mv.unit, cmd.enter, cmd.leave)
    if problem:
        return problem
    u = state.unit(mv.unit)
    band = mv.result_band or cmd.band
    shown = band_term(band) if band else "as measured"
    how = (
        f"{shown} (slowed from {band_term(mv.band)}{', broken terrain' if mv.broken else ''}, §4.5)"
        if mv.slowed
        else f"{shown} through broken terrain, as the GM measured ([SAGA-M8], p. 17 not in source)"
        if mv.broken
        else shown
    )
    payload = {
        "unit": u.id,
        "kind": mv.kind,
        "band": band,
        "from": mv.band,
        "slowed": mv.slowed,
        "broken": mv.broken,
        "contact": bool(cmd.contact) if mv.kind == "charge" else None,
    }
    drafts = [EventDraft("move_completed", payload, actor=u.id, text=f"{u.name} moves {how}.")]
    if cmd.leave or (cmd.enter and u.building and u.building != cmd.enter):
        drafts.append(
            EventDraft(
                "building_left",
                {"unit": u.id, "building": u.building},
                actor=u.id,
                text=f"{u.name} leaves {_name(state, u.building)}.",
            )
        )
    if cmd.enter:
        drafts.append(
            EventDraft(
                "building_entered",
                {"unit": u.id, "building": cmd.enter},
                actor=u.id,
                text=f"{u.name} enters {_name(state, cmd.enter)} (§6).",
            )
        )
    tired, rule = tiring(preview(state, drafts), u.id, mv.kind, mv.causes_fatigue)
    if tired is not None:
        drafts.append(tired)
    drafts[0] = EventDraft(drafts[0].kind, {**payload, "fatigue_rule": rule}, actor=u.id, text=drafts[0].text)
    if mv.kind == "charge":
        if not cmd.contact:
            drafts.append(
                EventDraft(
                    "note",
                    {"unit": u.id},
                    actor=u.id,
                    text=f"{u.name} does not reach {_name(state, mv.target)}: no melee.",
                )
            )
        elif mv.target is not None:  # a Move to engage always names its target (§4.5)
            from .melee import start_drafts

            drafts.extend(start_drafts(preview(state, drafts), u.id, mv.target, charge=True))
    return drafts

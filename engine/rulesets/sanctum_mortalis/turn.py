"""Rounds, initiative and activations (§5.1), and the end of the battle (§14)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from engine.dice import DiceSource
from engine.events import EventDraft
from engine.formatting import plural, possessive
from engine.records import Record, changed
from engine.ruleset import Rejected

from . import tables as t
from .procedures.rolloff import initiative_roll, scenario_start_roll
from .state import NEUTRAL, SIDES, BattleState
from .terms import term

if TYPE_CHECKING:  # the command classes load on first use (not to draw the battle screen)
    from .commands import Activate, ChooseFirst, EndActivation, EndBattle, EndRound, StartRound

Decision = Rejected | Sequence[EventDraft]


def _count(state: BattleState, side: str) -> int:
    if state.setting("initiative_count") == "roster":
        return len(state.models_of(side))
    return len(state.on_table(side))


def first_to_act(state: BattleState, first: str) -> str | None:
    if state.waiting(first):
        return first
    other = state.opponent(first)
    if state.waiting(other):
        return other
    return NEUTRAL if state.waiting(NEUTRAL) else None


def _rolloff_text(state: BattleState, record: dict[str, Any]) -> str:
    rounds = record["detail"]["rounds"]
    a, b = rounds[-1]["totals"]
    ties = len(rounds) - 1
    return f"roll-off {state.side('A').name} {a} v {state.side('B').name} {b}" + (
        f" after {plural(ties, 'tie')}" if ties else ""
    )


class RoundStart(Record):
    """How the next round's first side is decided (§5.1, §23): ``method`` is ``role``
    (the scenario's Attacker or Defender starts), ``roll-low`` (the scenario's 2k6, the
    lower total decides), ``more-models`` or ``roll-off`` (equal models: the higher 2k6
    starts); ``counts`` are the models each side has for it [SM-A40]."""

    number: int
    method: str
    scenario: Any
    counts: tuple[int, int]

    @property
    def rolls_dice(self) -> bool:
        return self.method in ("roll-low", "roll-off")


def round_start(state: BattleState) -> RoundStart:
    """How round ``state.round + 1`` will decide who starts."""
    number = state.round + 1
    scenario = t.SCENARIOS.get(state.scenario)
    use_scenario = scenario is not None and (number == 1 or state.setting("scenario_starter_rounds") == "all")
    counts = (_count(state, "A"), _count(state, "B"))
    if (
        use_scenario
        and scenario is not None
        and scenario.starter in ("attacker", "defender")
        and any(s.role for s in state.sides)
    ):
        method = "role"
    elif use_scenario and scenario is not None and scenario.starter == "roll-low":
        method = "roll-low"
    else:
        method = "more-models" if counts[0] != counts[1] else "roll-off"
    return RoundStart(number, method, scenario if method in ("role", "roll-low") else None, counts)


def start_round(state: BattleState, cmd: StartRound, dice: DiceSource) -> Decision:
    if state.ended:
        return Rejected("the battle has ended", "§14")
    if state.order.phase not in ("setup", "round-over"):
        return Rejected("the round is still being played; end it first", "§5.1")
    how = round_start(state)
    number, scenario = how.number, how.scenario
    payload: dict[str, Any] = {"round": number, "first": None, "reason": "", "rolloff": None, "chooser": None}
    if how.method == "role":
        first = next((s.key for s in state.sides if s.role == scenario.starter), "A")
        payload.update(first=first, reason=f"{term(scenario.name)}: the {scenario.starter.title()} starts (§23)")
    elif how.method == "roll-low":
        record = scenario_start_roll(dice).to_dict()
        chooser = record["detail"]["winner"]
        record["outcome"] = f"{state.side(chooser).name} decides who starts"
        payload.update(
            chooser=chooser,
            rolloff=record,
            reason=f"{term(scenario.name)}: {_rolloff_text(state, record)}, the lower total "
            f"({state.side(chooser).name}) decides who starts (§23)",
        )
    else:
        ca, cb = how.counts
        record = initiative_roll(dice, ca, cb).to_dict()
        first = record["detail"]["winner"]
        record["outcome"] = f"{state.side(first).name} starts"
        if how.method == "more-models":
            payload.update(first=first, reason=f"more models: {ca} v {cb} (§5.1)")
        else:
            payload.update(
                first=first, rolloff=record, reason=f"{ca} v {cb} models: {_rolloff_text(state, record)} (§5.1)"
            )
    if payload["first"]:
        payload["to_act"] = first_to_act(_fresh(state), payload["first"])
    text = (
        f"Round {number} begins. "
        + (f"{state.side(payload['first']).name} starts: " if payload["first"] else "")
        + payload["reason"]
    )
    return [EventDraft("round_started", payload, text=text)]


def _fresh(state: BattleState) -> BattleState:
    """The state as it will be once the new round resets activations."""
    return state.with_models(lambda m: changed(m, activated=False))


def choose_first(state: BattleState, cmd: ChooseFirst, dice: DiceSource) -> Decision:
    by = state.order.chooser
    if state.order.phase != "choose-first" or by is None:
        return Rejected("no one is choosing who starts now", "§23")
    if cmd.side not in SIDES:
        return Rejected(f"unknown side '{cmd.side}'", kind="malformed")
    chooser = state.side(by).name
    reason = f"{state.order.reason}; {chooser} chose {state.side(cmd.side).name}"
    return [
        EventDraft(
            "first_chosen",
            {"side": cmd.side, "to_act": first_to_act(state, cmd.side), "reason": reason},
            text=f"{chooser} chooses {state.side(cmd.side).name} to start.",
        )
    ]


def activation_check(state: BattleState, model_id: str) -> Rejected | None:
    """Why ``model_id`` cannot start an activation now, or None."""
    if state.ended:
        return Rejected("the battle has ended", "§14")
    if state.order.phase == "setup":
        return Rejected("start the round first", "§5.1")
    if state.order.phase == "choose-first":
        by = state.order.chooser
        return Rejected(f"{state.side(by).name if by else 'a side'} must first choose who starts", "§23")
    if state.order.phase == "round-over":
        return Rejected("every model has acted; start the next round", "§5.1")
    if not state.has_model(model_id):
        return Rejected(f"no model '{model_id}'", kind="malformed")
    m = state.model(model_id)
    if not m.on_table:
        return Rejected(f"{m.name} is no longer on the table", "§14")
    if m.activated:
        return Rejected(f"{m.name} has already been activated this round", "§5.1")
    if m.side != state.order.to_act:
        who = state.order.to_act
        whose = "the independent models'" if who == NEUTRAL else possessive(state.side(who).name) if who else "no one's"
        return Rejected(f"it is {whose} activation, not {possessive(m.name)} side", "§5.1")
    active = state.order.active_model
    if active and active != model_id:
        a = state.model(active)
        if a.actions_used:
            return Rejected(f"{a.name} is activating; end its activation first", "§6")
    return None


def activate(state: BattleState, cmd: Activate, dice: DiceSource) -> Decision:
    from .movement_actions import held_refusal  # a failed jump or fall waiting for its re-roll

    problem = activation_check(state, cmd.model) or held_refusal(state)
    if problem:
        return problem
    if state.order.active_model == cmd.model:
        return Rejected(f"{state.model(cmd.model).name} is already activating", kind="illegal")
    m = state.model(cmd.model)
    return [EventDraft("activation_started", {"model": m.id}, actor=m.id, text=f"{m.name} activates.")]


def next_after(state: BattleState, side: str) -> str | None:
    """Whose activation follows one of ``side`` (§5.1): alternate while both have models
    waiting, then the other finishes, then the independent models."""
    if side == NEUTRAL:
        return NEUTRAL if state.waiting(NEUTRAL) else None
    other = state.opponent(side)
    if state.waiting(other):
        return other
    if state.waiting(side):
        return side
    return NEUTRAL if state.waiting(NEUTRAL) else None


def _pending_question(state: BattleState, what: str, anyway: EndActivation | EndRound) -> Rejected:
    """A roll still pending: ending now needs the GM's word (``anyway``: the same end with ``force``)."""
    who = state.model(state.pending[0].model).name
    return Rejected(
        f"{possessive(who)} Toughness roll is still pending; {what} anyway",
        "§9",
        kind="ambiguous",
        anyway=anyway,
        anyway_label=f"{what} anyway",
    )


def end_activation(state: BattleState, cmd: EndActivation, dice: DiceSource) -> Decision:
    active = state.order.active_model
    if not active:
        return Rejected("no model is activating", "§5.1")
    m = state.model(active)
    if state.pending and not cmd.force:
        return _pending_question(state, "end the activation", changed(cmd, force=True))
    after = state.with_model(m.id, activated=True)
    nxt = next_after(after, m.side)
    phase = "round-over" if nxt is None else ("neutrals" if nxt == NEUTRAL else "activations")
    if nxt is None:
        then = "every model has acted: the round is over"
    elif nxt == NEUTRAL:
        then = "the independent models act"
    else:
        then = f"{state.side(nxt).name} to activate"
    return [
        EventDraft(
            "activation_ended",
            {"model": m.id, "next": nxt, "phase": phase},
            actor=m.id,
            text=f"{m.name} ends its activation; {then}.",
        )
    ]


def end_round(state: BattleState, cmd: EndRound, dice: DiceSource) -> Decision:
    if state.ended:
        return Rejected("the battle has ended", "§14")
    if state.order.phase in ("setup",):
        return Rejected("no round has started", "§5.1")
    if state.order.phase == "round-over":
        return Rejected("the round is already over; start the next one", "§5.1")
    if state.pending and not cmd.force:
        return _pending_question(state, "end the round", changed(cmd, force=True))
    waiting = [m for s in (*SIDES, NEUTRAL) for m in state.waiting(s)]
    if waiting and not cmd.force:
        names = ", ".join(m.name for m in waiting[:4]) + ("…" if len(waiting) > 4 else "")
        return Rejected(
            f"{plural(len(waiting), 'model')} {'has' if len(waiting) == 1 else 'have'} not acted yet ({names}); end the round anyway with force",
            "§5.1",
            kind="ambiguous",
            anyway=changed(cmd, force=True),
            anyway_label="end the round anyway",
        )
    drafts = []
    if state.order.active_model:
        m = state.model(state.order.active_model)
        drafts.append(
            EventDraft(
                "activation_ended",
                {"model": m.id, "next": None, "phase": "round-over"},
                actor=m.id,
                text=f"{m.name} ends its activation.",
            )
        )
    drafts.append(EventDraft("round_over", {"round": state.round}, text=f"Round {state.round} is over."))
    return drafts


def battle_result(state: BattleState) -> dict[str, Any]:
    vp = {s.key: s.vp for s in state.sides}
    if vp["A"] == vp["B"]:
        winner = None
    else:
        winner = "A" if vp["A"] > vp["B"] else "B"
    return {"vp": vp, "winner": winner, "markers": {s.key: s.markers_collected for s in state.sides}}


def end_check(state: BattleState) -> list[EventDraft]:
    """§14: the battle ends the moment only one player side has models on the table.
    The side left takes the markers still on the table (no XP) [SM-A24]. Independent
    models are no side unless ``neutrals_side`` says so [SM-A25]: then the battle goes
    on while any of them is on the table with a player side."""
    if state.ended:
        return []
    left = [s for s in SIDES if state.on_table(s)]
    neutrals = state.setting("neutrals_side") == "on" and bool(state.on_table(NEUTRAL))
    if len(left) + neutrals > 1:  # [SM-A25] "on": independent models on the table are a side too
        return []
    drafts: list[EventDraft] = []
    if len(left) == 1:
        side = left[0]
        count = state.markers_on_table + (t.SPECIAL_MARKER_VALUE if state.special_marker_on_table else 0)
        if count:
            drafts.append(
                EventDraft(
                    "markers_collected",
                    {"side": side, "count": state.markers_on_table, "vp": count},
                    text=f"{state.side(side).name} takes the {plural(count, 'marker')} left on the table (§14, no XP).",
                )
            )
        held = sum(m.tech_markers + (t.SPECIAL_MARKER_VALUE if m.special_marker else 0) for m in state.on_table(side))
        if held and state.setting("carried_at_end") == "collected":
            drafts.append(
                EventDraft(
                    "vp_awarded",
                    {"side": side, "vp": held, "reason": "markers held at the end [SM-A24]"},
                    text=f"{state.side(side).name} keeps {plural(held, 'carried marker')} [SM-A24].",
                )
            )
    from .challenges import challenge_vp_drafts
    from .evolve import preview as ahead

    drafts += challenge_vp_drafts(ahead(state, drafts))  # §14: the Challenges' VP count towards the winner
    preview = ahead(state, drafts)
    result = battle_result(preview)
    reason = "only one side is left on the table" if left else "no player models are left on the table"
    drafts.append(
        EventDraft("battle_ended", {"reason": reason, "result": result}, text=_result_text(preview, result, reason))
    )
    return drafts


def _result_text(state: BattleState, result: dict[str, Any], reason: str) -> str:
    vp = result["vp"]
    if result["winner"]:
        head = f"{state.side(result['winner']).name} wins"
    else:
        head = "A draw [SM-A22]"
    return f"The battle ends ({reason}). {head}: {vp['A']}–{vp['B']} VP."


def end_battle(state: BattleState, cmd: EndBattle, dice: DiceSource) -> Decision:
    if state.ended:
        return Rejected("the battle has already ended", "§14")
    from .evolve import preview as ahead

    drafts: list[EventDraft] = []
    if state.setting("carried_at_end") == "collected":
        for s in SIDES:
            held = sum(m.tech_markers + (t.SPECIAL_MARKER_VALUE if m.special_marker else 0) for m in state.on_table(s))
            if held:
                drafts.append(
                    EventDraft(
                        "vp_awarded",
                        {"side": s, "vp": held, "reason": "markers held at the end [SM-A24]"},
                        text=f"{state.side(s).name} keeps {plural(held, 'carried marker')} [SM-A24].",
                    )
                )
    from .challenges import challenge_vp_drafts

    drafts += challenge_vp_drafts(ahead(state, drafts))  # §14: the Challenges' VP count towards the winner
    preview = ahead(state, drafts)
    result = battle_result(preview)
    drafts.append(
        EventDraft(
            "battle_ended", {"reason": cmd.reason, "result": result}, text=_result_text(preview, result, cmd.reason)
        )
    )
    return drafts

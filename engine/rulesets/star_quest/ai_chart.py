"""The AI activation flow chart (§16.2) as data, and the step function that walks it.

The engine cannot see the table: each question is a prompt the GM answers, except
those the state answers ("auto": Shaken, Caster, Immobile, no conscious hero, no ranged
weapon, no AI objective). ``step`` takes one answer and follows the branches until the
next GM question or an action; the path (node, answer, by) is recorded in events. The
proposed action is then taken or overridden by ``ChooseAIAction`` (an event either way).
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Callable, Mapping, Sequence

from engine.dice import DiceSource
from engine.events import EventDraft
from engine.records import Record
from engine.ruleset import Rejected

from . import tables as t
from .commands import AnswerAI, ChooseAIAction
from .evolve import preview
from .state import BattleState, UnitState

Decision = Rejected | Sequence[EventDraft]


class AIAction(Record):
    """What the chart can propose: the action taken, and what the GM does next."""

    key: str
    action: str | None
    """The §6.1 action it records (None: no action)."""
    text: str
    rule: str


AI_ACTIONS: Mapping[str, AIAction] = MappingProxyType(
    {
        a.key: a
        for a in (
            AIAction("remove-shaken", None, "spend the whole activation removing Shaken", "§12.3, §16.2 step 3"),
            AIAction(
                "hold-shoot",
                t.HOLD,
                "Hold and shoot the nearest hero in range and line of sight",
                "§16.2 steps 5/8a, [SQ-A25](b), [SQ-A26]",
            ),
            AIAction(
                "advance-shoot",
                t.ADVANCE,
                "Advance only as far as needed, then shoot the nearest target",
                "§16.2 step 8a",
            ),
            AIAction("charge", t.CHARGE, "Charge the nearest enemy", "§16.2 step 8b"),
            AIAction("rush-enemy", t.RUSH, "Rush toward the nearest enemy", "§16.2 step 9"),
            AIAction("rush-objective", t.RUSH, "Rush toward the nearest AI objective", "§16.2 step 10"),
            AIAction("skip", None, "skip the activation (do nothing)", "§16.2 step 11"),
        )
    }
)


class Node(Record):
    """A question of the chart: ``yes``/``no`` lead to another node id or to an action
    key; ``auto`` names the state check that answers it (None: the GM answers)."""

    id: str
    step: str
    text: str
    rule: str
    yes: str
    no: str
    auto: str | None = None


CHART: tuple[Node, ...] = (
    Node(
        "dangerous",
        "†2",
        "Does the unit activate in dangerous terrain?",
        "§14 Dangerous terrain, §16.2 step 2, [SQ-A22]",
        "shaken",
        "shaken",
        "dangerous",
    ),
    Node("shaken", "†3", "Is the unit Shaken?", "§12.3", "remove-shaken", "caster", "shaken"),
    Node(
        "caster",
        "†4",
        "Is the unit a Caster with enough tokens for one of its spells?",
        "§17 Caster",
        "cast",
        "immobile",
        "caster",
    ),
    Node(
        "cast",
        "†4",
        'Cast now: one random spell, spending all tokens (Cast with spell "random"). Done?',
        "§17 Caster (AI units), [SQ-A29]",
        "immobile",
        "immobile",
        "cast",
    ),
    Node("immobile", "†5", "Is the unit Immobile?", "§17 Immobile, [SQ-A26]", "hold-shoot", "q1", "immobile"),
    Node(
        "q1",
        "Q1",
        "Is any enemy (a conscious hero) in line of sight?",
        "§16.2 Question 1, [SQ-A25](c)",
        "q2",
        "q3",
        "no_hero",
    ),
    Node(
        "q2",
        "Q2",
        "If the unit moves, will any enemy be within shooting range (after an Advance) or charge range?",
        "§16.2 Question 2",
        "q2a",
        "rush-enemy",
    ),
    Node(
        "q2a",
        "Q2",
        "Would an Advance bring a hero into range and line of sight of a ranged weapon?",
        "§16.2 step 8, [SQ-A25](a)",
        "q2b",
        "charge",
        "no_ranged",
    ),
    Node(
        "q2b",
        "Q2",
        "Is a hero already in range and line of sight without moving?",
        "§16.2 Question 2, [SQ-A25](b)",
        "zero-advance",
        "advance-shoot",
    ),
    Node(
        "q3",
        "Q3",
        'Is the unit within 3" of an AI objective?',
        "§16.2 Question 3, [SQ-A25](e)",
        "skip",
        "rush-objective",
        "no_objective",
    ),
)
NODES: Mapping[str, Node] = MappingProxyType({n.id: n for n in CHART})
FIRST = CHART[0].id


def _caster_ready(u: UnitState) -> bool:
    return bool(u.spec.x("Caster") and u.spec.spells and u.tokens >= min(s.value for s in u.spec.spells))


def _dangerous(s: BattleState, u: UnitState) -> bool | None:
    """†2 answers itself: yes once the unit's dangerous-terrain dice are rolled in this
    activation; no when the table has no dangerous terrain (the mission or the GM said so),
    or when the GM said no for this unit and it has not moved since (§14: it is where it
    activates). A unit known to stand in dangerous terrain still rolls: the roll is the yes."""
    if s.activation is not None and s.activation.unit == u.id and s.activation.dangerous:
        return True
    return False if s.dangerous_on_table is False or u.in_dangerous is False else None


AUTO: Mapping[str, Callable[[BattleState, UnitState], bool | None]] = MappingProxyType(
    {
        "dangerous": _dangerous,
        "shaken": lambda s, u: u.shaken,
        "caster": lambda s, u: _caster_ready(u),
        "cast": lambda s, u: True if s.activation and s.activation.cast else None,
        "immobile": lambda s, u: u.spec.has("Immobile"),
        "no_hero": lambda s, u: False if not s.conscious_heroes() else None,
        "no_ranged": lambda s, u: False if not any(not w.melee for w in u.spec.weapons) else None,
        "no_objective": lambda s, u: (
            (True if s.setting("no_objective") != "ask" else None) if not s.mission.objectives else None
        ),
    }
)


def resolve(state: BattleState, target: str) -> str:
    """A branch target: "zero-advance" is Hold or Advance as [SQ-A25](b) says."""
    if target == "zero-advance":
        return "hold-shoot" if state.setting("zero_advance_hold") != "off" else "advance-shoot"
    return target


def _walk(state: BattleState, answer: bool | None, by: str) -> list[EventDraft]:
    """Answer the open node (or auto-answer), then follow auto answers until the next
    GM question or a proposal."""
    drafts: list[EventDraft] = []
    s = state
    while s.ai and s.ai.proposal is None:
        if s.activation and s.activation.statuses:
            return drafts  # step †2: status conditions come first
        node = NODES[s.ai.node]
        u = s.unit(s.ai.unit)
        auto = AUTO[node.auto](s, u) if node.auto else None
        if auto is not None:
            value, who = auto, "auto"
        elif answer is not None:
            value, who, answer = answer, by, None
        else:
            return drafts
        nxt = resolve(s, node.yes if value else node.no)
        word = "yes" if value else "no"
        note = (
            " (no AI objective in the mission: skip, and warn [SQ-A25](e))"
            if node.auto == "no_objective" and who == "auto"
            else ""
        )
        if node.id == "dangerous" and who == "auto":
            if value:  # the GM's yes is the roll of its dice
                who, note = "gm", " (its dice are rolled)"
            elif s.dangerous_on_table is False:
                said = "the GM" if s.dangerous_terrain is not None else "the mission file"
                note = f" (no dangerous terrain on the table, as {said} says)"
            else:
                note = f" ({u.name} has not moved since the GM said it is not in dangerous terrain, §14)"
        new = [
            EventDraft(
                "ai_answered",
                {"node": node.id, "answer": word, "by": who, "next": nxt},
                actor=u.id,
                text=f"AI {node.step}: {node.text} — {word}{' (' + who + ')' if who == 'auto' else ''}{note}.",
            )
        ]
        if nxt in AI_ACTIONS:
            path = [list(p) for p in s.ai.path] + [[node.id, word, who]]
            act = AI_ACTIONS[nxt]
            new.append(
                EventDraft(
                    "ai_proposed",
                    {"unit": u.id, "action": nxt, "path": path},
                    actor=u.id,
                    text=f"AI proposes for {u.name}: {act.text} ({act.rule}).",
                )
            )
        drafts += new
        s = preview(s, new)
    return drafts


def start_drafts(state: BattleState, unit_id: str) -> list[EventDraft]:
    drafts = [
        EventDraft(
            "ai_started",
            {"unit": unit_id, "node": FIRST},
            actor=unit_id,
            text=f"{state.unit(unit_id).name} acts for the AI: the flow chart begins (§16).",
        )
    ]
    return drafts + _walk(preview(state, drafts), None, "gm")


def advance(state: BattleState) -> list[EventDraft]:
    """Follow auto answers (after status conditions or a cast)."""
    return _walk(state, None, "gm") if state.ai else []


def open_question(state: BattleState) -> Node | None:
    """The question waiting for the GM, if any."""
    if not state.ai or state.ai.proposal is not None:
        return None
    return NODES[state.ai.node]


def answer(state: BattleState, cmd: AnswerAI, dice: DiceSource) -> Decision:
    if state.ai is None or state.ai.proposal is not None:
        return Rejected("no AI question is open", "§16.2")
    if state.activation and state.activation.statuses:
        return Rejected("resolve the status conditions first", "§16.2 step 2, §18")
    node = NODES[state.ai.node]
    if node.auto and AUTO[node.auto](state, state.unit(state.ai.unit)) is not None:
        return Rejected("the state answers this question", "§16.2")
    if node.id == "dangerous" and cmd.answer:
        return Rejected(
            "roll the unit's dangerous-terrain dice: the roll is the yes (one roll per model, [SQ-A22])",
            "§14, §16.2 step 2",
        )
    return _walk(state, bool(cmd.answer), "gm")


def choose(state: BattleState, cmd: ChooseAIAction, dice: DiceSource) -> Decision:
    ai, act = state.ai, state.activation
    if ai is None or ai.proposal is None or act is None:
        return Rejected("the AI chart has not proposed an action yet", "§16.2")
    if act.ai_action is not None:
        return Rejected("the AI unit's action is already chosen", "§16.2")
    if state.offer or state.attack or state.melee:
        return Rejected("finish what is open first", "§5")
    key = cmd.action or ai.proposal
    if key not in AI_ACTIONS:
        return Rejected(f"unknown AI action '{key}' (one of: {', '.join(AI_ACTIONS)})", kind="malformed")
    u = state.unit(ai.unit)
    chosen = AI_ACTIONS[key]
    if u.shaken and key != "remove-shaken":
        return Rejected(f"{u.name} is Shaken: its activation is spent removing it", "§12.3")
    if u.spec.has("Immobile") and chosen.action not in (None, t.HOLD):
        return Rejected(f"{u.name} is Immobile: it may only Hold", "§17 Immobile")
    overridden = key != ai.proposal
    if overridden and not cmd.reason:
        return Rejected("say why the chart's proposal is overridden", "§0 (GM override)", "ambiguous")
    path = [list(p) for p in ai.path]
    text = (
        f"GM overrides the AI chart for {u.name}: {chosen.text} instead of {AI_ACTIONS[ai.proposal].text} "
        f"({cmd.reason})."
        if overridden
        else f"{u.name}: {chosen.text}."
    )
    drafts = [
        EventDraft(
            "ai_action_chosen",
            {
                "unit": u.id,
                "action": key,
                "proposed": ai.proposal,
                "overridden": overridden,
                "reason": cmd.reason,
                "path": path,
            },
            actor=u.id,
            text=text,
        )
    ]
    if chosen.action is None:
        if key == "skip":
            drafts.append(EventDraft("activation_over", {"unit": u.id, "reason": "skip"}, actor=u.id))
        return drafts
    from .actions import action_drafts

    made = action_drafts(
        preview(state, drafts),
        u.id,
        chosen.action,
        False,
        cmd.distance,
        cmd.difficult,
        cmd.target,
        cmd.models,
        cmd.target_models,
    )
    if isinstance(made, Rejected):
        return made
    return drafts + list(made)

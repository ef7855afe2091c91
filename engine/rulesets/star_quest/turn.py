"""The round (§5): start-of-round steps, the hero phase (the players pick the order), the
AI phase (the GM picks the unit nearest a conscious hero, [SQ-A5]) and the end of round.

Start of round [SQ-A4]: (a) Casters gain X tokens, at most 6; (b) from round 2, player
Ambush units may be placed (a reminder); (c) AI Ambush units whose round has come
arrive within 6" of an AI objective; (d) mission events and waves ([SQ-M1], [SQ-M9]).
"""

from __future__ import annotations

from typing import Sequence

from engine.dice import DiceEntryError, DiceSource
from engine.events import EventDraft
from engine.formatting import possessive
from engine.ruleset import Rejected, setting_change

from . import tables as t
from .commands import ActivateAI, ActivateHero, Ambush, ChangeSetting, EndActivation, EndRound, StartRound
from .evolve import preview
from .flow import ai_to_activate, heroes_to_activate
from .settings import SETTINGS_BY_KEY
from .stat_test import none_left, roll_d3
from .state import BattleState
from .terms import rules_shown

Decision = Rejected | Sequence[EventDraft]


def change_setting(state: BattleState, cmd: ChangeSetting, dice: DiceSource) -> Decision:
    return setting_change(SETTINGS_BY_KEY, state.setting, cmd.key, cmd.value)


def _tokens(state: BattleState) -> list[EventDraft]:
    out = []
    for u in state.units:
        x = u.spec.x("Caster")
        if x and u.alive:
            new = min(t.MAX_TOKENS, u.tokens + x)
            out.append(
                EventDraft(
                    "tokens_gained",
                    {"unit": u.id, "tokens": new, "gained": new - u.tokens},
                    actor=u.id,
                    text=f"{u.name} gains {new - u.tokens} spell token{'s' * (new - u.tokens != 1)} from "
                    f"{rules_shown((('Caster', x),))}: {u.tokens} → {new}, {t.MAX_TOKENS} at most"
                    + (f", not {u.tokens + x}" if u.tokens + x > new else "")
                    + " (§17 Caster).",
                )
            )
    return out


def _player_ambush(state: BattleState, number: int) -> list[EventDraft]:
    waiting = [u.name for u in state.heroes() if u.spec.has("Ambush") and not u.on_table]
    if number < 2 or not waiting:
        return []
    return [
        EventDraft(
            "note",
            {"ambush": waiting},
            text=f"Ambush: {', '.join(waiting)} may be placed more than "
            f'{t.PLAYER_AMBUSH_RANGE}" from enemy units (§17).',
        )
    ]


def ambush(state: BattleState, cmd: Ambush, dice: DiceSource) -> Decision:
    """A player hero with Ambush (§17): set aside before round 1; placed from round 2 on,
    at the start of a round (before the hero phase's first activation)."""
    if not state.has_unit(cmd.hero) or not state.unit(cmd.hero).hero:
        return Rejected(f"no hero '{cmd.hero}'", kind="malformed")
    u = state.unit(cmd.hero)
    if not u.spec.has("Ambush"):
        return Rejected(f"{u.name} has no Ambush rule", "§17 Ambush")
    if not cmd.place:
        if state.round or not u.on_table:
            return Rejected("a hero is set aside in Ambush before the first round", "§17 Ambush")
        return [
            EventDraft(
                "set_aside",
                {"unit": u.id},
                actor=u.id,
                text=f"{u.name} is set aside in Ambush: placed from round 2 on, more than "
                f'{t.PLAYER_AMBUSH_RANGE}" from enemy units (§17 Ambush).',
            )
        ]
    if u.on_table:
        return Rejected(f"{u.name} is already on the table", "§17 Ambush")
    if state.round < 2 or state.turn.phase != t.HEROES or state.activation or state.turn.order:
        return Rejected("a hero in Ambush is placed at the start of a round after the first", "§5 step 1b, §17")
    return [
        EventDraft(
            "unit_arrived",
            {"unit": u.id, "round": state.round},
            actor=u.id,
            text=f'{u.name} arrives from Ambush, placed more than {t.PLAYER_AMBUSH_RANGE}" from enemy units '
            "(§5 step 1b, §17 Ambush).",
        )
    ]


def _ai_ambush(state: BattleState, number: int) -> list[EventDraft]:
    where = ", ".join(n for _, n in state.mission.objectives) or "no AI objective in the mission"
    return [
        EventDraft(
            "unit_arrived",
            {"unit": u.id, "round": number},
            actor=u.id,
            text=f'{u.name} arrives from Ambush within {t.AI_AMBUSH_RANGE}" of the AI objective '
            f"({where}; pick one at random if there are several, §17).",
        )
        for u in state.enemies()
        if u.arrives is not None and u.arrives <= number and u.alive
    ]


def ambush_delays(state: BattleState, number: int | None = None) -> tuple[str, ...]:
    """The AI units whose Ambush arrival round is rolled (a D3 each) when round ``number``
    (default: the next) starts: those with Ambush in a wave of that round [SQ-A27]."""
    number = state.round + 1 if number is None else number
    return tuple(
        uid
        for wave in state.mission.waves
        if wave.round == number
        for uid in wave.units
        if state.has_unit(uid) and state.unit(uid).spec.has("Ambush")
    )


def _mission(state: BattleState, number: int, typed: list[int] | None, dice: DiceSource) -> list[EventDraft]:
    out = [
        EventDraft("note", {"mission_event": text, "ref": "SQ-M1"}, text=f"Mission event: {text} [SQ-M1].")
        for rnd, text in state.mission.events
        if rnd == number
    ]
    delayed = set(ambush_delays(state, number))
    for wave in state.mission.waves:
        if wave.round != number:
            continue
        arrivals: dict[str, int] = {}
        for uid in wave.units:
            if uid in delayed:
                what = f"{possessive(state.unit(uid).name)} Ambush delay (D3)"
                if typed is not None and not typed:
                    raise DiceEntryError(f"{what}: type its die too, after the others")
                d3 = roll_d3(state.settings, typed.pop(0) if typed is not None else None, dice, what)
                later = 1 if state.setting("ai_ambush") == "r+d3+1" else 0
                arrivals[uid] = number + d3["d3"] + later
        names = ", ".join(state.unit(u).name for u in wave.units if u not in arrivals and state.has_unit(u))
        late = ", ".join(f"{state.unit(u).name} in round {r}" for u, r in arrivals.items())
        out.append(
            EventDraft(
                "wave_deployed",
                {"wave": wave.id, "units": list(wave.units), "arrivals": arrivals},
                text=f"Wave '{wave.id}' deploys: {names or 'no unit on the table now'}"
                + (
                    f"; Ambush arrivals ({'r + D3 + 1' if arrivals and later else 'r + D3'}, [SQ-A27]): {late}"
                    if arrivals
                    else ""
                )
                + ".",
            )
        )
    return out


def start_round(state: BattleState, cmd: StartRound, dice: DiceSource) -> Decision:
    if state.turn.phase not in ("setup", "end"):
        return Rejected("the round is still being played; end it first", "§5")
    number = state.round + 1
    drafts = [EventDraft("round_started", {"number": number}, text=f"Round {number} begins (§5).")]
    typed = list(cmd.d3) if cmd.d3 is not None else None
    steps = {
        "a": lambda s: _tokens(s),
        "b": lambda s: _player_ambush(s, number),
        "c": lambda s: _ai_ambush(s, number),
        "d": lambda s: _mission(s, number, typed, dice),
    }
    order = "dabc" if state.setting("start_order") == "mission-first" else "abcd"
    for step in order:
        drafts += steps[step](preview(state, drafts))
    none_left(typed, "no other Ambush delay is rolled as this round starts")
    if state.mission.rounds and number > state.mission.rounds:
        drafts.append(
            EventDraft(
                "note",
                {"warning": "round limit"},
                text=f"The mission's round limit ({state.mission.rounds}) has passed [SQ-M1].",
            )
        )
    after = preview(state, drafts)
    if not heroes_to_activate(after):
        drafts.append(EventDraft("phase_changed", {"phase": t.AI}, text="No hero can act: the AI phase begins."))
    return drafts


def end_round(state: BattleState, cmd: EndRound, dice: DiceSource) -> Decision:
    if state.turn.phase not in ("heroes", "ai"):
        return Rejected("no round is being played", "§5")
    if state.activation:  # the GM is asked; "anyway" ends it first
        return _end_round_anyway(state, cmd, dice)
    left = heroes_to_activate(state) + ai_to_activate(state)
    if left:
        return Rejected("still to activate: " + ", ".join(state.unit(u).name for u in left), "§5 steps 2–3")
    ending = [
        f"{possessive(u.name)} {m.value:+d} {t.STAT_NAMES[m.stat]} ({m.label})"
        for u in state.units
        for m in u.spell_mods
        if m.until == "round"
    ]
    return [
        EventDraft(
            "round_ended",
            {"number": state.round, **({"spells_ending": ending} if ending else {})},
            text=f"Round {state.round} ends: fatigue and round-long effects end (§5 step 4)"
            + (f"; so do {', '.join(ending)}" if ending else "")
            + ".",
        )
    ]


def _end_round_anyway(state: BattleState, cmd: EndRound, dice: DiceSource) -> Decision:
    """The round ended while an activation is open: without ``force`` a question (an
    ``ambiguous`` refusal whose ``anyway`` is the end with ``force``); with it, the
    activation ends as ``EndActivation(force=True)`` ends it (what is open in it cancelled
    by a GM correction), then the round. An end that would be refused even then (morale
    tests to answer, units still to activate) is refused at once with that reason."""
    from engine.records import changed

    from .flow import OPEN_NAMES, end_activation

    assert state.activation is not None
    name = state.unit(state.activation.unit).name
    ended = end_activation(state, EndActivation(force=True), dice)
    if isinstance(ended, Rejected):
        return ended
    after = preview(state, ended)
    if after.activation is not None:
        return Rejected(
            f"{possessive(name)} activation ends with morale tests: end it and answer them first", "§5, §12"
        )
    rest = end_round(after, cmd, dice)
    if isinstance(rest, Rejected):
        return rest
    if not cmd.force:
        busy = state.busy or ("melee" if state.melee else "")
        cancelled = f"the open {OPEN_NAMES.get(busy, busy)} is cancelled, " if busy else ""
        return Rejected(
            f"{possessive(name)} activation is still open; end the round anyway",
            "§5",
            kind="ambiguous",
            anyway=changed(cmd, force=True),
            anyway_label=f"end the round anyway ({cancelled}{possessive(name)} activation ends first)",
        )
    return [*ended, *rest]


def _status_list(state: BattleState, unit_id: str) -> list[str]:
    return [s for s in state.unit(unit_id).statuses if s in t.STATUSES]


def activate_hero(state: BattleState, cmd: ActivateHero, dice: DiceSource) -> Decision:
    if not state.has_unit(cmd.hero) or not state.unit(cmd.hero).hero:
        return Rejected(f"no hero '{cmd.hero}'", kind="malformed")
    u = state.unit(cmd.hero)
    if state.turn.phase != t.HEROES:
        return Rejected("heroes activate in the hero phase", "§5 step 2")
    if state.activation:
        return Rejected(f"{state.unit(state.activation.unit).name} is still activating", "§5")
    if u.id not in heroes_to_activate(state):
        why = "has already activated" if u.activated else "is unconscious" if u.unconscious else "must stay idle"
        return Rejected(f"{u.name} {why} this round", "§5, §10")
    statuses = _status_list(state, u.id)
    text = f"{u.name} activates." + (" Shaken: the activation is spent removing it (§12.3)." if u.shaken else "")
    if statuses:
        text += " Status conditions first: " + ", ".join(t.STATUS_NAMES[s] for s in statuses) + " (§18)."
    return [
        EventDraft(
            "activation_started",
            {"unit": u.id, "side": t.HEROES, "statuses": statuses, "shaken_recovery": u.shaken},
            actor=u.id,
            text=text,
        )
    ]


def activate_ai(state: BattleState, cmd: ActivateAI, dice: DiceSource) -> Decision:
    if state.turn.phase != t.AI:
        return Rejected("AI units activate in the AI phase, after every hero", "§5 step 3")
    if state.activation:
        return Rejected(f"{state.unit(state.activation.unit).name} is still activating", "§5")
    left = ai_to_activate(state)
    unit_id = cmd.unit
    fixed: tuple[str, ...] = ()
    if state.setting("ai_order") == "fixed":
        fixed = state.turn.ai_order or cmd.order
        if not fixed:
            return Rejected(
                "the GM fixes the whole AI order at the start of the AI phase: give it, nearest first",
                "§16.1 [SQ-A5]",
                "ambiguous",
            )
        if not state.turn.ai_order and (sorted(fixed) != sorted(left) or len(set(fixed)) != len(fixed)):
            return Rejected("the order names every AI unit still to activate, once each", "§16.1 [SQ-A5]", "malformed")
        nxt = next((x for x in fixed if x in left), None)
        if unit_id is None:
            unit_id = nxt
        elif nxt is not None and unit_id != nxt:
            return Rejected(f"the fixed AI order says {state.unit(nxt).name} activates next", "§16.1 [SQ-A5]")
    if unit_id is None:
        tied = ", ".join(state.unit(x).name for x in cmd.ties if state.has_unit(x))
        return Rejected(
            "say which AI unit is nearest a conscious hero"
            + (f": the GM chooses among the tied units ({tied})" if tied else ""),
            "§16.1 [SQ-A5]",
            "ambiguous",
        )
    if not state.has_unit(unit_id) or state.unit(unit_id).hero:
        return Rejected(f"no AI unit '{unit_id}'", kind="malformed")
    u = state.unit(unit_id)
    if u.id not in left:
        why = "has already activated" if u.activated else "is not on the table" if not u.on_table else "is destroyed"
        return Rejected(f"{u.name} {why}", "§16.2 step 1")
    statuses = _status_list(state, u.id)
    text = f"AI: {u.name} activates " + (
        "(next in the order the GM fixed, [SQ-A5])."
        if fixed
        else "(the GM picked it as nearest a conscious hero, [SQ-A5])."
    )
    if fixed and not state.turn.ai_order:
        text += " AI order this round: " + ", ".join(state.unit(x).name for x in fixed) + "."
    if statuses:
        text += " Status conditions first: " + ", ".join(t.STATUS_NAMES[s] for s in statuses) + " (§18)."
    drafts = [
        EventDraft(
            "activation_started",
            {
                "unit": u.id,
                "side": t.AI,
                "statuses": statuses,
                "shaken_recovery": u.shaken,
                **({"ai_order": list(fixed)} if fixed and not state.turn.ai_order else {}),
            },
            actor=u.id,
            text=text,
        )
    ]
    from .ai_chart import start_drafts

    return drafts + start_drafts(preview(state, drafts), u.id)

"""Melee (§11.1): after a Charge, the strikes come in a fixed order, each an attack
resolved like shooting (``attack.py``):

1. Counter: the defender's Counter weapons strike first [SQ-A17];
2. Impact: unless the charger is fatigued, X dice per model minus one per Counter model;
3. the charger's melee weapons (Thrust and Furious apply: it is charging);
4. the defender's counter-attack with its other melee weapons (a Shaken unit cannot).

A strike by a destroyed, Shaken or unconscious unit, or at one, is skipped: a charging
hero knocked out by the Counter strike has its activation over at once and the melee stops
there (§10, [SQ-A17]). Fatigue is set at the end of the activation (``flow.py``) on the
charger and on a defender that counter-attacked: one that reached step 6, or, with the
[SQ-A17] setting ``counter_fatigue`` "counter-strike", one that made a Counter strike.
"""

from __future__ import annotations

from engine.events import EventDraft
from engine.formatting import plural
from engine.records import Record

from . import tables as t
from .evolve import preview
from .flow import unconscious_over
from .state import BattleState, Melee, UnitState

STAGES = ("counter", "impact", "charger", "defender")


class Strike(Record):
    """One attack of the melee: who strikes whom with what, how many dice."""

    attacker: str
    target: str
    weapon: str
    kind: str
    attacks: int
    rule: str


def _can_fight(u: UnitState) -> bool:
    return u.alive and not u.unconscious


def _taking_part(u: UnitState, entered: int) -> int:
    return min(entered, u.models)


def counter_models(state: BattleState, m: Melee) -> int:
    d = state.unit(m.defender)
    if not any(w.melee and (w.has("Counter") or d.spec.has("Counter")) for w in d.spec.weapons):
        return 0
    return _taking_part(d, m.defender_models)


def impact_dice(state: BattleState, m: Melee) -> tuple[int, str]:
    """§17 Impact: Σ X over charging models, minus one per Counter model; none when fatigued."""
    c = state.unit(m.charger)
    x = c.spec.x("Impact")
    if not x:
        return 0, ""
    if c.fatigued_now:
        return 0, f"{c.name} is fatigued: no Impact dice (§11.3)"
    models = _taking_part(c, m.charger_models)
    counters = counter_models(state, m)
    dice = max(0, x * models - counters)
    why = (
        f"Impact({x}) × {plural(models, 'model')}"
        + (f" − {plural(counters, 'Counter model')}" if counters else "")
        + f" = {dice}"
    )
    return dice, why


def strikes(state: BattleState, m: Melee, stage: str) -> list[Strike]:
    c, d = state.unit(m.charger), state.unit(m.defender)
    if not (_can_fight(c) and _can_fight(d)):
        return []
    out: list[Strike] = []
    if stage == "counter" and not d.shaken:
        n = _taking_part(d, m.defender_models)
        out = [
            Strike(d.id, c.id, w.name, "counter", w.attacks * n, "§17 Counter")
            for w in d.spec.weapons
            if w.melee and (w.has("Counter") or d.spec.has("Counter"))
        ]
    elif stage == "impact":
        dice, why = impact_dice(state, m)
        out = [Strike(c.id, d.id, "Impact", "impact", dice, why)] if dice else []
    elif stage == "charger":
        n = _taking_part(c, m.charger_models)
        out = [Strike(c.id, d.id, w.name, "melee", w.attacks * n, "§11.1 step 5") for w in c.spec.weapons if w.melee]
    elif stage == "defender" and not d.shaken:
        again = state.setting("counter_timing") == "first-and-again"
        n = _taking_part(d, m.defender_models)
        out = [
            Strike(d.id, c.id, w.name, "melee", w.attacks * n, "§11.1 step 6")
            for w in d.spec.weapons
            if w.melee and (again or not (w.has("Counter") or d.spec.has("Counter")))
        ]
    return [s for s in out if s.attacks > 0]


def start_drafts(
    state: BattleState, charger: str, defender: str, models: int | None, target_models: int | None
) -> list[EventDraft]:
    c, d = state.unit(charger), state.unit(defender)
    payload = {
        "charger": c.id,
        "defender": d.id,
        "charger_models": models or c.models,
        "defender_models": target_models or d.models,
    }
    drafts = [
        EventDraft(
            "melee_started",
            payload,
            actor=c.id,
            text=f'{c.name} charges {d.name}: the defenders move up to {t.DEFENDER_MOVE}" into contact; '
            f'models within {t.MELEE_REACH[0]}"/{t.MELEE_REACH[1]}" must attack (§11.1).',
        )
    ]
    return drafts + advance(preview(state, drafts))


def advance(state: BattleState) -> list[EventDraft]:
    """Start the next strike of the open melee, or end it."""
    m = state.melee
    assert m is not None
    stage_i, index = STAGES.index(m.stage) if m.stage in STAGES else len(STAGES), m.index
    while stage_i < len(STAGES):
        stage = STAGES[stage_i]
        todo = strikes(state, m, stage)
        if index < len(todo):
            s = todo[index]
            drafts = [
                EventDraft(
                    "melee_advanced",
                    {"stage": stage, "index": index + 1},
                    actor=s.attacker,
                    text=f"Melee: {state.unit(s.attacker).name} strikes next ({stage}).",
                )
            ]
            if stage == "defender" or (stage == "counter" and state.setting("counter_fatigue") == "counter-strike"):
                drafts += _counter_attacked(state, s.attacker)
            payload = {
                "attacker": s.attacker,
                "target": s.target,
                "weapon": s.weapon,
                "kind": s.kind,
                "attacks": s.attacks,
                "charging": s.attacker == m.charger,
            }
            drafts.append(
                EventDraft(
                    "attack_started",
                    payload,
                    actor=s.attacker,
                    text=f"{state.unit(s.attacker).name} strikes {state.unit(s.target).name} "
                    f"with {s.weapon}: {plural(s.attacks, 'attack')} ({s.rule}).",
                )
            )
            return drafts
        stage_i, index = stage_i + 1, 0
    c, d = state.unit(m.charger), state.unit(m.defender)
    both = _can_fight(c) and _can_fight(d)
    out: list[EventDraft] = []
    if both and strikes(state, m, "counter"):  # step 6 came: its Counter strike was its part of it
        out += _counter_attacked(state, d.id)
    ended: dict[str, object] = {"charger": c.id, "defender": d.id, "separate": both}
    text = "The melee is over" + (
        f': {c.name} moves back until the units are {t.SEPARATION}" apart, if it can (§11.1 step 7).' if both else "."
    )
    if c.alive and c.unconscious and _can_fight(d):
        act = state.activation
        if act is not None and act.unit == c.id and not act.over:
            out.append(unconscious_over(state, c.id))
        skipped = "no Impact, no attacks of its own, no counter-attack" if m.stage == "counter" else "no more strikes"
        ended["stopped"] = "unconscious"
        text = f"{c.name} is unconscious: the melee stops — {skipped}, no moving apart (§10, [SQ-A17])."
    return out + [EventDraft("melee_ended", ended, actor=c.id, text=text)]


def _counter_attacked(state: BattleState, unit: str) -> list[EventDraft]:
    """The defender strikes back: fatigued at the end of the activation (§11.3), once."""
    if unit in (state.activation.counter_attackers if state.activation else ()):
        return []
    return [
        EventDraft(
            "counter_attacked",
            {"unit": unit},
            actor=unit,
            text=f"{state.unit(unit).name} strikes back: fatigued at the end of the activation (§11.3).",
        )
    ]

"""Grenades in the battle (§17.6): the throw, then the blast.

``throw_grenade``: an action (the non-Move one) and an Accuracy roll with no modifiers —
2k6 < the thrower's current C (profile, lasting wounds, Infection; no situational or skill
modifier). The grenade is crossed off the thrower's items at once (single use) and waits
for its blast (``BattleState.grenade``).

``grenade_blast``: after a miss the next player chooses 3" nearer or farther; the GM
names the models in the 2" blast. Smoke: a marker that blocks line of sight until the
start of the next round, the models inside may only Move. Stun: each model in the blast
may take only one action, a Move, this round (none left: no effect; a Suppression filter
makes it immune). Frag: an automatic hit and a Toughness roll for each ([SM-A26]: not a
shooting hit).
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Sequence

from engine.dice import DiceSource
from engine.events import EventDraft
from engine.formatting import possessive, roll_line
from engine.ruleset import Rejected

from . import tables as t
from .activation import take_action
from .procedures.common import ProcedureRefused
from .procedures.misc import GRENADES, grenade_chance, grenade_roll
from .state import BattleState, ModelState

if TYPE_CHECKING:  # the command classes load on first use
    from .commands import GrenadeBlast, ThrowGrenade

Decision = Rejected | Sequence[EventDraft]
SCATTER = ("nearer", "farther")
"""§17.6: a missed grenade lands 3" nearer or farther, the next player's choice."""
STUN_IMMUNE = "suppression-filter"


def grenades_of(m: ModelState) -> tuple[str, ...]:
    """The grenades ``m`` still carries (each once, in the table's order)."""
    return tuple(g for g in GRENADES if g in m.spec.items)


def throw_chance(state: BattleState, model_id: str) -> Fraction:
    """P(the grenade goes off where it was aimed): 2k6 < current C, whatever the situation."""
    m = state.model(model_id)
    return grenade_chance(m.spec, m.infected)


def throw_check(state: BattleState, m: ModelState) -> Rejected | None:
    """Why ``m`` may throw no grenade now whichever it carries (§8.1, §17.6), or None:
    asked by ``ThrowGrenade`` and, before its picker, by ``queries.can``."""
    if state.grenade is not None:
        thrower = state.model(state.grenade.model).name
        return Rejected(f"{possessive(thrower)} grenade has not gone off yet: place its blast first", "§17.6")
    if m.engaged:
        return Rejected(f"{m.name} is engaged in melee: it may only Attack or Withdraw", "§8.1")
    return None


def throw_grenade(state: BattleState, cmd: ThrowGrenade, dice: DiceSource) -> Decision:
    if not state.has_model(cmd.model):
        return Rejected(f"no model '{cmd.model}'", kind="malformed")
    m = state.model(cmd.model)
    if cmd.grenade not in GRENADES:
        return Rejected(f"'{cmd.grenade}' is not a grenade", "§17.6", kind="malformed")
    if cmd.grenade not in m.spec.items:
        return Rejected(f"{m.name} carries no {t.ITEMS[cmd.grenade].name} (a grenade is used once)", "§17.6")
    problem = throw_check(state, m)
    if problem is not None:
        return problem
    name = t.ITEMS[cmd.grenade].name
    drafts = take_action(state, m.id, "grenade", f"{m.name} throws a {name} (an action, §17.6).", grenade=cmd.grenade)
    if isinstance(drafts, Rejected):
        return drafts
    try:
        record = grenade_roll(m.spec, dice, cmd.grenade, cmd.distance, m.infected)
    except ProcedureRefused as err:
        return err.as_rejected()
    drafts.append(
        EventDraft(
            "grenade_thrown",
            {"model": m.id, "grenade": cmd.grenade, "hit": record.success, "roll": record.to_dict()},
            actor=m.id,
            text=f"{m.name} throws a {name}: {roll_line(record)}",
        )
    )
    return drafts


def blast_effect(state: BattleState, grenade: str, model_id: str) -> str:
    """What the blast does to one model in it: "frag" (a hit and a Toughness roll), "stun",
    "smoke", or why it does nothing ("immune", "spent")."""
    m = state.model(model_id)
    if grenade == "frag-grenade":
        return "frag"
    if grenade == "smoke-grenade":
        return "smoke"
    if STUN_IMMUNE in m.spec.items:
        return "immune"
    if m.actions_left <= 0:
        return "spent"
    return "stun"


EFFECT_TEXT = {
    "frag": "is hit and must make a Toughness roll",
    "stun": "is stunned: one action this round, and it must be a Move",
    "smoke": "is inside the smoke: only Move actions until it leaves it",
    "immune": "is immune (Suppression filter)",
    "spent": "has used all its actions: no effect",
}


def on_target(state: BattleState) -> bool:
    """Whether the grenade in the air hit its point: its Accuracy roll as it stands after
    any re-roll (the Captain's, §15.2). False when no grenade is in the air."""
    thrown = state.grenade
    if thrown is None:
        return False
    last = state.last_roll
    if last is not None and last.kind == "grenade" and last.roller == thrown.model:
        return bool(last.record.get("success"))
    return thrown.hit


def grenade_blast(state: BattleState, cmd: GrenadeBlast, dice: DiceSource) -> Decision:
    thrown = state.grenade
    if thrown is None:
        return Rejected("no grenade is waiting to go off", "§17.6", kind="illegal")
    hit = on_target(state)
    if hit and cmd.scatter:
        return Rejected("the grenade hit: it goes off where it was aimed", "§17.6", kind="malformed")
    if not hit and cmd.scatter not in SCATTER:
        return Rejected('the grenade missed: the next player chooses 3" nearer or farther', "§17.6", kind="ambiguous")
    if len(set(cmd.models)) != len(cmd.models):
        return Rejected("a model is named twice in the blast", kind="malformed")
    for x in cmd.models:
        if not state.has_model(x) or not state.model(x).on_table:
            return Rejected(f"'{x}' is not a model on the table", kind="malformed")
    thrower = state.model(thrown.model)
    name = t.ITEMS[thrown.grenade].name
    effects = {x: blast_effect(state, thrown.grenade, x) for x in cmd.models}
    where = "where it was aimed" if hit else f"3\" {cmd.scatter} (the next player's choice)"
    caught = "; ".join(f"{state.model(x).name} {EFFECT_TEXT[e]}" for x, e in effects.items()) or "nobody in the blast"
    marker = f"smoke of {possessive(thrower.name)} grenade, round {state.round}"
    drafts = [
        EventDraft(
            "grenade_blast",
            {
                "thrower": thrown.model,
                "grenade": thrown.grenade,
                "scatter": cmd.scatter,
                "models": list(cmd.models),
                "effects": effects,
                "marker": marker,
            },
            actor=thrown.model,
            text=f"{possessive(thrower.name)} {name} goes off {where}: {caught} (§17.6).",
        )
    ]
    for x, effect in effects.items():
        if effect == "frag":
            drafts.append(
                EventDraft(
                    "save_pending",
                    {"model": x, "attacker": thrown.model, "attack": "other", "weapon": thrown.grenade, "context": {}},
                    actor=x,
                    text=f"{state.model(x).name} is hit by the frag grenade and must make a Toughness roll (§17.6).",
                )
            )
    return drafts


__all__ = ["SCATTER", "blast_effect", "on_target", "grenade_blast", "grenades_of", "throw_chance", "throw_grenade"]

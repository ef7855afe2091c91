"""Casters (§17 Caster(X)): spend tokens equal to a spell's value, roll one die, 4+
casts. A hero may add tokens (+1 each); heroes within 18" may hinder an AI caster
(−1 per token). A hero who fails may pay 2 × the value in PP to cast anyway. An AI
caster picks a random spell and spends all its tokens [SQ-A29]. Casting takes no
action, but comes before the model attacks; one attempt per spell per activation.
"""
from __future__ import annotations

from typing import Sequence

from engine.dice import DiceSource
from engine.events import EventDraft
from engine.rolls import Modifier
from engine.ruleset import Rejected

from . import tables as t
from .attack import acting_problem
from .commands import Cast
from .effects import offer_draft
from .evolve import preview
from .stat_test import IMPAIRED_MOD, Test, faces_for, natural_applies
from .state import BattleState

Decision = Rejected | Sequence[EventDraft]


def cast_test(state: BattleState, unit_id: str, extra: int, hinder: int) -> Test:
    u = state.unit(unit_id)
    mods = []
    if extra:
        mods.append(Modifier(f"{extra} extra spell token(s)", extra, "§17 Caster", "extra_tokens"))
    if hinder:
        mods.append(Modifier(f"{hinder} hindering hero token(s)", -hinder, "§17 Caster", "hinder"))
    if t.IMPAIRED in u.statuses:
        mods.append(IMPAIRED_MOD)
    base = Modifier(f"a spell is cast on {t.CAST_ON}+", t.CAST_ON, "§17 Caster")
    return Test("sq.cast", f"{u.name}: casting", base, tuple(mods), natural_applies(state.settings, False))


def cast(state: BattleState, cmd: Cast, dice: DiceSource) -> Decision:
    ai_walk = state.ai is not None and state.ai.proposal is None
    problem = acting_problem(state, cmd.unit) if not ai_walk else None
    if ai_walk and (state.activation is None or state.activation.unit != cmd.unit or state.ai.node != "cast"):
        return Rejected("an AI caster casts when the chart says so", "§16.2 step 4")
    if problem:
        return problem
    u, act = state.unit(cmd.unit), state.activation
    if not u.spec.x("Caster") or not u.spec.spells:
        return Rejected(f"{u.name} is not a Caster with spells", "§17 Caster")
    drafts: list[EventDraft] = []
    name = cmd.spell
    if name == "random":
        face = dice.roll(1, sides=len(u.spec.spells), purpose="the random spell")[0]
        name = u.spec.spells[face - 1].name
        drafts.append(EventDraft("note", {"unit": u.id, "random_spell": name, "face": face}, actor=u.id,
                                 text=f"Random spell: d{len(u.spec.spells)} = {face} → {name} (§17 Caster, AI)."))
    spell = u.spec.spell(name)
    if spell is None:
        return Rejected(f"{u.name} has no spell '{name}'", kind="malformed")
    if act.attacked:
        return Rejected(f"{u.name} has already attacked: cast before attacking [SQ-A29](b)", "§17 Caster")
    if spell.name in act.cast:
        return Rejected(f"{spell.name} was already tried [SQ-A29](a)", "§17 Caster")
    extra = cmd.extra_tokens
    if not u.hero and state.setting("ai_cast_tokens") != "value":
        extra = max(0, u.tokens - spell.value)
    if u.tokens < spell.value + extra:
        if not u.hero:
            return drafts + [EventDraft("note", {"unit": u.id, "spell": spell.name, "cast": False}, actor=u.id,
                                        text=f"{u.name} has {u.tokens} token(s), {spell.name} needs {spell.value}: "
                                             "it casts nothing and keeps its tokens [SQ-A29](c).")]
        return Rejected(f"{u.name} has {u.tokens} token(s); {spell.name} needs {spell.value + extra}", "§17 Caster")
    hinder = 0
    for hero_id, n in cmd.hinder:
        if u.hero or not state.has_unit(hero_id) or not state.unit(hero_id).hero:
            return Rejected("only heroes hinder an AI caster", "§17 Caster [SQ-A29](e)")
        if state.unit(hero_id).tokens < n or n < 1:
            return Rejected(f"{state.unit(hero_id).name} has {state.unit(hero_id).tokens} token(s)", "§17 Caster")
        hinder += n
        drafts.append(EventDraft("tokens_spent", {"unit": hero_id, "amount": n, "why": "hinder"}, actor=hero_id,
                                 text=f"{state.unit(hero_id).name} spends {n} token(s) to hinder: −{n}."))
    drafts.append(EventDraft("tokens_spent", {"unit": u.id, "amount": spell.value + extra, "why": spell.name},
                             actor=u.id, text=f"{u.name} spends {spell.value} + {extra} token(s): "
                                              f"{u.tokens} → {u.tokens - spell.value - extra}."))
    test = cast_test(state, u.id, extra, hinder)
    faces = faces_for(cmd.faces, 1, dice, "the casting roll")
    record = test.record(faces, {"spell": spell.name, "value": spell.value}, ("cast", "not cast"))
    drafts.append(EventDraft("spell_tried", {"unit": u.id, "spell": spell.name, "cast": record.success,
                                             "roll": record.to_dict()}, actor=u.id,
                             text=f"{u.name} casts {spell.name}: {faces[0]}{test.net:+d} against {t.CAST_ON}+: "
                                  f"{record.outcome}" + (f" — {spell.effect}" if record.success and spell.effect
                                                         else "") + "."))
    if not record.success and u.hero:
        cost = t.CAST_PP_PER_VALUE * spell.value
        drafts.append(offer_draft(preview(state, drafts), u.id, "cast", cost,
                                  f"{u.name} may pay {cost} PP (2 × {spell.value}) to count {spell.name} as cast",
                                  {"spell": spell.name, "effect": spell.effect}))
    if ai_walk:
        from .ai_chart import advance
        drafts += advance(preview(state, drafts))
    return drafts

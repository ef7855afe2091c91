"""Casters (§17 Caster(X)): spend tokens equal to a spell's value, roll one die, 4+
casts. A hero may add tokens (+1 each); heroes within 18" may hinder an AI caster
(−1 per token). A hero who fails may pay 2 × the value in PP to cast anyway. An AI
caster picks a random spell (one die, a face per spell) and spends all its tokens
[SQ-A29]. Casting takes no action, but comes before the model attacks; one attempt per
spell per activation. Typed dice: ``Cast.spell_face`` picks the random spell,
``Cast.faces`` is the casting die; ``ai_cast_chances`` gives the exact odds first.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Sequence

from engine.dice import DiceEntryError, DiceSource
from engine.events import EventDraft
from engine.formatting import plural, possessive
from engine.records import Record
from engine.rolls import Modifier
from engine.ruleset import Rejected

from . import tables as t
from .attack import acting_problem
from .commands import Cast
from .effects import offer_draft
from .evolve import preview
from .roster import SpellSpec
from .spells import effect_drafts, target_problem
from .stat_test import Test, faces_for, natural_applies, none_left
from .state import BattleState, UnitState

Decision = Rejected | Sequence[EventDraft]


def cast_test(state: BattleState, unit_id: str, extra: int, hinder: int) -> Test:
    """The casting roll: 4+, tokens +1 / −1 each. Impaired is −1 to stat rolls only
    (Quality, Defense, Str, Dex, Wil, §18): the casting roll is not one."""
    u = state.unit(unit_id)
    mods = []
    if extra:
        mods.append(Modifier(f"{plural(extra, 'extra spell token')}", extra, "§17 Caster", "extra_tokens"))
    if hinder:
        mods.append(Modifier(f"{plural(hinder, 'hindering hero token')}", -hinder, "§17 Caster", "hinder"))
    base = Modifier("a spell is cast on", t.CAST_ON, "§17 Caster")
    return Test("sq.cast", f"{u.name}: casting", base, tuple(mods), natural_applies(state.settings, False))


def ai_extra(state: BattleState, u: UnitState, spell: SpellSpec, asked: int = 0) -> int:
    """Tokens spent beyond the value: an AI caster spends all it has, as [SQ-A29] says."""
    if not u.hero and state.setting("ai_cast_tokens") != "value":
        return max(0, u.tokens - spell.value)
    return asked


class SpellChance(Record):
    """One face of an AI caster's random-spell die: the spell, the tokens it spends and
    the casting test (None: too few tokens, nothing is cast [SQ-A29](c))."""

    face: int
    spell: SpellSpec
    tokens: int
    test: Test | None

    @property
    def chance(self) -> Fraction:
        return self.test.chance if self.test is not None else Fraction(0)


def ai_cast_chances(state: BattleState, unit_id: str, hinder: int = 0) -> tuple[tuple[SpellChance, ...], Fraction]:
    """Each spell an AI caster may draw (one die face each, §17 Caster (AI), [SQ-A29]) with
    its exact chance to be cast, and the chance the cast succeeds before the spell is drawn."""
    u = state.unit(unit_id)
    out = []
    for face, spell in enumerate(u.spec.spells, 1):
        extra = ai_extra(state, u, spell)
        enough = u.tokens >= spell.value + extra
        out.append(
            SpellChance(
                face,
                spell,
                spell.value + extra if enough else 0,
                cast_test(state, unit_id, extra, hinder) if enough else None,
            )
        )
    total = sum((x.chance for x in out), Fraction(0)) / len(out) if out else Fraction(0)
    return tuple(out), total


def _random_spell(u: UnitState, cmd: Cast, dice: DiceSource) -> tuple[str, list[EventDraft]]:
    """The AI caster's random spell: one die with a face per spell (none for one spell)."""
    spells = u.spec.spells
    n = len(spells)
    if n == 1:
        if cmd.spell_face not in (None, 1):
            raise DiceEntryError(f"{u.name} has one spell: there is no die to pick it")
        return spells[0].name, [
            EventDraft(
                "note",
                {"unit": u.id, "random_spell": spells[0].name, "face": None},
                actor=u.id,
                text=f"Random spell: {spells[0].name}, {possessive(u.name)} only spell (§17 Caster, AI).",
            )
        ]
    if cmd.spell_face is not None and not 1 <= cmd.spell_face <= n:
        raise DiceEntryError(f"{cmd.spell_face} is not a face of the d{n} that picks the spell (1–{n})")
    face = cmd.spell_face if cmd.spell_face is not None else dice.roll(1, sides=n, purpose="the random spell")[0]
    name = spells[face - 1].name
    return name, [
        EventDraft(
            "note",
            {"unit": u.id, "random_spell": name, "face": face, "sides": n, "chance": f"1/{n}"},
            actor=u.id,
            text=f"Random spell: d{n} = {face} → {name} (§17 Caster, AI).",
        )
    ]


def cast(state: BattleState, cmd: Cast, dice: DiceSource) -> Decision:
    ai_walk = state.ai is not None and state.ai.proposal is None
    problem = acting_problem(state, cmd.unit) if not ai_walk else None
    if ai_walk and (
        state.activation is None or state.activation.unit != cmd.unit or state.ai is None or state.ai.node != "cast"
    ):
        return Rejected("an AI caster casts when the chart says so", "§16.2 step 4")
    if problem:
        return problem
    u, act = state.unit(cmd.unit), state.activation
    assert act is not None  # acting_problem: this unit is activating
    if not u.spec.x("Caster") or not u.spec.spells:
        return Rejected(f"{u.name} is not a Caster with spells", "§17 Caster")
    drafts: list[EventDraft] = []
    name = cmd.spell
    if name == "random":
        name, drafts = _random_spell(u, cmd, dice)
    elif cmd.spell_face is not None:
        raise DiceEntryError("a spell die is rolled only for a random spell")
    spell = u.spec.spell(name)
    if spell is None:
        return Rejected(f"{u.name} has no spell '{name}'", kind="malformed")
    if act.attacked:
        return Rejected(f"{u.name} has already attacked: cast before attacking [SQ-A29](b)", "§17 Caster")
    if spell.name in act.cast:
        return Rejected(f"{spell.name} was already tried in this activation [SQ-A29](a)", "§17 Caster")
    if state.setting("cast_attempts") == "round" and spell.name in u.cast_round:
        return Rejected(f"{spell.name} was already tried this round [SQ-A29](a)", "§17 Caster")
    if u.hero:
        aim = target_problem(state, u.id, spell, cmd.target)
        if aim:
            return aim
    extra = ai_extra(state, u, spell, cmd.extra_tokens)
    if u.tokens < spell.value + extra:
        if not u.hero:
            none_left(list(cmd.faces or ()), f"{spell.name} is not cast, so no casting die is rolled [SQ-A29](c)")
            return drafts + [
                EventDraft(
                    "note",
                    {"unit": u.id, "spell": spell.name, "cast": False},
                    actor=u.id,
                    text=f"{u.name} has {plural(u.tokens, 'token')}, {spell.name} needs {spell.value}: "
                    "it casts nothing and keeps its tokens [SQ-A29](c).",
                )
            ]
        return Rejected(
            f"{u.name} has {plural(u.tokens, 'token')}; {spell.name} needs {spell.value + extra}", "§17 Caster"
        )
    hinder = 0
    for hero_id, n in cmd.hinder:
        if u.hero or not state.has_unit(hero_id) or not state.unit(hero_id).hero:
            return Rejected("only heroes hinder an AI caster", "§17 Caster [SQ-A29](e)")
        if state.unit(hero_id).tokens < n or n < 1:
            return Rejected(
                f"{state.unit(hero_id).name} has {plural(state.unit(hero_id).tokens, 'token')}", "§17 Caster"
            )
        hinder += n
        drafts.append(
            EventDraft(
                "tokens_spent",
                {"unit": hero_id, "amount": n, "why": "hinder"},
                actor=hero_id,
                text=f"{state.unit(hero_id).name} spends {plural(n, 'token')} to hinder: −{n}.",
            )
        )
    drafts.append(
        EventDraft(
            "tokens_spent",
            {"unit": u.id, "amount": spell.value + extra, "why": spell.name},
            actor=u.id,
            text=f"{u.name} spends {plural(spell.value + extra, 'token')}{f' ({spell.value} + {extra} extra)' if extra else ''}: {u.tokens} → {u.tokens - spell.value - extra}.",
        )
    )
    test = cast_test(state, u.id, extra, hinder)
    faces = faces_for(cmd.faces, 1, dice, "the casting roll")
    detail = {"spell": spell.name, "value": spell.value}
    if cmd.spell == "random":
        picked = drafts[0].payload  # the spell die: its face, sides and the chance of each face
        detail["random_spell"] = {k: picked[k] for k in ("face", "sides", "chance") if k in picked}
    record = test.record(faces, detail, ("cast", "not cast"))
    drafts.append(
        EventDraft(
            "spell_tried",
            {"unit": u.id, "spell": spell.name, "cast": record.success, "roll": record.to_dict()},
            actor=u.id,
            text=f"{u.name} casts {spell.name}: {faces[0]} against {test.against}: "
            f"{record.outcome}" + (f" — {spell.effect.rstrip('.')}" if record.success and spell.effect else "") + ".",
        )
    )
    if record.success:
        drafts += effect_drafts(preview(state, drafts), u.id, spell, cmd.target)
    if not record.success and u.hero:
        cost = t.CAST_PP_PER_VALUE * spell.value
        drafts.append(
            offer_draft(
                preview(state, drafts),
                u.id,
                "cast",
                cost,
                f"{u.name} may pay {cost} PP (2 × {spell.value}) to count {spell.name} as cast",
                {"spell": spell.name, "effect": spell.effect, "target": cmd.target},
            )
        )
    if ai_walk:
        from .ai_chart import advance

        drafts += advance(preview(state, drafts))
    return drafts

"""Morale (§12): who tests at the end of an activation, and the test itself.

A unit tests when ``2 × lost ≥ starting value`` (models, or Tough for one model), read
as [SQ-A18] says; Fear(X) adds X to the count for the check only [SQ-A19]. The test is
a Quality test (Villain's Quality if better [SQ-A20]); Fearless saves a failure on 4+;
a failure makes the unit Shaken, except that a hero may pay 2 PP and an enemy with
Tough 9+ takes D3 wounds instead. A Shaken unit fails automatically [SQ-A21].
"""

from __future__ import annotations

from typing import Sequence

from engine.dice import DiceEntryError, DiceSource
from engine.events import EventDraft
from engine.formatting import possessive
from engine.rolls import Modifier
from engine.ruleset import Rejected

from . import tables as t
from .commands import RollMorale
from .evolve import preview
from .power import hurt_drafts
from .stat_test import IMPAIRED_MOD, Test, natural_applies, none_left, roll_d3, spell_modifiers, take
from .state import BattleState, UnitState

Decision = Rejected | Sequence[EventDraft]


def counted_loss(state: BattleState, u: UnitState) -> tuple[int, int]:
    """(total loss, loss in this activation), Fear included [SQ-A19]."""
    bonus = u.fear if u.fear and u.took else 0
    if u.spec.models > 1 and state.setting("fear_count") == "single-only":
        bonus = 0
    loss = u.loss if u.alive else u.start
    return loss + bonus, loss - u.loss_before + bonus


def must_test(state: BattleState, u: UnitState) -> bool:
    """§12.1 at the end of an activation, by the [SQ-A18] reading."""
    if not u.alive or not u.on_table or u.unconscious or not u.took:
        return False
    total, now = counted_loss(state, u)
    reading = state.setting("morale_reading") or "R1"
    if reading == "R2":
        return 2 * now >= u.start
    if reading == "R3":
        return 2 * total >= u.start and 2 * u.loss_before < u.start
    return 2 * total >= u.start


def checks(state: BattleState) -> list[str]:
    """Units that must take a morale test now (at most one each, §12.1)."""
    return [u.id for u in state.units if must_test(state, u)]


def villain_problem(state: BattleState, u: UnitState, villain: str | None) -> Rejected | None:
    if villain is None:
        return None
    if not state.has_unit(villain):
        return Rejected(f"no unit '{villain}'", kind="malformed")
    v = state.unit(villain)
    if u.hero or v.hero or not v.spec.has("Villain"):
        return Rejected(f"{v.name} is not a Villain that {u.name} can use", "§17 Villain")
    if v.shaken or not v.alive:
        return Rejected(f"{v.name} is Shaken or gone: no Villain's Quality", "§17 Villain")
    return None


def morale_test(state: BattleState, u: UnitState, villain: str | None = None) -> Test:
    base = Modifier(f"{possessive(u.name)} Quality", u.spec.quality, "§12.2")
    if villain:
        v = state.unit(villain)
        better = (
            v.spec.quality < u.spec.quality
            if state.setting("villain_quality") != "literal"
            else v.spec.quality > u.spec.quality
        )
        if better:
            base = Modifier(f"Villain {possessive(v.name)} Quality", v.spec.quality, "§17 Villain [SQ-A20]")
    mods = ((IMPAIRED_MOD,) if t.IMPAIRED in u.statuses else ()) + spell_modifiers(u.spell_mods, t.QUALITY)
    return Test("sq.morale", f"{u.name}: morale test", base, mods)


def fearless_test(state: BattleState, u: UnitState) -> Test:
    base = Modifier("Fearless: passes on", t.FEARLESS_ON, "§17 Fearless")
    return Test("sq.fearless", f"{u.name}: Fearless", base, (), natural_applies(state.settings, False))


def roll_morale(state: BattleState, cmd: RollMorale, dice: DiceSource) -> Decision:
    """``cmd.faces``, when typed, are every die of the test in the order rolled: the test,
    the Fearless die (if it failed), the D3 die of Tough 9+ (if that failed too and
    ``cmd.d3`` is not given); a die missing or one too many is a ``DiceEntryError``."""
    typed = list(cmd.faces) if cmd.faces is not None else None
    out = _roll_morale(state, cmd, dice, typed)
    if not isinstance(out, Rejected):
        none_left(typed, "this morale test rolls no more dice")
    return out


def _roll_morale(state: BattleState, cmd: RollMorale, dice: DiceSource, typed: list[int] | None) -> Decision:
    if not state.morale or state.offer:
        return Rejected("no morale test is waiting", "§12")
    u = state.unit(state.morale[0])
    problem = villain_problem(state, u, cmd.villain)
    if problem:
        return problem
    if u.shaken:
        drafts = [
            EventDraft(
                "morale_rolled",
                {"unit": u.id, "passed": False, "automatic": True},
                actor=u.id,
                text=f"{u.name} is Shaken: the morale test fails automatically (§12.3).",
            )
        ]
        if state.setting("shaken_autofail") == "fearless" and u.spec.has("Fearless"):
            f = take(typed, 1, dice, "the Fearless roll")
            rec = fearless_test(state, u).record(f, words=("passed", "failed"))
            drafts.append(
                EventDraft(
                    "test_rolled",
                    {"unit": u.id, "purpose": "fearless", "roll": rec.to_dict()},
                    actor=u.id,
                    text=f"Fearless {f[0]}: {rec.outcome} [SQ-A21]; still Shaken.",
                )
            )
        else:
            drafts[0] = EventDraft(
                "morale_rolled",
                drafts[0].payload,
                actor=u.id,
                text=drafts[0].text[:-1] + ": still Shaken, no Fearless roll, no PP [SQ-A21].",
            )
        return drafts
    test = morale_test(state, u, cmd.villain)
    first = take(typed, 1, dice, "the morale test")
    record = test.record(first, words=("passed", "failed"))
    passed = record.success
    drafts = []
    fearless_roll = None
    if not passed and u.spec.has("Fearless"):
        second = take(typed, 1, dice, "the Fearless roll (the morale test failed)")
        fearless_roll = fearless_test(state, u).record(second, words=("passed", "failed"))
        passed = fearless_roll.success
    total, now = counted_loss(state, u)
    payload = {
        "unit": u.id,
        "passed": passed,
        "roll": record.to_dict(),
        "loss": total,
        "start": u.start,
        "rolls": [fearless_roll.to_dict()] if fearless_roll else [],  # the Fearless roll after a failed test
        "villain": cmd.villain,
    }
    text = f"{u.name} morale test {first[0]} against {test.against}: {record.outcome}"
    if fearless_roll:
        text += f"; Fearless {fearless_roll.dice[0].face}: {fearless_roll.outcome}"
    drafts.append(EventDraft("morale_rolled", payload, actor=u.id, text=text + "."))
    if passed:
        return drafts
    if not u.hero and u.spec.tough >= t.NEVER_SHAKEN_TOUGH:
        face = cmd.d3
        if face is None and typed is not None:
            if not typed:
                raise DiceEntryError(
                    "the Tough 9+ D3 wounds (the morale test failed): type its die too, after the others"
                )
            face = typed.pop(0)
        d3 = roll_d3(state.settings, face, dice, "the Tough 9+ D3 wounds")
        drafts.append(
            EventDraft(
                "note",
                {"unit": u.id, "d3": d3},
                actor=u.id,
                text=f"{u.name} has Tough {u.spec.tough}: never Shaken; D3 = {d3['d3']} wounds instead (§12.2).",
            )
        )
        return drafts + hurt_drafts(preview(state, drafts), u.id, d3["d3"], "failed morale, Tough 9+", "§12.2")
    if u.hero:
        cost = t.IGNORE_SHAKEN_COST
        return drafts + [
            EventDraft(
                "offer_made",
                {
                    "kind": "ignore-shaken",
                    "unit": u.id,
                    "cost": cost,
                    "text": f"{u.name} may pay {cost} PP to ignore Shaken (has {u.pp})",
                    "detail": {},
                },
                actor=u.id,
                text=f"{u.name} may spend {cost} PP to ignore Shaken (§12.2).",
            )
        ]
    return drafts + [shaken_draft(u)]


def shaken_draft(u: UnitState) -> EventDraft:
    return EventDraft(
        "shaken",
        {"unit": u.id},
        actor=u.id,
        text=f"{u.name} is Shaken: idle, counts as fatigued, cannot attack or seize markers (§12.3).",
    )

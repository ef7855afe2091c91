"""Casting a Technomancer trick with what follows from it (§20.4, §21).

``cast_trick`` is ``actions.cast_trick`` (charges, the action, the effect) plus:

* Dispel (Rozproszenie, §20.4): a model with the skill rolls 2k6 when the trick is cast;
  on 8 or more the trick is dispelled and has no effect (the charge and the action are
  spent all the same). [SM-A30] ``dispel_optional`` on: the owner chooses to roll, and only
  against an enemy's trick.
* Atak Drona: an automatic hit on the target, which at once makes a Toughness test with no
  bonus from a shield (``ToughnessSituation.weapon == "drone-strike"``).
* Lawa: every model under the 3" pool (the GM names them) makes a Toughness test; those
  that stay in it may only Move until a Move takes them out (``Move.leaves_lava``).
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Sequence

from engine.dice import DiceSource
from engine.events import EventDraft
from engine.formatting import roll_line
from engine.records import changed
from engine.ruleset import Rejected

from . import tables as t
from .actions import cast_trick as cast_effect
from .procedures.misc import dispel_chance, dispel_roll
from .state import BattleState
from .terms import skill_term, trick_term

if TYPE_CHECKING:  # the command classes load on first use
    from .commands import CastTrick

Decision = Rejected | Sequence[EventDraft]
DISPEL_SKILL = "dispel"
SAVE_TRICKS = {"drone-strike": trick_term("drone-strike"), "lava": trick_term("lava")}
"""Tricks whose victims make a Toughness test (§21)."""


def dispellers(state: BattleState, caster: str) -> tuple[str, ...]:
    """Models on the table that may roll Dispel against ``caster``'s trick (the GM checks
    the 8" and the line of sight): with [SM-A30] on, only the caster's enemies."""
    c = state.model(caster)
    enemies_only = state.setting("dispel_optional") != "off"
    return tuple(
        m.id
        for m in state.on_table()
        if DISPEL_SKILL in m.spec.skills and m.id != caster and (m.side != c.side or not enemies_only)
    )


def dispel_odds() -> Fraction:
    """P(the trick is dispelled) = P(2k6 ≥ 8) = 15/36."""
    return dispel_chance()


def _problem(state: BattleState, cmd: CastTrick) -> Rejected | None:
    if not state.has_model(cmd.model):
        return Rejected(f"no model '{cmd.model}'", kind="malformed")
    if cmd.trick == "short-circuit":
        return Rejected(
            f"{trick_term('short-circuit')} is cast as a shot: Shoot with the weapon short-circuit (§21)",
            "§21",
            "malformed",
        )
    if cmd.trick == "drone-strike" and not cmd.target:
        return Rejected(
            f'{trick_term("drone-strike")} needs a target model in line of sight within 14"', "§21", kind="malformed"
        )
    if cmd.victims and cmd.trick != "lava":
        return Rejected(f"only the pool of {trick_term('lava')} names the models under it", "§21", kind="malformed")
    if len(set(cmd.victims)) != len(cmd.victims):
        return Rejected("a model is named twice under the pool", kind="malformed")
    for x in cmd.victims:
        if not state.has_model(x) or not state.model(x).on_table:
            return Rejected(f"'{x}' is not a model on the table", kind="malformed")
    if cmd.trick == "drone-strike" and cmd.target and state.has_model(cmd.target):
        if not state.model(cmd.target).on_table:
            return Rejected(f"{state.model(cmd.target).name} is not on the table", "§21")
    if cmd.dispeller is not None:
        return dispeller_problem(state, cmd.model, cmd.dispeller)
    return None


def dispeller_problem(state: BattleState, caster: str, dispeller: str) -> Rejected | None:
    """Why ``dispeller`` may not roll Dispel against ``caster``'s trick, or None (§20.4)."""
    if not state.has_model(dispeller):
        return Rejected(f"no model '{dispeller}'", kind="malformed")
    d = state.model(dispeller)
    if DISPEL_SKILL not in d.spec.skills:
        return Rejected(f"{d.name} does not know {skill_term('dispel')}", "§20.4")
    if dispeller not in dispellers(state, caster):
        why = "is not on the table" if not d.on_table else "may dispel only an enemy's trick [SM-A30]"
        return Rejected(f"{d.name} {why}", "§20.4")
    return None


def dispel_drafts(
    state: BattleState, dispeller: str, caster: str, trick_key: str, cast: EventDraft, dice: DiceSource
) -> tuple[list[EventDraft], bool]:
    """The Dispel roll against ``cast`` (the ``trick_cast`` event) and the cast itself,
    emptied of its effect when the roll dispels it (§20.4); whether it did."""
    d = state.model(dispeller)
    trick = t.TRICKS[trick_key]
    record = dispel_roll(dice, d.spec, trick.source)
    roll = EventDraft(
        "dispel_rolled",
        {"model": d.id, "trick": trick.key, "caster": caster, "roll": record.to_dict()},
        actor=d.id,
        text=f"{d.name} rolls {skill_term('dispel')} against {trick_term(trick.key)}: {roll_line(record)}",
    )
    if not record.success:
        return [roll, cast], False
    dispelled = changed(
        cast,
        payload={**cast.payload, "effect": {}, "dispelled": d.id},
        text=cast.text.rstrip(".") + f" — dispelled by {d.name}: no effect (§20.4).",
    )
    return [roll, dispelled], True


def cast_trick(state: BattleState, cmd: CastTrick, dice: DiceSource) -> Decision:
    problem = _problem(state, cmd)
    if problem is not None:
        return problem
    cast = cast_effect(state, cmd, dice)
    if isinstance(cast, Rejected):
        return cast
    drafts = list(cast)
    trick = t.TRICKS[cmd.trick]
    at = next(i for i, d in enumerate(drafts) if d.kind == "trick_cast")
    if cmd.dispeller is not None:
        rolled, dispelled = dispel_drafts(state, cmd.dispeller, cmd.model, trick.key, drafts[at], dice)
        drafts[at : at + 1] = rolled
        if dispelled:
            return drafts
    caster = cmd.model
    victims = (cmd.target,) if cmd.trick == "drone-strike" and cmd.target else cmd.victims
    if cmd.trick == "lava" and victims:
        names = ", ".join(state.model(x).name for x in victims)
        drafts.append(
            EventDraft(
                "lava_pool",
                {"models": list(victims)},
                actor=caster,
                text=f"{names} in the burning pool: only Move actions until out of it (§21).",
            )
        )
    for x in victims:
        name = state.model(x).name
        drafts.append(
            EventDraft(
                "save_pending",
                {"model": x, "attacker": caster, "attack": "other", "weapon": cmd.trick, "context": {}},
                actor=x,
                text=f"{name} is caught by {trick_term(cmd.trick)} and must make a Toughness test or be removed (§21).",
            )
        )
    return drafts


__all__ = ["SAVE_TRICKS", "cast_trick", "dispel_drafts", "dispel_odds", "dispeller_problem", "dispellers"]

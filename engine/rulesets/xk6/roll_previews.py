"""The exact odds of the xK6 rolls that are not part of an attack dialog, before the dice
are rolled or typed: the burning die at the start of an activation (§16 SB), the Medic's
die (§16 Medic, §4.3) and the Def dice of the models where indirect fire landed (§9 steps
2–4, against the attacker's unmodified result, which is already known).

Each preview also says why the engine would refuse the command now (``problem``, "" if it
would not), so a roll dialog can show it before anything is rolled.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Mapping

from engine.records import Record
from engine.rolls import Modifier, total
from engine.ruleset import Rejected

from . import odds
from . import tables as t
from .activation import activation_problem, burning_chance, heal_problem, medic_mods
from .attack import roll_defenders, stealth_may_roll
from .commands import Activate, Heal, Land
from .indirect import land_problem
from .state import BattleState


class BurningPreview(Record):
    """§16 SB: one die at the start of the burning model's activation; 1–``out_max`` the fire
    goes out, higher loses ``wounds_lost`` wound (Armour does not count) and keeps burning.
    No modifier: it is not a test ([XK-A15]). ``p_taken_out``: that wound reaches its limit."""

    model: str
    problem: str
    out_max: int
    wounds_lost: int
    p_out: Fraction
    p_wound: Fraction
    p_taken_out: Fraction


def burning_preview(state: BattleState, cmd: Activate) -> BurningPreview:
    """The burning roll ``cmd`` (an activation of a burning model) would make."""
    problem: Rejected | str | None = activation_problem(state, cmd)
    m = state.model(cmd.model) if state.has_model(cmd.model) else None
    if problem is None and m is not None and not m.burning:
        problem = f"{m.name} is not burning"
    p_out = burning_chance()
    at_limit = m is not None and m.spec.wounds is not None and m.wounds + t.BURN_WOUNDS >= m.spec.wounds
    return BurningPreview(
        cmd.model,
        str(problem) if problem else "",
        t.BURN_OUT_MAX,
        t.BURN_WOUNDS,
        p_out,
        1 - p_out,
        (1 - p_out) if at_limit else Fraction(0),
    )


class HealPreview(Record):
    """§16 Medic X: one die, modified, above ``above`` heals 1 wound of ``target``."""

    medic: str
    target: str
    problem: str
    above: int
    mods: tuple[Modifier, ...]
    p_heal: Fraction
    needs: int
    """The lowest face that heals (7: none does)."""


def heal_preview(state: BattleState, cmd: Heal) -> HealPreview:
    """The Medic roll ``cmd`` would make (the activated model is the Medic)."""
    problem = heal_problem(state, cmd)
    act = state.turn.active
    medic = state.model(act.model) if act is not None else None
    above = medic.spec.medic if medic is not None and medic.spec.medic is not None else 6
    mods = medic_mods(state, medic.id) if medic is not None else ()
    needs = next((f for f in range(1, 7) if f + total(mods) > above), 7)
    return HealPreview(
        medic.id if medic else "",
        cmd.target,
        str(problem) if problem else "",
        above,
        mods,
        odds.one_die_above(above, total(mods)),
        needs,
    )


class LandingPair(Record):
    """One model where the shot landed: its Def pool and modifiers, and what it risks against the
    attacker's ``unmodified`` result (SL, wounds); ``stealth_chance``: it may avoid it first."""

    target: str
    def_dice: int
    def_mods: tuple[Modifier, ...]
    unmodified: int
    sl_distribution: Mapping[int, Fraction]
    p_success: Fraction
    wound_distribution: Mapping[int, Fraction]
    stealth_chance: Fraction | None


class LandingPreview(Record):
    """The Def rolls ``Land`` would make: ``problem`` why it would be refused ("" if not)."""

    problem: str
    unmodified: int
    dam: int
    pairs: tuple[LandingPair, ...]

    @property
    def dice(self) -> tuple[tuple[str, int, str], ...]:
        """The dice to type, in the order the engine reads them: (model, count, "Stealth" | "Def")."""
        out = [(p.target, 1, "Stealth") for p in self.pairs[:1] if p.stealth_chance is not None]
        return tuple(out + [(p.target, p.def_dice, "Def") for p in self.pairs])


def landing_preview(state: BattleState, cmd: Land) -> LandingPreview | None:
    """The Def rolls of the models listed in ``cmd``; None when no indirect fire is waiting to land."""
    a = state.attack
    if a is None or a.kind != "indirect" or a.stage != "landed" or not a.faces:
        return None
    problem = land_problem(state, cmd)
    unmodified = odds.pool_result(a.faces)
    pairs = []
    if problem is None:
        rolls, _ = roll_defenders(state, a, tuple(x for x in cmd.targets), None, _NoDice())
        for i, x in enumerate(rolls):
            m = state.model(x.model)
            sl = odds.against_result(unmodified, x.def_dice, total(x.def_mods))
            stealth = None
            if m.spec.stealth is not None and stealth_may_roll(state, a, i, m.id):
                stunned = m.stunned and state.setting("stun_one_die") != "none"
                stealth = odds.one_die_above(m.spec.stealth, -1 if stunned else 0)
            pairs.append(
                LandingPair(
                    m.id,
                    x.def_dice,
                    x.def_mods,
                    unmodified,
                    sl,
                    odds.success(sl),
                    odds.wound_distribution(sl, a.dam, m.spec.armour),
                    stealth,
                )
            )
    return LandingPreview(str(problem) if problem else "", unmodified, a.dam, tuple(pairs))


def landing_cover_note(state: BattleState) -> str:
    """What a landed model's cover does (§9 step 2, [XK-A8](c)): it is recorded, but the
    damage step compares the attacker's unmodified result with the Def roll, so no die
    changes."""
    return "no die changes: the damage step uses the unmodified result" + (
        "; cover counted only in the hit test (setting cover_vs_if)" if state.setting("cover_vs_if") == "on" else ""
    )


class _NoDice:
    """Probing a roll without rolling: every face is 1 (the faces are thrown away)."""

    def roll(self, count: int, sides: int = 6, purpose: str = "") -> tuple[int, ...]:
        return (1,) * count


__all__ = [
    "BurningPreview",
    "HealPreview",
    "LandingPair",
    "LandingPreview",
    "burning_preview",
    "heal_preview",
    "landing_cover_note",
    "landing_preview",
]

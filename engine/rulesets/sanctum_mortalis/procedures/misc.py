"""Grenades (§17.6) and Dispel (§20.4).

Grenade: an Accuracy roll with no modifiers — hit iff 2k6 < the thrower's current C
(profile with lasting wounds; Infection lowers the characteristic itself). A miss
lets the next player move the blast 3" nearer or farther along the line.
Dispel: 2k6 ≥ 8 cancels the trick (15/36).
"""

from __future__ import annotations

from fractions import Fraction

from engine.dice import DiceSource
from engine.rolls import Modifier, RollRecord

from .. import tables as t
from ..roster import ModelSpec
from ..terms import skill_term, trick_term
from .common import ProcedureRefused, display_name, profile_of
from .kernel import PLAIN, success_chance
from .reroll import evaluate_simple, group, roll_group

GRENADES = ("smoke-grenade", "stun-grenade", "frag-grenade")


def grenade_chance(thrower: ModelSpec, infected: bool = False) -> Fraction:
    """P(the grenade goes off where it was aimed)."""
    return success_chance("<", profile_of(thrower, infected).C.value, PLAIN)


def grenade_roll(
    thrower: ModelSpec,
    dice: DiceSource,
    grenade: str = "frag-grenade",
    distance: float | None = None,
    infected: bool = False,
) -> RollRecord:
    """Throw a grenade at a point ``distance`` inches away (at most 8"). ``success``: on
    target; otherwise ``detail["scatter"]`` is 3 (nearer or farther, the next player's choice)."""
    if grenade not in GRENADES:
        raise ProcedureRefused(f"'{grenade}' is not a grenade", "§17.6", "malformed")
    if grenade not in thrower.items:
        raise ProcedureRefused(f"{display_name(thrower)} carries no {t.ITEMS[grenade].name}", "§17.6", "malformed")
    if distance is not None and distance > t.GRENADE_RANGE:
        raise ProcedureRefused(f'a grenade reaches 8", not {distance:g}"', "§17.6")
    c = profile_of(thrower, infected).C.value
    record = RollRecord(
        "sm.grenade",
        f"{display_name(thrower)} throws a {t.ITEMS[grenade].name}",
        roll_group(dice, PLAIN, "grenade"),
        (),
        Modifier("Accuracy (no modifiers)", c, "§17.6"),
        c,
        "<",
        grenade_chance(thrower, infected),
        "",
        False,
        {
            "grenade": grenade,
            "distance": distance,
            "blast": t.GRENADE_BLAST,
            "scatter": t.GRENADE_SCATTER,
            "groups": [group(0, 2, PLAIN)],
            "words": ["on target", 'off target: the next player moves it 3" nearer or farther'],
        },
    )
    return evaluate_simple(record)


def dispel_chance() -> Fraction:
    """P(2k6 ≥ 8) = 15/36."""
    return success_chance(">=", t.DISPEL_TARGET, PLAIN)


def dispel_roll(dice: DiceSource, model: ModelSpec | None = None, trick: str = "") -> RollRecord:
    """Roll to dispel a trick. ``success``: dispelled, it has no effect."""
    name = trick_term(trick) if trick in t.TRICKS else "a trick"
    who = display_name(model) if model else "A model"
    record = RollRecord(
        "sm.dispel",
        f"{who}: {skill_term('dispel')} against {name}",
        roll_group(dice, PLAIN, "dispel"),
        (),
        None,
        t.DISPEL_TARGET,
        ">=",
        dispel_chance(),
        "",
        False,
        {"trick": trick, "groups": [group(0, 2, PLAIN)], "words": ["dispelled", "not dispelled"]},
    )
    return evaluate_simple(record)


__all__ = ["GRENADES", "dispel_chance", "dispel_roll", "grenade_chance", "grenade_roll"]

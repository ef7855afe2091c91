"""Movement numbers and the two movement rolls (§6, §7).

* ``move_allowance``: inches for one Move action (second Move −1, difficult terrain −1,
  Biegacz, Zryw, Pewny krok, the special marker; the sarcophagus, wounds and Infection
  are already in the profile's S).
* ``climb_cost``: inches of Speed for climbing (2 per inch; 1 with Climbing gear,
  Wspinacz or a ladder). ``jump_max``: the widest gap (run-up, 3"/4", standing 1").
* Jump down: h = full inches; success iff 2k6 > h + 2 (Akrobata: h + 1).
* Fall: removed iff 2k6 < h + 2 (Sztuka spadania: < h); no Toughness roll.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Mapping

from engine.dice import DiceSource
from engine.records import Record
from engine.rolls import Modifier, RollRecord

from .. import tables as t
from ..roster import ModelSpec
from ..terms import skill_term
from .common import ProcedureRefused, display_name, profile_of, speed_skill
from .kernel import PLAIN, success_chance
from .reroll import evaluate_simple, group, roll_group

CLIMB_FREE_HEIGHT = 1
"""§7.2–7.3: obstacles no higher than 1" need no climbing."""
CLIMB_COST_PER_INCH = 2
"""§7.3: each inch climbed costs 2" of Speed (1" with gear, Wspinacz or a ladder)."""


def move_allowance(
    model: ModelSpec,
    move_number: int = 1,
    first_action_is_move: bool = True,
    difficult_terrain: bool = False,
    carrying_special_marker: str | None = None,
    infected: bool = False,
    settings: Mapping[str, str] | None = None,
) -> tuple[int, tuple[Modifier, ...]]:
    """(inches, terms) for one Move action.

    ``move_number``: 1 or 2 (the second Move of the round is 1" shorter, §6).
    ``first_action_is_move``: this Move is the model's first action of the round (Zryw:
    +1 on the first Move only). ``carrying_special_marker``: ``"alone"`` (−2") or
    ``"together"`` (no penalty), §23.5. Never below 0.
    """
    if move_number not in (1, 2):
        raise ProcedureRefused("a model has at most two Move actions a round", "§6", "malformed")
    s = profile_of(model, infected).S
    terms = [Modifier("Speed", s.value, "§3.1")]
    if move_number == 2:
        if speed_skill(model, "runner", settings):
            terms.append(Modifier(f"Second Move (cancelled: {skill_term('runner')})", 0, "§20.1"))
        else:
            terms.append(Modifier("Second Move", t.SECOND_MOVE, "§6"))
    elif first_action_is_move and speed_skill(model, "sprint", settings):
        terms.append(Modifier(f"{skill_term('sprint')}: first action", t.SPRINT, "§20.1"))
    if difficult_terrain:
        if speed_skill(model, "sure-footed", settings):
            terms.append(Modifier(f"Difficult terrain (cancelled: {skill_term('sure-footed')})", 0, "§20.1"))
        else:
            terms.append(Modifier("Difficult terrain", t.DIFFICULT_TERRAIN, "§7.2"))
    if carrying_special_marker == "alone":
        terms.append(Modifier("Carrying the special marker alone", t.SPECIAL_MARKER_SPEED, "§23.5"))
    elif carrying_special_marker == "together":
        terms.append(Modifier("Carrying the special marker together (no penalty)", 0, "§23.5"))
    return max(0, sum(m.value for m in terms)), tuple(terms)


class ClimbCost(Record):
    """Speed spent climbing ``height`` inches: ``inches`` in all, ``per_inch`` (0, 1 or 2), ``why``."""

    height: float
    inches: float
    per_inch: int
    why: str
    rule: str = "§7.3"


def climb_cost(
    height: float, model: ModelSpec, ladder: bool = False, settings: Mapping[str, str] | None = None
) -> ClimbCost:
    """What climbing ``height`` inches (up or down) costs. War pets cannot climb."""
    if height <= CLIMB_FREE_HEIGHT:
        return ClimbCost(height, 0.0, 0, 'no higher than 1": no climbing needed', "§7.2")
    if model.pet:
        raise ProcedureRefused("war pets cannot climb steep walls, not even on ladders", "§15.6")
    if "climbing-gear" in model.items and model.armour != "sarcophagus":
        return ClimbCost(height, float(height), 1, "Climbing gear")
    if speed_skill(model, "climber", settings):
        return ClimbCost(height, float(height), 1, skill_term("climber"))
    if ladder:
        return ClimbCost(height, float(height), 1, "ladder")
    return ClimbCost(height, float(height * CLIMB_COST_PER_INCH), CLIMB_COST_PER_INCH, '2" per inch')


def jump_max(model: ModelSpec, run_up: float, settings: Mapping[str, str] | None = None) -> float:
    """The widest gap the model may jump after ``run_up`` inches in this Move (§7.4)."""
    limit = t.JUMP_MAX_ACROBAT if speed_skill(model, "acrobat", settings) else t.JUMP_MAX
    return float(max(t.STANDING_JUMP, min(run_up, limit)))


def full_inches(height: float) -> int:
    """h: the height in full inches (rounded down), never below 0."""
    return max(0, math.floor(height))


def jump_down_term(acrobat: bool = False) -> Modifier:
    """What a jump down adds to the height: +2 (§7.5), Akrobata +1 (§20.1)."""
    return Modifier(
        skill_term("acrobat") if acrobat else "Jump down",
        t.JUMP_DOWN_ADD_ACROBAT if acrobat else t.JUMP_DOWN_ADD,
        "§20.1" if acrobat else "§7.5",
    )


def fall_term(art_of_falling: bool = False) -> Modifier:
    """What a fall adds to the height: +2 (§7.5), Sztuka spadania +0 (§20.1)."""
    return Modifier(
        skill_term("art-of-falling") if art_of_falling else "Fall",
        t.FALL_ADD_ART if art_of_falling else t.FALL_ADD,
        "§20.1" if art_of_falling else "§7.5",
    )


def jump_down_target(height: float, acrobat: bool = False) -> int:
    return full_inches(height) + jump_down_term(acrobat).value


def fall_target(height: float, art_of_falling: bool = False) -> int:
    return full_inches(height) + fall_term(art_of_falling).value


def jump_down_chance(h: float, acrobat: bool = False) -> Fraction:
    """P(2k6 > h + 2) (Akrobata: h + 1)."""
    return success_chance(">", jump_down_target(h, acrobat), PLAIN)


def fall_survival_chance(h: float, art_of_falling: bool = False) -> Fraction:
    """P(2k6 ≥ h + 2) (Sztuka spadania: ≥ h) — the model survives the fall."""
    return success_chance(">=", fall_target(h, art_of_falling), PLAIN)


def jump_down_roll(
    height: float, dice: DiceSource, acrobat: bool = False, model: ModelSpec | None = None
) -> RollRecord:
    """Roll a jump down. ``success``: the model lands (the drop costs no movement); a
    failure means a fall roll (``fall_roll``)."""
    h = full_inches(height)
    add = jump_down_term(acrobat)
    who = display_name(model) if model else "model"
    record = RollRecord(
        "sm.jump",
        f'{who} jumps down {height:g}"',
        roll_group(dice, PLAIN, "jump down"),
        (add,),
        Modifier("Height (full inches)", h, "§7.5"),
        h + add.value,
        ">",
        jump_down_chance(h, acrobat),
        "",
        False,
        {"height": height, "h": h, "groups": [group(0, 2, PLAIN)], "words": ["lands", "fails: roll the fall"]},
    )
    return evaluate_simple(record)


def fall_roll(
    height: float, dice: DiceSource, art_of_falling: bool = False, model: ModelSpec | None = None, cause: str = ""
) -> RollRecord:
    """Roll a fall. ``success``: the model survives; otherwise it is removed (no save)."""
    h = full_inches(height)
    add = fall_term(art_of_falling)
    who = display_name(model) if model else "model"
    record = RollRecord(
        "sm.fall",
        f'{who} falls {height:g}"',
        roll_group(dice, PLAIN, "fall"),
        (add,),
        Modifier("Height (full inches)", h, "§7.5"),
        h + add.value,
        ">=",
        fall_survival_chance(h, art_of_falling),
        "",
        False,
        {
            "height": height,
            "h": h,
            "cause": cause,
            "groups": [group(0, 2, PLAIN)],
            "words": ["survives", "removed (no Toughness roll)"],
        },
    )
    return evaluate_simple(record)


__all__ = [
    "ClimbCost",
    "climb_cost",
    "fall_roll",
    "fall_survival_chance",
    "fall_target",
    "fall_term",
    "full_inches",
    "jump_down_chance",
    "jump_down_roll",
    "jump_down_target",
    "jump_down_term",
    "jump_max",
    "move_allowance",
]

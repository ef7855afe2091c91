"""Sanctum Mortalis roll procedures: pure functions from a situation to options, exact
odds and a resolved ``RollRecord``.

Each procedure has the same shape:

* a frozen situation record (``ShotSituation``, ``ToughnessSituation``,
  ``MeleeSituation``; plain arguments for the small ones);
* ``*_options(sit)``: every modifier that could apply, as ``Option`` (state ``auto``,
  or a GM toggle ``on`` / ``off`` by key — ``toggles`` switches on, ``declined``
  switches off);
* ``*_chance(sit)`` / ``*_odds(sit)``: the exact probability (``Fraction``), cached;
* ``*_roll(sit, dice)``: the dice read into a ``RollRecord`` (procedure ids ``sm.hit``,
  ``sm.toughness``, ``sm.melee``, ``sm.jump``, ``sm.fall``, ``sm.rolloff``,
  ``sm.grenade``, ``sm.dispel``);
* ``apply_reroll(record, die_index, dice, source)``: a re-roll as a separate step.

Forbidden rolls raise ``ProcedureRefused`` (``.as_rejected()`` gives the battle layer
its ``Rejected``).
"""

from .common import (
    SHORT_CIRCUIT,
    Option,
    ProcedureRefused,
    has_skill,
    heroic_refusal,
    is_on,
    profile_of,
    ranged_weapon,
    setting,
    speed_skill,
)
from .crowd import CrowdPick, crowd_pick, crowd_pick_chance
from .kernel import DROP_HIGHEST, DROP_LOWEST, PLAIN, melee_chance, success_chance
from .melee import (
    MeleeSituation,
    fight_base,
    fight_totals,
    loser_toughness_situation,
    melee_kill_chance,
    melee_odds,
    melee_options,
    melee_roll,
    withdraw_chance,
)
from .misc import GRENADES, dispel_chance, dispel_roll, grenade_chance, grenade_roll
from .movement import (
    ClimbCost,
    climb_cost,
    fall_roll,
    fall_survival_chance,
    fall_target,
    full_inches,
    jump_down_chance,
    jump_down_roll,
    jump_down_target,
    jump_max,
    move_allowance,
)
from .reroll import REROLL_SOURCES, apply_reroll
from .rolloff import initiative_odds, initiative_roll, scenario_start_odds, scenario_start_roll, who_starts_by_count
from .shooting import (
    ShotSituation,
    base_accuracy,
    hit_chance,
    hit_roll,
    kill_chance,
    master_shot_chance,
    modified_accuracy,
    shooting_options,
    shot_refusal,
)
from .support import can_assist, support_counts, support_value
from .toughness import (
    ToughnessSituation,
    fail_chance,
    melee_weapon_terms,
    modified_toughness,
    save_refusal,
    toughness_chance,
    toughness_for_shot,
    toughness_options,
    toughness_roll,
)

__all__ = [
    "DROP_HIGHEST",
    "DROP_LOWEST",
    "GRENADES",
    "PLAIN",
    "REROLL_SOURCES",
    "SHORT_CIRCUIT",
    "ClimbCost",
    "CrowdPick",
    "MeleeSituation",
    "Option",
    "ProcedureRefused",
    "ShotSituation",
    "ToughnessSituation",
    "apply_reroll",
    "base_accuracy",
    "can_assist",
    "climb_cost",
    "crowd_pick",
    "crowd_pick_chance",
    "dispel_chance",
    "dispel_roll",
    "fail_chance",
    "fall_roll",
    "fall_survival_chance",
    "fall_target",
    "fight_base",
    "fight_totals",
    "full_inches",
    "grenade_chance",
    "grenade_roll",
    "has_skill",
    "heroic_refusal",
    "hit_chance",
    "hit_roll",
    "initiative_odds",
    "initiative_roll",
    "is_on",
    "jump_down_chance",
    "jump_down_roll",
    "jump_down_target",
    "jump_max",
    "kill_chance",
    "loser_toughness_situation",
    "master_shot_chance",
    "melee_chance",
    "melee_kill_chance",
    "melee_odds",
    "melee_options",
    "melee_roll",
    "melee_weapon_terms",
    "modified_accuracy",
    "modified_toughness",
    "move_allowance",
    "profile_of",
    "ranged_weapon",
    "save_refusal",
    "scenario_start_odds",
    "scenario_start_roll",
    "setting",
    "shooting_options",
    "shot_refusal",
    "speed_skill",
    "success_chance",
    "support_counts",
    "support_value",
    "toughness_chance",
    "toughness_for_shot",
    "toughness_options",
    "toughness_roll",
    "who_starts_by_count",
    "withdraw_chance",
]

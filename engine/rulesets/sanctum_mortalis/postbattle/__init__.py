"""Sanctum Mortalis post-battle procedures (§16–§19, §22–§23): pure functions, no I/O.

The post-battle sequence (§16), in order:

1. **Loot** (``loot``): one chain of table rolls per technology marker, scenario
   treasure and Challenge technology; technologies are sold at once (``trading``). The
   scenario's money is paid here too (``scenarios.scenario_reward``).
2. **Injuries** (``injuries``): a 2k6 roll per wounded model, then medical care,
   medicines or the untreated effect.
3. **Hero development** (``experience``): XP from the battle, levels, level-up rolls.
4. **Purchases** (``trading``): buying and selling, one item per table, recruiting.

Challenges (``challenges``) and the scenario roll (``scenarios``) frame the battles.
Dice come from a ``DiceSource``; rolls come back as ``RollRecord``s with the exact
chance of their result and the table row in ``detail``. Every AMBIGUITY reading comes
from the battle ``settings`` (defaults: ``settings.defaults()`` and, for readings that
file does not list yet, ``data.LOCAL_SETTINGS``).
"""
from .challenges import (ChallengeReward, challenge_key, challenge_refusal, challenge_reward, lesson_met,
                         predator_reward, prudence_met)
from .common import CARE_RESULTS, RollTable, needs_care, skill_holder
from .experience import (LEVEL_UP_TABLE, XpAward, add_xp, advance_refusal, battle_xp, gains_xp, interception_xp,
                         level_up_choice, levels_gained, roll_level_up, roll_level_ups)
from .injuries import (INJURY_RESULTS, INJURY_TABLE, CareChoice, InjuryCase, InjuryOutcome, InjuryResult,
                       WoundResult, amnesia_candidates, care_choices, care_cost, care_odds, choice_refusal,
                       gear_after_loss, injury_outcome, injury_result, open_injury, pay_for_care, roll_injury,
                       take_wound, use_medicine, wound_choices)
from .loot import (LOOT_TABLES, SALE_WORTH, LootChoices, LootFind, MostCredits, armour_mod, find_value, gadget,
                   grenade, hunt_reroll, implant, loot_item, loot_odds, loot_result, medicine, roll_loot,
                   roll_loot_stage, search_shift, special_item_type, weapon_mod)
from .scenarios import (SCENARIO_TABLE, next_battle_volunteers, roll_scenario, scenario_for, scenario_reward,
                        scenario_roller_odds)
from .trading import (buy_price, item_buy_price, item_sell_price, purchase_problems, purchase_refusal,
                      purchase_table, purchases_cost, recruit_cost, sell_price, technology_cash)

__all__ = [
    "CARE_RESULTS", "INJURY_RESULTS", "INJURY_TABLE", "LEVEL_UP_TABLE", "LOOT_TABLES", "SALE_WORTH",
    "SCENARIO_TABLE", "CareChoice", "ChallengeReward", "InjuryCase", "InjuryOutcome", "InjuryResult", "LootChoices",
    "LootFind", "MostCredits", "RollTable", "WoundResult", "XpAward", "add_xp", "advance_refusal",
    "amnesia_candidates", "armour_mod", "battle_xp", "buy_price", "care_choices", "care_cost", "care_odds",
    "challenge_key", "challenge_refusal", "challenge_reward", "choice_refusal", "find_value", "gadget",
    "gains_xp", "gear_after_loss", "grenade", "hunt_reroll", "implant", "injury_outcome", "injury_result",
    "interception_xp", "item_buy_price", "item_sell_price", "lesson_met", "level_up_choice", "levels_gained",
    "loot_item", "loot_odds", "loot_result", "medicine", "needs_care", "next_battle_volunteers", "open_injury",
    "pay_for_care", "predator_reward", "prudence_met", "purchase_problems", "purchase_refusal", "purchase_table",
    "purchases_cost", "recruit_cost", "roll_injury", "roll_level_up", "roll_level_ups", "roll_loot",
    "roll_loot_stage", "roll_scenario", "scenario_for", "scenario_reward", "scenario_roller_odds", "search_shift",
    "sell_price", "skill_holder", "special_item_type", "take_wound", "technology_cash", "use_medicine",
    "weapon_mod", "wound_choices",
]

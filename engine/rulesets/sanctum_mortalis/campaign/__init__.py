"""The Sanctum Mortalis campaign: the bands between battles, as an event-sourced log.

A campaign is a rule system of the engine core (``ruleset.NAME`` =
``"sanctum-mortalis-campaign"``): drive it with ``engine.battle.Battle`` like a battle
(submit, undo, redo, replay; the app's seeded dice or typed dice), save it with the
saves package (header ``kind`` "campaign", ``campaign_header``).

After a battle, ``StartPostBattle`` reads the battle's log and pre-fills each band's
post-battle sequence, which runs in the order of §16 (``state.STEPS``):

1. Challenges (§23.7) — say which were met; their extra technologies are loot rolls;
2. Loot (§17) — the scenario money, then ``RollLoot`` table by table, the loot skills
   (``HuntReroll``, ``SearchShift``), ``KeepLoot``;
3. Injuries (§18) — ``RollInjury``, ``TreatInjury`` (care, medicines), ``ResolveInjury``;
4. Hero development (§19–§21) — the battle's XP is added, ``UseImplant``,
   ``RollLevelUp`` and ``ChooseAdvance`` for each level gained;
5. Purchases (§22) — ``Recruit``, ``Dismiss``, ``Buy``, ``Sell``, ``Equip``, ``Unequip``.

``EndStep`` moves a band on. Between battles: ``RollScenario`` / ``ChooseScenario``,
``ChooseChallenge`` / ``DrawChallenge`` / ``DropChallenge``. ``view`` answers what a
screen needs (the step, what is due with its odds, the choices open and why others are
not, each band's summary, the next battle's set-up).
"""
from .commands import *  # noqa: F401,F403
from .commands import __all__ as _commands
from .ruleset import KIND, NAME, SanctumMortalisCampaign, campaign_header, campaign_setup
from .state import STEPS, STEP_TITLES, CampaignState
from .summary import battle_summary

__all__ = [*_commands, "KIND", "NAME", "STEPS", "STEP_TITLES", "CampaignState", "SanctumMortalisCampaign",
           "battle_summary", "campaign_header", "campaign_setup"]

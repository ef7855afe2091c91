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

from __future__ import annotations

from typing import Any

from engine.ruleset import Lazy, SystemSpec

NAME = "sanctum-mortalis-campaign"
KIND = "campaign"

_HERE = __name__
SYSTEM = SystemSpec(
    name=NAME,
    title="Sanctum Mortalis campaign",
    package=_HERE,
    aliases=("sm-campaign", "campaign"),
    ruleset=Lazy(f"{_HERE}.ruleset:SanctumMortalisCampaign"),
    summary=Lazy(f"{_HERE}.overview:summary"),
    scenario_name=Lazy("engine.rulesets.sanctum_mortalis.tables:scenario_name"),
    citations=Lazy("engine.rulesets.sanctum_mortalis.citations:citations"),
    kind=KIND,
)
"""Not started from rosters or a demo: ``skirmish campaign BATTLE.skirmish``."""

_MODULES = ("commands", "ruleset", "state", "summary")


def __getattr__(name: str) -> Any:
    """The commands, ``SanctumMortalisCampaign``, ``campaign_header``, ``campaign_setup``,
    ``CampaignState``, ``STEPS``... imported on first use (PEP 562): this module imports
    no rules code, so finding the system by name stays light."""
    if not name.startswith("_"):
        from importlib import import_module

        for module in _MODULES:
            loaded = import_module(f"{_HERE}.{module}")
            if name in vars(loaded):
                return vars(loaded)[name]
    raise AttributeError(f"module {_HERE!r} has no attribute {name!r}")

"""The Sanctum Mortalis campaign as a rule system of the engine core.

A campaign is driven exactly like a battle: ``engine.battle.Battle`` with a header
whose ``ruleset`` is ``"sanctum-mortalis-campaign"`` (and ``kind`` ``"campaign"``, see
``campaign_header``) gives the event log with submit, undo, redo and replay, and the
saves package stores it like a battle.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

from engine.battle import new_header
from engine.dice import DiceSource
from engine.events import Event, EventDraft
from engine.ruleset import Rejected, SettingSpec

from .. import tables as t
from ..postbattle.common import merged_settings
from ..roster import BandRoster
from ..settings import CAMPAIGN_SETTINGS, SETTINGS
from . import between, development, injury_step, loot_step, purchases, sequence
from . import commands as c
from .evolve import evolve as _evolve
from .state import CampaignBand, CampaignState

NAME = "sanctum-mortalis-campaign"
KIND = "campaign"
"""The save header's kind for a campaign (``saves.reader.KINDS``)."""

Handler = Callable[[CampaignState, Any, DiceSource], "Rejected | Sequence[EventDraft]"]
HANDLERS: Mapping[type, Handler] = {
    c.StartPostBattle: sequence.start_post_battle,
    c.EndStep: sequence.end_step,
    c.SettleChallenge: sequence.settle_challenge,
    c.SetWounded: sequence.set_wounded,
    c.AdjustXp: sequence.adjust_xp,
    c.RollLoot: loot_step.roll_loot,
    c.HuntReroll: loot_step.hunt,
    c.SearchShift: loot_step.search,
    c.KeepLoot: loot_step.keep,
    c.RollInjury: injury_step.roll,
    c.TreatInjury: injury_step.treat,
    c.ResolveInjury: injury_step.resolve,
    c.UseImplant: development.use_implant,
    c.RollLevelUp: development.roll,
    c.ChooseAdvance: development.choose,
    c.Recruit: purchases.recruit,
    c.Dismiss: purchases.dismiss,
    c.Buy: purchases.buy,
    c.Sell: purchases.sell,
    c.Equip: purchases.equip,
    c.Unequip: purchases.unequip,
    c.MoveModel: purchases.move_model,
    c.RollScenario: between.roll_next_scenario,
    c.ChooseScenario: between.choose_scenario,
    c.ChooseChallenge: between.choose_challenge,
    c.DrawChallenge: between.draw_challenge,
    c.DropChallenge: between.drop_challenge,
    c.AddBand: between.add_band,
    c.ChangeSetting: between.change_setting,
}
"""Command type -> handler."""


def band_key(name: str, taken: set[str]) -> str:
    """A band's key: the slug of its name, numbered when taken."""
    base = t.slug(name) or "band"
    key, n = base, 2
    while key in taken:
        key, n = f"{base}-{n}", n + 1
    return key


class SanctumMortalisCampaign:
    """The campaign between Sanctum Mortalis battles (§15.9–§23)."""

    name = NAME
    title = "Sanctum Mortalis campaign"
    settings: tuple[SettingSpec, ...] = SETTINGS + CAMPAIGN_SETTINGS
    """The battle readings (carried into each battle) and the post-battle sequence's own."""

    def scenario_name(self, key: str) -> str:
        """The scenario's English name (§23 table); see ``engine.ruleset.scenario_name``."""
        return t.scenario_name(key)

    def initial_state(self, setup: dict[str, Any]) -> CampaignState:
        """``setup``: {"title": str, "bands": [roster dicts], "settings": {...}, "id": str}
        (``campaign_setup``)."""
        bands: list[CampaignBand] = []
        for data in setup.get("bands", ()):
            roster = BandRoster.from_dict(data)
            bands.append(CampaignBand(band_key(roster.name, {b.key for b in bands}), roster))
        return CampaignState(
            title=str(setup.get("title", "")),
            settings=merged_settings(setup.get("settings")),
            bands=tuple(bands),
            id=str(setup.get("id") or ""),
        )

    def decide(self, state: CampaignState, command: Any, dice: DiceSource) -> Rejected | Sequence[EventDraft]:
        handler = HANDLERS.get(type(command))
        if handler is None:
            return Rejected(f"the campaign has no command {type(command).__name__}", kind="malformed")
        return handler(state, command, dice)

    def evolve(self, state: CampaignState, event: Event) -> CampaignState:
        return _evolve(state, event)

    def prepare(self) -> None:
        """Nothing to import: the reducers come with the package (``Ruleset.prepare``)."""


def campaign_setup(
    bands: Sequence[BandRoster], title: str = "", settings: Mapping[str, str] | None = None, campaign_id: str = ""
) -> dict[str, Any]:
    """A JSON-safe set-up for a new campaign (the rosters as the campaign starts).
    ``campaign_id``: the campaign's identifier (the caller makes it: the engine draws
    nothing at random outside the dice), carried by each next battle it starts."""
    setup = {"title": title, "bands": [b.to_dict() for b in bands], "settings": merged_settings(settings)}
    if campaign_id:
        setup["id"] = campaign_id
    return setup


def campaign_header(setup: dict[str, Any], seed: int, title: str = "") -> dict[str, Any]:
    """The save header of a new campaign: ``kind`` "campaign", ruleset ``NAME``."""
    return new_header(
        NAME, setup, seed, title or setup.get("title", ""), kind=KIND, bands=[b["name"] for b in setup.get("bands", ())]
    )


__all__ = ["HANDLERS", "KIND", "NAME", "SanctumMortalisCampaign", "band_key", "campaign_header", "campaign_setup"]

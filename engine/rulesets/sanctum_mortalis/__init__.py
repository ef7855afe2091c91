"""Sanctum Mortalis (Baltazar Games 2016): rules from shared/rules/sanctum-mortalis.md."""
from engine.ruleset import register

from .ruleset import NAME, SanctumMortalis, make_setup

register(NAME, SanctumMortalis)

CAMPAIGN = "sanctum-mortalis-campaign"
"""The campaign between battles (``campaign`` package), registered lazily."""


def _campaign():
    from .campaign.ruleset import SanctumMortalisCampaign
    return SanctumMortalisCampaign()


register(CAMPAIGN, _campaign)

__all__ = ["CAMPAIGN", "NAME", "SanctumMortalis", "make_setup"]

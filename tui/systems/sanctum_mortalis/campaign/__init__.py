"""The Sanctum Mortalis campaign dashboard (found as ``tui.systems.sanctum_mortalis.campaign``,
after its engine package)."""

from tui.systems import Dashboard

DASHBOARD = Dashboard(screen="tui.systems.sanctum_mortalis.campaign.screen:PostBattleScreen")

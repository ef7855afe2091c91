"""The Sanctum Mortalis dashboard (found as ``tui.systems.sanctum_mortalis``, after its engine package)."""

from tui.systems import Dashboard

DASHBOARD = Dashboard(
    screen="tui.systems.sanctum_mortalis.screen:BattleScreen",
    post_battle="tui.systems.sanctum_mortalis.campaign.opening:from_command_line",
)

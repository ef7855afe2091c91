"""The Star Quest dashboard (found as ``tui.systems.star_quest``, after its engine package)."""

from tui.systems import Dashboard

DASHBOARD = Dashboard(screen="tui.systems.star_quest.screen:StarQuestScreen")

"""The xK6 dashboard (found as ``tui.systems.xk6``, after its engine package)."""

from tui.systems import Dashboard

DASHBOARD = Dashboard(screen="tui.systems.xk6.screen:XK6Screen")

"""The SAGA dashboard (found as ``tui.systems.saga``, after its engine package)."""

from tui.systems import Dashboard

DASHBOARD = Dashboard(screen="tui.systems.saga.screen:SagaScreen")

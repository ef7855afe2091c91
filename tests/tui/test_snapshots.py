"""Snapshots of the dashboard with fixed dice, at 80×24 and 120×40.

Regenerate after a deliberate change of the screen with ``--snapshot-update`` and look
at the new SVGs before committing them.
"""
from __future__ import annotations

import pytest

from .conftest import press, start_round_one


async def _mid_activation(pilot) -> None:
    await start_round_one(pilot)
    await press(pilot, "a", "d")


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
def test_dashboard_mid_activation(snap_compare, make_app, size):
    assert snap_compare(make_app(), terminal_size=size, run_before=_mid_activation)

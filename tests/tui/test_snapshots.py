"""Snapshots of the dashboard with fixed dice, at 80×24 and 120×40.

Regenerate after a deliberate change of the screen with ``--snapshot-update`` and look
at the new SVGs before committing them.
"""

from __future__ import annotations

import pytest

from .conftest import press, start_round_one, through_pickers


async def _mid_activation(pilot) -> None:
    await start_round_one(pilot)
    await press(pilot, "a", "d")


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
def test_dashboard_mid_activation(snap_compare, make_app, size):
    assert snap_compare(make_app(), terminal_size=size, run_before=_mid_activation)


async def _shooting_dialog(pilot) -> None:

    screen = await start_round_one(pilot)
    side = screen.state.order.to_act
    shooter = next(m for m in screen.state.models_of(side) if m.spec.ranged and m.spec.ranged[0] != "flamer")
    screen.select_model(shooter.id, focus=True)
    await press(pilot, "a", "s")
    await through_pickers(pilot)  # weapon and target: the first of each
    await press(pilot, pilot.app.screen.letter_of("cover"))
    await press(pilot, "3", "space", "4")  # typed, not yet rolled


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
def test_shooting_dialog_with_cover_toggled_and_dice_typed(snap_compare, make_app, size):
    assert snap_compare(make_app(), terminal_size=size, run_before=_shooting_dialog)

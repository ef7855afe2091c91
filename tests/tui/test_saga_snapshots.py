"""Snapshots of the SAGA dashboard at 80×24 with typed dice: mid-turn after a move and
a shot, and the melee dialog at step 3 after the Defender spent the Attacker's fatigue.

Regenerate after a deliberate change of the screen with ``--snapshot-update`` and look
at the new SVGs before committing them.
"""

from __future__ import annotations

from .conftest import press
from .saga_pilot import charge_ceorls, first_turn, move_and_shoot


async def _after_move_and_shot(pilot) -> None:
    screen = await first_turn(pilot)
    await move_and_shoot(pilot, screen)


def test_saga_dashboard_after_a_move_and_a_shot(snap_compare, make_app):
    assert snap_compare(make_app("demo", system="saga"), terminal_size=(80, 24), run_before=_after_move_and_shot)


async def _melee_step3(pilot) -> None:
    screen = await first_turn(pilot)
    await move_and_shoot(pilot, screen, "1 1 1 1")
    await charge_ceorls(pilot)
    await press(pilot, "enter", "enter", "enter", "b")  # step 1, keep the dice, Attacker done, spend −1 Armour


def test_saga_melee_dialog_at_step_3_after_a_fatigue_spend(snap_compare, make_app):
    assert snap_compare(make_app("demo", system="saga"), terminal_size=(80, 24), run_before=_melee_step3)

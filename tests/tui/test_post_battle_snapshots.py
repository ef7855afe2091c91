"""Snapshots of the post-battle screen at 80×24 and 120×40, on the scripted battle of
``test_post_battle_keys`` (Brann Holt takes Dex Marlow and Nim out): the Crimson Saints'
injuries step with both rolls due, and the Iron Wolves' purchases step after a level-up
and a Frag grenade bought.

Regenerate after a deliberate change of the screen with ``--snapshot-update`` and look
at the new SVGs before committing them.
"""

from __future__ import annotations

import pytest

from engine.dice import ScriptedDice
from engine.rulesets.sanctum_mortalis.campaign import Buy, ChooseAdvance, EndStep, RollLevelUp

from .conftest import press, settle
from .test_post_battle import WOLVES, post_battle_ready
from .test_post_battle_keys import campaign_of

SIZES = pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])


async def _injuries_due(pilot) -> None:
    await post_battle_ready(pilot)
    await press(pilot, "e")  # the Saints' loot step ends: the injury rolls are due


@SIZES
def test_the_injuries_step_with_two_rolls_due(snap_compare, make_app, saves_dir, size):
    app = make_app("open", file=str(campaign_of(saves_dir)))
    assert snap_compare(app, terminal_size=size, run_before=_injuries_due)


async def _purchases(pilot) -> None:
    """The pre-fill settled by commands: the Wolves at their purchases, a grenade bought."""
    screen = await post_battle_ready(pilot)
    await press(pilot, "b")
    for command, faces in (
        (EndStep(WOLVES), None),
        (EndStep(WOLVES), None),
        (RollLevelUp(WOLVES, "brann-holt"), [3, 4]),
        (ChooseAdvance(WOLVES, "brann-holt", stat="W"), None),
        (EndStep(WOLVES), None),
        (Buy(WOLVES, "frag-grenade"), None),
    ):
        screen.session.submit(command, ScriptedDice(faces) if faces else None)
        await settle(pilot)
    assert screen.state.post.of(WOLVES).step == "purchases"


@SIZES
def test_the_purchases_step_after_a_purchase(snap_compare, make_app, saves_dir, size):
    app = make_app("open", file=str(campaign_of(saves_dir)))
    assert snap_compare(app, terminal_size=size, run_before=_purchases)

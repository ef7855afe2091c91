"""Medical care in the post-battle injuries step (§18.2, medicines §17.8), by keys: a care
choice the rules resolve without a roll (paid care on Amnesia, the Surgical automaton)
is applied at once, with no roll dialog; one that rolls the injury table again (paid
care on a Serious injury, the Combat medkit) opens the roll dialog with its odds. The
screen asks the engine (``view.roll_of``) which is which.

The finished battle is scripted through the engine: Brann Holt (Iron Wolves) takes Dex
Marlow and Nim of the Crimson Saints out of action with failed Toughness rolls; the
Saints keep a Combat medkit and a Surgical automaton in their stash.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tui.dialogs.roll_dialog import RollDialog
from tui.systems.sanctum_mortalis.campaign.opening import post_battle

from .conftest import SIZE, press, status_text, wait_for
from .test_post_battle import SAINTS, post_battle_ready
from .test_post_battle_keys import choose, roll_typed, scripted_battle

STASH = ("combat-medkit", "surgical-automaton")


def campaign_with_medicines(folder: Path) -> Path:
    """What ``skirmish campaign demo.skirmish`` does on the scripted battle, ended."""
    return post_battle(scripted_battle(folder, saints_stash=STASH, wolves_stash=()), folder, seed=7)[0]


async def dex_rolled(pilot, *dice: str):
    """The Saints' injuries step, Dex Marlow's injury rolled with ``dice`` typed."""
    screen = await post_battle_ready(pilot)
    await press(pilot, "e")  # Saints: no loot rolls due, on to the injuries
    assert screen.state.post.of(SAINTS).step == "injuries"
    await roll_typed(pilot, *dice)
    return screen


def dex_case(screen):
    return screen.state.post.of(SAINTS).wound("dex-marlow").case


async def test_paid_care_on_amnesia_is_applied_at_once_with_no_roll_dialog(saves_dir: Path, make_app):
    app = make_app("open", file=str(campaign_with_medicines(saves_dir)))
    async with app.run_test(size=SIZE) as pilot:
        screen = await dex_rolled(pilot, "3", "3")  # 6: Amnesia
        assert dex_case(screen).result == "amnesia"
        treasury = screen.state.band(SAINTS).roster.treasury
        await choose(pilot, screen, "Dex Marlow: pay for medical care (5tk: Light injuries, no roll)")
        await wait_for(pilot, lambda: dex_case(screen).treated_by == "care", "the care applied")
        assert not isinstance(app.screen, RollDialog)
        case = dex_case(screen)
        assert case.result == "light" and len(case.rolls) == 1 and case.paid == 5  # paid, no roll (§18.2)
        assert screen.state.band(SAINTS).roster.treasury == treasury - 5
        assert "Dex Marlow: 5tk for medical care → Light injuries" in status_text(screen)


@pytest.mark.parametrize(
    "dice, choice, rolls, result",
    [
        (("1", "4"), "Dex Marlow: use Surgical automaton", False, "light"),
        (("3", "3"), "Dex Marlow: use Combat medkit", False, "light"),
        (("1", "4"), "Dex Marlow: use Combat medkit", True, "light"),
        (("1", "4"), "Dex Marlow: pay for medical care (10tk, then roll again)", True, "light"),
    ],
    ids=[
        "sm-17.8-serious-surgical-automaton-no-roll",
        "sm-17.8-amnesia-combat-medkit-no-roll",
        "sm-17.8-serious-combat-medkit-rolls",
        "sm-18.2-serious-paid-care-rolls",
    ],
)
async def test_a_care_choice_opens_the_roll_dialog_only_if_it_rolls(
    saves_dir: Path, make_app, dice, choice, rolls, result
):
    app = make_app("open", file=str(campaign_with_medicines(saves_dir)))
    async with app.run_test(size=SIZE) as pilot:
        screen = await dex_rolled(pilot, *dice)
        await choose(pilot, screen, choice)
        if rolls:
            await wait_for(pilot, lambda: isinstance(app.screen, RollDialog), "the roll dialog")
            assert "— 2k6" in str(app.screen.adapter.title)
            await press(pilot, "4", "space", "5", "enter")  # 9: Light injuries
        await wait_for(pilot, lambda: dex_case(screen).treated_by != "", "the care applied")
        assert not isinstance(app.screen, RollDialog)
        case = dex_case(screen)
        assert case.result == result and len(case.rolls) == (2 if rolls else 1)

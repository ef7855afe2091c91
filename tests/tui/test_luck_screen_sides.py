"""The dice-luck screen (L) names the sides by their bands and counts the rolls made, on
the Star Quest and xK6 dashboards (Star Quest once showed "Side A / Side B, 0 rolls")."""

from __future__ import annotations

from .conftest import SIZE, press, wait_for_screen
from .saga_pilot import pick, type_dice
from .sq_pilot import round_one, select
from .test_xk6_dashboard import type_dice as type_and_roll
from .test_xk6_dashboard import xk6_ready


async def luck_screen(pilot):
    from tui.screens.luck_screen import LuckScreen

    await press(pilot, "L")
    return await wait_for_screen(pilot, LuckScreen)


async def test_the_star_quest_luck_screen_names_the_party_and_the_enemies_and_counts_their_rolls(make_app):
    app = make_app("demo", system="star-quest")
    async with app.run_test(size=SIZE) as pilot:
        screen = await round_one(pilot)
        await select(pilot, screen, "Captain Vex")
        await press(pilot, "t")
        await pick(pilot, "Hold")
        await press(pilot, "s")
        await pick(pilot, "Cultists")
        await type_dice(pilot, "5")
        await press(pilot, "enter")
        await type_dice(pilot, "2")
        await press(pilot, "enter")
        luck = await luck_screen(pilot)
        assert luck.names == ("The Vex Company", "Cult of the Hollow Star")
        assert [(row.side, row.rolls, row.successes) for row in luck.table] == [("heroes", 1, 1), ("ai", 1, 0)]


async def test_the_xk6_luck_screen_counts_both_initiative_dice(make_app):
    app = make_app("demo", system="xk6")
    async with app.run_test(size=SIZE) as pilot:
        await xk6_ready(pilot)
        await press(pilot, "n")
        await type_and_roll(pilot, "5 2")
        luck = await luck_screen(pilot)
        assert luck.names == ("Kestrel Squad", "Ash Raiders")
        assert [(row.rolls, row.successes) for row in luck.table] == [(1, 1), (1, 0)]

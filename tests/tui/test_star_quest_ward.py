"""Ward through the keys (the demo's spell: +1 Defense until the end of the round): cast on
Captain Vex, it is on his card and in the odds of the Defense dice when the Cultists shoot
him; the round's end takes it off (§5 step 4)."""

from __future__ import annotations

from fractions import Fraction as F

from .conftest import SIZE, press
from .pilot_waits import wait_for_screen
from .saga_pilot import pick, type_dice
from .sq_pilot import heroes_pass, round_one, select, uid
from .test_dashboard import rendered


async def test_ward_cast_on_vex_is_on_his_card_and_in_the_odds_of_his_defense_dice(make_app):
    from engine.rulesets.star_quest import view
    from tui.dialogs.roll_dialog import RollDialog
    from tui.systems.star_quest.card_screen import SQCardScreen

    app = make_app("demo", system="star-quest")
    async with app.run_test(size=SIZE) as pilot:
        screen = await round_one(pilot)
        await select(pilot, screen, "Sister Ilsa")
        await press(pilot, "c")
        await pick(pilot, "Ward")
        await pick(pilot, "Captain Vex")  # a friend, from the board
        await wait_for_screen(pilot, RollDialog)
        await type_dice(pilot, "4")
        await press(pilot, "enter")
        vex, cultists = uid(screen, "Captain Vex"), uid(screen, "Cultists")
        assert [m.spell for m in screen.state.unit(vex).spell_mods] == ["Ward"]
        # five Autoguns at Quality 5+ against Defense 4+ with +1: (1 − 1/3 × 1/3)^5 with no wound
        assert view.shot_preview(screen.state, cultists, "Autoguns", vex).wounds[0] == F(8, 9) ** 5

        await press(pilot, "e")
        await select(pilot, screen, "Captain Vex")
        await press(pilot, "enter")
        card = await wait_for_screen(pilot, SQCardScreen)
        text = "\n".join(rendered(s.content) for s in card.query("Static"))
        assert "Spells on it" in text and "+1 to Defense rolls — Sister Ilsa's Ward" in text, text
        await press(pilot, "escape")

        await heroes_pass(pilot, screen)
        await select(pilot, screen, "Cultists")
        await press(pilot, "a", "n", "y", "y", "y", "y")  # †2 no; in sight and in range: Hold and shoot
        await press(pilot, "enter")
        await pick(pilot, "Captain Vex")
        await wait_for_screen(pilot, RollDialog)
        await type_dice(pilot, "6 6 1 1 1")  # two hits
        await press(pilot, "enter")
        blocks = app.screen
        assert isinstance(blocks, RollDialog) and "Defense dice" in blocks.adapter.title
        # each hit blocked on 3+ (4+ with Ward's +1): 2/3; no wound (2/3)^2, one 2 × 2/3 × 1/3, two (1/3)^2
        assert "wounds 0:44.4%  1:44.4%  2:11.1%" in rendered(blocks.query_one("#odds").content)
        await type_dice(pilot, "3 3")  # both blocked thanks to Ward
        await press(pilot, "enter")
        assert screen.state.unit(vex).wounds == (0,)

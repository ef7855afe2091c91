"""Issue #19 (Star Quest): when one hero is left to act, the selection moves to it — also
when another hero was taken out by a morale test or is unconscious."""

from __future__ import annotations

from engine.corrections import Correct
from engine.rulesets.star_quest import commands as c

from .conftest import SIZE, press, settle
from .saga_pilot import pick, type_dice
from .sq_pilot import round_one, select, uid


async def test_the_selection_moves_to_the_only_hero_left_when_another_is_unconscious(make_app):
    app = make_app("demo", system="star-quest")
    async with app.run_test(size=SIZE) as pilot:
        screen = await round_one(pilot)
        vex, ilsa = uid(screen, "Captain Vex"), uid(screen, "Sister Ilsa")
        await select(pilot, screen, "Grunt Okoro")
        await press(pilot, "a")
        screen.submit(c.AdjustWounds(vex, 4, "a falling girder"))  # Tough 4: unconscious (§10)
        await settle(pilot)
        assert screen.state.unit(vex).unconscious
        await press(pilot, "e")
        assert screen.state.activation is None and screen.selected == ilsa
        await press(pilot, "a")
        assert screen.state.activation.unit == ilsa


async def test_the_selection_moves_to_the_only_hero_left_when_a_morale_test_took_another_out(make_app):
    """Vex (Tough 4, 0 PP) has 2 wounds from Okoro's activation: his morale test fails,
    paying 2 PP not to be Shaken is Exhaustion (2 wounds, [SQ-A7]) and he falls unconscious."""
    from tui.dialogs.roll_dialog import RollDialog

    app = make_app("demo", system="star-quest")
    async with app.run_test(size=SIZE) as pilot:
        screen = await round_one(pilot)
        vex, ilsa = uid(screen, "Captain Vex"), uid(screen, "Sister Ilsa")
        await select(pilot, screen, "Grunt Okoro")
        await press(pilot, "a")
        screen.submit(Correct("pp", vex, 0, "spent in the last mission"))
        await settle(pilot)
        screen.submit(c.AdjustWounds(vex, 2, "a collapsing floor"))
        await settle(pilot)
        await press(pilot, "e")
        assert screen.state.morale == (vex,) and isinstance(app.screen, RollDialog)
        await type_dice(pilot, "1")
        await press(pilot, "enter")
        await pick(pilot, "Pay 2 PP")
        await settle(pilot)
        assert screen.state.unit(vex).unconscious and screen.state.activation is None
        assert screen.selected == ilsa
        await press(pilot, "a")
        assert screen.state.activation.unit == ilsa

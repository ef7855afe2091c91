"""xK6 problems a QA play-through found, from the keyboard: a command point's re-roll shows
the odds of the new dice against the result that stands (§15)."""

from __future__ import annotations

from engine.odds import percent
from engine.rulesets.xk6 import view

from .conftest import SIZE, press
from .test_xk6_dashboard import open_carbine_attack, pick, text_of, type_dice, vance_activated
from .test_xk6_typed_rolls import roll_dialog_open, turn_one


async def test_a_command_point_re_roll_shows_the_odds_of_the_new_dice_against_the_kept_ones(make_app):
    app = make_app("demo", system="xk6")
    async with app.run_test(size=SIZE) as pilot:
        screen = await vance_activated(pilot)
        await open_carbine_attack(pilot)
        await type_dice(pilot, "5 5 5 6 6")  # 5 v 7: fails
        (chance,) = view.reroll_chances(screen.state, "A.sgt-vance")
        assert chance.after != chance.before
        await press(pilot, "c")
        await pick(pilot, "Sgt. Vance (CP 2): Sgt. Vance re-rolls its Att test")
        dialog = await roll_dialog_open(pilot)
        odds = " ".join(text_of(dialog, "#odds").split())
        assert f"the attacker succeeds with {percent(chance.after)}" in odds
        assert f"({chance.after.numerator}/{chance.after.denominator})" in odds
        assert "same odds" not in odds


async def test_a_number_key_chooses_the_numbered_activation(make_app):
    from tui.screens.picker_screen import PickerScreen

    app = make_app("demo", system="xk6")
    async with app.run_test(size=SIZE) as pilot:
        screen = await turn_one(pilot, "5 2", "Kestrel Squad")
        screen.select_model("A.sgt-vance", focus=True)
        await press(pilot, "a")
        menu = pilot.app.screen
        assert isinstance(menu, PickerScreen) and "4. reload" in str(menu.choices[3].label)
        await press(pilot, "4")  # nothing is empty yet: not chosen, and the hint says why
        assert pilot.app.screen is menu and "not possible now" in text_of(menu, "#hint")
        await press(pilot, "1")
        speeds = pilot.app.screen
        assert isinstance(speeds, PickerScreen) and "move and attack — at which speed" in speeds.question
        await pick(pilot, 'advance: up to 4"')
        assert screen.state.turn.active.model == "A.sgt-vance"

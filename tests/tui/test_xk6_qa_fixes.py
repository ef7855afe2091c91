"""xK6 problems a QA play-through found, from the keyboard: a command point's re-roll shows
the odds of the new dice against the result that stands (§15)."""

from __future__ import annotations

from engine.odds import percent
from engine.rulesets.xk6 import view

from .conftest import SIZE, press
from .test_xk6_dashboard import open_carbine_attack, pick, text_of, type_dice, vance_activated
from .test_xk6_typed_rolls import roll_dialog_open


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

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


async def test_at_80x24_a_resolved_attack_says_its_outcome_once_and_the_acting_model_counts(make_app):
    """QA at 80×24: the outcome was in the attack line, its 🎲 line and the damage line; while
    Sgt. Vance acted the tracker said "activated 0/3" and his card "no activation now"."""
    from tui.systems.xk6.model_card_screen import XK6ModelCard
    from tui.widgets.log_pane import entry_text

    from .conftest import wait_for_screen
    from .test_dashboard import rendered

    app = make_app("demo", system="xk6")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await vance_activated(pilot)
        assert "activated 1/3, 0/3" in text_of(screen, "#tracker")
        await press(pilot, "enter")
        card = await wait_for_screen(pilot, XK6ModelCard)
        text = "\n".join(rendered(s.content) for s in card.query("Static"))
        assert "▶ acting now: move and attack at advance" in text and "no activation now" not in text, text
        await press(pilot, "escape")
        await open_carbine_attack(pilot)
        await type_dice(pilot, "6 6 6 1 1")
        await press(pilot, "space")
        outcome = "success level (SL) 7: 35 damage, 7 wounds, stunned"
        lines = "\n".join(entry_text(e).plain for e in screen.session.view.events)
        assert lines.count(outcome) == 1, lines
        assert "🎲 Sgt. Vance (Carbine, direct fire) against Warden Kell: [6 6 6] v [1 1]" in lines
        assert "Warden Kell takes 7 wounds, stunned." in lines

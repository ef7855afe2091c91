"""Dice luck as a picture in the terminal (#21): expected and rolled successes as bars of
Unicode blocks on one scale, the exact chance of each count with the side's own marked."""

from __future__ import annotations

from fractions import Fraction

from engine.luck import RollLuck, SideLuck, luck_table
from tui.widgets.luck_picture import bar, luck_picture, shown_range

from .conftest import press, settle, start_round_one, through_pickers
from .pilot_waits import wait_for_screen


def test_a_bar_is_full_blocks_and_one_eighth_block():
    assert bar(1, 1, width=4) == "████"
    assert bar(0.5, 1, width=4) == "██"
    assert bar(0.53125, 1, width=4) == "██▏"  # 17 eighths
    assert bar(0, 1) == ""


def test_the_picture_draws_each_side_against_its_exact_odds():
    rolls = [
        RollLuck(1, 1, "A", Fraction(1, 2), True, "a"),
        RollLuck(2, 1, "A", Fraction(1, 3), True, "b"),
        RollLuck(3, 1, "B", Fraction(5, 6), False, "c"),
    ]
    table = luck_table(rolls, ["A", "B"])
    lines = luck_picture(["Wolves", "Saints"], table).plain.splitlines()
    assert lines[0] == "Wolves"
    # Wolves: 2 rolled (the longest bar: 40 cells), 5/6 expected: 16 2/3 cells -> 16 full and 5 eighths
    assert lines[1] == "  expected  " + "█" * 16 + "▋" + " 0.83"
    assert lines[2] == "  rolled    " + "█" * 40 + " 2  (+1.17)"
    # P(0, 1, 2) = 1/3, 1/2, 1/6: columns 5, 8, 3 eighths of the likeliest; 2 is as lucky as 1/6
    assert lines[3].startswith("  chance    " + "▅" * 4 + "█" * 4 + "▃" * 4 + "  as many or more: 16.7%")
    assert lines[4] == " " * 12 + " " * 9 + "▲ 2 of 0–2 shown"
    assert lines[6] == "Saints" and "as few or fewer: 16.7%" in lines[9]  # 0 of 1 at 5/6


def test_a_side_without_rolls_and_a_table_without_chances_still_draw():
    assert luck_picture(["A"], [SideLuck("A", 0, Fraction(0), 0)]).plain == "No rolls with odds yet."
    text = luck_picture(["A", "B"], [SideLuck("A", 2, Fraction(1), 1), SideLuck("B", 0, Fraction(0), 0)]).plain
    assert "rolled" in text and "chance" not in text and "no rolls with odds" in text


def test_a_long_battle_shows_at_most_forty_counts_around_the_likeliest_and_its_own():
    from engine.luck import success_distribution

    dist = success_distribution([Fraction(1, 2)] * 400)
    lo, hi = shown_range(dist, 260)
    assert hi - lo + 1 <= 40 and lo <= 260 <= hi


async def test_the_luck_screen_draws_the_picture(make_app):
    from tui.dialogs.roll_dialog import RollDialog
    from tui.screens.luck_screen import LuckScreen

    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start_round_one(pilot)
        side = screen.state.order.to_act
        shooter = next(m for m in screen.state.models_of(side) if m.spec.ranged and m.spec.ranged[0] != "flamer")
        screen.select_model(shooter.id, focus=True)
        await press(pilot, "a", "s")
        await through_pickers(pilot)
        await press(pilot, "6", "space", "6", "enter")  # a miss
        await settle(pilot)
        if isinstance(app.screen, RollDialog):  # the shooter's re-roll is offered: declined
            await press(pilot, "enter")
        await press(pilot, "L")
        luck = await wait_for_screen(pilot, LuckScreen)
        picture = str(luck.query_one("#luck-picture").render())
        summary = screen.session.summary()
        assert summary.side_name(side) + "\n  expected" in picture
        assert "rolled" in picture and "▲ 0 of" in picture  # the missed shot: 0 successes, marked

"""Lines a GM reads whole at 60×20, 80×24 and 120×40: a dice field's hint (the xK6
initiative, the SAGA melee, the Sanctum Mortalis roll-off) is never cut: in the field
where it fits, else without its tail when the keys line under the field says what an
empty ⏎ does, else on a line of its own above the field, which wraps. The settings
screen's keys line wraps rather than cut. The dice-luck screen's table, picture and
chart are drawn for the width they have: no number wraps off its side's line."""

from __future__ import annotations

import re

import pytest

from tui.dialogs.dice_hint import fitted_hint
from tui.screens.game_screen import GameScreen

from .conftest import battle_ready, press, wait_for_screen
from .saga_pilot import charge_ceorls, first_turn, move_and_shoot
from .screen_rows import screen_rows

SIZES = [(60, 20), (80, 24), (120, 40)]
SIZE_IDS = ["60x20", "80x24", "120x40"]
FRAME = "█▊▎│▏"


def read(app) -> str:
    """The screen's text as one line: each row without the frames at its ends, rows joined
    by a space (a wrapped line reads on), runs of spaces made one."""
    rows = (row.strip().strip(FRAME).strip() for row in screen_rows(app))
    return re.sub(r"\s+", " ", " ".join(rows))


@pytest.mark.parametrize(
    ("hint", "width", "tail_said", "shown"),
    [
        ("3 dice — or empty: the app", 40, False, ("3 dice — or empty: the app", "")),
        ("3 dice — or empty: the app", 10, True, ("3 dice", "")),
        ("3 dice — or empty: the app", 10, False, ("", "3 dice — or empty: the app")),
        ("Kestrel's die, then Ash's die — or empty", 12, True, ("", "Kestrel's die, then Ash's die — or empty")),
        ("a letter, then the die (⏎: the app rolls)", 20, True, ("", "a letter, then the die (⏎: the app rolls)")),
        ("3 dice — or empty: the app", 0, False, ("3 dice — or empty: the app", "")),
    ],
    ids=["fits", "tail-said-elsewhere", "tail-not-said", "head-too-wide", "no-tail", "not-laid-out"],
)
def test_a_dice_hint_is_the_placeholder_its_head_or_a_line_of_its_own(hint, width, tail_said, shown):
    assert fitted_hint(hint, width, tail_said) == shown


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
async def test_the_xk6_initiative_hint_is_whole(make_app, size):
    app = make_app("demo", system="xk6")
    async with app.run_test(size=size) as pilot:
        await wait_for_screen(pilot, GameScreen)
        await press(pilot, "n")
        text = read(app)
        assert "Kestrel Squad die, then Ash Raiders die (e.g. 4 2)" in text
        assert "empty ⏎: the app rolls" in text  # in the hint, or the keys line under it says it
        assert "— or empty ⏎: the app rolls" in text or "— or empty" not in text, text  # never "— or empty ⏎: the"


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
async def test_the_sanctum_mortalis_roll_off_hint_is_whole(make_app, size):
    app = make_app()
    async with app.run_test(size=size) as pilot:
        await battle_ready(pilot)
        await press(pilot, "n")
        text = read(app)
        assert "Crimson Saints' 2 dice, then Iron Wolves' (a tie: 4 more), e.g. 3 5 2 6" in text, text
        assert "— or empty for the app's roll" in text or "— or" not in text, text


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
async def test_the_saga_melee_dice_hint_is_whole(make_app, size):
    from tui.systems.saga.melee_dialog import MeleeDialog

    app = make_app("demo", system="saga")
    async with app.run_test(size=size) as pilot:
        screen = await first_turn(pilot)
        await move_and_shoot(pilot, screen, "1 1 1 1")
        await charge_ceorls(pilot)
        await wait_for_screen(pilot, MeleeDialog)
        await press(pilot, "enter", "enter", "enter", "enter")  # on to step 4: the attack roll
        assert screen.state.melee.stage == "attack-roll"
        text = read(app)
        assert "type 8 (Jarl Sigurd's Host), then 8 (Earl Godwin's Fyrd) — or r / ⏎: the app rolls" in text, text
        await press(pilot, "r")  # the app's attack roll: the defence roll's hint
        assert screen.state.melee.stage == "defence-roll"
        assert "— or r / ⏎: the app rolls" in read(app)


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
async def test_the_settings_screens_keys_line_is_whole(make_app, size):
    from tui.screens.settings_screen import SettingsScreen

    app = make_app()
    async with app.run_test(size=size) as pilot:
        await battle_ready(pilot)
        await press(pilot, "g")
        await wait_for_screen(pilot, SettingsScreen)
        assert "⏎ change the highlighted setting · ↑↓ move · esc close · notes (last, dim) are not choices" in read(app)


def test_the_luck_screens_parts_fit_56_columns_with_long_names_and_numbers_whole():
    """The luck table, picture and chart drawn for the 56 columns a 60-column terminal
    leaves them: no line is wider, each number stays whole on its side's line."""
    from fractions import Fraction

    from rich.console import Console

    from engine.luck import RollLuck, luck_table
    from tui.screens.luck_screen import chart, luck_text
    from tui.widgets.luck_picture import luck_picture

    names, keys = ("The Vex Company", "Cult of the Hollow Star"), ("A", "B")
    rolls = [RollLuck(n, 1 + n // 4, "A" if n % 2 else "B", Fraction(1, 3), n % 3 == 0, str(n)) for n in range(1, 25)]
    table = luck_table(rolls, list(keys))
    series = [(r, {"A": Fraction(-r * 7, 4), "B": Fraction(r * 3, 2)}) for r in range(1, 7)]
    width = 56
    console = Console(width=width, record=True, color_system=None)
    for part in (
        luck_text(names, table, series, width),
        luck_picture(names, table, width),
        chart(names, keys, series, width),
    ):
        console.print(part)
    lines = console.export_text().splitlines()
    assert max(len(line) for line in lines) <= width, lines
    for row in table:  # each side's rolled bar ends with its count and luck
        assert any(
            line.strip().startswith("rolled") and line.endswith(f" {row.successes}  ({float(row.luck):+.2f})")
            for line in lines
        ), lines
    assert any(line.startswith("R6") and line.endswith("-10.50") for line in lines), lines


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
async def test_the_luck_screens_numbers_are_on_their_sides_rows(make_app, size):
    from tui.screens.luck_screen import LuckScreen

    app = make_app()
    async with app.run_test(size=size) as pilot:
        await battle_ready(pilot)
        await press(pilot, "n", "enter", "enter")  # the roll-off: the app's dice, the first answer
        await press(pilot, "L")
        luck = await wait_for_screen(pilot, LuckScreen)
        rows = screen_rows(app)
        for name, row in zip(luck.names, luck.table):
            numbers = [row.counted, f"{float(row.expected):.2f}", str(row.successes), f"{float(row.luck):+.2f}"]
            assert any(re.search(r"\s*".join(map(re.escape, [name, *numbers])), r) for r in rows), rows
        rolled = [r for r in rows if re.search(r"█\s*rolled\s", r)]  # a side's rolled bar, in the dialog
        assert rolled and all(re.search(r"\d+\s+\([+-]\d+\.\d\d\)", r) for r in rolled), rows  # its luck beside it

"""SAGA texts a QA play-through found unreadable: the line-of-sight question names the
setting's reading (not its id "not-blocked"), a blocked line's question gives its rule once,
and the melee dialog's title agrees with one attacking unit ("Bondi … attacks Fyrd Levy")."""

from __future__ import annotations

from engine.ruleset import find_system
from tui.screens.picker_screen import PickerScreen

from .conftest import SIZE, press
from .saga_pilot import first_turn, pick, select


async def test_the_line_of_sight_question_reads_the_setting_and_a_blocked_line_names_its_rule_once(make_app):
    app = make_app("demo", system="saga")
    async with app.run_test(size=SIZE) as pilot:
        screen = await first_turn(pilot)
        await select(pilot, screen, "Hirdmen")
        await press(pilot, "s")
        await pick(pilot, "Ceorls")
        await pick(pilot, "No cover")
        sight = pilot.app.screen
        assert isinstance(sight, PickerScreen)
        assert "not-blocked" not in sight.question and "not blocked by that piece [SAGA-A14]" in sight.question
        await pick(pilot, "Across a high linear obstacle")
        anyway = pilot.app.screen
        assert isinstance(anyway, PickerScreen) and "high linear obstacle" in anyway.question
        cited = find_system("saga").cite("§5.2")
        assert anyway.question.count(cited) == 1 and "§" not in anyway.question, anyway.question


async def test_the_melee_title_says_one_unit_attacks(make_app):
    from tui.systems.saga.melee_dialog import MeleeDialog

    app = make_app("demo", system="saga")
    async with app.run_test(size=SIZE) as pilot:
        screen = await first_turn(pilot)
        await select(pilot, screen, "Hirdmen")
        await press(pilot, "E")
        await press(pilot, "down")
        await pick(pilot, "Ceorls")
        dialog = pilot.app.screen
        assert isinstance(dialog, MeleeDialog)
        title = str(dialog.query_one("Vertical").border_title)
        assert "Hirdmen (Jarl Sigurd's Host) attacks Ceorls" in title, title

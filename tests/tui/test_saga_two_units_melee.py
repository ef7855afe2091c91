"""A SAGA melee with two units on one side, from the keyboard [SAGA-M3]: a unit joins the
Defender, the Attacker's dice are aimed at it and roll against its Armour, the dialog
says how more than one unit is handled, and the Defender's owner splits its casualties."""

from __future__ import annotations

from engine.rulesets.saga import view

from .conftest import SIZE, press
from .saga_pilot import first_turn, pick, select, type_dice, unit_id


def option_key(dialog, text: str) -> str:
    labels = [o.label for o in dialog.options]
    index = next(i for i, label in enumerate(labels) if text in label)
    return "abcdefghijklmnopstuvwxyz"[index]


async def test_a_melee_with_two_defending_units_aims_rolls_and_splits_per_unit(make_app):
    from tui.dialogs.prompt import TextPrompt
    from tui.systems.saga.melee_dialog import MeleeDialog

    app = make_app("demo", system="saga")
    async with app.run_test(size=SIZE) as pilot:
        screen = await first_turn(pilot)
        hird = await select(pilot, screen, "Hirdmen")
        ceorls, levy = unit_id(screen, "Ceorls"), unit_id(screen, "Fyrd Levy")
        await press(pilot, "E")
        await press(pilot, "down")  # the target picker starts with none highlighted
        await pick(pilot, "Ceorls")
        dialog = app.screen
        assert isinstance(dialog, MeleeDialog) and screen.state.melee.step == 1
        await press(pilot, option_key(dialog, "Another unit joins"))
        await pick(pilot, "Fyrd Levy")
        assert [p.unit for p in screen.state.melee.pools] == [hird, ceorls, levy]
        notes = str(dialog.query_one("#melee-notes").render())
        assert "each unit's attack dice roll against the Armour of the enemy unit it attacks" in notes
        assert "casualties are split across a side's units as their owner chooses" in notes
        await press(pilot, option_key(dialog, "Hirdmen attacks Ceorls"))
        await pick(pilot, "Fyrd Levy (Armour 3")
        assert screen.state.melee.target_of(hird) == levy
        assert "Hirdmen attacks Fyrd Levy" in str(dialog.query_one("#melee-options").render())
        await press(pilot, "enter", "enter", "enter", "enter")  # step 1, no trade, nothing declared twice
        assert screen.state.melee.step == 4
        numbers = str(dialog.query_one("#melee-numbers").render())
        assert "against Fyrd Levy's Armour 3" in numbers
        need = view.dice_to_roll(screen.state)
        attack, defence = need[0].count, need[1].count
        await type_dice(pilot, " ".join(["3"] * attack + ["1"] * defence))  # 3s hit Armour 3, not Ceorls' 4
        await press(pilot, "enter")
        assert screen.state.melee.armour[hird] == 3 and screen.state.melee.hits == {"attacker": attack, "defender": 0}
        await type_dice(pilot, " ".join(["1"] * attack))  # the Defender's defence dice: none cancels
        await press(pilot, "enter")
        assert screen.state.melee.uncancelled["defender"] == attack
        await press(pilot, option_key(dialog, "splits its"))
        assert isinstance(app.screen, TextPrompt)
        await type_dice(pilot, f"1 {attack - 1}")
        await press(pilot, "enter")
        assert f"Ceorls 1, Fyrd Levy {attack - 1}" in str(dialog.query_one("#melee-options").render())
        before = screen.state.unit(levy).models
        await press(pilot, "enter")  # step 6 with the owner's split
        assert screen.state.unit(ceorls).models == 7 and screen.state.unit(levy).models == before - (attack - 1)

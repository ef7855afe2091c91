"""Star Quest at 80×24 (the demo, seed 3): Captain Vex charges the Cult Brute, misses, and
the Brute's counter-attack with its Rending Crusher claws (AP(1)) rolls 6 6 6. Vex's
Defense dialog says the target the engine applies to Rending hits and its exact odds
(§9 step 5, §17 Rending, [SQ-A13]): AP(4), blocked only on a 6. The log's breakdowns of
the counter-attack's rolls cite the melee section, each stat once."""

from __future__ import annotations

from .conftest import press
from .pilot_waits import wait_for, wait_for_screen
from .saga_pilot import pick, type_dice
from .sq_pilot import round_one
from .test_dashboard import rendered


async def test_the_defense_dialog_against_rending_hits_says_6_and_the_engines_odds(make_app):
    from tui.dialogs.roll_dialog import RollDialog

    app = make_app("demo", system="star-quest", seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await round_one(pilot)
        await press(pilot, "a", "t")
        await pick(pilot, "Charge")
        await pick(pilot, "Cult Brute")
        await wait_for_screen(pilot, RollDialog)
        await type_dice(pilot, "1 1 1")  # Vex's Power sword misses
        await press(pilot, "enter")
        counter = await wait_for_screen(pilot, RollDialog)
        assert "Cult Brute's Crusher claws (melee) at Captain Vex: hit dice" in counter.adapter.title
        await type_dice(pilot, "6 6 6")
        await press(pilot, "enter")
        dialog = await wait_for_screen(pilot, RollDialog)
        assert "Captain Vex's Defense dice" in dialog.adapter.title
        options = dialog.query_one("#modifiers")
        lines = [rendered(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
        said = " ".join(" ".join(lines).split())
        assert "Captain Vex: 3 Rending hits, block on 4+, the roll -4 (AP(4) of a Rending hit): needs 6+" in said
        # each hit a wound with 5/6: 3 wounds (5/6)^3 = 57.9%, none (1/6)^3 = 0.5%
        odds = rendered(dialog.query_one("#odds").content)
        assert "wounds 0:0.5%  1:6.9%  2:34.7%  3:57.9%" in odds


async def test_the_counter_attacks_log_entries_cite_the_melee_section_and_say_each_stat_once(make_app):
    from textual.widgets import Static

    from tui.dialogs.roll_dialog import RollDialog
    from tui.screens.log_entry_screen import LogEntryScreen

    app = make_app("demo", system="star-quest", seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await round_one(pilot)
        await press(pilot, "a", "t")
        await pick(pilot, "Charge")
        await pick(pilot, "Cult Brute")
        for dice in ("1 1 1", "6 6 6", "6 1 1"):  # Vex misses; the Brute hits thrice; Vex blocks one
            await wait_for_screen(pilot, RollDialog)
            await type_dice(pilot, dice)
            await press(pilot, "enter")
        logged = lambda kind: [e for e in screen.session.view.events if e.kind == kind]  # noqa: E731
        await wait_for(pilot, lambda: logged("blocks_rolled"), "Vex's Defense rolls logged")
        (blocks,) = logged("blocks_rolled")  # Vex's: the Brute had no hit to block
        hits = logged("hits_rolled")[-1]
        said = {}
        for event in (hits, blocks):
            screen.show_log_entry(event.seq)
            entry = await wait_for_screen(pilot, LogEntryScreen)
            said[event.kind] = str(entry.query_one(Static).render())
            await press(pilot, "escape")
        assert "Cult Brute's Quality 4  Walka wręcz (Melee) step 6" in said["hits_rolled"], said["hits_rolled"]
        assert "Captain Vex's Defense 4  Walka wręcz (Melee) step 6" in said["blocks_rolled"], said["blocks_rolled"]
        assert not any("Strzelanie" in text or "4+ 4" in text for text in said.values()), said

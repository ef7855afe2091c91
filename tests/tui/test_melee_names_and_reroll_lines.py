"""A Sanctum Mortalis melee read by the models' names, and its long lines on one line.

The details of a melee's log entry said "attacker" and "defender" (the roll record keeps
the models' short ids, which the battle's names did not find): they name the models now,
as the record itself does. At 80×24 a line offering "Show me what's inside, kitty!
(Pokaż kotku, co masz w środku!)" in the melee dialog, and Brudne zagrywki's and Błąd
matrycy's re-roll lines, wrapped: each is one line now (the original in brackets left
out where there is no room), and the highlighted line's whole text shows under the list.
"""

from __future__ import annotations

import io
from typing import Any

from rich.cells import cell_len
from rich.console import Console
from textual.widgets import OptionList, Static

from engine.rulesets.sanctum_mortalis import commands as c
from tui.dialogs.modifier_row import ModifierRow
from tui.dialogs.roll_dialog import RollDialog
from tui.screens.log_entry_screen import LogEntryScreen
from tui.widgets.log_pane import LogPane

from .conftest import press, settle, start_round_one
from .pilot_waits import wait_for, wait_for_screen
from .test_gear import _app, _pick, _round_one

SIZE_80 = (80, 24)

WOLVES = """
band = "Wolves"
player = "Ann"

[[model]]
name = "Kara"
archetype = "trooper"

[[model]]
name = "Old Tomas"
archetype = "swordsman"
captain = true
"""

SAINTS = """
band = "Crimson Saints"
player = "Bob"

[[model]]
name = "Xan"
archetype = "trooper"
captain = true

[[model]]
name = "Sister Yulia"
archetype = "trooper"
armour = "sarcophagus"
skills = ["duellist", "dirty-tricks"]

[[model]]
name = "Zed"
archetype = "trooper"
specialist = "technomancer"
tricks = ["matrix-error"]
"""


def lines_of(dialog: RollDialog) -> list[tuple[Any, list[str]]]:
    """Each option of the open dialog and the lines its row draws in the list's width."""
    listing = dialog.query_one("#modifiers", OptionList)
    width = listing.scrollable_content_region.width
    assert 0 < width <= 78
    console = Console(width=width, file=io.StringIO())
    out = []
    for index, option in enumerate(dialog.current.options):
        row = listing.get_option_at_index(index).prompt
        assert isinstance(row, ModifierRow)
        drawn = console.render_lines(row, console.options.update_width(width), pad=False)
        out.append((option, ["".join(segment.text for segment in line).rstrip() for line in drawn]))
    return out


async def melee_won_and_its_details(pilot: Any, screen: Any) -> str:
    """In the open melee roll dialog: type 6 6 v 1 1 (the attacker wins), put the loser's
    Toughness roll off, then open the melee's log entry (⏎ on its line); its text."""
    await press(pilot, "6", "space", "6", "space", "1", "space", "1", "enter")
    await wait_for(pilot, lambda: any(e.kind == "melee_rolled" for e in screen.session.view.events), "melee")
    while isinstance(pilot.app.screen, RollDialog):  # the loser's Toughness roll: put off
        await press(pilot, "escape")
    melee = next(e for e in screen.session.view.events if e.kind == "melee_rolled")
    log = screen.query_one(LogPane)
    log.reveal(melee.seq)
    log.focus()
    await press(pilot, "enter")
    entry = await wait_for_screen(pilot, LogEntryScreen)
    return str(entry.query_one(Static).render())


async def melee_opened(pilot: Any) -> tuple[Any, str, str, RollDialog]:
    """Round 1 started, the selected model engaged with the first enemy and its melee's
    roll dialog open: (the battle screen, the attacker's name, the defender's, the dialog)."""
    screen = await start_round_one(pilot)
    attacker = screen.state.model(screen.selected)
    await press(pilot, "i", "enter")  # engaged with the first enemy
    defender = screen.state.model(next(iter(screen.state.model(attacker.id).engaged_with)))
    await press(pilot, "f")
    dialog = await wait_for_screen(pilot, RollDialog)
    return screen, attacker.name, defender.name, dialog


async def footnote_of(pilot: Any, dialog: RollDialog, index: int) -> str:
    dialog.query_one("#modifiers", OptionList).highlighted = index
    await settle(pilot)
    return str(dialog.query_one("#modifier-rule", Static).render())


async def test_a_melees_log_details_name_both_models_not_attacker_and_defender(make_app):
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen, a, d, _ = await melee_opened(pilot)
        text = await melee_won_and_its_details(pilot, screen)
        assert f"Compared: {a} 6 6 → " in text and f" v {d} 1 1 → " in text, text
        assert f"\n  {d}:\n    Fight " in text  # the other side's terms, under its name
        assert f"Outcome: {a} wins" in text and f": {a} wins\n" in text  # the log line too
        assert "attacker" not in text and "defender" not in text, text


async def test_the_melee_dialogs_show_me_kitty_line_is_one_line_at_80_columns(make_app, tmp_path):
    app = _app(make_app, tmp_path, WOLVES, SAINTS)
    async with app.run_test(size=SIZE_80) as pilot:
        screen = await _round_one(pilot)
        screen.select_model("A.old-tomas", focus=True)
        await press(pilot, "i")
        await _pick(pilot, "Sister Yulia")
        await press(pilot, "f")
        dialog = await wait_for_screen(pilot, RollDialog)
        rows = lines_of(dialog)
        kitty = next(i for i, (option, _) in enumerate(rows) if "kitty" in option.label)
        for option, lines in rows:
            assert len(lines) == 1 and cell_len(lines[0]) <= 78, (option.label, lines)
        shown = rows[kitty][1][0]
        assert "Old Tomas: Show me what's inside, kitty!" in shown and "+2" in shown and "p. 12" in shown, shown
        note = await footnote_of(pilot, dialog, kitty)
        assert "Show me what's inside, kitty! (Pokaż kotku, co masz w środku!)" in note, note
        assert "Bohaterskie zagrywki (Heroic plays), p. 12" in note, note


async def test_a_melees_re_roll_lines_are_one_line_each_at_80_columns(make_app, tmp_path):
    app = _app(make_app, tmp_path, WOLVES, SAINTS)
    async with app.run_test(size=SIZE_80) as pilot:
        screen = await _round_one(pilot)
        screen.select_model("A.old-tomas", focus=True)
        before = len(screen.session.view.events)
        screen.submit(c.Move("A.old-tomas", 3, engage=("B.sister-yulia",)))  # a charge: Brudne zagrywki
        await wait_for(pilot, lambda: len(screen.session.view.events) > before, "the charge")
        await press(pilot, "f")
        await wait_for_screen(pilot, RollDialog)
        await press(pilot, "6", "space", "5", "space", "1", "space", "1", "enter")  # Old Tomas wins 11 v 2
        await wait_for(pilot, lambda: any(e.kind == "melee_rolled" for e in screen.session.view.events), "melee")
        while isinstance(app.screen, RollDialog):
            await press(pilot, "escape")
        await press(pilot, "R")
        dialog = await wait_for_screen(pilot, RollDialog)
        rows = lines_of(dialog)
        keys = [option.key for option, _ in rows]
        assert any(k.startswith("dirty-tricks:") for k in keys) and any(k.startswith("matrix-error:") for k in keys)
        for option, lines in rows:
            assert len(lines) == 1 and cell_len(lines[0]) <= 78, (option.label, lines)
            assert "%" in lines[0] and lines[0].split()[-1] != "→", lines  # the chance is never cut
        dirty = next(i for i, k in enumerate(keys) if k.startswith("dirty-tricks:"))
        assert "Dirty tricks: the attacker's 6 → wins " in rows[dirty][1][0], rows[dirty][1]
        matrix = next(i for i, k in enumerate(keys) if k.startswith("matrix-error:"))
        assert "Zed: Matrix error, Old Tomas re-rolls its 6 → no longer wins " in rows[matrix][1][0]
        note = await footnote_of(pilot, dialog, dirty)
        assert "Dirty tricks (Brudne zagrywki): the attacker's 6 (the attacker re-rolls it)" in note, note
        note = await footnote_of(pilot, dialog, matrix)
        assert "Zed: Matrix error (Błąd matrycy), Old Tomas re-rolls its 6 → no longer wins" in note, note
        assert "Sztuczki technomantów (Technomancer tricks), p. 26" in note, note

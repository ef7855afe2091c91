"""What the GM reads in a picker, a card and the log names a rule's term, not its code
or formula: SAGA's distance band "Medium (M)" (not "Movement M"), an xK6 weapon's
"Rate of fire (ROF) 0 · Melee (M)" (not "ROF 0 M"), Star Quest's spell tokens "6 at most"
(not "min(6, 0 + 2)") and a weapon's "1 attack" (not "A1")."""

from __future__ import annotations

import re
from typing import Any

from textual.widgets import Static

from tui.screens.picker_screen import PickerScreen
from tui.widgets.log_pane import entry_text

from .conftest import SIZE, press, wait_for_screen
from .saga_pilot import first_turn, pick, select
from .screen_rows import screen_rows
from .sq_pilot import round_one
from .sq_pilot import select as select_unit
from .test_xk6_dashboard import xk6_ready

BARE_M = re.compile(r"(?<![(\w])M(?![)\w])")
"""The band letter standing alone, not inside "Medium (M)"."""


def drawn(app: Any) -> str:
    """What the terminal shows, row by row (a card over the dashboard included)."""
    return "\n".join(screen_rows(app))


def log_text(screen: Any) -> str:
    return "\n".join(entry_text(e).plain for e in screen.session.view.events)


async def test_saga_the_move_picker_step_log_and_card_name_the_band(make_app):
    from tui.systems.saga.unit_card_screen import UnitCardScreen

    app = make_app("demo", system="saga")
    async with app.run_test(size=SIZE) as pilot:
        screen = await first_turn(pilot)
        await select(pilot, screen, "Hirdmen")
        await press(pilot, "m")
        picker = await wait_for_screen(pilot, PickerScreen)
        assert picker.question == "Hirdmen: Movement — Medium (M)"
        await pick(pilot, "Over open ground")
        assert "Hirdmen may move Medium (M)." in log_text(screen)
        assert "Hirdmen: Movement — Medium (M)" in str(screen.query_one("#step-text", Static).render())
        await pick(pilot, "Hirdmen moved Medium (M)")
        assert "Hirdmen moves Medium (M)." in log_text(screen)
        assert not BARE_M.search(log_text(screen)), "no band letter on its own"
        await press(pilot, "enter")
        await wait_for_screen(pilot, UnitCardScreen)
        assert re.search(r"Movement +Medium \(M\)", drawn(app))


async def test_xk6_the_model_card_spells_out_rate_of_fire_and_the_melee_trait(make_app):
    from tui.systems.xk6.model_card_screen import XK6ModelCard

    app = make_app("demo", system="xk6")
    async with app.run_test(size=SIZE) as pilot:
        screen = await xk6_ready(pilot)
        screen.select_model("A.sgt-vance", focus=True)
        await press(pilot, "enter")
        await wait_for_screen(pilot, XK6ModelCard)
        card = drawn(app)
        knife = "Combat knife in base contact · Accuracy (Acc) +0 · Damage (DAM) 2 · Rate of fire (ROF) 0 · Melee (M)"
        assert re.search(r"[\s█▌▐│]+".join(map(re.escape, knife.split())), card)  # the card may wrap it
        assert "ROF 0 M" not in card and "Acc +0 DAM" not in card


async def test_star_quest_the_round_log_says_six_tokens_at_most_and_the_card_counts_attacks(make_app):
    from tui.systems.star_quest.card_screen import SQCardScreen

    app = make_app("demo", system="star-quest")
    async with app.run_test(size=SIZE) as pilot:
        screen = await round_one(pilot)
        log = log_text(screen)
        assert "Sister Ilsa gains 2 spell tokens from Caster(2) (Mag): 0 → 2, 6 at most" in log
        assert "min(6" not in log
        await select_unit(pilot, screen, "Captain Vex")
        await press(pilot, "enter")
        await wait_for_screen(pilot, SQCardScreen)
        card = drawn(app)
        assert 'Plasma pistol (12", 1 attack, AP(2), Rending)' in card and ", A1," not in card

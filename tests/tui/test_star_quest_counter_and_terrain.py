"""Star Quest on the dashboard: a hero knocked out by the Counter strike of the unit it
charged has its activation over at once, the melee stops there and the defender, whose
counter-attack never came, is not fatigued (§10, §11.3, [SQ-A17]); the AI chart's †2
dangerous-terrain answer is remembered for a unit until it moves (§14, [SQ-A22])."""

from __future__ import annotations

from engine.corrections import Correct

from .conftest import SIZE, press, settle
from .pilot_waits import wait_for, wait_for_screen
from .saga_pilot import pick, type_dice
from .sq_pilot import round_one, select, uid


def kinds_since(screen, seq: int) -> list[str]:
    return [e.kind for e in screen.session.battle.active_events[seq:]]


async def test_a_hero_knocked_out_by_the_counter_strike_is_done_and_the_magus_is_not_fatigued(make_app):
    """Captain Vex (3 wounds of Tough 4) charges the Hollow Magus; its Hex staff (Counter)
    strikes first and takes his last wound: no Impact, no sword, no counter-attack."""
    from tui.dialogs.roll_dialog import RollDialog

    app = make_app("demo", system="star-quest")
    async with app.run_test(size=SIZE) as pilot:
        screen = await round_one(pilot)
        vex = await select(pilot, screen, "Captain Vex")
        magus = uid(screen, "Hollow Magus")
        screen.submit(Correct("wounds", vex, 3, "hurt in the last mission"))
        await settle(pilot)
        await press(pilot, "t")
        await pick(pilot, "Charge")
        await pick(pilot, "Hollow Magus")
        dialog = await wait_for_screen(pilot, RollDialog)
        assert "Hex staff (counter) at Captain Vex" in dialog.adapter.title
        seq = len(screen.session.battle.active_events)
        await type_dice(pilot, "5")  # the staff hits
        await press(pilot, "enter")
        await wait_for_screen(pilot, RollDialog)
        await type_dice(pilot, "1")  # Vex's Defense die: his 4th wound
        await press(pilot, "enter")
        await wait_for(pilot, lambda: screen.state.activation is None, "Vex's activation ended")
        assert screen.state.unit(vex).unconscious and screen.state.melee is None
        done = kinds_since(screen, seq)
        assert done.index("activation_over") < done.index("melee_ended") < done.index("activation_ended")
        assert "counter_attacked" not in done and not app.screen.is_modal
        stopped = [e for e in screen.session.view.events if e.kind == "melee_ended"][-1]
        assert stopped.text.startswith("Captain Vex is unconscious: the melee stops")
        assert screen.state.unit(vex).fatigued and not screen.state.unit(magus).fatigued
        assert "Fatigued" not in str(screen.pane_of(magus).get_cell(magus, "cond"))
        await wait_for(pilot, lambda: screen.selected != vex, "the selection on a hero still to act")
        await press(pilot, "ctrl+z")  # the Defense die taken back: the staff's wound waits again
        assert screen.state.activation is not None and screen.state.activation.unit == vex
        assert screen.state.melee is not None and not screen.state.unit(vex).unconscious

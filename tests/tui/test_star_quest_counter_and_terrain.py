"""Star Quest on the dashboard: a hero knocked out by the Counter strike of the unit it
charged has its activation over at once, the melee stops there and the defender, whose
counter-attack never came, is not fatigued (§10, §11.3, [SQ-A17]); the AI chart's †2
dangerous-terrain answer is remembered for a unit until it moves (§14, [SQ-A22])."""

from __future__ import annotations

from engine.corrections import Correct

from .conftest import SIZE, press, settle
from .pilot_waits import wait_for, wait_for_screen
from .saga_pilot import pick, type_dice
from .sq_pilot import heroes_pass, round_one, select, uid


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


async def _ai_stays(pilot, screen, name: str, dice: str = "") -> None:
    """The AI unit activates and stays where it is: at †2 no, or (``dice``) y and its
    dangerous-terrain dice typed; no cast, no hero in sight, at the objective: it skips (⏎),
    and e ends its activation."""
    from tui.dialogs.roll_dialog import RollDialog
    from tui.systems.star_quest.ai_flow_dialog import AIFlowDialog

    await select(pilot, screen, name)
    await press(pilot, "a")
    await wait_for_screen(pilot, AIFlowDialog)
    answers = {"dangerous": "y" if dice else "n", "cast": "n", "q1": "n", "q3": "y"}
    while screen.state.ai.proposal is None:
        await press(pilot, answers[screen.state.ai.node])
        if isinstance(pilot.app.screen, RollDialog):
            await type_dice(pilot, dice)
            await press(pilot, "enter")
            await wait_for_screen(pilot, AIFlowDialog)
    assert screen.state.ai.proposal == "skip"
    await press(pilot, "enter", "e")
    assert screen.state.activation is None


async def test_n_at_2_is_kept_for_a_unit_that_stays_put_and_a_unit_that_moved_is_asked_again(make_app):
    """Round 1: n at †2 for the Cultists (they stay at the objective) and the Brute (it
        Rushes). Round 2: the Cultists' dialog opens on Q1, †2 answered by the engine and logged;
        the Brute, moved since, is asked again (§14: a unit activates where it stands); the Magus,
    whose dice were rolled there in round 1, is told it has not moved since."""
    from tui.systems.star_quest.ai_flow_dialog import AIFlowDialog

    from .test_dashboard import rendered

    app = make_app("demo", system="star-quest")
    async with app.run_test(size=SIZE) as pilot:
        screen = await round_one(pilot)
        await heroes_pass(pilot, screen)
        cultists, brute = uid(screen, "Cultists"), uid(screen, "Cult Brute")
        await _ai_stays(pilot, screen, "Cultists")
        assert screen.state.unit(cultists).in_dangerous is False
        await select(pilot, screen, "Cult Brute")
        await press(pilot, "a", "n", "y", "n")  # no dangerous terrain; in sight, out of range: Rush
        await press(pilot, "enter")
        await pick(pilot, "No: up to")
        await press(pilot, "e")
        assert screen.state.unit(brute).in_dangerous is None
        await _ai_stays(pilot, screen, "Hollow Magus", dice="6 6 6")  # it stands in dangerous terrain
        assert screen.state.unit(uid(screen, "Hollow Magus")).in_dangerous is True
        await press(pilot, "E", "n")  # the round ends, the next starts: the Ambushers' D3 delay first
        await type_dice(pilot, "5")
        await press(pilot, "enter")
        assert screen.state.round == 2
        await heroes_pass(pilot, screen)
        await select(pilot, screen, "Cultists")
        await press(pilot, "a")
        dialog = await wait_for_screen(pilot, AIFlowDialog)
        now = rendered(dialog.query_one("#ai-now").content)
        assert "dangerous terrain?" not in now and "Is any enemy (a conscious hero) in line of sight?" in now
        assert screen.state.ai.path[0] == ("dangerous", "no", "auto")
        said = next(e for e in screen.session.view.events[::-1] if e.payload.get("node") == "dangerous").text
        assert "Cultists has not moved since the GM said it is not in dangerous terrain" in said
        await press(pilot, "n", "y", "enter", "e")  # no hero in sight, at the objective: skip
        await select(pilot, screen, "Cult Brute")
        await press(pilot, "a")
        dialog = await wait_for_screen(pilot, AIFlowDialog)
        assert "Does Cult Brute activate in dangerous terrain?" in rendered(dialog.query_one("#ai-now").content)
        await press(pilot, "n", "n", "y", "enter", "e")
        await select(pilot, screen, "Hollow Magus")
        await press(pilot, "a")
        dialog = await wait_for_screen(pilot, AIFlowDialog)
        now = rendered(dialog.query_one("#ai-now").content)
        assert "Does Hollow Magus activate in dangerous terrain?" in now
        assert "has not moved since it stood in dangerous terrain: it activates there again" in now

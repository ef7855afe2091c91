"""Issue 17 on the SAGA, xK6 and Star Quest dashboards: ending the turn or the activation
while a move, attack or AI question is open asks the GM ("No: keep playing" highlighted:
⏎ keeps everything as it was); "Yes" cancels what is open (a GM correction in the log)
and ends, and ctrl+z brings it all back."""

from __future__ import annotations

from typing import Any, Callable

import pytest

from engine.corrections import GM_CORRECTION
from tui.screens.picker_screen import PickerScreen

from .conftest import SIZE, press, settle, wait_for, wait_for_screen


async def back_to(pilot: Any, screen: Any) -> None:
    """Close whatever the app opened on its own (a picker, a roll dialog) with esc."""
    await settle(pilot)
    while pilot.app.screen is not screen:
        await press(pilot, "escape")
        await settle(pilot)


async def saga_move_open(pilot: Any) -> tuple[Any, Callable[[Any], bool]]:
    from engine.rulesets.saga import commands as c
    from tui.systems.saga.screen import SagaScreen

    screen = await wait_for_screen(pilot, SagaScreen)
    screen.submit(c.StartTurn("A"))
    uid = next(u.id for u in screen.state.units if u.side == "A")
    screen.submit(c.Activate(uid, "move"))
    await back_to(pilot, screen)
    assert screen.state.busy == "move"
    return screen, lambda s: s.turn.phase != "turn" and not s.busy


async def xk6_attack_open(pilot: Any) -> tuple[Any, Callable[[Any], bool]]:
    from engine.rulesets.xk6 import commands as c
    from engine.rulesets.xk6 import tables as t
    from tui.systems.xk6.screen import XK6Screen

    screen = await wait_for_screen(pilot, XK6Screen)
    screen.submit(c.StartTurn(faces=(6, 1)))
    screen.submit(c.ChooseFirst("A"))
    screen.submit(c.Activate("A.sgt-vance", t.MOVE_ATTACK, speed="still"))
    await back_to(pilot, screen)
    screen.submit(c.Attack("A.sgt-vance", "carbine", (c.Target("B.warden-kell", faces=(1, 1)),), faces=(6, 6, 6)))
    await back_to(pilot, screen)
    assert screen.state.attack is not None
    return screen, lambda s: s.attack is None and (s.turn.active is None or s.turn.active.model != "A.sgt-vance")


async def star_quest_ai_question_open(pilot: Any) -> tuple[Any, Callable[[Any], bool]]:
    from engine.rulesets.star_quest import commands as c

    from .sq_pilot import heroes_pass, round_one, uid

    screen = await round_one(pilot)
    await heroes_pass(pilot, screen)
    cultists = uid(screen, "Cultists")
    screen.submit(c.ActivateAI(cultists))
    await back_to(pilot, screen)
    assert screen.state.busy == "ai"
    return screen, lambda s: s.activation is None and s.unit(cultists).activated


async def star_quest_last_ai_activation_open(pilot: Any) -> tuple[Any, Callable[[Any], bool]]:
    """Every unit has acted but the last AI unit, whose flow-chart question is open: E
    (end the round) asks; "Yes" cancels the question, ends the activation, then the round."""
    from engine.rulesets.star_quest import commands as c
    from engine.rulesets.star_quest.flow import ai_to_activate

    from .sq_pilot import heroes_pass, round_one

    screen = await round_one(pilot)
    await heroes_pass(pilot, screen)
    *first, last = ai_to_activate(screen.state)
    for unit in first:
        screen.submit(c.ActivateAI(unit))
        await back_to(pilot, screen)
        screen.submit(c.EndActivation(force=True))
        await back_to(pilot, screen)
    screen.submit(c.ActivateAI(last))
    await back_to(pilot, screen)
    assert screen.state.busy == "ai" and ai_to_activate(screen.state) == (last,) == (screen.state.activation.unit,)
    return screen, lambda s: s.activation is None and s.turn.phase == "end"


OPEN = {
    "saga-end-turn-with-a-move-open": ("saga", "e", saga_move_open),
    "xk6-end-activation-with-an-attack-open": ("xk6", "e", xk6_attack_open),
    "star-quest-end-activation-with-an-ai-question-open": ("star-quest", "e", star_quest_ai_question_open),
    "star-quest-end-round-with-the-last-ai-activation-open": ("star-quest", "E", star_quest_last_ai_activation_open),
}


def highlighted_value(app: Any) -> Any:
    picker = app.screen
    assert isinstance(picker, PickerScreen), picker
    return picker.choices[picker.query_one("#choices").highlighted].value


@pytest.mark.parametrize("case", OPEN)
async def test_ending_with_something_open_asks_no_keeps_it_and_yes_cancels_it_and_ends(make_app, case):
    system, key, opened = OPEN[case]
    app = make_app("demo", system=system)
    async with app.run_test(size=SIZE) as pilot:
        screen, ended = await opened(pilot)
        state, events = screen.state, len(screen.session.view.events)
        await press(pilot, key)
        picker = await wait_for_screen(pilot, PickerScreen)
        question = str(picker.query_one("#question").render())
        assert "still open" in question and "anyway" in question
        assert highlighted_value(app) is None  # "No: keep playing"
        await press(pilot, "enter")
        await back_to(pilot, screen)
        assert screen.state == state and len(screen.session.view.events) == events
        await press(pilot, key)
        await wait_for_screen(pilot, PickerScreen)
        await press(pilot, "up", "enter")  # "Yes: … anyway (the open … is cancelled)"
        await wait_for(pilot, lambda: ended(screen.state), "the end")
        kinds = [e.kind for e in screen.session.view.events[events:]]
        assert kinds[0] == GM_CORRECTION and len(kinds) >= 2
        await back_to(pilot, screen)
        await press(pilot, "ctrl+z")
        await wait_for(pilot, lambda: screen.state == state, "undone")

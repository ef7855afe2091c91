"""Issue 17 on every rule system's dashboard: each kind of GM correction the engine offers
for the selected model or unit is made from the keyboard (``G``, the kind, its value, the
reason) and lands as one logged correction whose new value the engine then shows; ctrl+z
undoes the last. A model or unit taken out by a correction is restored by the next one."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from textual.widgets import Input

from engine.corrections import GM_CORRECTION, CorrectionOption
from engine.ruleset import find_system
from tui.dialogs.prompt import TextPrompt
from tui.screens.game_screen import GameScreen
from tui.screens.picker_screen import PickerScreen

from .conftest import SIZE, press, wait_for, wait_for_screen

SYSTEMS = ("sanctum-mortalis", "saga", "star-quest", "xk6")
HIDES_OTHERS = ("status", "out", "models", "unconscious")
"""Kinds that take the model or unit out of play (others are then no longer offered): last."""


def offered(screen: Any, target: str | None) -> dict[str, CorrectionOption]:
    spec = find_system(screen.session.battle.header["ruleset"])
    assert spec.corrections is not None
    return {o.what: o for o in spec.corrections(screen.state, target) if o.kind not in ("note", "roll")}


def another_value(o: CorrectionOption) -> Any:
    """A valid value other than the current one (a number one step inside its bounds)."""
    if o.kind == "flag":
        return not o.current
    if o.kind == "choice":
        return next(c for c in o.choices if c != o.current)
    assert isinstance(o.current, int)
    return o.current + 1 if o.maximum is None or o.current + 1 <= o.maximum else o.current - 1


async def correct_by_keys(pilot: Any, screen: Any, o: CorrectionOption, new: Any, reason: str) -> None:
    """``G``, the correction ``o``, its new value (picked or typed; a flag just flips), the reason."""
    await press(pilot, "G")
    picker = await wait_for_screen(pilot, PickerScreen)
    index = next(
        i for i, ch in enumerate(picker.choices) if isinstance(ch.value, CorrectionOption) and ch.value.what == o.what
    )
    picker.query_one("#choices").highlighted = index
    await press(pilot, "enter")
    if o.kind == "choice":
        values = pilot.app.screen
        assert isinstance(values, PickerScreen) and values is not picker
        values.query_one("#choices").highlighted = [ch.value for ch in values.choices].index(new)
        await press(pilot, "enter")
    elif o.kind == "number":
        prompt = pilot.app.screen
        assert isinstance(prompt, TextPrompt) and prompt.query_one(Input).value == str(o.current)  # starts on it
        await fill(pilot, prompt, str(new))
    reason_prompt = pilot.app.screen
    assert isinstance(reason_prompt, TextPrompt) and "Why?" in reason_prompt.question
    await fill(pilot, reason_prompt, reason)


async def fill(pilot: Any, prompt: TextPrompt, text: str) -> None:
    """The prompt's field set to ``text`` (its last character typed), then ⏎."""
    field = prompt.query_one(Input)
    field.value = text[:-1]
    field.cursor_position = len(field.value)
    await press(pilot, {"-": "minus", " ": "space"}.get(text[-1], text[-1]), "enter")


@pytest.mark.parametrize("system", SYSTEMS)
async def test_every_kind_of_correction_offered_is_made_from_the_keyboard_and_logged(make_app, system):
    app = make_app("demo", system=system)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_screen(pilot, GameScreen)
        target = screen.selected
        assert target is not None
        kinds = sorted(offered(screen, target).values(), key=lambda o: o.what in HIDES_OTHERS)
        kinds = [o for o in kinds if o.current is not None]  # a request (SM's Toughness roll) has its own test
        assert len(kinds) >= 5, [o.what for o in kinds]
        done = []
        for first in kinds:
            o = offered(screen, target)[first.what]
            new = another_value(o)
            await correct_and_check(pilot, screen, o, new, f"t{len(done)}")
            done.append(o.what)
            if o.what in HIDES_OTHERS:  # taken out (or back) at the table: the next correction restores it
                await correct_and_check(pilot, screen, offered(screen, target)[o.what], o.current, "back")
                assert set(offered(screen, target)) >= {k.what for k in kinds}, f"{o.what} not restored"
        assert done == [o.what for o in kinds]
        count = len(screen.session.view.events)
        last = screen.session.view.events[-1].payload
        await press(pilot, "ctrl+z")
        await wait_for(pilot, lambda: len(screen.session.view.events) == count - 1, "undone")
        assert offered(screen, target)[last["what"]].current == last["old"]


async def correct_and_check(pilot: Any, screen: Any, o: CorrectionOption, new: Any, reason: str) -> None:
    """Make correction ``o`` to ``new`` by keys; insist on its one logged event and the engine's new value."""
    count = len(screen.session.view.events)
    await correct_by_keys(pilot, screen, o, new, reason)
    await wait_for(pilot, lambda: len(screen.session.view.events) == count + 1, f"the correction of {o.what}")
    e = screen.session.view.events[-1]
    assert e.kind == GM_CORRECTION and e.payload["what"] == o.what and e.payload["new"] == new
    assert e.payload["reason"] == reason and e.payload["old"] == o.current
    now = offered(screen, o.target).get(o.what)
    assert now.current == new if now else new in (0, False), o.what  # given back: nothing left to correct


async def saga_move_open(pilot: Any) -> tuple[Any, str, str]:
    from .test_end_anyway import saga_move_open as opened

    screen, _ = await opened(pilot)
    uid = screen.state.move.unit
    return screen, uid, "activations"


async def xk6_attack_open(pilot: Any) -> tuple[Any, str, str]:
    from .test_end_anyway import xk6_attack_open as opened

    screen, _ = await opened(pilot)
    return screen, "A.sgt-vance", "action-taken"


async def star_quest_shot_open(pilot: Any) -> tuple[Any, str, str]:
    from engine.rulesets.star_quest import commands as c

    from .sq_pilot import round_one, uid
    from .test_end_anyway import back_to

    screen = await round_one(pilot)
    vex = uid(screen, "Captain Vex")
    screen.submit(c.ActivateHero(vex))
    screen.submit(c.TakeAction(vex, "hold"))
    await back_to(pilot, screen)
    assert screen.state.activation.actions
    screen.submit(c.UseSkill(vex, "scurry", faces=(1,)))  # a failed test: the 2 PP pass is offered
    await back_to(pilot, screen)
    assert screen.state.busy == "offer"
    return screen, vex, "action-taken"


async def sm_toughness_roll_pending(pilot: Any) -> tuple[Any, str, str]:
    from .conftest import start_round_one
    from .test_refusals import _pending_save

    screen = await start_round_one(pilot)
    await _pending_save(pilot, screen)
    return screen, screen.state.order.active_model, "actions-left"


OPEN = {
    "sanctum-mortalis": sm_toughness_roll_pending,
    "saga": saga_move_open,
    "star-quest": star_quest_shot_open,
    "xk6": xk6_attack_open,
}


@pytest.mark.parametrize("system", SYSTEMS)
async def test_what_is_open_is_cancelled_and_the_activations_action_given_back_by_keys(make_app, system):
    """The battle's correction "cancel what is open" (a pending Toughness roll, a move, an
    offer, an attack), then the acting model's or unit's actions: SM's actions left, SAGA's
    activations this turn, Star Quest's and xK6's action taken in this activation."""
    from engine.corrections import BATTLE, CANCEL

    app = make_app("demo", system=system)
    async with app.run_test(size=SIZE) as pilot:
        screen, actor, actions = await OPEN[system](pilot)
        select = getattr(screen, "select_model", None) or screen.select_unit
        select(actor, focus=True)
        await wait_for(pilot, lambda: screen.selected == actor, "the actor selected")
        cancel = offered(screen, actor)[CANCEL]
        assert cancel.target == BATTLE and cancel.current is True
        count = len(screen.session.view.events)
        await correct_by_keys(pilot, screen, cancel, False, "the die rolled off the table")
        await wait_for(pilot, lambda: len(screen.session.view.events) == count + 1, "the cancellation")
        assert CANCEL not in offered(screen, actor)  # nothing open any more
        assert screen.session.view.events[-1].payload["what"] == CANCEL
        o = offered(screen, actor)[actions]
        await correct_and_check(pilot, screen, o, another_value(o), "given back")


@pytest.mark.parametrize("system", SYSTEMS)
async def test_a_note_and_a_roll_the_app_does_not_model_with_typed_dice(make_app, system):
    """A free note, then a roll the app does not model: what, how it is read, the numbers,
    then the usual roll dialog with the exact chance; the typed dice are logged."""
    from engine.rolls import records_in
    from tui.dialogs.roll_dialog import RollDialog

    app = make_app("demo", system=system)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_screen(pilot, GameScreen)
        target = screen.selected
        await press(pilot, "G")
        await choose_what(pilot, "note")
        await fill(pilot, pilot.app.screen, "lava moved")
        await wait_for(pilot, lambda: screen.session.view.events, "the note")
        note = screen.session.view.events[-1]
        assert note.kind == GM_CORRECTION and note.text.endswith("note: lava moved") and note.payload["old"] is None
        await press(pilot, "G")
        await choose_what(pilot, "roll")
        await fill(pilot, pilot.app.screen, "Fear test")
        how = pilot.app.screen
        assert isinstance(how, PickerScreen)
        how.query_one("#choices").highlighted = [ch.value for ch in how.choices].index("pool")
        await press(pilot, "enter")
        await fill(pilot, pilot.app.screen, "3 5 2")
        dialog = await wait_for_screen(pilot, RollDialog)
        assert "25.9%" in str(dialog.current.odds)  # 7/27: at least 2 of 3 dice show 5+
        await press(pilot, "5", "space", "6", "space", "1", "enter")
        await wait_for(pilot, lambda: len(screen.session.view.events) == 2, "the roll")
        e = screen.session.view.events[-1]
        (record,) = records_in(e.payload)
        assert [d.face for d in record.dice] == [5, 6, 1] and record.success
        assert record.probability == Fraction(7, 27) and e.actor == target


async def choose_what(pilot: Any, what: str) -> None:
    """In the open "GM correction — what?" picker, the entry whose kind is ``what``."""
    picker = await wait_for_screen(pilot, PickerScreen)
    picker.query_one("#choices").highlighted = next(
        i for i, ch in enumerate(picker.choices) if isinstance(ch.value, CorrectionOption) and ch.value.kind == what
    )
    await press(pilot, "enter")

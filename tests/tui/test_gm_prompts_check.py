"""A GM correction's answers are checked as they are given: an empty note or reason, or
an impossible value, is said in its own dialog, which stays open (nothing goes on to the
next question or to the dashboard behind)."""

from __future__ import annotations

from tui.dialogs.prompt import TextPrompt
from tui.systems.saga.screen import SagaScreen

from .conftest import SIZE, battle_ready, press, settle, wait_for_screen
from .test_gm_corrections import choose, corrections, type_text


def error_of(prompt: TextPrompt) -> str:
    error = prompt.query_one("#prompt-error")
    return str(error.render()) if error.display else ""


async def test_an_empty_note_keeps_its_dialog_open_and_says_it_needs_its_text(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await battle_ready(pilot)
        before = len(screen.session.battle.entries)
        await press(pilot, "G")
        await choose(pilot, "Note")
        prompt = await wait_for_screen(pilot, TextPrompt)
        await press(pilot, "enter")
        assert app.screen is prompt and "a note needs its text" in error_of(prompt)
        await type_text(pilot, "lava")
        await press(pilot, "enter")
        await settle(pilot)
        assert app.screen is screen and len(corrections(screen)) == 1
        assert len(screen.session.battle.entries) == before + 1


async def test_an_empty_reason_keeps_its_dialog_open(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await battle_ready(pilot)
        await press(pilot, "G")
        await choose(pilot, "Actions left")
        prompt = await wait_for_screen(pilot, TextPrompt)
        await press(pilot, *["backspace"] * len(prompt.value), "1", "enter")
        reason = await wait_for_screen(pilot, TextPrompt)
        assert reason is not prompt and "Why?" in reason.question
        await press(pilot, "enter")
        assert app.screen is reason and "reason" in error_of(reason)
        assert not corrections(screen)


async def test_a_value_out_of_bounds_is_refused_before_the_reason_is_asked(make_app):
    app = make_app("demo", system="saga")
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_screen(pilot, SagaScreen)
        await press(pilot, "G")
        await choose(pilot, "Fatigue")
        prompt = await wait_for_screen(pilot, TextPrompt)
        await press(pilot, *["backspace"] * len(prompt.value), "9", "enter")
        await settle(pilot)
        assert app.screen is prompt and "Why?" not in prompt.question
        assert "9 is above" in error_of(prompt)
        assert not corrections(screen)

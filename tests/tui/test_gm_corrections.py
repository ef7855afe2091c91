"""GM corrections from the keyboard on every rule system's dashboard (``G``, "GM: correct…"):
the choices come from the engine for the selected model or unit; a flag flips, a number is
typed, a choice is picked; the GM's reason is asked; the correction is one logged event
("GM correction"), undone with ctrl+z; a correction without a reason or to an impossible
value is refused in its own dialog (which stays open) with nothing saved."""

from __future__ import annotations

from typing import Any

from engine.corrections import GM_CORRECTION, MARK
from tui.dialogs.prompt import TextPrompt
from tui.screens.picker_screen import PickerScreen
from tui.systems.saga.screen import SagaScreen
from tui.systems.star_quest.screen import StarQuestScreen
from tui.systems.xk6.screen import XK6Screen

from .conftest import SIZE, battle_ready, press, settle, wait_for, wait_for_screen


async def type_text(pilot: Any, text: str) -> None:
    await press(pilot, *[{" ": "space", "-": "minus", "!": "exclamation_mark"}.get(ch, ch) for ch in text])


async def choose(pilot: Any, text: str) -> None:
    """In the open picker, choose the answer whose label contains ``text``."""
    screen = await wait_for_screen(pilot, PickerScreen)
    labels = [str(choice.label) for choice in screen.choices]
    index = next((i for i, label in enumerate(labels) if text in label), None)
    assert index is not None, f"'{text}' not among {labels}"
    screen.query_one("#choices").highlighted = index
    await press(pilot, "enter")


async def answer(pilot: Any, text: str, clear: bool = False) -> None:
    """Type ``text`` into the open prompt (after clearing its value) and press ⏎."""
    prompt = await wait_for_screen(pilot, TextPrompt)
    if clear:
        await press(pilot, *["backspace"] * len(prompt.value))
    await type_text(pilot, text)
    await press(pilot, "enter")


async def correct(pilot: Any, what: str, reason: str, value: str | None = None, pick: str | None = None) -> None:
    """``G``, the correction labelled ``what``, its value (typed or picked; none for a flag), the reason."""
    await press(pilot, "G")
    await choose(pilot, what)
    if pick is not None:
        await choose(pilot, pick)
    if value is not None:
        await answer(pilot, value, clear=True)
    await answer(pilot, reason)
    await settle(pilot)


def corrections(screen: Any) -> list[Any]:
    return [e for e in screen.session.battle.active_events if e.kind == GM_CORRECTION]


async def test_sm_markers_status_restore_actions_and_a_note_without_spending_an_action(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await battle_ready(pilot)
        mid = screen.selected
        assert mid is not None
        left = screen.state.model(mid).actions_left
        await correct(pilot, "Hiding", "forgot to place it")
        await wait_for(pilot, lambda: "hidden" in screen.state.model(mid).markers, "the marker")
        assert screen.state.model(mid).actions_left == left and not screen.state.model(mid).activated
        await correct(pilot, "Status", "a failed Toughness roll at the table", pick="out of action")
        await wait_for(pilot, lambda: not screen.state.model(mid).on_table, "out of action")
        await correct(pilot, "Status", "Nic mi nie jest! was played", pick="on the table")
        await wait_for(pilot, lambda: screen.state.model(mid).on_table, "restored")
        await correct(pilot, "Actions left", "it gave one back", value="1")
        await wait_for(pilot, lambda: screen.state.model(mid).actions_left == 1, "actions left")
        await press(pilot, "G")
        await choose(pilot, "Note")
        await answer(pilot, "lava moved one inch")
        await wait_for(pilot, lambda: len(corrections(screen)) == 5, "the note")
        texts = [e.text for e in corrections(screen)]
        assert all(t.startswith(MARK) for t in texts) and texts[-1].endswith("lava moved one inch")
        await press(pilot, "ctrl+z")
        await press(pilot, "ctrl+z")
        await wait_for(pilot, lambda: screen.state.model(mid).actions_left == left, "undone")


async def test_sm_a_correction_without_reason_or_to_an_impossible_value_saves_nothing(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await battle_ready(pilot)
        before = len(screen.session.battle.entries)
        await correct(pilot, "Actions left", "", value="1")  # the reason's dialog stays open
        assert isinstance(app.screen, TextPrompt) and "reason" in str(app.screen.query_one("#prompt-error").render())
        await press(pilot, "escape")
        await press(pilot, "G")
        await choose(pilot, "XP gained")
        await answer(pilot, "-2", clear=True)  # refused before the reason is asked
        assert isinstance(app.screen, TextPrompt) and "below 0" in str(app.screen.query_one("#prompt-error").render())
        await press(pilot, "escape")
        assert len(screen.session.battle.entries) == before


async def test_saga_fatigue_and_models_in_a_unit(make_app):
    app = make_app("demo", system="saga")
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_screen(pilot, SagaScreen)
        uid = screen.selected
        assert uid is not None
        await correct(pilot, "Fatigue", "the opponent used a SAGA ability", value="2")
        await wait_for(pilot, lambda: screen.state.unit(uid).fatigue == 2, "fatigue")
        await correct(pilot, "Models", "one more fell at the table", value=str(screen.state.unit(uid).models - 1))
        await wait_for(pilot, lambda: len(corrections(screen)) == 2, "two corrections")
        assert "GM correction" in screen.session.battle.active_events[-1].text


async def test_star_quest_power_points_and_a_condition(make_app):
    app = make_app("demo", system="star-quest")
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_screen(pilot, StarQuestScreen)
        uid = screen.selected
        assert uid is not None and screen.state.unit(uid).hero
        await correct(pilot, "Power points", "spent at the table", value="1")
        await wait_for(pilot, lambda: screen.state.unit(uid).pp == 1, "PP")
        await correct(pilot, "Crippled", "a trap the app does not know")
        await wait_for(pilot, lambda: "crippled" in screen.state.unit(uid).statuses, "the condition")


async def test_xk6_wounds_and_stun(make_app):
    app = make_app("demo", system="xk6")
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_screen(pilot, XK6Screen)
        mid = screen.selected
        assert mid is not None
        await correct(pilot, "Wounds", "a grenade the app missed", value="1")
        await wait_for(pilot, lambda: screen.state.model(mid).wounds == 1, "wounds")
        await correct(pilot, "Stunned", "the grenade stuns")
        await wait_for(pilot, lambda: screen.state.model(mid).stunned, "stun")
        await press(pilot, "ctrl+z")
        await wait_for(pilot, lambda: not screen.state.model(mid).stunned, "undone")


async def test_the_help_screen_describes_corrections_and_lists_the_key(make_app):
    import io

    from rich.console import Console

    from tui.actions import palette_actions
    from tui.screens.help_screen import HelpScreen, keys_table

    app = make_app("demo", system="xk6")
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_screen(pilot, XK6Screen)
        await press(pilot, "question_mark")
        help_screen = await wait_for_screen(pilot, HelpScreen)
        guide = str(help_screen.query_one("#corrections-guide").render())
        console = Console(width=200, record=True, file=io.StringIO())
        console.print(keys_table(help_screen.groups))
        assert "GM corrections" in guide and "without undoing" in guide
        keys = console.export_text()
        assert "\nG " in keys and "GM: correct…" in keys
        assert "gm-correct" in {a.id for a in palette_actions(help_screen.groups)}


async def test_sm_a_roll_the_app_does_not_model_goes_through_the_roll_dialog_with_typed_dice(make_app):
    from fractions import Fraction

    from engine.rolls import records_in
    from tui.dialogs.roll_dialog import RollDialog

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await battle_ready(pilot)
        mid = screen.selected
        await press(pilot, "G")
        await choose(pilot, "Add a roll")
        await answer(pilot, "Toughness roll for lava")
        await choose(pilot, "sum<=")
        await answer(pilot, "2 7 -1", clear=True)
        dialog = await wait_for_screen(pilot, RollDialog)
        assert "72.2%" in str(dialog.current.odds)  # 26/36: 2d6 - 1 at most 7
        await press(pilot, "6", "space", "3", "enter")
        await wait_for(pilot, lambda: corrections(screen), "the roll")
        (e,) = corrections(screen)
        (record,) = records_in(e.payload)
        assert [d.face for d in record.dice] == [6, 3] and record.outcome == "failed"
        assert record.probability == Fraction(26, 36) and e.actor == mid


def test_the_export_marks_corrections_with_their_reason_and_a_gm_roll_with_its_breakdown():
    from engine.battle import Battle, new_header
    from engine.corrections import ROLL, Correct, GMRoll
    from engine.dice import ScriptedDice
    from engine.ruleset import find_system
    from tui.report import build_report, render

    spec = find_system("xk6")
    made = spec.demo(None, 3)
    battle = Battle(new_header(spec.name, made.setup, seed=3, title="Corrections"))
    mid = spec.summary(battle.state).members[0].id
    battle.submit(Correct("wounds", mid, 1, "a grenade the app missed"))
    battle.submit(Correct(ROLL, mid, GMRoll("Fear test", 2, "sum>=", 7)), ScriptedDice([3, 5]))
    md = render(build_report(battle.header, [e.to_dict() for e in battle.entries]), "md")
    assert "GM correction — " in md and "Wounds 0 → 1 (a grenade the app missed)" in md
    assert "GM correction — roll: Fear test" in md and "3 5 → 8 vs 7+: passed" in md


async def test_sm_a_toughness_roll_the_app_does_not_know_opens_its_roll_dialog_with_typed_dice(make_app):
    from tui.dialogs.roll_dialog import RollDialog

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await battle_ready(pilot)
        mid = screen.selected
        await correct(pilot, "Ask for a Toughness roll", "lava splash", value="-1")
        await wait_for(pilot, lambda: screen.state.pending, "the pending roll")
        if not isinstance(app.screen, RollDialog):
            await press(pilot, "t")
        dialog = await wait_for_screen(pilot, RollDialog)
        assert any("GM: lava splash" in str(o.label) for o in dialog.current.options)
        await press(pilot, "6", "space", "6", "enter")
        await settle(pilot)
        # a re-roll is allowed (the Captain's own roll, the card in hand): the failure waits for it (#17)
        assert screen.state.model(mid).on_table and "re-roll?" in app.screen.adapter.title
        await press(pilot, "enter")  # nothing picked: the failure stands
        await wait_for(pilot, lambda: not screen.state.model(mid).on_table, "the failed roll's consequence")

"""#18 from the keyboard: the next shot of a heavy rifle lists the first target and the
others only as "within 3\" of the first?", and one of those asks the GM to confirm the
distance ("No" highlighted) before its roll dialog; a Challenge is taken with `v` before
round 1."""

from __future__ import annotations

from engine.dice import ScriptedDice
from engine.rulesets.sanctum_mortalis import commands as c
from tui.dialogs.roll_dialog import RollDialog
from tui.screens.picker_screen import PickerScreen

from .conftest import battle_ready, press, start_round_one, wait_for


async def test_a_heavy_rifles_other_target_asks_for_the_3_inch_distance_first(make_app):
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start_round_one(pilot)
        heavy = next(m for m in screen.state.models if "heavy-rifle" in m.spec.ranged)
        if screen.state.order.to_act != heavy.side:
            other = next(m for m in screen.state.waiting(screen.state.order.to_act))
            screen.select_model(other.id, focus=True)
            await press(pilot, "a", "e")
        foes = [m for m in screen.state.on_table() if m.side != heavy.side]
        first, second = foes[0], foes[1]
        screen.submit(c.Shoot(heavy.id, first.id, "heavy-rifle"), ScriptedDice([6, 6]))  # shot 1 misses
        await wait_for(pilot, lambda: screen.state.model(heavy.id).salvo is not None)
        screen.select_model(heavy.id, focus=True)
        await press(pilot, "s", "enter")  # the next shot
        picker = app.screen
        assert isinstance(picker, PickerScreen)
        labels = {ch.value: str(ch.label) for ch in picker.choices}
        assert "the last target" in labels[first.id] and 'within 3" of the first?' in labels[second.id]
        index = [ch.value for ch in picker.choices].index(second.id)
        await press(pilot, *["down"] * (index + 1), "enter")
        confirm = app.screen
        assert isinstance(confirm, PickerScreen) and f'within 3" of {first.name}' in str(confirm.question)
        await press(pilot, "enter")  # "No" starts highlighted: nothing is shot
        assert app.screen is screen and screen.state.model(heavy.id).salvo[1] == 1
        await press(pilot, "s", "enter")
        await press(pilot, *["down"] * (index + 1), "enter", "up", "enter")  # Yes: within 3"
        dialog = app.screen
        assert isinstance(dialog, RollDialog) and dialog.adapter.base.spread and dialog.adapter.base.target == second.id
        await press(pilot, "escape")


async def test_a_challenge_is_taken_with_v_before_round_1(make_app):
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await battle_ready(pilot)
        await press(pilot, "v", "enter")  # Take a Challenge
        await press(pilot, "enter")  # the first side
        picker = app.screen
        index = [ch.value for ch in picker.choices].index("prudence")
        await press(pilot, *["down"] * index, "enter")
        side = screen.state.sides[0]
        assert side.challenges == ("prudence",)


async def test_at_80x24_a_salvo_whose_target_is_out_ends_and_the_next_line_moves_on(make_app):
    """QA: Kara Vex's Energy rifle took Sister Vey out with shot 1; `s` → "Next shot (2/2)"
    was refused (she was out) and "Press s for … shot 2/2, or s then Stop firing." stayed up."""
    from .conftest import settle, status_text

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start_round_one(pilot)
        await press(pilot, "a", "d", "e")  # the first side's model acts: Kara Vex's side next
        screen.select_model("B.kara-vex", focus=True)
        screen.submit(c.Shoot("B.kara-vex", "A.sister-vey", "energy-rifle"), ScriptedDice([1, 2]))  # a hit
        await wait_for(pilot, lambda: isinstance(app.screen, RollDialog))  # her Toughness roll
        assert "shot 2/2 or stop firing" in str(screen.query_one("#tracker").render())
        await press(pilot, "6", "space", "6", "enter")  # failed: held for the re-rolls offered
        await press(pilot, "enter")  # none taken: she is out
        await settle(pilot)
        assert screen.state.model("A.sister-vey").status == "out-of-action"
        assert screen.state.model("B.kara-vex").salvo is None
        ended = screen.session.view.events[-1]
        assert ended.kind == "salvo_ended" and "Energy rifle loses its 1 shot left" in ended.text
        tracker = str(screen.query_one("#tracker").render())
        assert "shot 2/2" not in tracker and "stop firing" not in tracker, tracker
        assert "Kara Vex, 1 action left" in tracker, tracker
        await press(pilot, "s")  # no "Next shot": the Shooting action is spent, refused at the key
        assert app.screen is screen and "one non-Move action" in status_text(screen)

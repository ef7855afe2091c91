"""A round of the demo battle played through the keys, as issue 4 lists it: an
activation with a move and a shot with two toggled modifiers and typed dice, a melee
with support, the end of the round."""

from __future__ import annotations

from typing import Any

from tui.dialogs.roll_dialog import HOTKEYS

from .conftest import press, settle, start_round_one, through_pickers


async def test_an_activation_moves_then_shoots_with_two_toggles_and_typed_dice(make_app):
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start_round_one(pilot)
        side = screen.state.order.to_act
        shooter = next(m for m in screen.state.models_of(side) if m.spec.ranged and m.spec.ranged[0] != "flamer")
        screen.select_model(shooter.id, focus=True)
        await press(pilot, "a", "m", "enter")  # activate, move (the first allowance offered)
        assert screen.state.model(shooter.id).moves == 1
        await press(pilot, "s")
        dialog = await through_pickers(pilot)  # weapon and target: the first of each
        assert dict((o.key, o.state) for o in dialog.current.options)["shot_after_move"] == "auto"  # it moved
        before = str(dialog.query_one("#odds").render())
        chosen = ("long_range", "cover")  # over 12", and the target within 1" of cover
        for toggle in chosen:
            await press(pilot, dialog.letter_of(toggle))
        assert str(dialog.query_one("#odds").render()) != before
        await press(pilot, "3", "space", "4", "enter")  # the dice rolled on the table
        await settle(pilot)
        shot = [e for e in screen.session.view.events if e.kind == "shot"][-1]
        roll = shot.payload["roll"]
        assert [d["face"] for d in roll["dice"]] == [3, 4]
        applied = {m["label"]: m["value"] for m in roll["modifiers"]}
        assert applied['Long range, over 12"'] == -1 and applied['Cover (within 1" of the target)'] == -2
        assert applied["Shot after Move"] == -1
        assert "probability" in roll and roll["probability"]
        assert screen.state.model(shooter.id).actions_used == 2


async def test_a_melee_counts_the_support_of_a_second_engaged_model(make_app):
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start_round_one(pilot)
        side = screen.state.order.to_act
        attacker, helper = [m.id for m in screen.state.waiting(side)][:2]
        screen.select_model(helper, focus=True)
        await press(pilot, "i", "enter")  # the helper is in contact with the first enemy
        foe = next(iter(screen.state.model(helper).engaged_with))
        screen.select_model(attacker, focus=True)
        await press(pilot, "i")
        # the same enemy: the contact choices list the enemies in order
        choices = [ch.value for ch in app.screen.choices]
        app.screen.query_one("OptionList").highlighted = next(
            i
            for i, cmd in enumerate(choices)
            if getattr(cmd, "enemy", None) == foe and not getattr(cmd, "intercept", True)
        )
        await press(pilot, "enter")
        assert foe in screen.state.model(attacker).engaged_with
        await press(pilot, "a", "f")
        await through_pickers(pilot)
        odds = str(app.screen.query_one("#odds").render())
        helper_name = screen.state.model(helper).name
        shown = " ".join(str(o.prompt) for o in app.screen.query_one("#modifiers").options) + odds
        assert helper_name in shown, shown
        await press(pilot, "r")
        melee = [e for e in screen.session.view.events if e.kind == "melee_rolled"][-1]
        assert melee.payload["context"]["support"]["attacker"] == [helper]
        support = [m for m in melee.payload["roll"]["modifiers"] if m["key"] == "attacker_support"]
        assert support == [{"label": f"Support: {helper_name}", "value": 1, "rule": "§8.3", "key": "attacker_support"}]


async def test_the_round_ends_when_every_model_has_acted_and_the_next_one_starts(make_app):
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start_round_one(pilot)
        for _ in range(40):
            order = screen.state.order
            if order.to_act not in ("A", "B"):
                break
            model = screen.state.waiting(order.to_act)[0]
            screen.select_model(model.id, focus=True)
            await press(pilot, "a", "e")
        assert all(m.activated or not m.on_table for m in screen.state.models)
        await press(pilot, "n", "enter")  # 6 v 6 models: the roll-off's dialog, the app's dice
        assert screen.state.order.round == 2
        assert all(not m.activated for m in screen.state.models if m.on_table)


async def roll_the_hit(pilot: Any) -> None:
    """The winner may take something else instead of hitting (Gryź to! on a loser with a
    gun, §12.2): the picker starts on the roll, so ⏎ rolls it."""
    from tui.screens.picker_screen import PickerScreen

    if isinstance(pilot.app.screen, PickerScreen):
        await press(pilot, "enter")
        await settle(pilot)


async def test_the_loser_of_a_melee_rolls_toughness_at_once(make_app):
    """§8.2: the hit model's Toughness roll follows the melee roll without a key."""
    from tui.dialogs.roll_dialog import RollDialog

    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start_round_one(pilot)
        attacker = screen.selected
        await press(pilot, "i", "enter")  # engaged with the first enemy
        foe = next(iter(screen.state.model(attacker).engaged_with))
        await press(pilot, "f")
        await press(pilot, "6", "space", "6", "space", "1", "space", "1", "enter")  # 12 + Fight v 2 + Fight
        await settle(pilot)
        assert [p.model for p in screen.state.pending] == [foe]
        if "re-roll?" in app.screen.adapter.title:  # the losing Captain's re-roll is offered first
            await press(pilot, "enter")  # declined
            await settle(pilot)
        await roll_the_hit(pilot)
        dialog = app.screen
        assert isinstance(dialog, RollDialog)
        assert dialog.adapter.title == f"{screen.state.model(foe).name}: Toughness roll"
        await press(pilot, "6", "space", "6", "enter")
        await settle(pilot)  # a failure: held while "Nic mi nie jest!" is offered
        assert "re-roll?" in app.screen.adapter.title
        await press(pilot, "enter")  # declined: the failure applies
        await settle(pilot)
        assert not screen.state.pending and not isinstance(app.screen, RollDialog)


async def test_a_captain_defending_in_a_melee_is_offered_its_re_roll_and_types_the_die(make_app):
    """§15.2: the Captain re-rolls a roll it makes, defending too; the die is typed and the
    loser's save follows from the result after the re-roll."""
    from tui.dialogs.roll_dialog import RollDialog

    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start_round_one(pilot)
        attacker = screen.selected
        await press(pilot, "i", "enter")
        foe = next(iter(screen.state.model(attacker).engaged_with))
        assert screen.state.model(foe).spec.captain  # the demo's Kara Vex
        await press(pilot, "f")
        await press(pilot, "6", "space", "6", "space", "1", "space", "1", "enter")
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, RollDialog) and "re-roll?" in dialog.adapter.title
        assert [o.key for o in dialog.current.options] == [
            f"captain:{foe}:1"
        ]  # its own dice only (both 1s: one offer, by face)
        await press(pilot, HOTKEYS[0], "6", "enter")
        await settle(pilot)
        rerolled = [e for e in screen.session.view.events if e.kind == "rerolled"][-1]
        assert [d["face"] for d in rerolled.payload["roll"]["dice"]] == [6, 6, 6, 1]
        assert "captain-reroll" in screen.state.model(foe).once_used
        if screen.state.pending:  # still lost: its save follows at once
            await roll_the_hit(pilot)
            assert app.screen.adapter.title.endswith(": Toughness roll")

"""Event cards at their triggers in the battle screen (issue #18): the hand (c) offers a
card only when the engine says its moment holds and shows why not otherwise; a card
played there changes the engine state; a card that needs an answer asks for it."""

from __future__ import annotations

from typing import Any

from tui.screens.picker_screen import PickerScreen
from tui.systems.sanctum_mortalis.card_hand import CardHand
from tui.systems.sanctum_mortalis.card_hand_screen import CardHandScreen

from .conftest import open_first_shot, press, settle, start_round_one
from .pilot_waits import wait_for_screen


def _line(hand: CardHand, option_id: str) -> str:
    return str(hand.get_option(option_id).prompt)


async def _highlight(pilot: Any, hand: CardHand, key: str) -> None:
    """↓ until the card ``key`` is highlighted (the hand lists playable cards first)."""
    for _ in range(len(hand.options)):
        card = hand.highlighted_card
        if card is not None and card.key == key:
            return
        await press(pilot, "down")
    raise AssertionError(f"{key} never highlighted")


async def test_stumble_is_offered_as_the_model_is_about_to_move_and_uses_its_move(make_app):
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start_round_one(pilot)
        side = screen.state.order.to_act
        mover = screen.state.waiting(side)[0]
        enemy = screen.state.opponent(side)
        screen.select_model(mover.id, focus=True)
        await press(pilot, "c")
        dialog = await wait_for_screen(pilot, CardHandScreen)
        hand = dialog.query_one(CardHand)
        assert "▸ play" in _line(hand, f"{enemy}:stumble")
        what = _line(hand, f"{side}:what-are-you-gonna-do")  # no shooter has hit it
        assert "✗ not now" in what and "not hit by a shooter" in what
        await _highlight(pilot, hand, "stumble")
        await press(pilot, "enter")
        await settle(pilot)
        m = screen.state.model(mover.id)
        assert m.moves == 1 and screen.state.order.active_model == mover.id
        assert "stumble" in screen.state.side(enemy).cards_used


async def test_doubt_asks_which_action_was_declared_and_cancels_it(make_app):
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start_round_one(pilot)
        side = screen.state.order.to_act
        model = screen.state.waiting(side)[0]
        enemy = screen.state.opponent(side)
        screen.select_model(model.id, focus=True)
        await press(pilot, "c")
        hand = (await wait_for_screen(pilot, CardHandScreen)).query_one(CardHand)
        await _highlight(pilot, hand, "doubt")
        await press(pilot, "enter")
        picker = await wait_for_screen(pilot, PickerScreen)
        assert picker is pilot.app.screen
        await press(pilot, "enter")  # the first answer: a Move
        await settle(pilot)
        m = screen.state.model(model.id)
        assert m.action_cap == 1 and m.moves == 0
        assert "doubt" in screen.state.side(enemy).cards_used


async def test_a_won_melee_offers_bite_this_before_the_toughness_roll(make_app):
    """§12.2: the winner may fire the loser's gun instead of hitting; the picker opens
    where the Toughness roll would, the roll first (a stray ⏎ rolls it)."""
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start_round_one(pilot)
        attacker = screen.selected
        await press(pilot, "i", "enter")  # engaged with the first enemy
        foe = next(iter(screen.state.model(attacker).engaged_with))
        assert screen.state.model(foe).spec.ranged  # the demo's foe carries a gun
        await press(pilot, "f")
        await press(pilot, "6", "space", "6", "space", "1", "space", "1", "enter")
        await settle(pilot)
        if "re-roll?" in str(getattr(getattr(app.screen, "adapter", None), "title", "")):
            await press(pilot, "enter")  # the losing Captain's re-roll declined
            await settle(pilot)
        picker = await wait_for_screen(pilot, PickerScreen)
        assert "Instead of its Toughness roll" in str(picker.question)
        await press(pilot, "down", "enter")  # Gryź to!
        await settle(pilot)
        assert not screen.state.pending and screen.state.model(foe).on_table
        assert screen.state.model(attacker).borrowed == screen.state.model(foe).spec.ranged[0]
        assert "bite-this" in screen.state.side(screen.state.model(attacker).side).cards_used


async def test_out_of_the_way_is_offered_once_the_beaten_opponent_passes_its_roll(make_app):
    """§12.2 "Z drogi!": Kara Vex (the Captain, powered armour) beats a lighter-armoured
    attacker that then passes its Toughness roll; the push is offered, "No" first."""
    from tui.dialogs.roll_dialog import RollDialog

    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start_round_one(pilot)
        attacker = screen.selected
        await press(pilot, "i", "enter")
        kara = next(iter(screen.state.model(attacker).engaged_with))
        assert screen.state.model(kara).spec.armour == "powered"
        await press(pilot, "f")
        await press(pilot, "1", "space", "1", "space", "6", "space", "6", "enter")  # Kara wins
        await settle(pilot)
        for _ in range(3):  # the losing Captain's re-roll, then instead of hitting: decline both
            top = app.screen
            if isinstance(top, RollDialog) and top.adapter.title.endswith(": Toughness roll"):
                break
            await press(pilot, "enter")
            await settle(pilot)
        assert app.screen.adapter.title.endswith(": Toughness roll")
        await press(pilot, "1", "space", "1", "enter")  # passes: failed to wound
        await settle(pilot)
        picker = await wait_for_screen(pilot, PickerScreen)
        assert "Z drogi!" in str(picker.question)
        await press(pilot, "down", "enter")  # yes
        await wait_for_screen(pilot, PickerScreen)
        await press(pilot, "enter")  # nothing behind it: only pushed
        await settle(pilot)
        assert not screen.state.model(kara).engaged and not screen.state.model(attacker).engaged
        assert "out-of-the-way" in screen.state.side(screen.state.model(kara).side).cards_used


async def test_heads_down_throws_the_knife_from_the_hand_out_of_its_activation(make_app):
    """§12.2 "Głowa w dół!": at any time a model throws a knife at the opponent of a
    fighting friend: the hand offers it, asks the target, then the knife's roll."""
    from tui.dialogs.roll_dialog import RollDialog

    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start_round_one(pilot)
        attacker = screen.selected
        await press(pilot, "i", "enter")  # the attacker now fights Kara Vex
        kara = screen.state.model(next(iter(screen.state.model(attacker).engaged_with)))
        from engine.rulesets.sanctum_mortalis.cards import card_problem

        thrower = next(  # a friend who may use heroic plays (not a sarcophagus, no heavy weapon)
            m
            for m in screen.state.on_table(kara.side)
            if m.id != kara.id and card_problem(screen.state, m.side, "heads-down", m.id) is None
        )
        screen.select_model(thrower.id, focus=True)
        await press(pilot, "c")
        hand = (await wait_for_screen(pilot, CardHandScreen)).query_one(CardHand)
        assert "▸ play" in _line(hand, f"{thrower.side}:heads-down")
        await _highlight(pilot, hand, "heads-down")
        await press(pilot, "enter")  # one target (Kara's opponent): no question, the roll
        dialog = await wait_for_screen(pilot, RollDialog)
        assert dialog is app.screen
        await press(pilot, "1", "space", "1", "enter")
        await settle(pilot)
        assert "heads-down" in screen.state.side(thrower.side).cards_used
        assert [p.model for p in screen.state.pending] == [attacker]
        assert screen.state.model(thrower.id).actions_used == 0


async def test_you_only_die_once_is_an_option_of_the_hit_models_toughness_roll(make_app):
    """§12.2 "Raz kozie śmierć!": the shot model's Toughness roll offers the card (only the
    table shows the edge): ticked, ⏎ asks the edge's height and the typed dice are the jump's."""
    from engine.rulesets.sanctum_mortalis.card_triggers import jump_instead
    from tui.dialogs.roll_dialog import HOTKEYS, RollDialog

    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start_round_one(pilot)
        await open_first_shot(pilot, screen)
        await press(pilot, "1", "space", "1", "enter")  # a hit
        await settle(pilot)
        target = screen.state.pending[0].model
        assert jump_instead(screen.state) == target
        dialog = await wait_for_screen(pilot, RollDialog)
        assert dialog.adapter.title.endswith(": Toughness roll")
        keys = [o.key for o in dialog.current.options]
        await press(pilot, str(HOTKEYS[keys.index("you-only-die-once")]))
        assert "asks the edge's height" in str(dialog.query_one("#odds").render())
        await press(pilot, "5", "space", "4", "enter")
        picker = await wait_for_screen(pilot, PickerScreen)
        assert "how high is the edge" in str(picker.question)
        await press(pilot, "enter")  # 4": 9 lands
        await settle(pilot)
        t = screen.state.model(target)
        assert t.on_table and not screen.state.pending
        assert "you-only-die-once" in screen.state.side(t.side).cards_used
        jump = next(e for e in screen.session.view.events if e.kind == "move_rolled")
        assert [d["face"] for d in jump.payload["roll"]["dice"]] == [5, 4]


BITERS = """
band = "Wolves"
player = "Ann"

[[model]]
name = "Kara"
archetype = "trooper"
captain = true

[[model]]
name = "Bo"
archetype = "swordsman"
"""

TWO_GUNS = """
band = "Saints"
player = "Bob"

[[model]]
name = "Xan"
archetype = "trooper"
captain = true

[[model]]
name = "Yul"
archetype = "trooper"
ranged = ["assault-rifle", "assault-pistol"]
"""


async def test_bite_this_asks_which_of_the_losers_ranged_weapons_it_fires(make_app, tmp_path):
    """§12.2 "Gryź to!": the loser carries two guns: the GM picks which one is borrowed."""
    from .test_gear import _app, _pick, _round_one

    app = _app(make_app, tmp_path, BITERS, TWO_GUNS)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _round_one(pilot)
        screen.select_model("A.bo", focus=True)
        await press(pilot, "i")
        await _pick(pilot, "Yul")
        assert "B.yul" in screen.state.model("A.bo").engaged_with
        await press(pilot, "f")
        await press(pilot, "6", "space", "6", "space", "1", "space", "1", "enter")  # Bo wins
        await settle(pilot)
        picker = await wait_for_screen(pilot, PickerScreen)
        assert "Instead of its Toughness roll" in str(picker.question)
        await _pick(pilot, "Gryź to!")
        picker = await wait_for_screen(pilot, PickerScreen)
        assert "which of Yul's ranged weapons" in str(picker.question)
        await _pick(pilot, "pistol")
        await settle(pilot)
        assert screen.state.model("A.bo").borrowed == "assault-pistol" and not screen.state.pending
        assert "bite-this" in screen.state.side("A").cards_used

"""Roll dialogs: modifiers toggled by keys, odds that follow, app or typed dice."""

from __future__ import annotations

from tui.dialogs.roll_dialog import RollDialog

from .conftest import SIZE, press, settle, start_round_one, status_text, through_pickers


def _shooter(screen):
    side = screen.state.order.to_act
    return next(m for m in screen.state.models_of(side) if m.spec.ranged)


async def _open_shot(pilot, screen):
    shooter = _shooter(screen)
    screen.select_model(shooter.id, focus=True)
    await press(pilot, "s")
    await through_pickers(pilot)  # weapon and target pickers: the first of each
    return shooter


async def test_toggling_a_modifier_changes_the_odds_and_the_command(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_round_one(pilot)
        await _open_shot(pilot, screen)
        dialog = app.screen
        cover = dialog.letter_of("cover")
        before = str(dialog.query_one("#odds").render())
        await press(pilot, str(cover))
        assert (
            "cover"
            in dialog.adapter.command(frozenset(dialog.toggles), frozenset(dialog.declined), dialog.flags).toggles
        )
        assert str(dialog.query_one("#odds").render()) != before
        await press(pilot, str(cover))
        assert str(dialog.query_one("#odds").render()) == before
        await press(pilot, "escape")
        assert not isinstance(app.screen, RollDialog)
        assert screen.session.view.saved == 2  # nothing happened: round start and who starts


async def test_typed_dice_are_used_and_a_hit_asks_for_the_save(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_round_one(pilot)
        shooter = await _open_shot(pilot, screen)
        await press(pilot, "1", "space", "1")
        await press(pilot, "enter")
        await settle(pilot)
        shots = [e for e in screen.session.view.events if e.kind == "shot"]
        assert shots and [d["face"] for d in shots[-1].payload["roll"]["dice"]] == [1, 1]
        assert screen.state.pending, "a hit leaves a Toughness roll pending"
        assert "must roll Toughness" in str(screen.query_one("#tracker").render())
        dialog = app.screen  # and chains into it: its dialog opens without a key
        assert isinstance(dialog, RollDialog) and dialog.adapter.title.endswith(": Toughness roll")
        await press(pilot, "escape")  # put off: still pending, t opens it again
        assert screen.state.pending and not isinstance(app.screen, RollDialog)
        await press(pilot, "t")
        assert isinstance(app.screen, RollDialog)
        await press(pilot, "r")
        await settle(pilot)  # the app's roll fails (seeded): held, and its re-rolls offered
        assert "re-roll?" in app.screen.adapter.title
        await press(pilot, "enter")  # decline: the failure applies
        await settle(pilot)
        assert not screen.state.pending
        assert any(e.kind == "save_rolled" for e in screen.session.view.events)
        assert shooter.id  # the shooter stays the selected model's side's
        assert "Toughness" in status_text(screen)


async def test_mistyped_dice_are_refused_in_the_dialog(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_round_one(pilot)
        await _open_shot(pilot, screen)
        await press(pilot, "9", "space", "9", "enter")
        await settle(pilot)
        assert isinstance(app.screen, RollDialog)
        assert "not a face of a d6" in str(app.screen.query_one("#refusal").render())
        assert screen.session.view.saved == 2


async def test_melee_after_contact_shows_both_sides_and_rolls(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_round_one(pilot)
        attacker = screen.selected
        await press(pilot, "i", "enter")  # engaged with the first enemy
        foe = next(iter(screen.state.model(attacker).engaged_with))
        await press(pilot, "f")
        dialog = app.screen
        assert isinstance(dialog, RollDialog)
        odds = str(dialog.query_one("#odds").render())
        assert "Fight" in odds and "wins" in odds and "%" in odds
        await press(pilot, "3", "space", "4", "space", "5", "enter")  # both sides roll 2: one die short
        assert "Dice: 2 more dice needed for defender's melee roll, but only 1 was typed" in str(
            dialog.query_one("#refusal").render()
        )
        assert app.screen is dialog and not any(e.kind == "melee_rolled" for e in screen.session.view.events)
        await press(pilot, "space", "2", "enter")
        melee = next(e for e in screen.session.view.events if e.kind == "melee_rolled")
        assert [d["face"] for d in melee.payload["roll"]["dice"]] == [3, 4, 5, 2]
        assert foe


async def test_a_failed_save_6_5_offers_nic_mi_nie_jest_and_the_typed_die_keeps_the_model(make_app):
    # the walkthrough's case (#17): nothing declared before the roll; the failure is held,
    # the card is offered with its cost and exact odds, the re-rolled die is typed

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_round_one(pilot)
        await _open_shot(pilot, screen)
        await press(pilot, "1", "space", "1", "enter")  # a hit: its save opens at once
        await settle(pilot)
        saver = screen.state.pending[0].model
        assert isinstance(app.screen, RollDialog) and app.screen.adapter.title.endswith(": Toughness roll")
        await press(pilot, "6", "space", "5", "enter")
        await settle(pilot)
        assert screen.state.model(saver).on_table, "the failure waits for the re-roll"
        dialog = app.screen  # the re-roll dialog follows at once
        assert isinstance(dialog, RollDialog) and "re-roll?" in dialog.adapter.title
        keys = [o.key for o in dialog.current.options]
        offer = f"im-fine:{saver}:6"  # re-roll the 6 (an offer's key names the face: its letter stays, #21)
        assert offer in keys
        line = str(dialog.current.options[keys.index(offer)].label)
        assert line == "I'm fine! (Nic mi nie jest!): the 6 → passes 33.3%", line  # whose: the list's title (#21)
        band = screen.state.side(screen.state.model(saver).side).band.name
        assert f"({band})" in str(dialog.query_one("#modifiers-title").render())
        count = len(screen.session.view.events)
        await press(pilot, dialog.letter_of(offer), "1", "space", "2", "enter")  # a die too many
        assert "2 dice typed (1 2); this roll needs 1" in str(dialog.query_one("#refusal").render())
        assert app.screen is dialog and len(screen.session.view.events) == count
        dialog.query_one("#dice").value = ""
        await press(pilot, "1", "enter")  # the re-rolled die: 1
        await settle(pilot)
        rerolled = [e for e in screen.session.view.events if e.kind == "rerolled"]
        assert rerolled and [d["face"] for d in rerolled[-1].payload["roll"]["dice"]] == [1, 5]
        assert screen.state.model(saver).on_table and not screen.state.pending
        assert "im-fine" in screen.state.side(screen.state.model(saver).side).cards_used


async def test_a_missed_shot_offers_the_shooters_re_rolls_and_takes_the_typed_die(make_app):

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_round_one(pilot)
        shooter = await _open_shot(pilot, screen)
        await press(pilot, "6", "space", "6", "enter")  # a miss
        await settle(pilot)
        dialog = app.screen  # the demo's first shooter, Dex Marlow, has Strzał z bliska
        assert isinstance(dialog, RollDialog) and "re-roll?" in dialog.adapter.title
        keys = [o.key for o in dialog.current.options]
        assert [k for k in keys if k.startswith("point-blank:")] == [f"point-blank:{shooter.id}:6"]  # one a face
        assert not any(k.startswith("captain:") for k in keys)  # not the Captain
        await press(pilot, dialog.letter_of(f"point-blank:{shooter.id}:6"), "1", "enter")
        await settle(pilot)
        rerolled = [e for e in screen.session.view.events if e.kind == "rerolled"]
        assert [d["face"] for d in rerolled[-1].payload["roll"]["dice"]] == [1, 6]
        assert rerolled[-1].payload["source"] == "point-blank"


async def test_declining_the_offered_re_rolls_applies_the_failure(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_round_one(pilot)
        await _open_shot(pilot, screen)
        await press(pilot, "1", "space", "1", "enter")
        await settle(pilot)
        saver = screen.state.pending[0].model
        await press(pilot, "6", "space", "6", "enter")
        await settle(pilot)
        assert isinstance(app.screen, RollDialog) and "re-roll?" in app.screen.adapter.title
        await press(pilot, "3", "enter")  # a die typed with no re-roll picked: said, nothing sent
        assert "pick a re-roll" in str(app.screen.query_one("#refusal").render())
        assert screen.state.model(saver).on_table
        app.screen.query_one("#dice").value = ""
        await press(pilot, "enter")  # decline: the failure applies
        await settle(pilot)
        assert not screen.state.model(saver).on_table and not screen.state.pending


async def test_the_kept_roll_dialog_opens_afresh_for_each_roll(make_app):
    # the app keeps one roll dialog (closing it then costs no removal and no new layout);
    # each roll must still find it as a new one: no toggles, no dice, its own title and odds
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_round_one(pilot)
        await _open_shot(pilot, screen)
        first = app.screen
        fresh = (str(first.query_one("#odds").render()), first.query_one("#modifiers").option_count)
        from tui.dialogs.roll_dialog import HOTKEYS

        await press(pilot, HOTKEYS[0], "3", "space")  # a modifier toggled, a die typed
        assert first.toggles or first.declined
        assert first.query_one("#dice").value.strip() == "3"
        await press(pilot, "escape")  # dice typed: it asks, "keep them" highlighted
        await press(pilot, "up", "enter")  # discard them
        await _open_shot(pilot, screen)
        again = app.screen
        assert again is first  # the same dialog, readied again
        assert not again.toggles and not again.declined
        assert again.query_one("#dice").value == "" and again.focused is again.query_one("#dice")
        assert (str(again.query_one("#odds").render()), again.query_one("#modifiers").option_count) == fresh
        await press(pilot, "1", "space", "1", "enter")  # typed dice still resolve the roll
        await settle(pilot)
        assert [
            d["face"] for d in [e for e in screen.session.view.events if e.kind == "shot"][-1].payload["roll"]["dice"]
        ] == [1, 1]
        chained = app.screen  # the hit's save opens at once, while the kept dialog is still closing
        assert isinstance(chained, RollDialog) and chained is not first
        assert "Toughness" in str(chained.query_one("Vertical").border_title)
        await press(pilot, "escape")  # left pending
        await press(pilot, "t")  # a save: the kept dialog again, now titled for the save
        assert app.screen is first and "Toughness" in str(first.query_one("Vertical").border_title)


async def test_a_salvo_says_the_next_shot_and_keeps_the_modifiers_for_the_same_target(make_app):
    """§10.5 shot by shot: the tracker names the next shot's key, the next shot at the same
    target opens with the shot before's modifiers ticked; the target is the first shot's (one per action)."""
    from engine.rulesets.sanctum_mortalis.combat import salvo_size
    from tui.screens.picker_screen import PickerScreen

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_round_one(pilot)
        side = screen.state.order.to_act
        shooter = next(
            m for m in screen.state.models_of(side) if len(m.spec.ranged) == 1 and salvo_size(m, m.spec.ranged[0]) > 1
        )
        shots = salvo_size(shooter, shooter.spec.ranged[0])
        screen.select_model(shooter.id, focus=True)
        await press(pilot, "s")
        dialog = await through_pickers(pilot)
        target = dialog.adapter.base.target
        cover = dialog.letter_of("cover")
        first_letter = cover
        await press(pilot, cover, "6", "space", "6", "enter")  # a miss
        tracker = str(screen.query_one("#tracker").render())
        assert f"Press s for {shooter.name}'s" in tracker and f"shot 2/{shots}, or s then Stop firing." in tracker

        await press(pilot, "s")
        assert isinstance(app.screen, PickerScreen)  # next shot or stop: the key the tracker names does both
        assert [choice.label.split(" (")[0] for choice in app.screen.choices] == ["Next shot", "Stop firing"]
        await press(pilot, "enter")  # the next shot: one target per Shooting action (§10.5), no target picker
        dialog = app.screen
        assert isinstance(dialog, RollDialog) and dialog.adapter.base.target == target
        assert dialog.toggles == {"cover"}
        assert "kept from shot 1" in str(dialog.query_one("#modifiers-title").render())
        kept = str(dialog.query_one("#odds").render())
        cover = dialog.letter_of("cover")  # shot 2 lists its penalty first: cover keeps its letter (#21)
        assert cover == first_letter
        await press(pilot, cover)
        assert dialog.toggles == set() and str(dialog.query_one("#odds").render()) != kept
        await press(pilot, "escape")


async def test_with_no_actions_left_the_tracker_says_end_the_activation(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_round_one(pilot)
        model = screen.state.model(screen.selected)
        await press(pilot, "m", "enter")  # Move
        assert "1 action left" in str(screen.query_one("#tracker").render())
        await press(pilot, "d")  # Defensive stance, the second action
        tracker = str(screen.query_one("#tracker").render())
        assert f"{model.name} has no actions left: press e to end the activation." in tracker


async def test_a_die_too_many_keeps_the_dialog_open_and_saves_nothing(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_round_one(pilot)
        await _open_shot(pilot, screen)
        saved = screen.session.view.saved
        await press(pilot, "3", "space", "4", "space", "5", "enter")
        dialog = app.screen
        assert isinstance(dialog, RollDialog)
        assert "Dice: 3 dice typed (3 4 5); this roll needs 2" in str(dialog.query_one("#refusal").render())
        assert screen.session.view.saved == saved
        await press(pilot, "backspace", "backspace", "enter")  # fixed: 3 4
        await settle(pilot)
        assert app.screen is not dialog or "re-roll?" in dialog.adapter.title  # a miss: the Captain's re-roll offered
        shot = [e for e in screen.session.view.events if e.kind == "shot"][-1]
        assert [d["face"] for d in shot.payload["roll"]["dice"]] == [3, 4]


async def test_the_roll_off_for_who_starts_takes_the_dice_rolled_at_the_table(make_app):
    """n opens the roll dialog (6 v 6 models, the demo's Slaughter: the lower total
    decides); a tie is rolled again, its dice typed after the first four."""
    from tui.screens.picker_screen import PickerScreen

    from .conftest import battle_ready

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await battle_ready(pilot)
        await press(pilot, "n")
        dialog = app.screen
        assert isinstance(dialog, RollDialog) and "who decides who starts" in dialog.adapter.title
        odds = str(dialog.query_one("#odds").render())
        assert "Crimson Saints decides 50.0%" in odds and "A tie (11.3% a roll)" in odds
        refusal = dialog.query_one("#refusal")
        await press(pilot, "3", "space", "4", "space", "3", "space", "4", "enter")
        assert "7 v 7 is a tie and is rolled again" in str(refusal.render()) and app.screen is dialog
        assert screen.session.view.saved == 0
        await press(pilot, "space", "1", "space", "1", "space", "6", "space", "6", "enter")
        assert screen.state.order.round == 1 and screen.state.order.chooser == "A"  # 2 v 12: the lower decides
        rolled = screen.session.view.events[0].payload["rolloff"]["dice"]
        assert [d["face"] for d in rolled] == [3, 4, 3, 4, 1, 1, 6, 6]
        assert isinstance(app.screen, PickerScreen)  # Crimson Saints chooses who starts


async def test_a_failed_jump_down_takes_the_fall_dice_in_the_same_dialog(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_round_one(pilot)
        side = screen.state.order.to_act  # not the Captain: a failure is held for its re-roll
        jumper = next(m for m in screen.state.waiting(side) if not m.spec.captain)
        screen.select_model(jumper.id, focus=True)
        await press(pilot, "m")
        labels = [str(ch.label) for ch in app.screen.choices]
        app.screen.query_one("OptionList").highlighted = labels.index("Jump down from a height…")
        await press(pilot, "enter")
        app.screen.query_one("OptionList").highlighted = 2  # 3"
        await press(pilot, "enter")
        dialog = app.screen
        assert isinstance(dialog, RollDialog) and dialog.adapter.title == f'{jumper.name} jumps down 3"'
        assert "lands 72.2%" in str(dialog.query_one("#odds").render())
        await press(pilot, "1", "space", "2", "enter")  # 3 is not above 5: it falls
        assert "2 more dice needed for fall" in str(dialog.query_one("#refusal").render())
        await press(pilot, "space", "6", "space", "6", "enter")  # the fall: 12 ≥ 5, survives
        rolls = [e for e in screen.session.view.events if e.kind == "move_rolled"]
        assert [e.payload["kind"] for e in rolls] == ["jump", "fall"]
        assert screen.state.model(jumper.id).on_table


async def test_a_held_failure_put_off_says_so_and_t_reopens_its_re_rolls(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_round_one(pilot)
        await _open_shot(pilot, screen)
        await press(pilot, "1", "space", "1", "enter")
        await settle(pilot)
        saver = screen.state.pending[0].model
        await press(pilot, "6", "space", "6", "enter")
        await settle(pilot)
        count = len(screen.session.view.events)
        await press(pilot, "escape")  # put off: the model stays, the failure still held
        assert not isinstance(app.screen, RollDialog) and screen.state.model(saver).on_table
        assert "failed the Toughness roll" in str(screen.query_one("#tracker").render())
        await press(pilot, "t")
        assert isinstance(app.screen, RollDialog) and "re-roll?" in app.screen.adapter.title
        assert len(screen.session.view.events) == count  # putting off saved nothing

"""The SAGA dashboard from the keyboard: a turn with moves, a shot and a melee, fatigue
gained, spent by the opponent at the right step and rested off; save, quit, reopen."""

from __future__ import annotations

from pathlib import Path

from .conftest import SIZE, press, settle
from .saga_pilot import charge_ceorls, first_turn, move_and_shoot, pick, saga_ready, select, type_dice, unit_id
from .sq_pilot import type_text
from .test_dashboard import rendered


def kinds(screen) -> list[str]:
    return [e.kind for e in screen.session.view.events]


async def test_the_saga_demo_opens_on_the_saga_dashboard(make_app):
    app = make_app("demo", system="saga")
    async with app.run_test(size=SIZE) as pilot:
        screen = await saga_ready(pilot)
        assert screen.session.battle.ruleset.name == "saga"
        assert screen.pane("A").row_count == 4 and screen.pane("B").row_count == 4
        assert "Press" in str(screen.query_one("#tracker").render())


async def test_a_move_then_a_shot_gains_one_fatigue_and_kills_with_typed_dice(make_app):
    app = make_app("demo", system="saga")
    async with app.run_test(size=SIZE) as pilot:
        screen = await first_turn(pilot)
        hird = await move_and_shoot(pilot, screen, "6 5 2 1", "3 6")  # 2 hits on Armour 4, one cancelled
        ceorls = screen.state.unit(unit_id(screen, "Ceorls"))
        assert ceorls.models == 7
        assert screen.state.unit(hird).fatigue == 1  # T2: a shot after a move
        assert kinds(screen).count("fatigue_gained") == 1
        assert any("house default" in e.text for e in screen.session.view.events if e.kind == "shot_declared")


async def test_a_stray_enter_in_the_shot_or_charge_target_picker_picks_no_enemy(make_app):
    from tui.screens.picker_screen import PickerScreen

    app = make_app("demo", system="saga")
    async with app.run_test(size=SIZE) as pilot:
        screen = await first_turn(pilot)
        await select(pilot, screen, "Thralls with slings")
        before = len(screen.session.view.events)
        for key in ("s", "c"):
            await press(pilot, key)
            picker = app.screen
            assert isinstance(picker, PickerScreen) and picker.query_one("#choices").highlighted is None
            await press(pilot, "enter")  # nothing highlighted: nothing chosen, the picker stays
            assert app.screen is picker
            await press(pilot, "escape")
        assert len(screen.session.view.events) == before


async def test_the_opponent_is_offered_the_slow_spend_when_the_tired_unit_moves(make_app):
    from tui.screens.picker_screen import PickerScreen

    app = make_app("demo", system="saga")
    async with app.run_test(size=SIZE) as pilot:
        screen = await first_turn(pilot)
        hird = await move_and_shoot(pilot, screen)
        assert screen.state.unit(hird).fatigue == 1
        await press(pilot, "m")
        await pick(pilot, "Over open ground")
        offer = app.screen
        assert isinstance(offer, PickerScreen) and "Earl Godwin's Fyrd (the opponent)" in offer.question
        await pick(pilot, "Hirdmen moves Short (S) instead of Medium (M)")
        spent = [e for e in screen.session.view.events if e.kind == "fatigue_spent"]
        assert spent and spent[-1].payload["by"] == "B" and spent[-1].payload["use"] == "slow_move"
        assert screen.state.move.slowed
        await pick(pilot, "Hirdmen moved S")  # then the move completes at the slowed band
        assert screen.state.move is None
        assert screen.state.unit(hird).fatigue == 1  # spent to 0, then T1 for a third activation


async def test_a_full_melee_through_the_dialog_with_typed_dice_and_a_fatigue_spend(make_app):
    from tui.systems.saga.melee_dialog import MeleeDialog

    app = make_app("demo", system="saga")
    async with app.run_test(size=SIZE) as pilot:
        screen = await first_turn(pilot)
        hird = await move_and_shoot(pilot, screen, "1 1 1 1")  # no hits: Ceorls keep 8 models
        ceorls = unit_id(screen, "Ceorls")
        await charge_ceorls(pilot)  # the opponent may slow the charge; it does not
        dialog = app.screen
        assert isinstance(dialog, MeleeDialog) and screen.state.melee.step == 1
        assert screen.state.unit(hird).fatigue == 2  # T1 lands before the melee is resolved
        await press(pilot, "enter")  # step 1: every model takes part
        await press(pilot, "a")  # step 2: the Defender trades …
        assert "[✓] Trade" in str(dialog.query_one("#melee-options").render())
        traded = str(dialog.query_one("#melee-odds").render())
        await press(pilot, "a", "enter")  # … no: it keeps its dice
        assert screen.state.melee.traded is False
        await press(pilot, "enter")  # step 3: the Attacker declares nothing
        options = str(dialog.query_one("#melee-options").render())
        assert "−1 to Hirdmen's Armour" in options  # the Defender may spend the Attacker's fatigue
        before = str(dialog.query_one("#melee-odds").render())
        index = [o.label for o in dialog.options].index(next(o.label for o in dialog.options if "−1 to" in o.label))
        await press(pilot, "abcdefg"[index])
        after = str(dialog.query_one("#melee-odds").render())
        assert before != after and before != traded
        assert screen.state.unit(hird).fatigue == 1
        await press(pilot, "enter")  # step 3 closed
        assert screen.state.melee.step == 4
        await type_dice(pilot, "6 6 5 5 3 2 1 1  6 5 4 4 2 1 1 1")  # Hirdmen 8 v Armour 4, Ceorls 8 v Armour 4
        await press(pilot, "enter")
        assert screen.state.melee.hits == {"attacker": 4, "defender": 4}
        await type_dice(pilot, "5 1 6 1  6 2 1 1")  # one die per hit: the Attacker's 4, then the Defender's 4
        await press(pilot, "enter")
        assert screen.state.melee.uncancelled == {"attacker": 2, "defender": 3}
        await press(pilot, "enter")  # step 6: casualties, the Defender first; step 7: fatigue
        assert screen.state.unit(ceorls).models == 5 and screen.state.unit(hird).models == 2
        assert screen.state.unit(hird).fatigue == 2 and screen.state.unit(ceorls).fatigue == 1  # T3 each
        steps = str(dialog.query_one("#melee-steps").render())
        assert "Melee step 7: Fatigue (Усталость)" in steps  # step 7 on its own page, the Russian beside
        numbers = str(dialog.query_one("#melee-numbers").render())
        assert (
            "Hirdmen: +1 fatigue (took part in the melee, Накапливание усталости (Gaining fatigue)) → ●●○○ 2/4"
            in numbers
            and "Ceorls: +1 fatigue (took part in the melee, Накапливание" in numbers
        )
        await press(pilot, "enter")  # on to step 8's page
        assert "Melee step 8: Retreat (Отступление)" in str(dialog.query_one("#melee-steps").render())
        assert screen.state.melee is not None
        await press(pilot, "enter")  # step 8: the Defender lost more: it retreats
        assert screen.state.melee is None and app.screen is screen
        result = next(e for e in reversed(screen.session.view.events) if e.kind == "melee_result")
        assert result.payload["retreating"] == "defender"
        assert result.text.startswith("Step 8: Ceorls (")  # the unit that retreats, its warband beside
        assert "casualties inflicted: Hirdmen " in result.text


async def test_rest_removes_one_fatigue_and_only_as_the_first_activation(make_app):
    app = make_app("demo", system="saga")
    async with app.run_test(size=SIZE) as pilot:
        screen = await first_turn(pilot)
        hird = await move_and_shoot(pilot, screen)
        await press(pilot, "r")
        assert "Rest must be its first activation" in str(screen.query_one("#status").render())
        assert screen.state.unit(hird).fatigue == 1
        await press(pilot, "e", "n", "e", "n")  # the Fyrd's turn passes; the Host's again
        assert screen.state.turn.number == 3
        await select(pilot, screen, "Hirdmen")
        await press(pilot, "r")
        assert screen.state.unit(hird).fatigue == 0
        assert kinds(screen)[-1] == "fatigue_removed"
        await press(pilot, "ctrl+z")
        assert screen.state.unit(hird).fatigue == 1
        await press(pilot, "ctrl+y")
        assert screen.state.unit(hird).fatigue == 0


async def test_a_saga_battle_saved_quit_and_reopened_resumes_where_it_was(make_app, saves_dir: Path):
    app = make_app("demo", system="saga")
    async with app.run_test(size=SIZE) as pilot:
        screen = await first_turn(pilot)
        await move_and_shoot(pilot, screen)
        entries = [e.to_dict() for e in screen.session.battle.entries]
        path = screen.session.path
        await press(pilot, "q")
        await settle(pilot)
    again = make_app()  # plain `skirmish`: the last battle
    async with again.run_test(size=SIZE) as pilot:
        screen = await saga_ready(pilot)
        assert screen.session.path == path
        assert [e.to_dict() for e in screen.session.battle.entries] == entries
        assert screen.state.unit(unit_id(screen, "Hirdmen")).fatigue == 1
        assert screen.state.turn.active == "A"


async def test_a_new_saga_battle_from_two_roster_files(make_app):
    import engine.rulesets.saga.demo as demo

    folder = Path(demo.__file__).parent
    app = make_app("new", system="saga", rosters=(str(folder / "anglo_danes.toml"), str(folder / "vikings.toml")))
    async with app.run_test(size=SIZE) as pilot:
        screen = await saga_ready(pilot)
        assert screen.state.side_name("A") == "Earl Godwin's Fyrd"


async def test_help_and_palette_show_the_saga_keys_only(make_app):
    from tui.palette import GMCommands
    from tui.screens.help_screen import HelpScreen

    app = make_app("demo", system="saga")
    async with app.run_test(size=SIZE) as pilot:
        screen = await saga_ready(pilot)
        await press(pilot, "question_mark")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        text = " ".join(rendered(app.screen.query_one("#keys").content).split())  # wrapped lines joined
        for group in screen.key_groups():
            for action in group.actions:
                assert action.help in text, action.id
        assert "Defensive stance" not in text
        await press(pilot, "escape")
        titles = [hit.text async for hit in GMCommands(screen).discover()]
        assert any("Rest" in t for t in titles) and not any("Overwatch" in t for t in titles)


def test_the_command_line_starts_the_saga_demo_and_saga_rosters():
    from tui.cli import build_parser
    from tui.launch import _plan

    args = build_parser().parse_args(["demo", "saga", "--seed", "3"])
    plan = _plan(args, "demo")
    assert (plan.mode, plan.system, plan.seed) == ("demo", "saga", 3)
    args = build_parser().parse_args(["new", "--system", "SAGA", "a.toml", "b.toml"])
    assert _plan(args, "new").system == "saga"
    assert _plan(build_parser().parse_args([]), "resume").system == "sanctum-mortalis"


async def test_a_saga_ability_activates_a_unit_in_the_opponents_turn_without_fatigue(make_app):
    app = make_app("demo", system="saga")
    async with app.run_test(size=SIZE) as pilot:
        screen = await first_turn(pilot)  # the Host's turn
        ceorls = await select(pilot, screen, "Ceorls")  # a Fyrd unit: not its turn
        await press(pilot, "m")  # a normal activation is refused: not its turn
        assert "unit_activated" not in kinds(screen)
        await press(pilot, "A")
        await pick(pilot, "Movement")
        await pick(pilot, "No (in the opponent's turn")
        await pick(pilot, "Over open ground")
        activated = [e for e in screen.session.view.events if e.kind == "unit_activated"][-1]
        assert activated.payload["unit"] == ceorls and activated.payload["source"] == "saga"
        from tui.screens.picker_screen import PickerScreen

        for _ in range(6):  # complete the move: whatever the step asks, the first answer
            if not screen.state.busy:
                break
            if not isinstance(app.screen, PickerScreen):
                await press(pilot, "space")
            if isinstance(app.screen, PickerScreen):
                await press(pilot, "enter")
        assert "move_completed" in kinds(screen)
        assert screen.state.unit(ceorls).fatigue == 0  # no fatigue in the opponent's turn


async def test_review_steps_back_through_a_saga_battle_and_commands_wait(make_app):
    app = make_app("demo", system="saga")
    async with app.run_test(size=SIZE) as pilot:
        screen = await first_turn(pilot)
        hird = await move_and_shoot(pilot, screen)
        assert screen.state.unit(hird).fatigue == 1
        events = len(screen.session.view.events)
        saved = screen.session.view.saved
        await press(pilot, "left_curly_bracket")  # back to the start of the turn
        assert screen.review is not None and screen.review < events
        assert screen.shown_state.unit(hird).fatigue == 0  # the panes show the battle as it was
        assert "REVIEW" in str(screen.query_one("#status").render())
        await press(pilot, "r")  # a command waits for the present
        assert screen.session.view.saved == saved
        await press(pilot, "escape")
        assert screen.review is None and screen.shown_state.unit(hird).fatigue == 1
        await press(pilot, "slash")
        await pick(pilot, "Hirdmen: the selected one's entries")
        from engine.log_filter import ids_in
        from tui.widgets.log_pane import LogPane

        shown = {int(o.id) for o in screen.query_one(LogPane).options}
        known = [u.id for u in screen.state.units]
        assert shown == {e.seq for e in screen.session.view.events if hird in ids_in(e, known)}
        assert len(shown) < len(screen.session.view.events)


async def test_a_declared_reroll_ability_offers_each_die_with_its_odds_and_takes_the_typed_face(make_app):
    """#17 item 2: after the attack roll, the dice a declared ability may re-roll are listed
    with the exact chance each re-roll hits; the re-rolled die is typed."""
    from textual.widgets import Input

    from tui.systems.saga.melee_dialog import MeleeDialog

    app = make_app("demo", system="saga")
    async with app.run_test(size=SIZE) as pilot:
        screen = await first_turn(pilot)
        await move_and_shoot(pilot, screen, "1 1 1 1")
        await charge_ceorls(pilot)
        dialog = app.screen
        assert isinstance(dialog, MeleeDialog)
        await press(pilot, "enter", "a", "a", "enter")  # step 1; step 2: no trade
        labels = [o.label for o in dialog.options]
        index = labels.index(next(x for x in labels if "declares a SAGA ability" in x))
        await press(pilot, "abcdefg"[index])
        form = app.screen
        form.query_one("#ability-name", Input).value = "Fury"
        form.query_one("#ability-reroll_attack", Input).value = "1"
        await press(pilot, "enter")
        await settle(pilot)
        while screen.state.melee.step == 3:
            await press(pilot, "enter")
        await type_dice(pilot, "6 6 5 5 3 2 1 1  6 5 4 4 2 1 1 1")
        await press(pilot, "enter")
        labels = [o.label for o in dialog.options]
        index = labels.index(next(x for x in labels if "re-rolls attack dice" in x))
        await press(pilot, "abcdefg"[index])
        picker = app.screen
        lines = [c.label for c in picker.choices]
        assert lines[7] == "die 8: 1 (failed) — its re-roll succeeds 50.0% (free: the declared ability)"  # Armour 4
        await pick(pilot, "die 8: 1")
        await type_text(pilot, "6")
        await press(pilot, "enter")
        await settle(pilot)
        rerolled = [e for e in screen.session.view.events if e.kind == "melee_rerolled"][-1]
        assert rerolled.payload["role"] == "attacker" and rerolled.payload["count"] == 1
        assert screen.state.melee.hits["attacker"] == 5

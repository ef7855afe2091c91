"""The Star Quest dashboard from the keyboard: a hero's action, shot (odds before the roll,
typed dice) and skill action with power points spent; an AI activation through the flow
chart dialog, its proposal taken once and overridden once with a reason; save, quit,
reopen."""

from __future__ import annotations

from engine.ruleset import find_system

from .conftest import SIZE, press, settle
from .saga_pilot import pick, type_dice
from .sq_pilot import heroes_pass, round_one, select, sq_ready, type_text, uid
from .test_dashboard import rendered


def events(screen, kind: str) -> list:
    return [e for e in screen.session.view.events if e.kind == kind]


async def test_the_star_quest_demo_opens_on_its_dashboard(make_app):
    app = make_app("demo", system="star-quest")
    async with app.run_test(size=SIZE) as pilot:
        screen = await sq_ready(pilot)
        assert screen.session.battle.ruleset.name == "star-quest"
        assert screen.query_one("#heroes").row_count == 3 and screen.query_one("#enemies").row_count == 4
        assert "starts round 1" in str(screen.query_one("#tracker").render())


async def test_a_hero_shot_shows_the_odds_first_then_takes_the_typed_dice(make_app):
    from tui.dialogs.roll_dialog import RollDialog

    app = make_app("demo", system="star-quest")
    async with app.run_test(size=SIZE) as pilot:
        screen = await round_one(pilot)
        await select(pilot, screen, "Captain Vex")
        await press(pilot, "t")  # the action: activates Vex first
        await pick(pilot, "Hold")
        assert screen.state.activation.actions == ("hold",)
        await press(pilot, "s")
        await pick(pilot, "Cultists")
        dialog = app.screen
        assert isinstance(dialog, RollDialog)
        odds = rendered(dialog.query_one("#odds").content)
        assert "hits   0:33.3%  1:66.7%" in odds and "wounds 0:44.4%  1:55.6%" in odds  # before any die
        options = rendered(dialog.query_one("#modifiers").get_option_at_index(4).prompt)
        assert "hit on 3+" in options
        await type_dice(pilot, "5")
        await press(pilot, "enter")
        assert events(screen, "hits_rolled")[-1].payload["roll"]["dice"][0]["face"] == 5
        blocks = app.screen
        assert isinstance(blocks, RollDialog) and "Defense dice" in blocks.adapter.title
        assert "wounds 0:16.7%  1:83.3%" in rendered(blocks.query_one("#odds").content)
        await type_dice(pilot, "2")
        await press(pilot, "enter")
        assert screen.state.unit(uid(screen, "Cultists")).models == 4
        assert screen.state.attack is None


async def test_power_points_pay_for_the_extra_action_and_a_bought_pass(make_app):
    app = make_app("demo", system="star-quest")
    async with app.run_test(size=SIZE) as pilot:
        screen = await round_one(pilot)
        vex = await select(pilot, screen, "Captain Vex")
        await press(pilot, "a", "t")
        await pick(pilot, "Hold")
        assert screen.state.unit(vex).pp == 4
        await press(pilot, "t")
        await pick(pilot, "Advance")  # a second action: the extra one, 2 PP
        assert screen.state.unit(vex).pp == 2
        assert "2/6" in rendered(screen.query_one("#heroes").get_cell(vex, "pp"))
        await press(pilot, "u")
        await pick(pilot, "Rally")
        await type_dice(pilot, "1")  # a natural 1 fails: the players may buy the pass
        await press(pilot, "enter")
        assert screen.state.offer is not None
        await pick(pilot, "Pay 2 PP")
        assert screen.state.unit(vex).pp == 0
        spent = events(screen, "power_spent")
        assert [e.payload["amount"] for e in spent] == [2, 2]


async def test_an_ai_activation_walks_the_flow_chart_and_the_gm_may_override_it(make_app):
    from tui.dialogs.prompt import TextPrompt
    from tui.systems.star_quest.ai_flow_dialog import AIFlowDialog

    app = make_app("demo", system="star-quest")
    async with app.run_test(size=SIZE) as pilot:
        screen = await round_one(pilot)
        await heroes_pass(pilot, screen)
        await select(pilot, screen, "Cultists")
        await press(pilot, "a", "n")  # †2: not in dangerous terrain
        dialog = app.screen
        assert isinstance(dialog, AIFlowDialog)
        assert "Is any enemy (a conscious hero) in line of sight?" in rendered(dialog.query_one("#ai-now").content)
        await press(pilot, "y", "y", "y", "y")
        path = rendered(dialog.query_one("#ai-path-text").content)
        assert "Is the unit Shaken? → no (auto)" in path and "without moving? → yes" in path
        assert "Hold and shoot" in rendered(dialog.query_one("#ai-now").content)
        await press(pilot, "enter")  # take the proposal: the shot is offered at once
        chosen = events(screen, "ai_action_chosen")[-1].payload
        assert chosen["action"] == "hold-shoot" and not chosen["overridden"]
        assert [p[2] for p in chosen["path"]].count("gm") == 5  # †2's no, then Q1, Q2 and its two steps
        assert chosen["path"][0] == ["dangerous", "no", "gm"]
        await pick(pilot, "Captain Vex")
        await press(pilot, "r")  # the app rolls the hits …
        if screen.state.attack is not None:
            await press(pilot, "r")  # … and Vex's Defense dice
        await press(pilot, "e")
        while screen.state.morale:  # Vex was hit: his morale test, the app's roll
            await press(pilot, "r")
        assert screen.state.activation is None

        await select(pilot, screen, "Cult Brute")
        await press(pilot, "a", "n")  # †2: not in dangerous terrain
        await press(pilot, "y", "n")  # in sight, but out of range even after a move: Rush toward it
        assert screen.state.ai.proposal == "rush-enemy"
        await press(pilot, "o")
        await pick(pilot, "skip the activation")
        assert isinstance(app.screen, TextPrompt)
        await type_text(pilot, "guarding the door")
        await press(pilot, "enter")
        chosen = events(screen, "ai_action_chosen")[-1]
        assert chosen.payload["overridden"] and chosen.payload["reason"] == "guarding the door"
        assert "GM overrides the AI chart" in chosen.text
        assert not isinstance(app.screen, AIFlowDialog)


async def test_a_saved_battle_reopens_in_the_same_state(make_app):
    app = make_app("demo", system="star-quest")
    async with app.run_test(size=SIZE) as pilot:
        screen = await round_one(pilot)
        await select(pilot, screen, "Captain Vex")
        await press(pilot, "t")
        await pick(pilot, "Hold")
        await press(pilot, "t")
        await pick(pilot, "Rush")
        before = screen.state
        count = len(screen.session.view.events)
        await press(pilot, "q")
        await settle(pilot)
    again = make_app()
    async with again.run_test(size=SIZE) as pilot:
        screen = await sq_ready(pilot)
        assert len(screen.session.view.events) == count
        assert screen.state == before
        assert screen.state.unit(uid(screen, "Captain Vex")).pp == 2
        assert screen.selected == uid(screen, "Captain Vex")  # the open activation is selected again


async def test_help_and_palette_show_the_star_quest_keys(make_app):
    from tui.palette import GMCommands
    from tui.screens.help_screen import HelpScreen

    app = make_app("demo", system="star-quest")
    async with app.run_test(size=SIZE) as pilot:
        screen = await sq_ready(pilot)
        await press(pilot, "question_mark")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        text = " ".join(rendered(app.screen.query_one("#keys").content).split())
        for group in screen.key_groups():
            for action in group.actions:
                assert find_system("star-quest").cite(action.help) in text, action.id
        assert "Defensive stance" not in text
        await press(pilot, "escape")
        titles = [hit.text async for hit in GMCommands(screen).discover()]
        assert any("flow chart" in t for t in titles) and not any("Overwatch" in t for t in titles)


def test_the_command_line_starts_the_star_quest_demo():
    from tui.cli import build_parser
    from tui.launch import _plan

    plan = _plan(build_parser().parse_args(["demo", "star-quest", "--seed", "3"]), "demo")
    assert (plan.mode, plan.system, plan.seed) == ("demo", "star-quest", 3)
    assert _plan(build_parser().parse_args(["new", "--system", "sq", "p.toml", "e.toml", "m.toml"]), "new").rosters == (
        "p.toml",
        "e.toml",
        "m.toml",
    )


async def _ai_proposal(pilot) -> None:
    screen = await round_one(pilot)
    await select(pilot, screen, "Captain Vex")
    await press(pilot, "t")
    await pick(pilot, "Hold")
    await press(pilot, "s")
    await pick(pilot, "Cultists")
    await type_dice(pilot, "5")
    await press(pilot, "enter")
    await type_dice(pilot, "2")
    await press(pilot, "enter", "e")
    await heroes_pass(pilot, screen)
    await select(pilot, screen, "Cultists")
    await press(
        pilot, "a", "n", "y", "y", "y", "n"
    )  # †2 no; in sight, in range after an Advance, not yet: Advance and shoot


def test_snapshot_the_ai_flow_chart_dialog_proposing_an_action(snap_compare, make_app):
    """80×24: the path taken (auto answers marked), the proposal and the keys; the
    dashboard behind shows Vex's shot and the spent activations."""
    assert snap_compare(make_app("demo", system="star-quest"), terminal_size=(80, 24), run_before=_ai_proposal)


async def test_a_charge_opens_the_melee_rolls_with_their_odds_and_the_counter_attack_follows(make_app):
    from tui.dialogs.roll_dialog import RollDialog

    app = make_app("demo", system="star-quest")
    async with app.run_test(size=SIZE) as pilot:
        screen = await round_one(pilot)
        await select(pilot, screen, "Captain Vex")
        await press(pilot, "t")
        await pick(pilot, "Charge")
        await pick(pilot, "Cultists")
        dialog = app.screen
        assert isinstance(dialog, RollDialog) and "Power sword (melee)" in dialog.adapter.title
        assert "Thrust" in rendered(dialog.query_one("#modifiers").get_option_at_index(1).prompt)
        assert "hits   0:0.5%  1:6.9%  2:34.7%  3:57.9%" in rendered(dialog.query_one("#odds").content)
        await type_dice(pilot, "6 4 2")
        await press(pilot, "enter")
        await type_dice(pilot, "1 1 6")  # the Cultists' Defense dice: one natural 6 blocks
        await press(pilot, "enter")
        assert screen.state.unit(uid(screen, "Cultists")).models == 3
        counter = app.screen
        assert isinstance(counter, RollDialog) and "Knives (melee) at Captain Vex" in counter.adapter.title


async def test_a_new_battle_from_party_enemy_and_mission_files(make_app, tmp_path):
    from engine.rulesets.star_quest.demo import DEMO_FILES, demo_text

    paths = []
    for name in DEMO_FILES:
        (tmp_path / name).write_text(demo_text(name), encoding="utf-8")
        paths.append(str(tmp_path / name))
    app = make_app("new", rosters=tuple(paths), system="star-quest")
    async with app.run_test(size=SIZE) as pilot:
        screen = await sq_ready(pilot)
        assert screen.session.title == "Star Quest: The Silent Relay"
        assert len(screen.state.heroes()) == 3


async def test_a_hero_falls_and_a_jump_rolls_its_dex_tests(make_app):
    app = make_app("demo", system="star-quest")
    async with app.run_test(size=SIZE) as pilot:
        screen = await round_one(pilot)
        vex = await select(pilot, screen, "Captain Vex")
        await press(pilot, "a", "J")
        await pick(pilot, 'Jump 4"')
        from tui.dialogs.roll_dialog import RollDialog

        assert isinstance(app.screen, RollDialog)
        assert "all pass" in rendered(app.screen.query_one("#odds").content)
        await type_dice(pilot, "6 6")
        await press(pilot, "enter")
        jumps = [e for e in screen.session.view.events if e.kind == "test_rolled" and e.payload["purpose"] == "jump"]
        assert jumps and jumps[-1].payload["roll"]["detail"]["tests"] == 2  # one per full 3", plus one
        assert [d["face"] for d in jumps[-1].payload["roll"]["dice"]] == [6, 6]  # the dice typed
        while not isinstance(app.screen, type(screen)):  # a failed test offers the 2 PP pass: decline
            await press(pilot, "escape")
        before = len(screen.session.view.events)
        await press(pilot, "J")
        await pick(pilot, 'Falls or is pushed from 3"')
        assert len(screen.session.view.events) > before
        assert screen.state.unit(vex).alive


async def test_an_ai_cast_takes_typed_dice_after_its_odds_and_a_typo_stays_in_the_dialog(make_app):
    """Keys only: the heroes pass, the Hollow Magus' chart reaches the cast step, c opens the
    roll dialog (exact odds, a hero's hindering token as a −1 modifier), a typo is refused
    there and nothing is cast, then the typed die casts the spell."""
    from tui.dialogs.roll_dialog import RollDialog
    from tui.systems.star_quest.ai_flow_dialog import AIFlowDialog

    app = make_app("demo", system="star-quest")
    async with app.run_test(size=SIZE) as pilot:
        screen = await round_one(pilot)
        await press(pilot, "a", "e", "a", "e", "a", "e")  # each hero activates and ends in turn
        assert screen.state.turn.phase == "ai"
        magus, ilsa = uid(screen, "Hollow Magus"), uid(screen, "Sister Ilsa")
        while screen.selected != magus:
            await press(pilot, "j")
        await press(pilot, "a", "n")  # †2: not in dangerous terrain
        assert isinstance(app.screen, AIFlowDialog)
        assert "Cast now" in rendered(app.screen.query_one("#ai-now").content)
        await press(pilot, "c")
        await pick(pilot, "Captain Vex")  # the spell's target, the GM's pick [SQ-M5]
        dialog = app.screen
        assert isinstance(dialog, RollDialog)
        options = " ".join(  # each line whole (on screen the citation may be compact: test_modifier_lines)
            str(dialog.query_one("#modifiers").get_option_at_index(i).prompt)
            for i in range(dialog.query_one("#modifiers").option_count)
        )
        assert "Sister Ilsa spends spell token 1 of 2 to hinder" in options
        assert "Zasady specjalne (Special rules) Caster [SQ-A29](e)" in " ".join(options.split())
        assert "Withering gaze (value 1) — spends 1 token, casts on 4+" in options
        assert "casts 50.0%" in rendered(dialog.query_one("#odds").content)
        await press(pilot, "a")  # Ilsa hinders: −1
        assert "casts 33.3%" in rendered(dialog.query_one("#odds").content)
        count = len(screen.session.view.events)
        await type_dice(pilot, "4 4")
        await press(pilot, "enter")
        assert app.screen is dialog  # the typo is said here; nothing was submitted
        assert "2 dice typed (4 4); this roll needs 1" in rendered(dialog.query_one("#refusal").content)
        assert len(screen.session.view.events) == count
        await press(pilot, *["backspace"] * 4)
        await type_dice(pilot, "5")
        await press(pilot, "enter")
        tried = events(screen, "spell_tried")[-1].payload
        assert tried["cast"] and [d["face"] for d in tried["roll"]["dice"]] == [5]
        assert ("1 hindering hero token", -1) in [(m["label"], m["value"]) for m in tried["roll"]["modifiers"]]
        assert tried["roll"]["probability"] == [1, 3]
        assert screen.state.unit(ilsa).tokens == 1 and screen.state.unit(magus).tokens == 0
        assert "impaired" in screen.state.unit(uid(screen, "Captain Vex")).statuses  # Withering gaze did it
        assert isinstance(app.screen, AIFlowDialog)  # the chart goes on past the cast
        assert "Cast now" not in rendered(app.screen.query_one("#ai-now").content)


async def test_an_ai_model_without_the_stat_asks_the_target_then_takes_the_typed_status_test(make_app):
    """§18, [SQ-M6]: the Cultists have no Str; Afflicted asks the GM's target number, then
    the roll dialog shows that test's chance and takes the die typed."""
    from tui.dialogs.roll_dialog import RollDialog

    app = make_app("demo", system="star-quest")
    async with app.run_test(size=SIZE) as pilot:
        screen = await round_one(pilot)
        await heroes_pass(pilot, screen)
        cultists = await select(pilot, screen, "Cultists")
        await press(pilot, "x")
        await pick(pilot, "Give Afflicted")
        await press(pilot, "a")
        await pick(pilot, "5+")
        assert isinstance(app.screen, RollDialog) and "passes 33.3%" in rendered(app.screen.query_one("#odds").content)
        await type_dice(pilot, "5")
        await press(pilot, "enter")
        test = [e for e in events(screen, "test_rolled") if e.payload["purpose"] == "status"][-1].payload
        assert test["roll"]["dice"] == [{"face": 5}] and test["roll"]["target"] == 5
        assert "afflicted" not in screen.state.unit(cultists).statuses


async def test_the_round_a_wave_arrives_from_ambush_rolls_its_delay_with_typed_dice(make_app):
    """§17 Ambush, [SQ-A27]: round 2 deploys the Ambushers; n opens the roll dialog for
    their D3 delay (a d6 halved, [SQ-A3]); a die too many is refused there."""
    from engine.rulesets.star_quest import commands as c
    from tui.dialogs.roll_dialog import RollDialog

    app = make_app("demo", system="star-quest")
    async with app.run_test(size=SIZE) as pilot:
        screen = await round_one(pilot)
        await heroes_pass(pilot, screen)
        for name in ("Cultists", "Cult Brute", "Hollow Magus"):  # round 1's AI units skip (set up, not tested)
            screen.submit(c.ActivateAI(uid(screen, name)))
            await settle(pilot)
            while not isinstance(app.screen, type(screen)):
                await press(pilot, "escape")
                await settle(pilot)
            while screen.state.ai.proposal is None:
                screen.submit(c.AnswerAI(False))
                await settle(pilot)
            screen.submit(c.ChooseAIAction("skip", reason="set-up"))
            screen.submit(c.EndActivation())
            await settle(pilot)
            while not isinstance(app.screen, type(screen)):
                await press(pilot, "escape")
                await settle(pilot)
        await press(pilot, "E")
        await press(pilot, "n")
        dialog = app.screen
        assert isinstance(dialog, RollDialog) and "Ambush arrival of Ambushers" in dialog.adapter.title
        await type_dice(pilot, "5 5")
        await press(pilot, "enter")
        assert app.screen is dialog and "typed too many" in rendered(dialog.query_one("#refusal").content)
        assert screen.state.round == 1
        await press(pilot, *["backspace"] * 4)
        await type_dice(pilot, "5")  # D3 = 3: round 2 + 3
        await press(pilot, "enter")
        assert screen.state.round == 2
        assert events(screen, "wave_deployed")[-1].payload["arrivals"] == {uid(screen, "Ambushers"): 5}


async def test_failed_jump_tests_typed_are_held_for_the_2_pp_pass_before_the_fall(make_app):
    """§4.3 (#17 item 2): the result is shown and the 2 PP pass offered before its
    consequence (the fall); paying passes, nothing was declared before the roll."""
    from tui.dialogs.roll_dialog import RollDialog

    app = make_app("demo", system="star-quest")
    async with app.run_test(size=SIZE) as pilot:
        screen = await round_one(pilot)
        vex = await select(pilot, screen, "Captain Vex")
        await press(pilot, "a", "J")
        await pick(pilot, 'Jump 4"')
        assert isinstance(app.screen, RollDialog)
        await type_dice(pilot, "1 1")  # natural 1s: both fail
        await press(pilot, "enter")
        await settle(pilot)
        offer = screen.state.offer
        assert offer is not None and offer.kind == "jump" and offer.unit == vex
        hero = screen.state.unit(vex)
        pp, wounds = hero.pp, hero.wounds
        assert not any(e.payload.get("reason") == "fall" for e in screen.session.view.events)  # the fall waits
        await pick(pilot, "Pay")
        await settle(pilot)
        after = screen.state.unit(vex)
        assert screen.state.offer is None and after.pp == pp - offer.cost and after.wounds == wounds
        assert not any(e.payload.get("reason") == "fall" for e in screen.session.view.events)  # no fall


async def test_a_hero_spell_takes_a_target_from_the_board_and_its_hits_go_to_the_defense_roll(make_app):
    """Sister Ilsa casts Psychic bolt (2 hits with AP(1)) at the Cultists: the target picker,
    the cast dialog (no spare token: it offers no letter), then the Cultists' Defense dice;
    two 1s take two models."""
    from tui.dialogs.roll_dialog import RollDialog

    app = make_app("demo", system="star-quest")
    async with app.run_test(size=SIZE) as pilot:
        screen = await round_one(pilot)
        ilsa, cultists = await select(pilot, screen, "Sister Ilsa"), uid(screen, "Cultists")
        assert screen.state.unit(ilsa).tokens == 2
        await press(pilot, "c")
        await pick(pilot, "Psychic bolt")
        await pick(pilot, "Cultists")
        dialog = app.screen
        assert isinstance(dialog, RollDialog) and "at Cultists" in dialog.adapter.title
        assert "no spare spell token" in dialog.adapter.options_title
        await type_dice(pilot, "5")
        await press(pilot, "enter")
        assert events(screen, "spell_tried")[-1].payload["cast"]
        blocks = app.screen
        assert isinstance(blocks, RollDialog) and "Cultists' Defense dice" in blocks.adapter.title
        assert "wounds 0:2.8%  1:27.8%  2:69.4%" in rendered(blocks.query_one("#odds").content)
        await type_dice(pilot, "1 1")
        await press(pilot, "enter")
        assert screen.state.unit(cultists).models == 3 and screen.state.attack is None
        assert "Sister Ilsa's Psychic bolt" in events(screen, "wounds_taken")[-1].payload["cause"]


async def test_the_selection_moves_to_the_only_hero_left_to_act(make_app):
    app = make_app("demo", system="star-quest")
    async with app.run_test(size=SIZE) as pilot:
        screen = await round_one(pilot)
        await select(pilot, screen, "Grunt Okoro")
        await press(pilot, "a", "e")
        await select(pilot, screen, "Captain Vex")
        await press(pilot, "a", "e")
        assert screen.selected == uid(screen, "Sister Ilsa")
        await press(pilot, "a")
        assert screen.state.activation.unit == uid(screen, "Sister Ilsa")


async def test_an_ai_unit_activating_in_dangerous_terrain_rolls_from_the_chart_dialog(make_app):
    """†2: the flow-chart dialog first asks whether the unit activates in dangerous terrain;
    y opens its dice (how many models, then the typed dice), then the chart's first question;
    d for the same models again is refused there [SQ-A22](b)."""
    from tui.dialogs.roll_dialog import RollDialog
    from tui.systems.star_quest.ai_flow_dialog import AIFlowDialog

    app = make_app("demo", system="star-quest")
    async with app.run_test(size=SIZE) as pilot:
        screen = await round_one(pilot)
        await heroes_pass(pilot, screen)
        cultists = await select(pilot, screen, "Cultists")
        await press(pilot, "a")
        dialog = app.screen
        assert isinstance(dialog, AIFlowDialog)
        assert "Does Cultists activate in dangerous terrain?" in rendered(dialog.query_one("#ai-now").content)
        await press(pilot, "y")
        await pick(pilot, "2 models")
        assert isinstance(app.screen, RollDialog)
        await type_dice(pilot, "1 4")
        await press(pilot, "enter")
        assert screen.state.unit(cultists).models == 4 and screen.state.activation.dangerous == 2
        assert app.screen is dialog and "dangerous terrain?" not in rendered(dialog.query_one("#ai-now").content)
        path = screen.state.ai.path  # the roll is †2's yes, in the log; the rest the state answered
        assert path[0] == ("dangerous", "yes", "gm") and all(by == "auto" for _, _, by in path[1:])


async def test_no_to_the_dangerous_terrain_question_is_logged_goes_on_to_the_chart_and_is_not_asked_again(make_app):
    from tui.systems.star_quest.ai_flow_dialog import AIFlowDialog

    app = make_app("demo", system="star-quest")
    async with app.run_test(size=SIZE) as pilot:
        screen = await round_one(pilot)
        await heroes_pass(pilot, screen)
        await select(pilot, screen, "Cultists")
        await press(pilot, "a")
        dialog = app.screen
        assert isinstance(dialog, AIFlowDialog)
        await press(pilot, "n")
        now = rendered(dialog.query_one("#ai-now").content)
        assert "dangerous terrain?" not in now and screen.state.ai.path[0] == ("dangerous", "no", "gm")
        assert "activate in dangerous terrain? — no" in events(screen, "ai_answered")[0].text
        assert screen.state.activation.dangerous == 0
        await press(pilot, "escape", "space")  # hidden and brought back: not asked again
        dialog = app.screen
        assert isinstance(dialog, AIFlowDialog)
        assert "dangerous terrain?" not in rendered(dialog.query_one("#ai-now").content)
        await press(pilot, "y")  # the chart's first question now
        assert screen.state.ai.path[-1] == ("q1", "yes", "gm")


async def test_n_at_the_dangerous_terrain_question_says_the_table_has_none_and_it_is_not_asked_again(make_app):
    """N at †2: no dangerous terrain on this table (logged, undoable); that unit goes on to the
    chart and the next AI unit's activation starts at Q1 without the question (§14)."""
    from tui.systems.star_quest.ai_flow_dialog import AIFlowDialog

    app = make_app("demo", system="star-quest")
    async with app.run_test(size=SIZE) as pilot:
        screen = await round_one(pilot)
        await heroes_pass(pilot, screen)
        await select(pilot, screen, "Cult Brute")
        await press(pilot, "a", "N")
        assert screen.state.dangerous_on_table is False
        assert "no dangerous terrain" in events(screen, "terrain_declared")[-1].text
        assert screen.state.ai.path[0] == ("dangerous", "no", "auto") and screen.state.ai.node == "q1"
        await press(pilot, "y", "n")  # in sight, out of range even after a move: Rush toward it
        await press(pilot, "enter")
        await pick(pilot, "No: up to")
        await press(pilot, "e")
        assert screen.state.activation is None
        await select(pilot, screen, "Cultists")
        await press(pilot, "a")
        dialog = app.screen
        assert isinstance(dialog, AIFlowDialog)
        assert "Is any enemy (a conscious hero) in line of sight?" in rendered(dialog.query_one("#ai-now").content)
        assert screen.state.ai.path[0] == ("dangerous", "no", "auto")
        await press(pilot, "escape", "J")  # the table has some after all: taken back from the terrain menu
        await pick(pilot, "The table has dangerous terrain after all")
        assert screen.state.dangerous_on_table is True


async def test_the_ai_rush_asks_about_difficult_terrain_and_is_capped_at_6_inches(make_app):
    app = make_app("demo", system="star-quest")
    async with app.run_test(size=SIZE) as pilot:
        screen = await round_one(pilot)
        await heroes_pass(pilot, screen)
        await select(pilot, screen, "Cult Brute")
        await press(
            pilot, "a", "n", "y", "n"
        )  # no dangerous terrain (†2); in sight, out of range even after a move: Rush toward it
        assert screen.state.ai.proposal == "rush-enemy"
        await press(pilot, "enter")
        await pick(pilot, 'Yes: up to 6"')
        taken = events(screen, "action_taken")[-1].payload
        assert taken["difficult"] and taken["allowance"] == 6.0

"""Sanctum Mortalis gear on the dashboard: a grenade thrown with typed dice and its blast
(§17.6); the flamer on three models, their Toughness rolls one after another (§10.7)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from tui.dialogs.roll_dialog import RollDialog
from tui.screens.picker_screen import PickerScreen

from .conftest import battle_ready, press, settle, wait_for, wait_for_screen

WOLVES = """
band = "Wolves"
player = "Ann"
campaign = true

[[model]]
name = "Kara"
archetype = "trooper"
captain = true
items = ["frag-grenade"]
xp = 4

[[model]]
name = "Fen"
archetype = "support"
ranged = ["flamer"]

[[model]]
name = "Bo"
archetype = "swordsman"
"""

SAINTS = """
band = "Saints"
player = "Bob"
campaign = true

[[model]]
name = "Xan"
archetype = "trooper"
captain = true
xp = 4

[[model]]
name = "Yul"
archetype = "trooper"
"""


def _app(make_app, tmp_path: Path, wolves: str = WOLVES, saints: str = SAINTS):
    a, b = tmp_path / "wolves.toml", tmp_path / "saints.toml"
    a.write_text(wolves, encoding="utf-8")
    b.write_text(saints, encoding="utf-8")
    return make_app("new", rosters=(str(a), str(b)), scenario="slaughter", allow_problems=True)


async def _round_one(pilot):
    """Round 1 of Jatka: the lower roll-off (the Wolves' 1 1) decides, and the Wolves start."""
    screen = await battle_ready(pilot)
    await press(pilot, "n")
    await wait_for_screen(pilot, RollDialog)
    await press(pilot, "1", "space", "1", "space", "6", "space", "6", "enter")
    await _pick(pilot, "Wolves starts")
    await wait_for(pilot, lambda: screen.state.order.phase == "activations", "round 1 started")
    assert screen.state.order.to_act == "A"
    return screen


async def _pick(pilot, label_part: str) -> None:
    """Highlight the picker's answer whose label holds ``label_part`` and take it."""
    picker = await wait_for_screen(pilot, PickerScreen)
    options = picker.query_one("#choices")
    index = next(i for i in range(options.option_count) if label_part in str(options.get_option_at_index(i).prompt))
    options.highlighted = index
    await press(pilot, "enter")
    await settle(pilot)


async def test_a_frag_grenade_thrown_with_typed_dice_hits_who_the_gm_names(make_app, tmp_path):
    app = _app(make_app, tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _round_one(pilot)
        screen.select_model("A.kara", focus=True)
        await press(pilot, "b")  # one grenade: no picker, its roll dialog opens
        dialog = await wait_for_screen(pilot, RollDialog)
        odds = str(dialog.query_one("#odds").render())
        assert "2k6 < 7" in odds and "41.7%" in odds  # 15/36: C7, no modifiers
        await press(pilot, "2", "space", "3", "enter")  # 5 < 7: on target
        await _pick(pilot, "Xan")  # the blast: Xan, then Yul, then Done
        await _pick(pilot, "Yul")
        await _pick(pilot, "Done: 2 models")
        events = screen.session.view.events
        thrown = next(e for e in events if e.kind == "grenade_thrown")
        assert [d["face"] for d in thrown.payload["roll"]["dice"]] == [2, 3] and thrown.payload["hit"]
        assert screen.state.model("A.kara").spec.items == ()  # single use
        assert [p.model for p in screen.state.pending] == ["B.xan", "B.yul"]
        save = await wait_for_screen(pilot, RollDialog)  # the first frag hit's Toughness roll
        assert save.adapter.title == "Xan: Toughness roll"
        await press(pilot, "1", "space", "1", "enter")
        await wait_for(pilot, lambda: [p.model for p in screen.state.pending] == ["B.yul"], "Xan saved")
        save = await wait_for_screen(pilot, RollDialog)
        await wait_for(pilot, lambda: app.screen.adapter.title == "Yul: Toughness roll", "Yul's save next")
        await press(pilot, "2", "space", "2", "enter")
        await wait_for(pilot, lambda: not screen.state.pending, "both saved")
        assert screen.state.model("B.xan").on_table and screen.state.model("B.yul").on_table


async def test_a_missed_grenade_asks_the_next_players_choice(make_app, tmp_path):
    app = _app(make_app, tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _round_one(pilot)
        screen.select_model("A.kara", focus=True)
        await press(pilot, "b")
        await wait_for_screen(pilot, RollDialog)
        await press(pilot, "6", "space", "5", "enter")  # 11: a miss
        await wait_for_screen(pilot, RollDialog)  # Kara is the Captain: her re-roll first
        await wait_for(pilot, lambda: "re-roll?" in app.screen.adapter.title, "the re-roll offers")
        await press(pilot, "enter")  # none picked: the miss stands
        await _pick(pilot, "farther")
        await _pick(pilot, "Done: 0 models")
        blast = next(e for e in screen.session.view.events if e.kind == "grenade_blast")
        assert blast.payload["scatter"] == "farther" and screen.state.grenade is None


async def test_the_captains_reroll_is_offered_after_a_missed_throw_and_puts_it_on_target(make_app, tmp_path):
    app = _app(make_app, tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _round_one(pilot)
        screen.select_model("A.kara", focus=True)
        await press(pilot, "b")
        await wait_for_screen(pilot, RollDialog)
        await press(pilot, "6", "space", "2", "enter")  # 8: a miss
        await wait_for(pilot, lambda: "re-roll?" in getattr(app.screen, "adapter", None).title, "the offers")
        offers = app.screen.adapter.offers
        assert [(o.source, o.die, o.odds_after) for o in offers] == [
            ("captain", 0, Fraction(2, 3)),
            ("captain", 1, Fraction(0)),
        ]
        await press(pilot, "a", "1", "enter")  # the Captain re-rolls the 6: a typed 1, 1 + 2 < 7
        await wait_for(pilot, lambda: "captain-reroll" in screen.state.model("A.kara").once_used, "re-rolled")
        await _pick(pilot, "Done: 0 models")  # on target now: no scatter question
        blast = next(e for e in screen.session.view.events if e.kind == "grenade_blast")
        assert blast.payload["scatter"] == "" and screen.state.grenade is None


async def test_the_flamer_on_three_models_rolls_their_saves_one_after_another(make_app, tmp_path):
    app = _app(make_app, tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _round_one(pilot)
        screen.select_model("A.fen", focus=True)
        await press(pilot, "s")  # one weapon: the target picker
        await _pick(pilot, "Xan")
        await _pick(pilot, "Yul")  # under the template: an enemy within 3"
        await _pick(pilot, "Bo")  # and a friend on the line
        await _pick(pilot, "Done: Xan and 2 more")
        dialog = await wait_for_screen(pilot, RollDialog)
        assert "takes it out" in str(dialog.query_one("#odds").render())
        await press(pilot, "enter")  # no hit roll: an automatic hit
        await wait_for(pilot, lambda: len(screen.state.pending) == 3, "three saves pending")
        assert [p.model for p in screen.state.pending] == ["B.xan", "B.yul", "A.bo"]
        for name, dice in (("Xan", ("1", "2")), ("Yul", ("6", "6")), ("Bo", ("3", "3"))):
            await wait_for(
                pilot,
                lambda name=name: (
                    isinstance(app.screen, RollDialog) and app.screen.adapter.title == f"{name}: Toughness roll"
                ),
                f"{name}'s save",
            )
            await press(pilot, dice[0], "space", dice[1], "enter")
            await settle(pilot)
            if name == "Yul" and isinstance(app.screen, RollDialog) and "re-roll" in app.screen.adapter.title:
                await press(pilot, "enter")  # no re-roll taken: the failure applies
                await settle(pilot)
        await wait_for(pilot, lambda: not screen.state.pending, "every save rolled")
        saves = [e for e in screen.session.view.events if e.kind == "save_rolled"]
        assert [e.payload["model"] for e in saves] == ["B.xan", "B.yul", "A.bo"]
        assert [screen.state.model(m).on_table for m in ("B.xan", "B.yul", "A.bo")] == [True, False, True]


async def test_lava_names_the_models_under_its_pool_and_an_enemys_dispel_rolls_first(make_app, tmp_path):
    wolves = WOLVES.replace('items = ["frag-grenade"]', 'specialist = "technomancer"\ntricks = ["lava"]')
    saints = SAINTS.replace("captain = true", 'captain = true\nspecialist = "technomancer"\nskills = ["dispel"]', 1)
    app = _app(make_app, tmp_path, wolves, saints)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _round_one(pilot)
        screen.select_model("A.kara", focus=True)
        await press(pilot, "T")  # one trick: no picker; Lawa asks who is under the pool
        await _pick(pilot, "Xan")
        await _pick(pilot, "Yul")
        await _pick(pilot, "Done: 2 models")
        await _pick(pilot, "Xan rolls Dispel (Rozproszenie)")
        dialog = await wait_for_screen(pilot, RollDialog)
        assert "2k6 ≥ 8" in str(dialog.query_one("#odds").render()) and "41.7%" in str(
            dialog.query_one("#odds").render()
        )
        await press(pilot, "3", "space", "4", "enter")  # 7: not dispelled
        await wait_for(pilot, lambda: len(screen.state.pending) == 2, "both under the pool must test")
        events = screen.session.view.events
        dispel = next(e for e in events if e.kind == "dispel_rolled")
        assert [d["face"] for d in dispel.payload["roll"]["dice"]] == [3, 4] and not dispel.payload["roll"]["success"]
        assert [(p.model, p.weapon) for p in screen.state.pending] == [("B.xan", "lava"), ("B.yul", "lava")]
        assert screen.state.model("A.kara").charges("lava") == 0


async def test_spiecie_is_a_shot_an_enemys_dispel_rolls_first_and_may_stop_it(make_app, tmp_path):
    wolves = WOLVES.replace('items = ["frag-grenade"]', 'specialist = "technomancer"\ntricks = ["short-circuit"]')
    saints = SAINTS.replace("captain = true", 'captain = true\nspecialist = "technomancer"\nskills = ["dispel"]', 1)
    app = _app(make_app, tmp_path, wolves, saints)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _round_one(pilot)
        charges = screen.state.model("A.kara").charges("short-circuit")
        screen.select_model("A.kara", focus=True)
        await press(pilot, "T")  # one trick: no picker; Spięcie asks its target
        await _pick(pilot, "Yul")
        await _pick(pilot, "Xan rolls Dispel (Rozproszenie)")
        dialog = await wait_for_screen(pilot, RollDialog)
        odds = str(dialog.query_one("#odds").render())
        assert "Dispel (Rozproszenie) first" in odds and "41.7%" in odds  # 15/36
        await press(pilot, "4", "space", "4", "enter")  # 8: dispelled, no hit roll
        await wait_for(pilot, lambda: screen.state.model("A.kara").charges("short-circuit") == charges - 1, "cast")
        kinds = [e.kind for e in screen.session.view.events]
        assert "dispel_rolled" in kinds and "shot" not in kinds and not screen.state.pending
        cast = next(e for e in screen.session.view.events if e.kind == "trick_cast")
        assert cast.payload["dispelled"] == "B.xan"


def test_the_tracker_shows_smoke_until_the_next_round_and_a_grenade_in_the_air():
    from engine.battle import Battle, new_header
    from engine.dice import ScriptedDice
    from engine.rulesets.sanctum_mortalis import commands as c
    from engine.rulesets.sanctum_mortalis import make_setup
    from engine.rulesets.sanctum_mortalis.roster import BandRoster, ModelSpec
    from tui.systems.sanctum_mortalis.tracker import Tracker

    a = BandRoster("Wolves", "Ann", (ModelSpec("sid", "Sid", "trooper", items=("smoke-grenade",)),))
    b = BandRoster("Saints", "Bob", (ModelSpec("xan", "Xan", "trooper"),))
    battle = Battle(new_header("sanctum-mortalis", make_setup(a, b, scenario="none"), seed=3))
    battle.submit(c.StartRound(), ScriptedDice([6, 6, 1, 1]))
    battle.submit(c.ThrowGrenade("A.sid", "smoke-grenade"), ScriptedDice([1, 1]))
    lines = [str(x) for x in Tracker.render_state(battle.state)]
    assert "Sid's grenade is in the air: press b to place its blast." in lines[2]
    battle.submit(c.GrenadeBlast(("B.xan",)))
    lines = [str(x) for x in Tracker.render_state(battle.state)]
    assert "☁ 1 smoke until round 2" in lines[1]


async def test_the_move_menu_jumps_a_gap_once_a_round_and_climbs_a_ladder(make_app, tmp_path):
    app = _app(make_app, tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _round_one(pilot)
        screen.select_model("A.kara", focus=True)
        await press(pilot, "m")
        await _pick(pilot, "jump a gap")
        await _pick(pilot, '3"')
        move = [e for e in screen.session.view.events if e.kind == "action"][-1]
        assert move.payload["jumped"] and screen.state.model("A.kara").jumped
        await press(pilot, "m")
        picker = await wait_for_screen(pilot, PickerScreen)
        options = picker.query_one("#choices")
        labels = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
        assert any(
            "already jumped this round (once per round" in x for x in labels
        )  # greyed, the rule cited as the book's
        await _pick(pilot, "climb")
        await _pick(pilot, '3"')
        await _pick(pilot, "On a ladder")
        moves = [e for e in screen.session.view.events if e.kind == "action"]
        assert 'climbing 3" for 3" (ladder)' in moves[-1].text


def test_the_band_pane_says_a_stunned_model_may_only_move():
    from engine.battle import Battle, new_header
    from engine.dice import ScriptedDice
    from engine.rulesets.sanctum_mortalis import commands as c
    from engine.rulesets.sanctum_mortalis import make_setup
    from engine.rulesets.sanctum_mortalis.roster import BandRoster, ModelSpec
    from tui.systems.sanctum_mortalis import display as d

    a = BandRoster("Wolves", "Ann", (ModelSpec("sid", "Sid", "trooper", items=("stun-grenade",)),))
    b = BandRoster("Saints", "Bob", (ModelSpec("xan", "Xan", "trooper"),))
    battle = Battle(new_header("sanctum-mortalis", make_setup(a, b, scenario="none"), seed=3))
    battle.submit(c.StartRound(), ScriptedDice([6, 6, 1, 1]))
    battle.submit(c.ThrowGrenade("A.sid", "stun-grenade"), ScriptedDice([1, 1]))
    battle.submit(c.GrenadeBlast(("B.xan",)))
    xan = battle.state.model("B.xan")
    assert str(d.status(battle.state, xan)) == "ready, stunned: Move only"
    assert str(d.status(battle.state, xan, short=True)) == "ready, stunned"
    assert d.actions_left(battle.state, xan) == "1"


async def _jump_down_3(pilot, screen, model_id: str):
    """The Move menu's jump down, 3": its roll dialog."""
    screen.select_model(model_id, focus=True)
    await press(pilot, "m")
    await _pick(pilot, "Jump down from a height")
    await _pick(pilot, '3"')
    return await wait_for_screen(pilot, RollDialog)


async def test_a_failed_jump_waits_for_the_captains_re_roll_typed_die_by_die(make_app, tmp_path):
    app = _app(make_app, tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _round_one(pilot)
        dialog = await _jump_down_3(pilot, screen, "A.kara")
        assert "waits for the re-roll" in str(dialog.query_one("#odds").render())
        await press(pilot, "1", "space", "1", "enter")  # 2 is not above 5: held, no fall yet
        await wait_for(
            pilot,
            lambda: "re-roll?" in str(getattr(app.screen, "adapter", None) and app.screen.adapter.title),
            "offers",
        )
        assert screen.state.model("A.kara").on_table
        assert [(o.source, o.odds_after) for o in app.screen.adapter.offers] == [("captain", Fraction(1, 3))]
        await press(pilot, "a", "6", "enter")  # the Captain re-rolls a 1: 6 + 1 = 7 > 5, it lands
        await wait_for(pilot, lambda: "captain-reroll" in screen.state.model("A.kara").once_used, "re-rolled")
        await settle(pilot)
        rolls = [e.payload["kind"] for e in screen.session.view.events if e.kind == "move_rolled"]
        assert rolls == ["jump"] and screen.state.model("A.kara").on_table
        assert not isinstance(app.screen, RollDialog)


async def test_declining_the_re_roll_of_a_failed_jump_rolls_its_fall_with_typed_dice(make_app, tmp_path):
    app = _app(make_app, tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _round_one(pilot)
        await _jump_down_3(pilot, screen, "A.kara")
        await press(pilot, "1", "space", "1", "enter")
        await wait_for(
            pilot,
            lambda: "re-roll?" in str(getattr(app.screen, "adapter", None) and app.screen.adapter.title),
            "offers",
        )
        assert "the model falls" in str(app.screen.query_one("#odds").render())
        await press(pilot, "6", "space", "6", "enter")  # none picked: the fall's dice, 12 survives
        await wait_for(
            pilot, lambda: len([e for e in screen.session.view.events if e.kind == "move_rolled"]) == 2, "fall"
        )
        fall = [e for e in screen.session.view.events if e.kind == "move_rolled"][-1]
        assert fall.payload["kind"] == "fall" and [d["face"] for d in fall.payload["roll"]["dice"]] == [6, 6]
        kara = screen.state.model("A.kara")
        assert kara.on_table and "captain-reroll" not in kara.once_used

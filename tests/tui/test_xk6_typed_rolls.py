"""The xK6 rolls outside the attack dialog, from the keyboard, with the table's dice: the
burning die when a burning model activates (§16 SB), the Medic's die (§16 Medic) and the Def
dice where indirect fire landed (§9). Each shows its exact odds first; a typo is refused in
the dialog with nothing saved, and the corrected dice are the ones in the log."""

from __future__ import annotations

from typing import Any

from .conftest import SIZE, press
from .test_xk6_dashboard import log_text, pick, text_of, type_dice, xk6_ready


async def roll_dialog_open(pilot: Any) -> Any:
    from tui.dialogs.roll_dialog import RollDialog

    dialog = pilot.app.screen
    assert isinstance(dialog, RollDialog), f"no roll dialog open ({dialog})"
    return dialog


async def typo_refused(pilot: Any, screen: Any, typed: str, reason: str) -> None:
    """Type ``typed`` ⏎: the dialog stays open with ``reason`` and nothing is saved; the
    field is then cleared with backspace."""
    entries = len(screen.session.battle.entries)
    await type_dice(pilot, typed)
    dialog = await roll_dialog_open(pilot)
    assert reason in text_of(dialog, "#refusal")
    assert len(screen.session.battle.entries) == entries
    await press(pilot, *["backspace"] * (len(typed) + 1))


async def turn_one(pilot: Any, initiative: str, first: str) -> Any:
    screen = await xk6_ready(pilot)
    await press(pilot, "n")
    await type_dice(pilot, initiative)
    await press(pilot, "n")
    await pick(pilot, f"{first} activates first")
    return screen


async def test_a_burning_model_activating_asks_for_its_burning_die_and_takes_the_typed_one(make_app):
    app = make_app("demo", system="xk6")
    async with app.run_test(size=SIZE) as pilot:
        screen = await turn_one(pilot, "2 5", "Ash Raiders")  # 2+4 against 5+3: the Raiders choose
        screen.select_model("B.pyre", focus=True)
        await press(pilot, "a")
        await pick(pilot, "move and attack")
        await pick(pilot, "still: standing still")
        await press(pilot, "s")
        await pick(pilot, "Flamer — direct fire")
        await pick(pilot, "Sgt. Vance")
        await pick(pilot, "Done: 1 model")
        await type_dice(pilot, "2 1 1 1")  # 2 +2 = 4 against 1: SL 3, DAM 2 → 6 against Armour 4
        await press(pilot, "space", "e")
        vance = screen.state.model("A.sgt-vance")
        assert vance.burning and vance.wounds == 1
        screen.select_model("A.sgt-vance", focus=True)
        await press(pilot, "a")
        await pick(pilot, "hold the action")
        dialog = await roll_dialog_open(pilot)
        odds = text_of(dialog, "#odds")
        assert "fire goes out 66.7% (2/3)" in odds and "loses a wound 33.3% (1/3)" in odds
        assert "1–4: the fire goes out" in str(dialog.query_one("#modifiers").get_option_at_index(0).prompt)
        assert screen.state.turn.active is None  # nothing rolled, nothing activated yet
        await typo_refused(pilot, screen, "7", "7 is not a face of a d6")
        await typo_refused(pilot, screen, "5 5", "2 dice typed (5 5); the burning roll needs 1")
        await type_dice(pilot, "5")
        vance = screen.state.model("A.sgt-vance")
        assert vance.burning and vance.wounds == 2 and screen.state.turn.active.model == vance.id
        burned = [e for e in screen.session.view.events if e.kind == "burning_rolled"][-1]
        assert burned.payload["face"] == 5 and burned.payload["roll"]["dice"] == [{"face": 5}]
        assert "Sgt. Vance burns: rolls 5" in log_text(screen)


async def test_the_medics_die_is_typed_in_the_roll_dialog_with_its_odds(make_app):
    app = make_app("demo", system="xk6")
    async with app.run_test(size=SIZE) as pilot:
        screen = await turn_one(pilot, "5 2", "Kestrel Squad")
        screen.select_model("A.sgt-vance", focus=True)
        await press(pilot, "x")
        await pick(pilot, "+1 wound")
        screen.select_model("A.doc-hale", focus=True)
        await press(pilot, "a")
        await pick(pilot, "an action granted by a skill")
        await pick(pilot, "Medic 4: heal Sgt. Vance")
        dialog = await roll_dialog_open(pilot)
        assert "heals on 5+ 33.3% (1/3)" in text_of(dialog, "#odds")
        assert not screen.state.turn.active.acted
        await typo_refused(pilot, screen, "9", "9 is not a face of a d6")
        await typo_refused(pilot, screen, "5 6", "2 dice typed (5 6); the Medic's roll needs 1")
        await type_dice(pilot, "5")
        assert screen.state.model("A.sgt-vance").wounds == 0 and screen.state.turn.active.acted
        healed = [e for e in screen.session.view.events if e.kind == "heal_rolled"][-1]
        assert healed.payload["healed"] and healed.payload["roll"]["dice"] == [{"face": 5}]
        assert "Doc Hale (Medic 4) rolls 5: Sgt. Vance heals 1 wound." in log_text(screen)


async def test_the_def_dice_where_indirect_fire_landed_are_typed_with_their_odds(make_app):
    app = make_app("demo", system="xk6")
    async with app.run_test(size=SIZE) as pilot:
        screen = await turn_one(pilot, "5 2", "Kestrel Squad")
        screen.select_model("A.okafor", focus=True)
        await press(pilot, "a")
        await pick(pilot, "move and attack")
        await pick(pilot, "still: standing still")
        await press(pilot, "s")
        await pick(pilot, "Mortar — indirect fire")
        await pick(pilot, "Rate of fire not used")
        await pick(pilot, "Warden Kell")
        await type_dice(pilot, "6 5")  # hits the aim point; unmodified 6 for the damage step
        assert screen.state.attack.stage == "landed"
        await pick(pilot, "Warden Kell")
        await pick(pilot, "Done: 1 model")
        dialog = await roll_dialog_open(pilot)
        odds = text_of(dialog, "#odds")
        assert "Def Warden Kell 2 dice" in odds and "v unmodified 6" in odds
        assert "success 69.4% (25/36)" in odds  # no six on Kell's two dice
        await typo_refused(pilot, screen, "4 1 2", "3 dice typed (4 1 2); the landing (Warden Kell 2 Def) needs 2")
        await typo_refused(pilot, screen, "4 0", "0 is not a face of a d6")
        assert screen.state.attack.stage == "landed"
        await type_dice(pilot, "4 1")
        a = screen.state.attack
        assert a.stage == "rolled" and a.targets[0].faces == (4, 1)
        landed = [e for e in screen.session.view.events if e.kind == "indirect_landed"][-1]
        record = landed.payload["rolls"][0]
        assert record["detail"]["sl"] == 2 and record["detail"]["given_result"]["chance"] == "25/36"
        await press(pilot, "space")
        kell = screen.state.model("B.warden-kell")
        assert kell.wounds == 1 and kell.stunned  # SL 2 × DAM 3 = 6 against Armour 5


async def test_the_initiative_dialog_refuses_a_wrong_count_before_the_engine_sees_it(make_app):
    app = make_app("demo", system="xk6")
    async with app.run_test(size=SIZE) as pilot:
        screen = await xk6_ready(pilot)
        await press(pilot, "n")
        await typo_refused(pilot, screen, "5", "1 die typed (5); the initiative (one die each) needs 2")
        assert screen.state.turn.phase == "setup"
        await type_dice(pilot, "5 2")
        assert screen.state.turn.phase == "choose" and screen.state.turn.initiative == (("A", 9), ("B", 5))


async def test_a_failed_medic_die_is_re_rolled_with_a_command_point_and_the_typed_die(make_app):
    """§15/§16 (#17 item 2): after the Medic's die fails, Sgt. Vance's point re-rolls it; the
    dialog shows the exact odds and takes the die typed at the table."""
    app = make_app("demo", system="xk6")
    async with app.run_test(size=SIZE) as pilot:
        screen = await turn_one(pilot, "5 2", "Kestrel Squad")
        screen.select_model("A.sgt-vance", focus=True)
        await press(pilot, "x")
        await pick(pilot, "+1 wound")
        screen.select_model("A.doc-hale", focus=True)
        await press(pilot, "a")
        await pick(pilot, "an action granted by a skill")
        await pick(pilot, "Medic 4: heal Sgt. Vance")
        await roll_dialog_open(pilot)
        await type_dice(pilot, "3")  # fails
        assert screen.state.model("A.sgt-vance").wounds == 1
        await press(pilot, "c")
        await pick(pilot, "Sgt. Vance (CP 2): Doc Hale re-rolls its Medic die")
        dialog = await roll_dialog_open(pilot)
        assert "33.3% (1/3)" in text_of(dialog, "#odds")
        await type_dice(pilot, "6")
        assert screen.state.model("A.sgt-vance").wounds == 0
        assert screen.state.model("A.sgt-vance").command_points == 1
        assert "re-rolls its Medic die 3 → 6" in log_text(screen)


async def test_the_landing_dialog_takes_each_models_cover_and_the_scatter_direction(make_app):
    """§9 [XK-M8]: after a miss the GM enters the scatter direction in the landing dialog, and
    each model's cover there (recorded; the damage step's unmodified result changes no die)."""
    from tui.dialogs.roll_dialog import HOTKEYS

    app = make_app("demo", system="xk6")
    async with app.run_test(size=SIZE) as pilot:
        screen = await turn_one(pilot, "5 2", "Kestrel Squad")
        screen.select_model("A.okafor", focus=True)
        await press(pilot, "a")
        await pick(pilot, "move and attack")
        await pick(pilot, "still: standing still")
        await press(pilot, "s")
        await pick(pilot, "Mortar — indirect fire")
        await pick(pilot, "Rate of fire not used")
        await pick(pilot, "Warden Kell")
        await type_dice(pilot, "1 2 4")  # a miss: it scatters 4"
        assert screen.state.attack.stage == "landed" and screen.state.attack.scatter == 4
        await pick(pilot, "Warden Kell")
        await pick(pilot, "Done: 1 model")
        dialog = await roll_dialog_open(pilot)
        keys = [o.key for o in dialog.current.options]
        assert keys[:2] == ["direction", "cover:0"]
        assert dialog.current.options[0].label == "Scatter direction: not entered yet"
        await press(pilot, HOTKEYS[0], HOTKEYS[0], HOTKEYS[1])  # N, then NE; open, then soft cover
        shown = [o.label for o in dialog.current.options]
        assert shown[0] == "Scatter direction: NE" and shown[1].startswith(
            "Warden Kell: soft (recorded; no die changes"
        )
        await type_dice(pilot, "4 1")
        landed = [e for e in screen.session.view.events if e.kind == "indirect_landed"][-1]
        assert landed.payload["direction"] == "NE" and landed.payload["targets"][0]["cover"] == "soft"
        assert '4" away (NE)' in landed.text and screen.state.attack.direction == "NE"

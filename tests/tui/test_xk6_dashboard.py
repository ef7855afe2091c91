"""The xK6 dashboard from the keyboard: initiative, an activation at a speed, a ROF attack
with typed dice (both pools and the exact success levels shown before the roll, both pools
in the log), a magazine running dry and a reload, a command-point re-roll; save, quit,
reopen; and a snapshot at 80×24."""

from __future__ import annotations

from typing import Any

from engine.odds import percent
from engine.ruleset import find_system
from engine.rulesets.xk6 import commands as c
from engine.rulesets.xk6 import view
from tui.systems.xk6.screen import XK6Screen

from .conftest import SIZE, press, settle, wait_for_screen


async def xk6_ready(pilot: Any, timeout: float = 10.0) -> Any:
    """Wait until the xK6 screen is up; return it."""
    return await wait_for_screen(pilot, XK6Screen, timeout)


async def pick(pilot: Any, text: str) -> None:
    """In the open picker, choose the answer whose label contains ``text``."""
    from tui.screens.picker_screen import PickerScreen

    screen = pilot.app.screen
    assert isinstance(screen, PickerScreen), f"no picker open ({screen})"
    labels = [str(choice.label) for choice in screen.choices]
    index = next((i for i, label in enumerate(labels) if text in label), None)
    assert index is not None, f"'{text}' not among {labels}"
    screen.query_one("#choices").highlighted = index
    await press(pilot, "enter")


async def type_dice(pilot: Any, faces: str) -> None:
    keys: list[str] = []
    for face in faces.split():
        keys += [face, "space"]
    await press(pilot, *keys)
    await press(pilot, "enter")


def text_of(screen: Any, selector: str) -> str:
    return str(screen.query_one(selector).render())


def odds_text(dialog: Any) -> str:
    """The attack dialog's numbers, a line each (a modifier's with its whole citation)."""
    return "\n".join(str(part) for part in dialog.query_one("#odds").content.renderables)


def log_text(screen: Any) -> str:
    """Every log entry as the log pane writes it (text and roll lines)."""
    from tui.widgets.log_pane import entry_text

    return "\n".join(entry_text(e).plain for e in screen.session.view.events)


async def vance_activated(pilot: Any) -> Any:
    """Turn 1 with typed initiative dice (Kestrel Squad wins and goes first); Sgt. Vance
    activates to move and attack at advance (Att −1)."""
    screen = await xk6_ready(pilot)
    await press(pilot, "n")
    await type_dice(pilot, "5 2")
    assert screen.state.turn.phase == "choose" and screen.state.turn.chooser == "A"
    await press(pilot, "n")
    await pick(pilot, "Kestrel Squad activates first")
    screen.select_model("A.sgt-vance", focus=True)
    await press(pilot, "a")
    await pick(pilot, "move and attack")
    await pick(pilot, 'advance: up to 4"')
    assert screen.state.turn.active.model == "A.sgt-vance" and screen.state.model("A.sgt-vance").speed == "advance"
    return screen


async def open_carbine_attack(pilot: Any) -> Any:
    """s: the Carbine, the full ROF into DAM, at Warden Kell; returns the open dialog."""
    from tui.systems.xk6.attack_dialog import XK6AttackDialog

    await press(pilot, "s")
    await pick(pilot, "Carbine — direct fire")
    await pick(pilot, "Rate of fire +2 to damage: DAM 5")
    await pick(pilot, "Warden Kell")
    dialog = pilot.app.screen
    assert isinstance(dialog, XK6AttackDialog)
    return dialog


async def test_the_xk6_demo_opens_on_the_xk6_dashboard(make_app):
    app = make_app("demo", system="xk6")
    async with app.run_test(size=SIZE) as pilot:
        screen = await xk6_ready(pilot)
        assert screen.session.battle.ruleset.name == "xk6"
        assert screen.pane("A").row_count == 3 and screen.pane("B").row_count == 3
        assert "starts turn 1" in text_of(screen, "#tracker")


async def test_a_rof_attack_with_typed_dice_shows_both_pools_and_the_sl_distribution_first(make_app):
    app = make_app("demo", system="xk6")
    async with app.run_test(size=SIZE) as pilot:
        screen = await vance_activated(pilot)
        dialog = await open_carbine_attack(pilot)
        odds = odds_text(dialog)
        expected = view.attack_preview(
            screen.state, c.Attack("A.sgt-vance", "carbine", (c.Target("B.warden-kell"),), rof_dam=2)
        ).pairs[0]
        assert "Att Sgt. Vance 3 dice" in odds and "Def Warden Kell 2 dice" in odds
        xk6 = find_system("xk6")
        assert f"-1  Sgt. Vance moving at advance (Att row)  {xk6.cite('§6.1')}" in odds
        assert f"+1  target in the open  {xk6.cite('§7')}" in odds
        assert f"success {percent(expected.p_success)}" in odds and "Success level (SL) ≤0" in odds
        assert (
            "wounds (DAM 5 v Armour 5)" in odds
            and "Ammo the magazine empties on an unmodified result of 1–4 (the full ROF used)" in odds
        )
        await press(pilot, "b")  # Warden Kell: in the open → soft cover
        assert f"-1  target in soft cover  {xk6.cite('§7')}" in odds_text(dialog)
        assert screen.state.attack is None  # nothing is rolled yet
        await type_dice(pilot, "6 2 1 2 3")
        a = screen.state.attack
        assert (a.faces, a.targets[0].faces, a.rof_dam, a.dam, a.targets[0].cover) == ((6, 2, 1), (2, 3), 2, 5, "soft")
        rolled = [e for e in screen.session.view.events if e.kind == "attack_rolled"][-1]
        record = rolled.payload["rolls"][0]
        assert [d["face"] for d in record["dice"]] == [6, 2, 1]
        assert [d["face"] for d in record["detail"]["defender"]["dice"]] == [2, 3]
        assert "[6 2 1] v [2 3]" in log_text(screen)
        assert "Sgt. Vance [6 2 1] -2 → 4 v Warden Kell [2 3] → 3; success level (SL) 1" in text_of(screen, "#attack")
        await press(pilot, "space")
        kell = screen.state.model("B.warden-kell")
        assert kell.wounds == 1 and kell.stunned  # SL 1 × DAM 5 = 5 against Armour 5
        assert "STUN" in str(screen.pane("B").get_cell("B.warden-kell", "state"))


async def test_a_magazine_runs_dry_then_a_bought_activation_reloads_it(make_app):
    app = make_app("demo", system="xk6")
    async with app.run_test(size=SIZE) as pilot:
        screen = await vance_activated(pilot)
        await open_carbine_attack(pilot)
        await type_dice(pilot, "2 1 1 6 6")  # unmodified 2: the full ROF empties on 1–4
        await press(pilot, "space")
        carbine = screen.state.model("A.sgt-vance").weapon("carbine")
        assert not carbine.loaded and carbine.mags == 3
        assert "EMPTY" in str(screen.pane("A").get_cell("A.sgt-vance", "weapons"))
        await press(pilot, "c")
        await pick(pilot, "an activation for Sgt. Vance")
        assert screen.state.model("A.sgt-vance").command_points == 1
        await press(pilot, "e")
        assert screen.state.turn.bonus == ("A.sgt-vance",)
        await press(pilot, "a")
        await pick(pilot, "reload a weapon")
        await pick(pilot, "Carbine (EMPTY, 3 mags)")
        carbine = screen.state.model("A.sgt-vance").weapon("carbine")
        assert carbine.loaded and carbine.mags == 2
        assert "Carbine ■2" in str(screen.pane("A").get_cell("A.sgt-vance", "weapons"))


async def test_a_command_point_rerolls_the_attackers_test_with_typed_dice(make_app):
    app = make_app("demo", system="xk6")
    async with app.run_test(size=SIZE) as pilot:
        screen = await vance_activated(pilot)
        await open_carbine_attack(pilot)
        await type_dice(pilot, "5 5 5 6 6")  # 5 v 7: fails
        assert "re-roll (command point)" in text_of(screen, "#tracker")
        await press(pilot, "c")
        await pick(pilot, "Sgt. Vance (CP 2): Sgt. Vance re-rolls its Att test")
        await type_dice(pilot, "6 6 6")
        a = screen.state.attack
        assert (a.faces, a.replaced, a.rerolled) == ((6, 6, 6), (5, 5, 5), 1)
        assert screen.state.model("A.sgt-vance").command_points == 1
        assert "[5→6 5→6 5→6] v [6 6]" in log_text(screen)
        await press(pilot, "space")
        kell = screen.state.model("B.warden-kell")
        assert kell.wounds == 1 and kell.stunned  # 8 v 7: SL 1, DAM 5 against Armour 5
        assert screen.state.model("A.sgt-vance").weapon("carbine").loaded  # unmodified 8: not empty


async def test_save_quit_and_reopen_resumes_the_xk6_battle(make_app, saves_dir):
    app = make_app("demo", system="xk6")
    async with app.run_test(size=SIZE) as pilot:
        screen = await vance_activated(pilot)
        await open_carbine_attack(pilot)
        await type_dice(pilot, "6 2 1 2 3")
        count = len(screen.session.view.events)
        path = screen.session.path
        await press(pilot, "q")
        await settle(pilot)
    again = make_app()  # plain `skirmish`: the last battle
    async with again.run_test(size=SIZE) as pilot:
        screen = await xk6_ready(pilot)
        assert screen.session.path == path and len(screen.session.view.events) == count
        assert screen.state.attack is not None and screen.state.attack.faces == (6, 2, 1)
        await press(pilot, "space")
        assert screen.state.model("B.warden-kell").wounds == 3


def test_skirmish_demo_xk6_is_a_command_line_system():
    from tui.cli import build_parser

    assert build_parser().parse_args(["demo", "xk6"]).system == "xk6"


async def _attack_rolled(pilot: Any) -> None:
    await vance_activated(pilot)
    await open_carbine_attack(pilot)
    await type_dice(pilot, "6 2 1 2 3")


def test_xk6_dashboard_with_an_attack_rolled(snap_compare, make_app):
    assert snap_compare(make_app("demo", system="xk6"), terminal_size=(80, 24), run_before=_attack_rolled)


async def test_a_command_point_rerolls_a_failed_stealth_die_with_the_typed_die(make_app):
    """§15/§16 (#17 item 2): after the dice, before the attack is resolved, Warden Kell's
    point re-rolls Shade's failed Stealth die; the dialog shows the exact odds, the die typed."""
    from tui.dialogs.roll_dialog import RollDialog

    app = make_app("demo", system="xk6")
    async with app.run_test(size=SIZE) as pilot:
        screen = await vance_activated(pilot)
        await press(pilot, "s")
        await pick(pilot, "Carbine — direct fire")
        await pick(pilot, "Rate of fire +2 to damage: DAM 5")
        await pick(pilot, "Shade")
        await type_dice(pilot, "3 6 6 6 1 1 1")  # Stealth 3 (fails), Att, Def
        x = screen.state.attack.target("B.shade")
        assert x.stealth_face == 3 and not x.avoided
        await press(pilot, "c")
        await pick(pilot, "Warden Kell (CP 1): Shade re-rolls its Stealth die")
        dialog = app.screen
        assert isinstance(dialog, RollDialog) and "16.7%" in str(dialog.query_one("#odds").render())
        await type_dice(pilot, "6")
        x = screen.state.attack.target("B.shade")
        assert x.avoided and x.stealth_face == 6 and x.stealth_rerolled
        assert screen.state.model("B.warden-kell").command_points == 0
        await press(pilot, "space")
        assert screen.state.model("B.shade").wounds == 0  # avoided

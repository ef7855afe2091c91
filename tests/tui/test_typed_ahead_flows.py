"""A whole flow of pickers and rolls typed in one burst (a terminal sends every key at
once, faster than the dialogs open and close) ends exactly as the same keys typed one at
a time: the same log entries, the same dice, the same screen and selection, and no key
lands on the battle screen beneath (issue #21)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from tui.app import SkirmishApp
from tui.opening import LaunchPlan
from tui.screens.picker_screen import PickerScreen

from .conftest import SEED, press, settle, start_round_one
from .pilot_waits import key_event

SIZE = (100, 30)


@pytest.fixture(autouse=True)
def own_saves(saves_dir: Path) -> Path:
    """Nothing is written outside the test's folder (each battle has its own below it)."""
    return saves_dir


class Typist:
    """Types keys one at a time, each after the app has handled the one before, and
    remembers them: the same keys can then be typed again in one burst."""

    def __init__(self, pilot: Any) -> None:
        self.pilot = pilot
        self.keys: list[str] = []

    async def type(self, *keys: str) -> None:
        for key in keys:
            self.keys.append(key)
            await press(self.pilot, key)

    async def choose(self, text: str) -> None:
        """In the open picker, move to the answer whose label has ``text`` (↓ only, as a
        GM does), then ⏎."""
        picker = self.pilot.app.screen
        assert isinstance(picker, PickerScreen), f"no picker open ({picker})"
        labels = [str(c.label) for c in picker.choices]
        index = next((i for i, label in enumerate(labels) if text in label), None)
        assert index is not None, f"{text!r} not among {labels}"
        listing = picker.query_one("#choices")
        for _ in range(len(labels) + 1):
            if listing.highlighted == index:
                break
            await self.type("down")
        assert listing.highlighted == index
        await self.type("enter")

    async def dice(self, faces: str) -> None:
        """Type die faces, space between them, then ⏎."""
        keys: list[str] = []
        for face in faces.split():
            keys += [face, "space"]
        await self.type(*keys[:-1], "enter")


async def burst(pilot: Any, keys: list[str]) -> None:
    """Send ``keys`` all at once, as a terminal does (no wait between them), then settle."""
    app = pilot.app
    for key in keys:
        app.post_message(key_event(key).set_sender(app))
    await settle(pilot)


def outcome(app: Any, screen: Any) -> dict[str, Any]:
    """What typing did: every log entry (dice included), the screens open, the selection
    and what has the keys."""
    focused = app.focused
    return {
        "log": [(e.kind, e.actor, e.round, e.payload, e.text) for e in screen.session.view.events],
        "screens": [type(s).__name__ for s in app.screen_stack],
        "selected": screen.selected,
        "focused": (type(focused).__name__, focused.id) if focused is not None else None,
        "top": getattr(app.screen, "question", None) or getattr(getattr(app.screen, "adapter", None), "title", None),
    }


Ready = Callable[[Any], Awaitable[Any]]
Flow = Callable[[Typist, Any], Awaitable[None]]


async def slow_and_fast(tmp_path: Path, ready: Ready, flow: Flow, **plan: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    """``flow`` typed key by key in one battle, then its keys in one burst in a second
    battle opened the same way (same seed); what each ended with."""
    results = []
    keys: list[str] = []
    for fast in (False, True):
        plan.setdefault("mode", "resume")
        app = SkirmishApp(LaunchPlan(saves=str(tmp_path / ("fast" if fast else "slow")), seed=SEED, **plan))
        async with app.run_test(size=SIZE) as pilot:
            screen = await ready(pilot)
            await settle(pilot)
            if fast:
                await burst(pilot, keys)
            else:
                typist = Typist(pilot)
                await flow(typist, screen)
                keys = typist.keys
            results.append(outcome(app, screen))
    return results[0], results[1]


def kinds(result: dict[str, Any]) -> list[str]:
    return [kind for kind, *_ in result["log"]]


def faces(result: dict[str, Any], kind: str) -> list[list[int]]:
    """The faces of every roll of ``kind`` in the log."""
    return [[d["face"] for d in payload["roll"]["dice"]] for k, _, _, payload, _ in result["log"] if k == kind]


# ---------------------------------------------------------------------- Sanctum Mortalis
async def sm_shooter_selected(pilot: Any) -> Any:
    from .test_choosing_by_keys import one_weapon_shooter

    screen = await start_round_one(pilot)
    screen.select_model(one_weapon_shooter(screen).id, focus=True)
    return screen


async def through_rerolls(t: Typist) -> None:
    """⏎ on any re-roll offered (the result stands) or the question before a roll."""
    from tui.dialogs.roll_dialog import RollDialog

    for _ in range(4):
        app = t.pilot.app
        if isinstance(app.screen, RollDialog) and "re-roll?" in app.screen.adapter.title:
            await t.type("enter")
        elif isinstance(app.screen, PickerScreen):
            await t.type("enter")
        else:
            return


async def test_sm_shot_target_dice_and_toughness_typed_in_one_burst(tmp_path):
    async def flow(t: Typist, screen: Any) -> None:
        await t.type("s")
        await t.choose("Kara Vex")
        await t.dice("1 1")  # a hit: the Toughness roll opens at once
        await t.dice("6 6")  # failed: a re-roll is offered
        await through_rerolls(t)
        await t.type("j")  # then the band pane: the next model

    slow, fast = await slow_and_fast(tmp_path, sm_shooter_selected, flow)
    assert faces(slow, "shot") == [[1, 1]] and faces(slow, "save_rolled") == [[6, 6]]
    assert slow["screens"] == ["Screen", "BattleScreen"]
    assert fast == slow


async def test_sm_contact_melee_and_the_losers_toughness_typed_in_one_burst(tmp_path):
    async def flow(t: Typist, screen: Any) -> None:
        await t.type("i", "enter")  # contact with the first enemy
        await t.type("f")  # the one model in contact: the melee roll opens at once
        await t.dice("6 6 1 1")  # 12 + Fight v 2 + Fight
        await through_rerolls(t)
        await t.dice("6 6")  # the loser's Toughness roll
        await through_rerolls(t)
        await t.type("e")  # and the activation ends

    slow, fast = await slow_and_fast(tmp_path, start_round_one, flow)
    assert faces(slow, "melee_rolled") == [[6, 6, 1, 1]] and faces(slow, "save_rolled") == [[6, 6]]
    assert fast == slow


# ---------------------------------------------------------------------- SAGA
async def saga_hirdmen_selected(pilot: Any) -> Any:
    from .saga_pilot import first_turn, select

    screen = await first_turn(pilot)
    await select(pilot, screen, "Hirdmen")
    return screen


async def test_saga_activation_move_then_shot_and_defence_typed_in_one_burst(tmp_path):
    async def flow(t: Typist, screen: Any) -> None:
        await t.type("m")
        await t.choose("Over open ground")
        await t.choose("Hirdmen moved M")
        await t.type("s")
        await t.choose("Ceorls")
        await t.choose("No cover")
        await t.choose("Clear")  # line of sight
        await t.dice("6 5 2 1")
        await t.dice("3 6")  # the defence roll follows the hits

    slow, fast = await slow_and_fast(tmp_path, saga_hirdmen_selected, flow, mode="demo", system="saga")
    assert {"unit_moved", "shot_resolved"} <= set(kinds(slow)) or len(slow["log"]) > 3
    assert fast == slow


async def test_saga_charge_and_the_melee_steps_typed_in_one_burst(tmp_path):
    from engine.rulesets.saga import view

    async def until(t: Typist, screen: Any, stage: str) -> None:
        """⏎ through the melee's steps up to ``stage`` (nothing traded or declared; "":
        to its end)."""
        for _ in range(8):
            melee = screen.state.melee
            if melee is None or melee.stage == stage:
                return
            await t.type("enter")

    async def flow(t: Typist, screen: Any) -> None:
        await t.type("c")
        await t.choose("Ceorls")
        await t.choose("Open ground")
        if any("No spend" in str(c.label) for c in t.pilot.app.screen.choices):
            await t.choose("No spend")  # the opponent may slow the charge; it does not
        await t.choose("reached Ceorls")
        await until(t, screen, "attack-roll")
        await t.dice(" ".join(["4"] * sum(d.count for d in view.dice_to_roll(screen.state))))
        await t.dice(" ".join(["3"] * sum(d.count for d in view.dice_to_roll(screen.state))))
        await until(t, screen, "")  # casualties, fatigue, the retreat: the melee is over

    slow, fast = await slow_and_fast(tmp_path, saga_hirdmen_selected, flow, mode="demo", system="saga")
    assert {"melee_attack_rolled", "melee_defence_rolled", "melee_casualties"} <= set(kinds(slow))
    assert all(set(f) == {4} for f in faces(slow, "melee_attack_rolled"))
    assert slow["screens"] == ["Screen", "SagaScreen"]
    assert fast == slow


# ---------------------------------------------------------------------- xK6
async def xk6_vance_activated(pilot: Any) -> Any:
    from .test_xk6_dashboard import vance_activated

    return await vance_activated(pilot)


async def test_xk6_attack_weapon_rof_target_and_dice_typed_in_one_burst(tmp_path):
    async def flow(t: Typist, screen: Any) -> None:
        await t.type("s")
        await t.choose("Carbine — direct fire")
        await t.choose("Rate of fire +2 to damage: DAM 5")
        await t.choose("Warden Kell")
        await t.dice("6 2 1 2 3")
        await t.type("space")

    slow, fast = await slow_and_fast(tmp_path, xk6_vance_activated, flow, mode="demo", system="xk6")
    assert "attack_rolled" in kinds(slow)
    assert fast == slow


# ---------------------------------------------------------------------- Star Quest
async def sq_vex_selected(pilot: Any) -> Any:
    from .sq_pilot import round_one, select

    screen = await round_one(pilot)
    await select(pilot, screen, "Captain Vex")
    return screen


async def test_sq_hero_action_shot_and_defense_typed_in_one_burst(tmp_path):
    async def flow(t: Typist, screen: Any) -> None:
        await t.type("t")
        await t.choose("Hold")
        await t.type("s")
        await t.choose("Cultists")
        await t.dice("5")
        await t.dice("2")  # the Defense dice follow the hits
        await t.type("e")

    slow, fast = await slow_and_fast(tmp_path, sq_vex_selected, flow, mode="demo", system="star-quest")
    assert "hits_rolled" in kinds(slow)
    assert fast == slow

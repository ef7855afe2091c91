"""The post-battle screen: a finished demo battle's post-battle sequence, the updated
rosters written back, and the next battle started from them."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.battle import Battle, new_header
from engine.rulesets.sanctum_mortalis import commands as bc
from engine.rulesets.sanctum_mortalis import make_setup
from engine.rulesets.sanctum_mortalis.battle_setup import demo_bands
from engine.rulesets.sanctum_mortalis.campaign import EndStep, ResolveInjury
from engine.rulesets.sanctum_mortalis.roster_toml import check_roster
from saves import BattleStore
from tui.session import OpenError
from tui.systems.sanctum_mortalis.campaign.opening import start_from_battle
from tui.systems.sanctum_mortalis.campaign.screen import PostBattleScreen

from .conftest import SIZE, battle_ready, press, settle, wait_for_screen

SAINTS, WOLVES = "crimson-saints", "iron-wolves"


def saved_demo_battle(folder: Path, end: bool = True) -> Path:
    """The demo battle: Kara Vex takes Dex Marlow out, then the GM ends the battle."""
    a, b = demo_bands()
    battle = Battle(new_header("sanctum-mortalis", make_setup(a, b), seed=1, title="Demo battle"))
    battle.submit(bc.RemoveModel("A.dex-marlow", by="B.kara-vex", cause="failed Toughness roll (shooting)"))
    if end:
        battle.submit(bc.EndBattle())
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "demo.skirmish"
    with BattleStore.create(path, battle.header) as store:
        store.append_many([e.to_dict() for e in battle.entries])
    return path


async def post_battle_ready(pilot, timeout: float = 10.0):
    return await wait_for_screen(pilot, PostBattleScreen, timeout)


def test_a_battle_not_ended_starts_no_campaign(saves_dir: Path):
    with pytest.raises(OpenError, match="post-battle"):
        start_from_battle(saved_demo_battle(saves_dir, end=False), saves_dir, seed=7)


async def test_post_battle_sequence_rosters_and_next_battle(saves_dir: Path, make_app):
    campaign = start_from_battle(saved_demo_battle(saves_dir), saves_dir, seed=7)
    assert campaign.parent == saves_dir
    app = make_app("open", file=str(campaign))
    async with app.run_test(size=SIZE) as pilot:
        screen = await post_battle_ready(pilot)
        assert screen.band == SAINTS and "Loot" in str(screen.query_one("#heading").render())
        await press(pilot, "e")  # the loot step ends: no loot rolls are due
        assert screen.state.post.of(SAINTS).step == "injuries"
        await press(pilot, "r")  # the roll dialog of Dex Marlow's injury, with its odds
        from tui.dialogs.roll_dialog import RollDialog

        assert isinstance(app.screen, RollDialog) and "Death" in str(app.screen.query_one("#odds").render())
        await press(pilot, "3", "space", "4", "enter")
        assert screen.state.post.of(SAINTS).wound("dex-marlow").case.result == "light"
        await press(pilot, "ctrl+z")
        assert screen.state.post.of(SAINTS).wound("dex-marlow").case is None
        await press(pilot, "ctrl+y")
        assert screen.state.post.of(SAINTS).wound("dex-marlow").case.result == "light"
        await press(pilot, "b")
        assert screen.band == WOLVES
        await press(pilot, "e")
        assert screen.state.post.of(WOLVES).step == "injuries"
        session = screen.session
        for command in (
            ResolveInjury(SAINTS, "dex-marlow"),
            *(EndStep(SAINTS) for _ in range(3)),
            *(EndStep(WOLVES) for _ in range(3)),
        ):
            session.submit(command)
            await settle(pilot)
        assert screen.state.post is None
        kara = next(m for m in screen.state.band(WOLVES).roster.models if m.id == "kara-vex")
        assert kara.xp == 5  # +1 for taking Dex Marlow out (§19.1)

        await press(pilot, "w", "enter", "enter")
        await settle(pilot)
        for band in (SAINTS, WOLVES):
            text = (saves_dir / f"{band}.toml").read_text(encoding="utf-8")
            parsed = check_roster(text, source=f"{band}.toml")
            assert parsed.roster is not None
            assert not [p for p in parsed.problems if p.severity == "error"], parsed.problems
        assert "xp = 5" in (saves_dir / f"{WOLVES}.toml").read_text(encoding="utf-8")

        await press(pilot, "n")  # no scenario yet: the picker; ↓ to Scenario 1 (Jatka), ⏎
        await press(pilot, "down", "enter")
        battle = await battle_ready(pilot)
        assert battle.session.battle.ruleset.name == "sanctum-mortalis"
        setup = battle.session.header["setup"]
        assert {setup["bands"]["A"]["name"], setup["bands"]["B"]["name"]} == {"Crimson Saints", "Iron Wolves"}
        wolves = setup["bands"]["A"] if setup["bands"]["A"]["name"] == "Iron Wolves" else setup["bands"]["B"]
        assert next(m for m in wolves["models"] if m["id"] == "kara-vex")["xp"] == 5
        assert battle.session.path.parent == saves_dir

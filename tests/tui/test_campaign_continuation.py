"""One campaign over several battles: battle 1 → its post-battle sequence → battle 2 (a
save that names its campaign) → battle 2's post-battle sequence recorded in the SAME
campaign save, from the command line, the battle dashboard (P) or ``post_battle``; the
campaign found again when moved; a missing or damaged campaign reported in one line
with every file left as it was."""

from __future__ import annotations

import io
import shutil
from argparse import Namespace
from pathlib import Path

import pytest

import saves
from engine.battle import Battle
from engine.dice import ScriptedDice
from engine.rulesets.sanctum_mortalis import commands as bc
from engine.rulesets.sanctum_mortalis.campaign import (
    ChooseAdvance,
    ChooseScenario,
    EndStep,
    KeepLoot,
    ResolveInjury,
    RollInjury,
    RollLevelUp,
    RollLoot,
)
from tui.session import OpenError, open_session
from tui.systems.sanctum_mortalis.campaign.opening import (
    CAMPAIGN_SAVE,
    CampaignUnreadable,
    next_battle,
    post_battle,
    start_from_battle,
)

from .conftest import SIZE, battle_ready, press, status_text, wait_for
from .test_dashboard import rendered
from .test_post_battle import SAINTS, WOLVES, post_battle_ready, saved_demo_battle


def finish(session) -> None:
    """Every band through its post-battle sequence (loot kept, light injuries, level-ups skipped)."""

    def do(command, faces=None) -> None:
        before = len(session.battle.entries)
        session.submit(command, ScriptedDice(faces) if faces is not None else None)
        assert len(session.battle.entries) > before, command

    for band in [b.band for b in session.battle.state.post.bands]:
        while session.battle.state.post is not None and session.battle.state.post.of(band).step != "done":
            bp = session.battle.state.post.of(band)
            if bp.step == "loot":
                for _ in range(bp.loot_left):
                    do(RollLoot(band), [1, 1])
                    do(KeepLoot(band))
            elif bp.step == "injuries":
                for w in (w for w in bp.wounded if not w.resolved):
                    do(RollInjury(band, w.model), [4, 4])
                    do(ResolveInjury(band, w.model))
            elif bp.step == "development":
                for up in (u for u in bp.level_ups if not u.pick):
                    do(RollLevelUp(band, up.model), [1, 2])
                    do(ChooseAdvance(band, up.model, skip=True))
            do(EndStep(band))


def second_battle(folder: Path, end: bool = True) -> tuple[Path, Path]:
    """Battle 1's campaign, its sequence finished, and battle 2 started from it (the GM
    ends it at once when ``end``). Returns (campaign, battle 2)."""
    campaign = start_from_battle(saved_demo_battle(folder), folder, seed=7)
    session = open_session(campaign)
    finish(session)
    session.submit(ChooseScenario("slaughter", WOLVES, SAINTS))
    state = session.battle.state
    session.close()
    battle = next_battle(folder, state, seed=3, campaign=campaign)
    if end:
        battle.submit(bc.RemoveModel("B.dex-marlow", by="A.kara-vex", cause="failed Toughness roll (shooting)"))
        battle.submit(bc.AwardVP("A", 1, "awarded by the GM"))
        battle.submit(bc.EndBattle())
        assert battle.battle.state.ended
    path = battle.path
    battle.close()
    return campaign, path


def battles_of(campaign: Path) -> list[tuple[int, str]]:
    header, entries = saves.load(campaign)
    return [(b.number, b.ref) for b in Battle(header, entries).state.battles]


async def until(pilot, condition, timeout: float = 10.0) -> None:
    """Wait for a worker's result to show (``condition`` true)."""
    await wait_for(pilot, condition, timeout=timeout)


def files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_the_next_battle_names_its_campaign_and_its_save(saves_dir: Path):
    campaign, battle = second_battle(saves_dir, end=False)
    header, _ = saves.load(battle)
    assert header[CAMPAIGN_SAVE] == str(campaign)
    link = header["setup"]["campaign"]
    assert link["battle"] == 2 and link["bands"] == [WOLVES, SAINTS]
    assert link["id"] == saves.load(campaign)[0]["setup"]["id"] != ""


def test_battle_two_is_recorded_in_the_same_campaign_save_once(saves_dir: Path):
    campaign, battle = second_battle(saves_dir)
    path, note = post_battle(battle, saves_dir)
    assert path == campaign and "Battle 2 recorded" in note
    assert battles_of(campaign) == [(1, str((saves_dir / "demo.skirmish").resolve())), (2, str(battle.resolve()))]
    assert len(list(saves_dir.glob("*.skirmish"))) == 3  # battle 1, the campaign, battle 2: no new campaign
    header, entries = saves.load(campaign)
    state = Battle(header, entries).state
    assert state.post.battle == 2 and state.band(WOLVES).model("kara-vex").xp == 5  # +1 from battle 1, not yet 2
    before = files(saves_dir)
    with pytest.raises(OpenError, match=r"'Battle 2: .*' is already recorded in this campaign \(battle 2"):
        post_battle(battle, saves_dir)
    assert files(saves_dir) == before  # nothing written


def test_a_moved_campaign_is_found_by_its_id(saves_dir: Path):
    campaign, battle = second_battle(saves_dir)
    moved = saves_dir / "renamed-campaign.skirmish"
    shutil.move(campaign, moved)
    path, _ = post_battle(battle, saves_dir)
    assert path == moved and [n for n, _ in battles_of(moved)] == [1, 2]


def test_a_missing_campaign_is_one_line_and_new_starts_another(saves_dir: Path, tmp_path: Path):
    campaign, battle = second_battle(saves_dir)
    shutil.move(campaign, tmp_path / "elsewhere.skirmish")
    before = files(saves_dir)
    with pytest.raises(OpenError) as err:
        post_battle(battle, saves_dir)
    assert isinstance(err.value, CampaignUnreadable) and err.value.kind == "missing"
    assert "\n" not in str(err.value) and "no such save" in str(err.value)
    assert files(saves_dir) == before
    path, note = post_battle(battle, saves_dir, seed=1, new=True)
    assert path != campaign and "New campaign" in note and [n for n, _ in battles_of(path)] == [1]


def test_a_damaged_campaign_gives_the_saves_message_and_is_left_untouched(saves_dir: Path):
    campaign, battle = second_battle(saves_dir)
    (campaign / "battle.json").write_text("{ not json", encoding="utf-8")
    before = files(saves_dir)
    with pytest.raises(OpenError) as err:
        post_battle(battle, saves_dir)
    assert err.value.kind == "corrupt" and str(err.value).startswith(f"cannot open {campaign}: corrupt")
    assert files(saves_dir) == before


def test_skirmish_campaign_battle_two_continues_the_campaign(saves_dir: Path, monkeypatch, capsys):
    import tui.launch
    from tui.cli import main

    campaign, battle = second_battle(saves_dir)
    opened = []
    monkeypatch.setattr(tui.launch, "_run", lambda plan: opened.append(plan) or 0)
    assert main(["campaign", str(battle), "--saves", str(saves_dir)]) == 0
    assert [(p.mode, p.file) for p in opened] == [("open", str(campaign))]
    assert "Battle 2 recorded" in capsys.readouterr().out
    assert [n for n, _ in battles_of(campaign)] == [1, 2]
    assert main(["campaign", str(battle), "--saves", str(saves_dir)]) == 1
    err = capsys.readouterr().err
    assert "is already recorded in this campaign" in err and "--new" not in err and len(opened) == 1
    shutil.rmtree(campaign)  # the campaign is lost: one line, with the way out
    assert main(["campaign", str(battle), "--saves", str(saves_dir)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no such save" in err and "skirmish campaign --new BATTLE" in err


def test_skirmish_list_shows_the_campaigns_battles(saves_dir: Path):
    from tui.launch import list_battles

    campaign, battle = second_battle(saves_dir)
    post_battle(battle, saves_dir)
    out = io.StringIO()
    assert list_battles(Namespace(saves=str(saves_dir)), out) == 0
    line = next(x for x in out.getvalue().splitlines() if campaign.name in x)
    assert "Sanctum Mortalis campaign  Campaign: Crimson Saints and Iron Wolves" in line
    assert "2 battles: #1 Slaughter: draw 0–0; #2 Slaughter: Iron Wolves won 1–0" in line
    line = next(x for x in out.getvalue().splitlines() if battle.name in x)
    assert "battle 2 of “Campaign: " in line


async def test_p_on_the_ended_battle_opens_its_campaigns_post_battle_screen(saves_dir: Path, make_app):
    campaign, battle = second_battle(saves_dir, end=False)
    app = make_app("open", file=str(battle))
    async with app.run_test(size=SIZE) as pilot:
        screen = await battle_ready(pilot)
        await press(pilot, "P")
        assert "has not ended" in status_text(screen) and app.screen is screen
        await press(pilot, "ctrl+e", "up", "enter")  # "No" starts highlighted
        assert screen.state.ended
        await press(pilot, "P")
        post = await post_battle_ready(pilot)
        assert post.session.path == campaign and [b.number for b in post.state.battles] == [1, 2]
        summary = rendered(post.query_one("#summary").content)
        assert "Battles played" in summary and "1  Slaughter  Crimson Saints and Iron Wolves drew 0–0" in summary
        assert "2  Slaughter  Iron Wolves and Crimson Saints drew 0–0  Battle 2: Iron Wolves v Crimson" in summary
        assert "Battle 2 recorded" in status_text(post)
    assert len(list(saves_dir.glob("*.skirmish"))) == 3


async def test_p_with_its_campaign_gone_says_so_and_offers_a_new_one(saves_dir: Path, make_app, tmp_path: Path):
    from tui.screens.picker_screen import PickerScreen

    campaign, battle = second_battle(saves_dir)
    shutil.move(campaign, tmp_path / "elsewhere.skirmish")
    app = make_app("open", file=str(battle))
    async with app.run_test(size=SIZE) as pilot:
        screen = await battle_ready(pilot)
        await press(pilot, "P")
        await until(pilot, lambda: isinstance(app.screen, PickerScreen))
        assert "no such save" in status_text(screen) and "new campaign" in str(app.screen.question)
        await press(pilot, "escape")  # no: everything stays as it is
        assert app.screen is screen and len(list(saves_dir.glob("*.skirmish"))) == 2
        await press(pilot, "P")
        await until(pilot, lambda: isinstance(app.screen, PickerScreen))
        await press(pilot, "up", "enter")  # yes: a new campaign from this battle ("No" starts highlighted)
        post = await post_battle_ready(pilot)
        assert post.session.path.parent == saves_dir and [b.number for b in post.state.battles] == [1]


async def test_writing_the_rosters_reports_where_in_the_status_line(saves_dir: Path, make_app):
    campaign = start_from_battle(saved_demo_battle(saves_dir), saves_dir, seed=7)
    session = open_session(campaign)
    finish(session)
    session.close()
    app = make_app("open", file=str(campaign))
    async with app.run_test(size=SIZE) as pilot:
        screen = await post_battle_ready(pilot)
        await press(pilot, "w", "enter", "enter")
        await until(pilot, lambda: "Roster written" in status_text(screen))  # the worker's message is handled
        assert f"{WOLVES}.toml" in status_text(screen)


def test_a_first_battle_already_made_into_a_campaign_is_not_made_into_another(saves_dir: Path):
    first = saved_demo_battle(saves_dir)
    campaign, _ = post_battle(first, saves_dir, seed=7)
    with pytest.raises(OpenError, match=rf"demo.skirmish is already recorded in the campaign {campaign} \(battle 1\)"):
        post_battle(first, saves_dir)
    assert len(list(saves_dir.glob("*.skirmish"))) == 2
    again, _ = post_battle(first, saves_dir, seed=7, new=True)  # asked for: a second campaign
    assert again != campaign

"""A campaign is a save like a battle (kind "campaign"); rosters are written back atomically."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from engine.battle import Battle, new_header
from engine.dice import ScriptedDice
from engine.rulesets.sanctum_mortalis import commands as bc
from engine.rulesets.sanctum_mortalis import make_setup
from engine.rulesets.sanctum_mortalis.campaign import (
    EndStep,
    RollInjury,
    StartPostBattle,
    campaign_header,
    campaign_setup,
)
from engine.rulesets.sanctum_mortalis.roster import BandRoster, ModelSpec
from engine.rulesets.sanctum_mortalis.roster_toml import check_roster
from engine.rulesets.sanctum_mortalis.roster_write import write_roster
from saves import BattleStore, SaveError, list_saves, load
from saves import write_roster as save_roster
from saves.rosters import read_roster_text


def _bands() -> tuple[BandRoster, BandRoster]:
    a = BandRoster(
        "Wolves",
        "Ann",
        (
            ModelSpec("kara", "Kara", "trooper", ranged=("assault-rifle",), captain=True, xp=4),
            ModelSpec("bo", "Bo", "swordsman", melee=("hand-weapon",)),
        ),
    )
    b = BandRoster(
        "Saints", "Bob", (ModelSpec("xan", "Xan", "trooper", ranged=("assault-rifle",), captain=True, xp=4),)
    )
    return a, b


def _finished_battle() -> Battle:
    a, b = _bands()
    battle = Battle(new_header("sanctum-mortalis", make_setup(a, b), seed=1))
    for command in (bc.RemoveModel("A.bo", by="B.xan", cause="failed Toughness roll (shooting)"), bc.EndBattle()):
        battle.submit(command)
    return battle


def test_a_campaign_is_saved_and_listed_with_its_kind(tmp_path: Path):
    campaign = Battle(campaign_header(campaign_setup(list(_bands()), "Autumn"), seed=2))
    path = tmp_path / "autumn.skirmish"
    battle = _finished_battle()
    with BattleStore.create(path, campaign.header, background=False) as store:
        for command, faces in (
            (StartPostBattle(battle.header["setup"], tuple(e.to_dict() for e in battle.entries)), None),
            (EndStep("wolves"), None),
            (RollInjury("wolves", "bo"), [4, 5]),
        ):
            result = campaign.submit(command, ScriptedDice(faces) if faces else None)
            store.append_many([e.to_dict() for e in result.events])
    header, entries = load(path)
    assert header["kind"] == "campaign" and header["ruleset"] == "sanctum-mortalis-campaign"
    assert header["bands"] == ["Wolves", "Saints"]
    reopened = Battle(header, entries)
    assert reopened.state == campaign.state
    assert reopened.state.post.of("wolves").wound("bo").case.result == "light"
    [summary] = list_saves(tmp_path)
    assert (summary.kind, summary.title, summary.ruleset, summary.events) == (
        "campaign",
        "Autumn",
        "sanctum-mortalis-campaign",
        len(entries),
    )


def test_a_campaign_save_survives_a_crash_before_close(tmp_path: Path):
    campaign = Battle(campaign_header(campaign_setup(list(_bands())), seed=2))
    path = tmp_path / "c.skirmish"
    store = BattleStore.create(path, campaign.header, background=False)
    battle = _finished_battle()
    result = campaign.submit(StartPostBattle(battle.header["setup"], tuple(e.to_dict() for e in battle.entries)))
    store.append_many([e.to_dict() for e in result.events])
    # no close(): what a killed app leaves; the journal holds the entries
    header, entries = load(path)
    assert Battle(header, entries).state == campaign.state


def test_written_rosters_are_read_back_and_pass_check(tmp_path: Path):
    a, _ = _bands()
    path = tmp_path / "wolves.toml"
    save_roster(path, write_roster(a))
    parsed = check_roster(read_roster_text(path))
    assert parsed.ok and parsed.campaign
    assert [m.name for m in parsed.roster.models] == ["Kara", "Bo"]
    assert [p.name for p in tmp_path.iterdir()] == ["wolves.toml"]  # no temporary file left


def test_writing_a_roster_replaces_the_old_one_whole(tmp_path: Path):
    path = tmp_path / "band.toml"
    path.write_text("old", encoding="utf-8")
    save_roster(path, 'band = "New"\n')
    assert path.read_text(encoding="utf-8") == 'band = "New"\n'


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="needs a read-only folder")
def test_a_roster_that_cannot_be_written_is_a_one_line_error_and_the_old_file_stays(tmp_path: Path):
    folder = tmp_path / "ro"
    folder.mkdir()
    path = folder / "band.toml"
    path.write_text("old", encoding="utf-8")
    folder.chmod(0o500)
    try:
        with pytest.raises(SaveError) as err:
            save_roster(path, "new")
    finally:
        folder.chmod(0o700)
    assert "\n" not in str(err.value) and "band.toml" in str(err.value)
    assert path.read_text(encoding="utf-8") == "old"


def test_a_roster_in_a_missing_folder_is_a_one_line_error(tmp_path: Path):
    with pytest.raises(SaveError) as err:
        save_roster(tmp_path / "nowhere" / "band.toml", 'band = "X"\n')
    assert "\n" not in str(err.value) and err.value.action == "write"

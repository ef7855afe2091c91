"""Where saves go, what they are called, and how the saves list reads a folder."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from datetime import datetime
from pathlib import Path

import pytest
from saves_testkit import HEADER, entry

from saves import SUFFIX, BattleStore, data_dir, list_saves, new_save_path


@pytest.fixture
def clean_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    monkeypatch.delenv("SKIRMISH_SAVES", raising=False)
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    return tmp_path


def test_the_default_is_the_xdg_data_folder_under_home(clean_env: Path) -> None:
    assert data_dir() == clean_env / "home" / ".local" / "share" / "skirmish-desk"
    assert data_dir().is_dir()


def test_xdg_data_home_moves_it(clean_env: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(clean_env / "xdg"))
    assert data_dir() == clean_env / "xdg" / "skirmish-desk"


def test_a_relative_xdg_data_home_is_ignored(clean_env: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", "relative/dir")
    assert data_dir() == clean_env / "home" / ".local" / "share" / "skirmish-desk"


def test_the_default_is_platformdirs_user_data_folder(clean_env: Path) -> None:
    from platformdirs import user_data_path

    assert data_dir() == user_data_path("skirmish-desk", appauthor=False).absolute()


def test_an_empty_xdg_data_home_or_skirmish_saves_is_ignored(clean_env: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", "")
    monkeypatch.setenv("SKIRMISH_SAVES", "")
    assert data_dir() == clean_env / "home" / ".local" / "share" / "skirmish-desk"


def test_skirmish_saves_beats_xdg(clean_env: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(clean_env / "xdg"))
    monkeypatch.setenv("SKIRMISH_SAVES", str(clean_env / "env-saves"))
    assert data_dir() == clean_env / "env-saves"


def test_the_saves_flag_beats_everything(clean_env: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(clean_env / "xdg"))
    monkeypatch.setenv("SKIRMISH_SAVES", str(clean_env / "env-saves"))
    assert data_dir(clean_env / "flag") == clean_env / "flag"
    assert (clean_env / "flag").is_dir()


def test_a_saves_folder_that_is_a_file_is_a_save_error(clean_env: Path) -> None:
    (clean_env / "taken").write_text("x")
    with pytest.raises(Exception, match=f"cannot use saves folder {clean_env / 'taken'}: "):
        data_dir(clean_env / "taken")


def test_new_save_paths_are_dated_slugged_and_fresh(tmp_path: Path) -> None:
    when = datetime(2026, 11, 23, 10, 42)
    first = new_save_path("Red vs. Blue — Round 2!", tmp_path, now=when)
    assert first == tmp_path / f"2026-11-23-1042-red-vs-blue-round-2{SUFFIX}"
    BattleStore.create(first, HEADER).close()
    second = new_save_path("Red vs. Blue — Round 2!", tmp_path, now=when)
    assert second.name == "2026-11-23-1042-red-vs-blue-round-2-2.skirmish"
    assert new_save_path("???", tmp_path, now=when).name == "2026-11-23-1042-battle.skirmish"
    assert new_save_path("../../etc/passwd", tmp_path, now=when).parent == tmp_path


def test_the_saves_list_is_newest_first_with_header_fields(tmp_path: Path) -> None:
    with BattleStore.create(tmp_path / "old.skirmish", {**HEADER, "title": "Old"}) as store:
        store.append(entry(0))
    past = time.time() - 3600
    for item in [tmp_path / "old.skirmish", *(tmp_path / "old.skirmish").iterdir()]:
        os.utime(item, (past, past))
    with BattleStore.create(tmp_path / "new.skirmish", {**HEADER, "title": "New"}) as store:
        store.append_many([entry(0), entry(1)])
    (tmp_path / "notes.txt").write_text("not a save")
    summaries = list_saves(tmp_path)
    assert [(s.title, s.events, s.kind, s.ruleset, s.error) for s in summaries] == [
        ("New", 2, "battle", "generic-2d6", None),
        ("Old", 1, "battle", "generic-2d6", None),
    ]
    assert summaries[0].header["seed"] == HEADER["seed"]


def test_the_saves_list_names_the_scenario_from_the_rule_tables(tmp_path: Path) -> None:
    setup = {"scenario": "surrounded"}
    BattleStore.create(tmp_path / "sm.skirmish", {**HEADER, "ruleset": "sanctum-mortalis", "setup": setup}).close()
    BattleStore.create(
        tmp_path / "none.skirmish", {**HEADER, "ruleset": "sanctum-mortalis", "setup": {"scenario": "none"}}
    ).close()
    BattleStore.create(tmp_path / "other.skirmish", {**HEADER, "setup": {"scenario": "hill"}}).close()
    names = {s.path.stem: s.scenario for s in list_saves(tmp_path)}
    assert names == {"sm": "Surrounded", "none": None, "other": "hill"}  # an unknown system: the key


def test_the_saves_list_of_a_missing_folder_is_empty(tmp_path: Path) -> None:
    assert list_saves(tmp_path / "nowhere") == []


def test_saves_imports_no_ui_code() -> None:
    code = "import sys, saves; bad = [m for m in ('tui', 'textual', 'rich') if m in sys.modules]; print(','.join(bad))"
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert out.stdout.strip() == ""


def test_the_last_battle_is_remembered_and_forgotten_when_gone(tmp_path):
    from saves import last_battle, remember_last_battle

    battle = tmp_path / "b.skirmish"
    battle.mkdir()
    assert last_battle(tmp_path) is None
    remember_last_battle(tmp_path, battle)
    assert last_battle(tmp_path) == battle.resolve()
    battle.rmdir()
    assert last_battle(tmp_path) is None


def test_a_saves_folder_inside_a_file_says_so(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x")
    with pytest.raises(Exception, match=r"a folder in its path is a file"):
        data_dir(tmp_path / "file" / "saves")


def test_a_save_given_by_its_path_opens_when_the_saves_folder_is_a_file(tmp_path: Path) -> None:
    from tui.opening import LaunchPlan, open_plan
    from tui.session import create_session

    (tmp_path / "good").mkdir()
    session = create_session(tmp_path / "good", "demo", _demo_setup(), 3, "sanctum-mortalis")
    path = session.path
    session.close()
    (tmp_path / "not-a-folder").write_text("x")
    opened = open_plan(LaunchPlan(mode="open", saves=str(tmp_path / "not-a-folder"), file=str(path)))
    try:
        assert opened.path == path and not opened.read_only
    finally:
        opened.close()


def _demo_setup() -> dict:
    from demo_rosters import demo_roster_paths

    from engine.rulesets.sanctum_mortalis import make_setup
    from engine.rulesets.sanctum_mortalis.roster_toml import parse_roster
    from saves.rosters import read_roster_text

    a, b = (parse_roster(read_roster_text(p), p.name) for p in demo_roster_paths())
    return make_setup(a, b, scenario="slaughter")


def test_the_last_battle_note_on_a_full_disk_leaves_no_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import errno

    import saves.storage
    from saves import last_battle, remember_last_battle

    def full(fd: int, data: bytes) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(saves.storage, "write_all", full)
    remember_last_battle(tmp_path, tmp_path / "x.skirmish")  # best effort: no error
    assert os.listdir(tmp_path) == []
    assert last_battle(tmp_path) is None


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes")
def test_a_last_battle_note_that_is_a_pipe_is_no_note(tmp_path: Path) -> None:
    from saves import last_battle

    os.mkfifo(tmp_path / "last-battle.json")
    assert last_battle(tmp_path) is None  # at once, not a hang

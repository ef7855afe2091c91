"""The one atomic write of ``saves`` (``saves.storage.atomic_write``): the old file or the
new one, never half of one, and no temporary file left behind."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

import saves.storage as storage
from saves import SaveError, remember_last_battle, write_export, write_roster


def _disk_full(fd: int) -> None:
    raise OSError(errno.ENOSPC, "No space left on device")


def test_a_full_disk_leaves_the_old_roster_and_no_temporary_file(tmp_path: Path, monkeypatch) -> None:
    roster = tmp_path / "wolves.toml"
    roster.write_text('band = "Wolves"\n', encoding="utf-8")
    monkeypatch.setattr(storage, "sync_file", _disk_full)
    with pytest.raises(SaveError, match="space"):
        write_roster(roster, 'band = "Wolves of the Rift"\n')
    assert roster.read_text(encoding="utf-8") == 'band = "Wolves"\n'
    assert os.listdir(tmp_path) == ["wolves.toml"]


def test_a_full_disk_leaves_no_export_behind(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(storage, "sync_file", _disk_full)
    with pytest.raises(SaveError):
        write_export(tmp_path / "report.md", "# Battle\n")
    assert os.listdir(tmp_path) == []


def test_every_whole_file_write_is_fsynced_file_and_folder(tmp_path: Path, monkeypatch) -> None:
    synced: list[str] = []
    real_file, real_dir = storage.sync_file, storage.sync_dir
    monkeypatch.setattr(storage, "sync_file", lambda fd: (synced.append("file"), real_file(fd)))
    monkeypatch.setattr(storage, "sync_dir", lambda folder: (synced.append("folder"), real_dir(folder)))
    write_roster(tmp_path / "a.toml", "x = 1\n")
    write_export(tmp_path / "a.md", "text")
    battle = tmp_path / "b.skirmish"
    battle.mkdir()
    remember_last_battle(tmp_path, battle)
    assert synced == ["file", "folder"] * 3
    assert sorted(os.listdir(tmp_path)) == ["a.md", "a.toml", "b.skirmish", "last-battle.json"]


def test_the_last_battle_note_is_best_effort_on_a_full_disk(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(storage, "sync_file", _disk_full)
    battle = tmp_path / "b.skirmish"
    battle.mkdir()
    remember_last_battle(tmp_path, battle)  # never raises
    assert sorted(os.listdir(tmp_path)) == ["b.skirmish"]


def test_text_bytes_and_chunks_are_written_alike(tmp_path: Path) -> None:
    for i, data in enumerate(("é\n", "é\n".encode(), iter([b"\xc3", b"\xa9\n"]))):
        storage.atomic_write(tmp_path / f"{i}.txt", data)
        assert (tmp_path / f"{i}.txt").read_text(encoding="utf-8") == "é\n"

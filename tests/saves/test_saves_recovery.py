"""What a crash leaves behind: torn journal tails, stale segments, half-written temp files."""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Callable
from pathlib import Path

import pytest
from saves_testkit import HEADER, digest, entry, journal_bytes

from saves import BattleStore, SaveError, list_saves, load

TORN_TAILS = {
    "a line cut short": b'{"seq": 5, "round": 1, "act',
    "a batch cut short": b'[{"seq": 5}, {"seq": 6',
    "zeros from a power cut": b"\x00" * 300,
    "a cut multi-byte character": '{"seq": 5, "note": "\u00e9'.encode()[:-1],
}


@pytest.mark.parametrize("tail", TORN_TAILS.values(), ids=TORN_TAILS.keys())
def test_a_torn_journal_tail_is_ignored_by_load_and_cut_by_open(make_save: Callable[..., Path], tail: bytes) -> None:
    path = make_save(folded=3, journal=2)
    journal = path / "journal-3.jsonl"
    good = journal.read_bytes()
    journal.write_bytes(good + tail)
    before = digest(path)
    assert load(path)[1] == [entry(seq) for seq in range(5)]
    assert digest(path) == before  # load() repairs nothing
    with BattleStore.open(path) as store:
        assert journal.read_bytes() == good  # open() cut the torn tail
        store.append(entry(5))
    assert load(path)[1] == [entry(seq) for seq in range(6)]


def test_a_complete_last_line_that_does_not_parse_is_damage_not_a_torn_write(make_save: Callable[..., Path]) -> None:
    path = make_save(folded=3, journal=2)
    journal = path / "journal-3.jsonl"
    journal.write_bytes(journal.read_bytes() + b'{"seq": 5, "roll": \x00\x00\x00}\n')
    before = digest(path)
    with pytest.raises(SaveError, match=r"corrupt: journal-3.jsonl line 4 fails its checksum \(entry 5\)"):
        load(path)
    with BattleStore.open(path, salvage=True) as store:
        assert store.read_only and store.count == 5
        assert store.warning.startswith(f"{path} is damaged: journal-3.jsonl line 4 fails its checksum (entry 5)")
    assert digest(path) == before


def test_a_crash_between_fold_and_journal_delete_does_not_duplicate_entries(save_path: Path) -> None:
    store = BattleStore.create(save_path, HEADER, fold_min=1000)
    store.append_many([entry(seq) for seq in range(10)])
    folded_journal = (save_path / "journal-0.jsonl").read_bytes()
    store.checkpoint()  # battle.json now holds 0..9 and journal-0 is deleted
    folded_db = (save_path / "battle.json").read_bytes()
    store.append(entry(10))
    store.close()
    (save_path / "journal-0.jsonl").write_bytes(folded_journal)  # as if killed before the delete
    (save_path / "journal-10.jsonl").write_bytes(journal_bytes(save_path, 10, [json.dumps(entry(10))]))
    (save_path / "battle.json").write_bytes(folded_db)

    assert load(save_path)[1] == [entry(seq) for seq in range(11)]
    with BattleStore.open(save_path) as store:
        assert store.entries == [entry(seq) for seq in range(11)]
        assert "journal-0.jsonl" not in os.listdir(save_path)  # the stale segment is tidied
    assert load(save_path)[1] == [entry(seq) for seq in range(11)]


def test_a_half_written_temp_file_is_never_read_and_is_tidied_on_open(make_save: Callable[..., Path]) -> None:
    path = make_save()
    (path / ".battle.json.tmp-4242").write_bytes(b'{"header": {"1": {"app": "skirmish-de')
    assert load(path)[1] == [entry(seq) for seq in range(5)]
    with BattleStore.open(path):
        assert ".battle.json.tmp-4242" not in os.listdir(path)


def test_an_interrupted_create_leaves_nothing_in_the_saves_list(tmp_path: Path) -> None:
    staging = tmp_path / ".x.skirmish.creating-99-abcd"
    staging.mkdir()
    (staging / "battle.json").write_text("{")
    with BattleStore.create(tmp_path / "real.skirmish", HEADER):
        pass
    assert [s.path.name for s in list_saves(tmp_path)] == ["real.skirmish"]


def test_close_leaves_only_battle_json(make_save: Callable[..., Path]) -> None:
    path = make_save(folded=3, journal=2)
    with BattleStore.open(path, fold_min=2) as store:
        for seq in range(5, 40):
            store.append(entry(seq))
    assert os.listdir(path) == ["battle.json"]
    assert load(path)[1] == [entry(seq) for seq in range(40)]


def test_a_failed_append_leaves_no_partial_line(save_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import saves.journal

    with BattleStore.create(save_path, HEADER, fold_min=1000) as store:
        store.append(entry(0))
        real = saves.journal.sync_file

        def disk_full(fd: int) -> None:
            raise OSError(28, "No space left on device")

        monkeypatch.setattr(saves.journal, "sync_file", disk_full)
        with pytest.raises(Exception) as caught:
            store.append(entry(1))
        assert str(caught.value) == f"cannot save {save_path}: disk error: no space left on device"
        monkeypatch.setattr(saves.journal, "sync_file", real)
        assert len(store.entries) == 1
        assert load(save_path)[1] == [entry(0)]
        store.append(entry(1))  # the same seq is accepted once the disk is back
    assert load(save_path)[1] == [entry(0), entry(1)]


def test_a_failed_checkpoint_loses_nothing_and_is_reported(save_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import saves.storage

    with BattleStore.create(save_path, HEADER, fold_min=1000) as store:
        store.append_many([entry(seq) for seq in range(5)])
        real = saves.storage.os.replace

        def refuse(src: str, dst: str) -> None:
            raise OSError(30, "Read-only file system")

        monkeypatch.setattr(saves.storage.os, "replace", refuse)
        with pytest.raises(Exception, match="cannot checkpoint .*: disk error: read-only file system"):
            store.checkpoint()
        monkeypatch.setattr(saves.storage.os, "replace", real)
        assert not [n for n in os.listdir(save_path) if n.startswith(".battle.json.tmp")]
        store.append(entry(5))
        assert load(save_path)[1] == [entry(seq) for seq in range(6)]
    assert load(save_path)[1] == [entry(seq) for seq in range(6)]


def test_readers_see_a_whole_prefix_while_a_writer_checkpoints(save_path: Path) -> None:
    expected = [entry(seq) for seq in range(250)]
    store = BattleStore.create(save_path, HEADER, fold_min=4)
    done = threading.Event()

    def write() -> None:
        for item in expected:
            store.append(item)
        done.set()

    writer = threading.Thread(target=write)
    writer.start()
    reads = 0
    while not done.is_set() or reads < 5:
        _, entries = load(save_path)
        assert entries == expected[: len(entries)]
        reads += 1
    writer.join()
    store.close()
    assert load(save_path)[1] == expected


def test_a_checkpoint_that_fails_after_its_rename_is_retried_without_duplicates(
    save_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import saves.storage

    with BattleStore.create(save_path, HEADER, fold_min=1000) as store:
        store.append_many([entry(seq) for seq in range(4)])
        real = saves.storage.sync_dir

        def fail_once(folder: Path) -> None:
            monkeypatch.setattr(saves.storage, "sync_dir", real)
            raise OSError(5, "Input/output error")

        monkeypatch.setattr(saves.storage, "sync_dir", fail_once)
        with pytest.raises(Exception, match="disk error: input/output error"):
            store.checkpoint()  # battle.json was renamed into place, then the folder fsync failed
        store.append(entry(4))
        store.checkpoint()
    assert load(save_path)[1] == [entry(seq) for seq in range(5)]

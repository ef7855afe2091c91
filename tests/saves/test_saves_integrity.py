"""Issue #20: a checksummed journal that names the battle and each line's place, damage
told apart from a torn write, read-only opening, and continuing from the last good entry."""

from __future__ import annotations

import errno
import json
import os
import shutil
from pathlib import Path

import pytest
from saves_testkit import HEADER, digest, entry

from saves import BattleStore, SaveError, load
from saves.store import salvage


def _killed_writer(path: Path, folded: int = 4, journal: int = 5) -> Path:
    """A copy of a save whose writer was killed: ``folded`` entries in battle.json and
    ``journal`` more in framed journal lines (one a batch of two)."""
    live = path.with_name("live.skirmish")
    store = BattleStore.create(live, HEADER, fold_min=1000, background=False)
    store.append_many([entry(seq) for seq in range(folded)])
    store.checkpoint()
    store.append_many([entry(folded), entry(folded + 1)])
    for seq in range(folded + 2, folded + journal):
        store.append(entry(seq, note="Łucja é"))
    shutil.copytree(live, path)
    store.close()
    return path


def _journal(path: Path) -> Path:
    [name] = [n for n in os.listdir(path) if n.startswith("journal-")]
    return path / name


def test_a_changed_byte_in_the_newest_complete_line_is_damage_not_a_torn_write(save_path: Path) -> None:
    path = _killed_writer(save_path)
    journal = _journal(path)
    raw = bytearray(journal.read_bytes())
    raw[-5] ^= 0x01  # inside the last line, which still ends with its newline
    journal.write_bytes(bytes(raw))
    before = digest(path)
    with pytest.raises(SaveError) as caught:
        load(path)
    assert str(caught.value) == f"cannot open {path}: corrupt: {journal.name} line 5 fails its checksum (entry 8)"
    header, entries, warning = salvage(path)
    assert entries == [entry(seq) for seq in range(6)] + [entry(6, note="Łucja é"), entry(7, note="Łucja é")]
    assert warning == (
        f"{path} is damaged: {journal.name} line 5 fails its checksum (entry 8); kept entries 0 to 7, changed nothing"
    )
    with BattleStore.open(path, salvage=True) as store:
        assert store.read_only.startswith("read-only: ") and store.count == 8
        assert store.entries == entries
        with pytest.raises(SaveError, match="read-only"):
            store.append(entry(8))
    assert digest(path) == before  # nothing cut, nothing rewritten


def test_continuing_from_the_last_good_entry_keeps_a_copy_of_the_damaged_file(save_path: Path) -> None:
    path = _killed_writer(save_path)
    journal = _journal(path)
    raw = bytearray(journal.read_bytes())
    raw[-5] ^= 0x01
    journal.write_bytes(bytes(raw))
    with BattleStore.open(path, salvage=True) as store:
        store.continue_from(store.count)
        assert not store.read_only
        store.append(entry(8))
    assert (path / (journal.name + ".damaged")).read_bytes() == bytes(raw)
    assert [e["seq"] for e in load(path)[1]] == list(range(9))


def test_a_segment_of_another_battle_is_refused_by_name(save_path: Path, tmp_path: Path) -> None:
    path = _killed_writer(save_path)
    (tmp_path / "other").mkdir()
    other = _killed_writer(tmp_path / "other" / "b.skirmish")
    journal = _journal(path)
    shutil.copyfile(_journal(other), journal)  # same seqs, another battle
    before = digest(path)
    for read in (load, lambda p: BattleStore.open(p, salvage=True)):
        with pytest.raises(SaveError) as caught:
            read(path)
        assert str(caught.value) == (
            f"cannot open {path}: corrupt: {journal.name} belongs to another battle (not this save's journal)"
        )
    assert digest(path) == before


def test_a_segment_renamed_to_another_place_is_refused(save_path: Path) -> None:
    path = _killed_writer(save_path)
    journal = _journal(path)
    journal.rename(path / "journal-3.jsonl")
    with pytest.raises(SaveError, match=r"journal-3.jsonl holds entries from seq 4, not 3"):
        load(path)


def test_a_last_line_without_its_newline_is_a_torn_write_cut_on_open(save_path: Path) -> None:
    path = _killed_writer(save_path)
    journal = _journal(path)
    good = journal.read_bytes()
    journal.write_bytes(good[:-1])  # the newest line lost its newline: never acknowledged
    assert [e["seq"] for e in load(path)[1]] == list(range(8))
    with BattleStore.open(path) as store:
        assert not store.read_only and store.count == 8
        store.append(entry(8))
    assert [e["seq"] for e in load(path)[1]] == list(range(9))


def test_a_whole_last_line_whose_newline_was_changed_is_damage(save_path: Path) -> None:
    path = _killed_writer(save_path)
    journal = _journal(path)
    journal.write_bytes(journal.read_bytes()[:-1] + b"x")
    with pytest.raises(SaveError, match=r"line 5 has lost its newline"):
        load(path)


@pytest.mark.parametrize("kept", [(), (0,), (1,), (0, 1)], ids=["none", "first", "second", "both"])
def test_any_subset_of_a_checkpoints_deletions_still_loads(save_path: Path, kept: tuple[int, ...]) -> None:
    store = BattleStore.create(save_path, HEADER, fold_min=1000, background=False)
    old: list[tuple[str, bytes]] = []
    for start in (0, 3, 6):
        store.append_many([entry(start), entry(start + 1), entry(start + 2)])
        name = f"journal-{store._journal.start}.jsonl"
        old.append((name, (save_path / name).read_bytes()))
        store._start_fold(background=False)  # rotate and fold, as a checkpoint does
    for index in kept:  # deletions that never reached the disk
        name, data = old[index + 1]
        (save_path / name).write_bytes(data)
    assert [e["seq"] for e in load(save_path)[1]] == list(range(9))
    store.append(entry(9))
    store.close()
    assert [e["seq"] for e in load(save_path)[1]] == list(range(10))


def test_a_save_on_a_read_only_disk_opens_read_only_and_changes_nothing(
    save_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _killed_writer(save_path)
    (path / ".battle.json.tmp-1-ab").write_bytes(b"{")  # would be tidied on a writable disk
    before = digest(path)
    import saves.store

    monkeypatch.setattr(saves.store, "_read_only_reason", lambda folder: "it is on a read-only disk")
    with BattleStore.open(path) as store:
        assert store.read_only == "read-only: it is on a read-only disk"
        assert store.count == 9
        with pytest.raises(SaveError, match="read-only: it is on a read-only disk"):
            store.append(entry(9))
    assert digest(path) == before


def test_a_write_refused_by_the_disk_on_open_gives_a_read_only_store(
    save_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _killed_writer(save_path)
    import saves.store

    def refuse(*args: object, **kwargs: object) -> None:
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(saves.store, "JournalWriter", refuse)
    with BattleStore.open(path) as store:
        assert store.read_only == "read-only: read-only file system writing in its folder"


def test_a_checkpoint_that_fails_for_space_removes_its_temp_file_says_so_once_and_journaling_goes_on(
    save_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import saves.storage

    real = saves.storage.write_all
    with BattleStore.create(save_path, HEADER, fold_min=2, background=False) as store:

        def full(fd: int, data: bytes) -> None:
            if os.readlink(f"/proc/self/fd/{fd}").split("/")[-1].startswith(".battle.json.tmp"):
                raise OSError(errno.ENOSPC, "No space left on device")
            real(fd, data)

        monkeypatch.setattr(saves.storage, "write_all", full)
        problems = []
        for seq in range(12):
            store.append(entry(seq))
            problems.append(store.checkpoint_problem())
            assert not [n for n in os.listdir(save_path) if n.startswith(".battle.json.tmp")]
        told = [p for p in problems if p]
        assert told == [
            f"cannot checkpoint {save_path}: no space left on device; every event is still saved to the journal"
        ]
        monkeypatch.setattr(saves.storage, "write_all", real)
    assert [e["seq"] for e in load(save_path)[1]] == list(range(12))


def test_a_format_1_save_with_plain_journal_lines_opens_and_is_upgraded(save_path: Path) -> None:
    save_path.mkdir()
    header = {"app": "skirmish-desk", "format": 1, "kind": "battle", **HEADER}
    db = {"header": {"1": header}, "entries": {str(i + 1): entry(i) for i in range(3)}}
    (save_path / "battle.json").write_text(json.dumps(db))
    (save_path / "journal-3.jsonl").write_text("".join(json.dumps(entry(s)) + "\n" for s in (3, 4)))
    assert load(save_path)[1] == [entry(s) for s in range(5)]
    with BattleStore.open(save_path) as store:
        assert store.header["format"] == 2 and store.save_id
        store.append(entry(5))
    header2, entries = load(save_path)
    assert entries == [entry(s) for s in range(6)] and header2["save_id"] == store.save_id


def test_a_segment_without_checksums_in_a_save_of_this_format_is_refused(make_save) -> None:
    path = make_save(folded=3, journal=0)
    (path / "journal-3.jsonl").write_text(json.dumps(entry(3)) + "\n")  # as an older version wrote them
    with pytest.raises(SaveError, match=r"journal-3.jsonl has lines without checksums \(not written for this save\)"):
        load(path)


def test_an_older_segment_already_folded_by_an_upgrade_is_ignored(make_save) -> None:
    path = make_save(folded=5, journal=0)
    for name in os.listdir(path):
        if name.startswith("journal-"):
            os.unlink(path / name)
    (path / "journal-3.jsonl").write_text("".join(json.dumps(entry(s)) + "\n" for s in (3, 4)))  # cut before its delete
    assert load(path)[1] == [entry(s) for s in range(5)]

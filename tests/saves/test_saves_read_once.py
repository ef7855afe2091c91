"""Opening a save reads it once (``BattleStore.open(check=...)``), and an open store keeps
only the journal's entries in memory (``battle.json``'s are read again when asked for)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from saves_testkit import digest, entry

from saves import BattleStore, load


class Unplayable(Exception):
    pass


def test_the_check_sees_what_open_read_before_anything_is_repaired(make_save: Callable[..., Path]) -> None:
    path = make_save(folded=3, journal=2)
    journal = path / "journal-3.jsonl"
    journal.write_bytes(journal.read_bytes() + b'{"seq": 5, "torn')  # a torn tail open would cut
    seen: list[tuple[dict, list]] = []
    with BattleStore.open(path, check=lambda header, entries: seen.append((header, entries))) as store:
        assert seen == [(store.header, [entry(seq) for seq in range(5)])]


def test_a_check_that_raises_leaves_the_save_as_it_was_and_unlocked(make_save: Callable[..., Path]) -> None:
    path = make_save(folded=3, journal=2)
    journal = path / "journal-3.jsonl"
    journal.write_bytes(journal.read_bytes() + b'{"seq": 5, "torn')
    before = digest(path)

    def refuse(header: dict, entries: list) -> None:
        raise Unplayable("not a battle this version can play")

    with pytest.raises(Unplayable):
        BattleStore.open(path, check=refuse)
    assert digest(path) == before  # the torn tail is still there: nothing was repaired
    with BattleStore.open(path) as store:  # not left locked
        assert store.count == 5


def test_the_store_counts_and_reads_back_every_entry_across_checkpoints(save_path: Path) -> None:
    from saves_testkit import HEADER

    with BattleStore.create(save_path, HEADER, fold_min=4, background=False) as store:
        for seq in range(23):
            store.append(entry(seq))
            assert store.count == seq + 1
        assert store.entries == [entry(seq) for seq in range(23)]
        assert load(save_path)[1] == store.entries
    with BattleStore.open(save_path, fold_min=4) as store:
        assert store.count == 23
        store.append_many([entry(23), entry(24)])
        assert store.entries == [entry(seq) for seq in range(25)]
    assert store.entries == load(save_path)[1] == [entry(seq) for seq in range(25)]  # closed: from the file


def test_a_background_checkpoint_folds_the_journal_it_kept(save_path: Path) -> None:
    from saves_testkit import HEADER

    with BattleStore.create(save_path, HEADER, fold_min=2, background=True) as store:
        for seq in range(40):
            store.append(entry(seq))
        store.checkpoint()
        assert store.entries == [entry(seq) for seq in range(40)]
    assert load(save_path)[1] == [entry(seq) for seq in range(40)]

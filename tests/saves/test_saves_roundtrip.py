"""Round trips: what goes in through BattleStore comes back from load()."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from saves_testkit import HEADER, digest, entry
from tinydb import TinyDB
from tinydb.storages import JSONStorage

from saves import SAVE_FORMAT, BattleStore, SaveError, load


def test_appended_entries_and_header_come_back_from_load(save_path: Path) -> None:
    with BattleStore.create(save_path, HEADER) as store:
        for seq in range(50):
            store.append(entry(seq))
        written_header = store.header
    header, entries = load(save_path)
    assert header == written_header
    assert header == {
        "app": "skirmish-desk",
        "format": SAVE_FORMAT,
        "kind": "battle",
        "save_id": store.save_id,
        **HEADER,
    }
    assert entries == [entry(seq) for seq in range(50)]


def test_a_reopened_save_keeps_growing(save_path: Path) -> None:
    BattleStore.create(save_path, HEADER).close()
    for round_no in range(4):
        with BattleStore.open(save_path, fold_min=3) as store:
            assert len(store.entries) == round_no * 10
            store.append_many([entry(seq) for seq in range(round_no * 10, round_no * 10 + 5)])
            for seq in range(round_no * 10 + 5, round_no * 10 + 10):
                store.append(entry(seq))
        assert load(save_path)[1] == [entry(seq) for seq in range((round_no + 1) * 10)]


def test_store_entries_mirror_the_disk_while_open(save_path: Path) -> None:
    with BattleStore.create(save_path, HEADER, fold_min=2) as store:
        for seq in range(20):
            store.append(entry(seq))
            assert load(save_path) == (store.header, store.entries)


def test_a_closed_save_is_one_plain_tinydb_file(save_path: Path) -> None:
    with BattleStore.create(save_path, HEADER) as store:
        store.append_many([entry(seq) for seq in range(5)])
    assert os.listdir(save_path) == ["battle.json"]
    db = TinyDB(save_path / "battle.json", storage=JSONStorage, access_mode="r")
    assert db.tables() == {"header", "entries", "sum"}  # sum: the checksum of the rest
    assert db.table("header").get(doc_id=1)["title"] == HEADER["title"]
    assert [dict(doc) for doc in db.table("entries")] == [entry(seq) for seq in range(5)]
    db.close()


def test_append_goes_to_the_journal_not_to_battle_json(save_path: Path) -> None:
    with BattleStore.create(save_path, HEADER, fold_min=1000) as store:
        before = (save_path / "battle.json").read_bytes()
        for seq in range(100):
            store.append(entry(seq))
        assert (save_path / "battle.json").read_bytes() == before
        head, *journal = (save_path / "journal-0.jsonl").read_text().splitlines()
        assert json.loads(head[9:]) == {"journal": store.save_id, "start": 0}
        assert [json.loads(line[9:])["seq"] for line in journal] == list(range(100))


def test_append_many_is_one_journal_line(save_path: Path) -> None:
    with BattleStore.create(save_path, HEADER, fold_min=1000) as store:
        store.append_many([entry(0), entry(1), entry(2)])
        store.append(entry(3))
        _, *lines = (save_path / "journal-0.jsonl").read_text().splitlines()
    assert [json.loads(line[9:]) for line in lines] == [[entry(0), entry(1), entry(2)], entry(3)]


def test_checkpoint_folds_the_journal_into_battle_json(save_path: Path) -> None:
    with BattleStore.create(save_path, HEADER, fold_min=1000) as store:
        store.append_many([entry(seq) for seq in range(7)])
        store.checkpoint()
        assert sorted(os.listdir(save_path)) == ["battle.json", "journal-7.jsonl"]
        data = json.loads((save_path / "battle.json").read_text())
        assert len(data["entries"]) == 7
        store.append(entry(7))
    assert load(save_path)[1] == [entry(seq) for seq in range(8)]


def test_automatic_checkpoints_double_the_folded_part(save_path: Path) -> None:
    folds = []
    with BattleStore.create(save_path, HEADER, fold_min=4, background=False) as store:
        for seq in range(70):
            store.append(entry(seq))
            if store._folded not in folds:
                folds.append(store._folded)
    assert folds == [0, 4, 8, 16, 32, 64]


def test_set_header_replaces_the_header_atomically(save_path: Path) -> None:
    with BattleStore.create(save_path, HEADER) as store:
        store.append(entry(0))
        store.set_header({"title": "Renamed", "ruleset": "generic-2d6"})
        assert store.header == {
            "app": "skirmish-desk",
            "format": 2,
            "kind": "battle",
            "save_id": store.save_id,
            "title": "Renamed",
            "ruleset": "generic-2d6",
        }
        assert load(save_path)[0] == store.header
        store.append(entry(1))
    assert load(save_path) == (store.header, [entry(0), entry(1)])


def test_a_campaign_is_the_same_store_with_another_kind(save_path: Path) -> None:
    with BattleStore.create(save_path, {"kind": "campaign", "title": "Long war"}) as store:
        store.append(entry(0))
    assert load(save_path)[0]["kind"] == "campaign"
    with pytest.raises(ValueError):
        BattleStore.create(save_path.with_name("x.skirmish"), {"kind": "tournament"})


def test_the_store_keeps_its_own_copy_of_each_entry(save_path: Path) -> None:
    with BattleStore.create(save_path, HEADER) as store:
        mine = entry(0, tags=("a", "b"))
        store.append(mine)
        mine["round"] = 99
        assert store.entries[0]["round"] == 1
        assert store.entries[0]["tags"] == ["a", "b"]  # as JSON gives it back
    assert load(save_path)[1] == store.entries


def test_an_entry_out_of_sequence_is_refused_and_nothing_is_written(save_path: Path) -> None:
    with BattleStore.create(save_path, HEADER) as store:
        store.append(entry(0))
        before = digest(save_path)
        for bad in (entry(0), entry(2), {"no": "seq"}, {"seq": True}, {"seq": "1"}):
            with pytest.raises(SaveError) as caught:
                store.append(bad)
            assert caught.value.kind == "bad entry"
        with pytest.raises(SaveError, match=r"bad entry: seq 3 is out of order \(expected 2\)"):
            store.append_many([entry(1), entry(3)])
        with pytest.raises(TypeError):
            store.append(entry(1, when=object()))
        assert digest(save_path) == before
        store.append(entry(1))
    assert len(load(save_path)[1]) == 2


def test_create_refuses_an_existing_path_and_leaves_it_alone(save_path: Path) -> None:
    BattleStore.create(save_path, HEADER).close()
    before = digest(save_path)
    with pytest.raises(SaveError) as caught:
        BattleStore.create(save_path, {"title": "other"})
    assert str(caught.value) == f"cannot create {save_path}: a save with this name already exists"
    assert digest(save_path) == before
    assert [p.name for p in save_path.parent.iterdir()] == [save_path.name]  # no staging folder left


def test_a_second_writer_is_refused_while_the_first_is_open(save_path: Path) -> None:
    with BattleStore.create(save_path, HEADER):
        with pytest.raises(SaveError) as caught:
            BattleStore.open(save_path)
        assert caught.value.kind == "in use"
        assert load(save_path)[0]["title"] == HEADER["title"]  # readers are welcome
    BattleStore.open(save_path).close()


def test_a_closed_store_refuses_appends(save_path: Path) -> None:
    store = BattleStore.create(save_path, HEADER)
    store.close()
    store.close()  # twice is fine
    with pytest.raises(ValueError):
        store.append(entry(0))

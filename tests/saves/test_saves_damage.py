"""Damaged saves: one clear line naming the file and the problem, and not one byte changed."""

from __future__ import annotations

import json
import os
import zlib
from collections.abc import Callable
from pathlib import Path

import pytest
from saves_testkit import digest, entry, journal_bytes

from saves import BattleStore, SaveError, list_saves, load


def _edit_db(path: Path, change: Callable[[dict], None]) -> None:
    """Change battle.json's content as a program would, its checksum kept right."""
    data = json.loads((path / "battle.json").read_text())
    change(data)
    data.pop("sum", None)
    raw = json.dumps(data)[:-1].encode()  # without the closing brace
    (path / "battle.json").write_bytes(raw + b',\n"sum":{"1":{"crc":"%08x"}}\n}\n' % zlib.crc32(raw))


def _cut_db_in_half(path: Path) -> None:
    raw = (path / "battle.json").read_bytes()
    (path / "battle.json").write_bytes(raw[: len(raw) // 2])


def _journal_lines(path: Path, *lines: str) -> None:
    (path / "journal-3.jsonl").write_bytes(journal_bytes(path, 3, list(lines)))


def _replace_with_file(path: Path) -> None:
    for name in os.listdir(path):
        os.unlink(path / name)
    path.rmdir()
    path.write_text("not a folder")


def _empty_folder(path: Path) -> None:
    for name in os.listdir(path):
        os.unlink(path / name)


def _gap_before_journal(path: Path) -> None:
    os.unlink(path / "journal-3.jsonl")
    (path / "journal-5.jsonl").write_bytes(journal_bytes(path, 5, [json.dumps(entry(5))]))


def _torn_older_segment(path: Path) -> None:
    with open(path / "journal-3.jsonl", "a") as journal:
        journal.write('12345678 {"seq": 5, "rou')
    (path / "journal-5.jsonl").write_bytes(journal_bytes(path, 5, [json.dumps(entry(5))]))


DAMAGE: list[tuple[str, Callable[[Path], None], str]] = [
    ("missing", lambda p: _empty_folder(p) or p.rmdir(), "missing: no such save"),
    (
        "a file, not a folder",
        _replace_with_file,
        "not a Skirmish Desk save: it is a file; a save is a .skirmish folder",
    ),
    ("empty folder", _empty_folder, "not a Skirmish Desk save: no battle.json inside"),
    ("battle.json missing beside a journal", lambda p: os.unlink(p / "battle.json"), "corrupt: battle.json is missing"),
    ("empty battle.json", lambda p: (p / "battle.json").write_bytes(b""), "truncated: battle.json is empty"),
    (
        "binary garbage",
        lambda p: (p / "battle.json").write_bytes(b"\xff\xfe\x00\x81garbage"),
        "corrupt: battle.json is not UTF-8 text (byte 0)",
    ),
    (
        "text garbage",
        lambda p: (p / "battle.json").write_text("hello\nthis is not json\n"),
        "corrupt: battle.json is not valid JSON (line 1)",
    ),
    (
        "garbage after valid JSON",
        lambda p: (p / "battle.json").write_text('{"header": {}}\n}}}\n'),
        "corrupt: battle.json is not valid JSON (line 2)",
    ),
    ("truncated JSON", _cut_db_in_half, "truncated: battle.json ends early (line "),
    (
        "valid JSON, another TinyDB",
        lambda p: (p / "battle.json").write_text('{"_default": {"1": {"a": 1}}}'),
        "not a Skirmish Desk save: battle.json has no Skirmish Desk header",
    ),
    (
        "valid JSON, a list",
        lambda p: (p / "battle.json").write_text("[1, 2, 3]"),
        "not a Skirmish Desk save: battle.json has no Skirmish Desk header",
    ),
    (
        "newer format",
        lambda p: _edit_db(p, lambda d: d["header"]["1"].update(format=3)),
        "written by a newer version (format 3; this version reads up to 2)",
    ),
    (
        "format not a number",
        lambda p: _edit_db(p, lambda d: d["header"]["1"].update(format="1")),
        "corrupt: battle.json has no valid format number",
    ),
    (
        "unknown kind",
        lambda p: _edit_db(p, lambda d: d["header"]["1"].update(kind="tournament")),
        "corrupt: battle.json has an unknown kind 'tournament'",
    ),
    (
        "NaN",
        lambda p: _edit_db(p, lambda d: d["entries"]["1"].update(x=float("nan"))),
        "corrupt: battle.json is not strict JSON (NaN is not allowed)",
    ),
    (
        "seq gap in battle.json",
        lambda p: _edit_db(p, lambda d: d["entries"]["2"].update(seq=7)),
        "corrupt: battle.json entry 1 has seq 7 where 1 was expected",
    ),
    (
        "entries table not a table",
        lambda p: _edit_db(p, lambda d: d.update(entries=[1])),
        "corrupt: battle.json entries table is not a table",
    ),
    (
        "journal garbage in the middle",
        lambda p: _journal_lines(p, json.dumps(entry(3)), "%%garbage%%", json.dumps(entry(4))),
        "corrupt: journal-3.jsonl line 3 is not valid JSON",
    ),
    (
        "seq gap in the journal",
        lambda p: _journal_lines(p, json.dumps(entry(3)), json.dumps(entry(5))),
        "corrupt: journal-3.jsonl line 3 has seq 5 where 4 was expected",
    ),
    (
        "journal repeats an entry",
        lambda p: _journal_lines(p, json.dumps(entry(3)), json.dumps(entry(3))),
        "corrupt: journal-3.jsonl line 3 has seq 3 where 4 was expected",
    ),
    (
        "journal line not an entry",
        lambda p: _journal_lines(p, "[1, 2]", json.dumps(entry(3))),
        "corrupt: journal-3.jsonl line 2 is not an entry",
    ),
    (
        "journal starts after battle.json ends",
        _gap_before_journal,
        "corrupt: entries 3 to 4 are missing (journal-5.jsonl starts at 5)",
    ),
    (
        "torn line in an older journal segment",
        _torn_older_segment,
        "corrupt: journal-3.jsonl ends with a broken line but is not the newest journal",
    ),
]


@pytest.mark.parametrize(("damage", "expected"), [(d, e) for _, d, e in DAMAGE], ids=[i for i, _, _ in DAMAGE])
@pytest.mark.parametrize("reader", ["load", "BattleStore.open"])
def test_damage_gives_one_clear_line_and_changes_nothing(
    make_save: Callable[..., Path], damage: Callable[[Path], None], expected: str, reader: str
) -> None:
    path = make_save(folded=3, journal=2)
    damage(path)
    before = digest(path)
    with pytest.raises(SaveError) as caught:
        load(path) if reader == "load" else BattleStore.open(path)
    message = str(caught.value)
    assert message.startswith(f"cannot open {path}: {expected}")
    assert "\n" not in message
    assert caught.value.__cause__ is None and caught.value.__suppress_context__
    assert digest(path) == before


@pytest.mark.parametrize(
    ("damage", "expected"),
    [(d, e) for i, d, e in DAMAGE if i != "missing"],
    ids=[i for i, _, _ in DAMAGE if i != "missing"],
)
def test_the_saves_list_shows_damaged_saves_with_their_message(
    make_save: Callable[..., Path], damage: Callable[[Path], None], expected: str
) -> None:
    path = make_save()
    damage(path)
    [summary] = list_saves(path.parent)
    assert summary.path == path
    if summary.warning is not None:  # damage in the journal: listed, opens read-only
        assert summary.error is None and expected.startswith("corrupt: journal") or "entries" in expected
        assert summary.warning.startswith(f"{path} is damaged: {expected.removeprefix('corrupt: ')}")
    else:
        assert summary.error is not None and summary.error.startswith(f"cannot open {path}: {expected}")


def test_an_unreadable_file_is_reported_as_permission_denied(
    make_save: Callable[..., Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = make_save()
    before = digest(path)
    import saves.storage

    real = saves.storage.read_regular

    def denied(file: Path, limit: int = 1) -> bytes:
        if Path(file).name == "battle.json":
            raise PermissionError(13, "Permission denied", str(file))
        return real(file)

    monkeypatch.setattr(saves.storage, "read_regular", denied)
    for reader in (load, BattleStore.open):
        with pytest.raises(SaveError) as caught:
            reader(path)
        assert str(caught.value) == f"cannot open {path}: unreadable: permission denied (battle.json)"
    monkeypatch.undo()
    assert digest(path) == before


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root reads files whatever their mode")
def test_a_chmod_000_file_is_reported_as_permission_denied(make_save: Callable[..., Path]) -> None:
    path = make_save()
    before = digest(path)
    os.chmod(path / "journal-3.jsonl", 0)
    try:
        with pytest.raises(SaveError) as caught:
            load(path)
        assert str(caught.value) == f"cannot open {path}: unreadable: permission denied (journal-3.jsonl)"
    finally:
        os.chmod(path / "journal-3.jsonl", 0o644)
    assert digest(path) == before

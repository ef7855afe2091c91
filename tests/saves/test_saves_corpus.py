"""A corpus of damaged saves (issue #20): each gives its exit code and one line naming
the file and the problem, and no file changes by a byte.

A real battle whose writer was killed (entries in battle.json and in the journal, a
note with non-ASCII text) is damaged every way a disk or a copying mistake would:
truncated at every offset (inside UTF-8 characters too), a byte flipped at every offset
of the journal and throughout battle.json, a segment of another battle, an event about
a model that does not exist, pipes and devices, full disk (a small file-size limit).
"""

from __future__ import annotations

import io
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from demo_rosters import demo_roster_paths
from saves_testkit import digest

from engine.battle import Battle, new_header
from engine.rulesets.sanctum_mortalis import commands as c
from engine.rulesets.sanctum_mortalis import make_setup
from engine.rulesets.sanctum_mortalis.roster_toml import parse_roster
from saves import BattleStore, SaveError, load, salvage
from saves.rosters import read_roster_text

ROOT = Path(__file__).resolve().parents[2]
NOTE = "Łucja żółw — ☠"


def _battle() -> Battle:
    a, b = (parse_roster(read_roster_text(p), p.name) for p in demo_roster_paths())
    return Battle(new_header("sanctum-mortalis", make_setup(a, b, scenario="slaughter"), seed=3, title="Żółw"))


def _killed_save(where: Path, live: Path) -> tuple[Path, int]:
    """A copy of a battle's save taken while its writer was still writing; its entry count."""
    battle = _battle()
    store = BattleStore.create(live, battle.header, fold_min=1000, background=False)

    def save(result: object) -> None:
        store.append_many([e.to_dict() for e in result.events])  # type: ignore[attr-defined]

    save(battle.submit(c.StartRound()))
    if battle.state.order.phase == "choose-first":
        save(battle.submit(c.ChooseFirst("A")))
    store.checkpoint()
    mover = next(m for m in battle.state.models if m.side == battle.state.order.to_act)
    save(battle.submit(c.Move(mover.id, 3)))
    save(battle.undo())
    save(battle.redo())
    seq = store.count
    store.append({"seq": seq, "kind": "note", "round": 1, "group": seq, "payload": {"text": NOTE}})
    shutil.copytree(live, where)
    count = store.count
    store.close()
    return where, count


@pytest.fixture(scope="module")
def killed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, int]:
    base = tmp_path_factory.mktemp("corpus")
    return _killed_save(base / "battle.skirmish", base / "live.skirmish")


@pytest.fixture
def save(killed: tuple[Path, int], tmp_path: Path) -> Path:
    path = tmp_path / "battle.skirmish"
    shutil.copytree(killed[0], path)
    return path


def _journal(path: Path) -> Path:
    [name] = [n for n in os.listdir(path) if n.startswith("journal-")]
    return path / name


def _export(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, list[str]]:
    from tui.cli import build_parser
    from tui.launch import export_battle

    capsys.readouterr()
    code = export_battle(build_parser().parse_args(["export", str(path)]), out=io.StringIO())
    return code, capsys.readouterr().err.splitlines()


def _one_line(message: str, path: Path, name: str) -> None:
    assert "\n" not in message and str(path) in message and name in message, message


def test_the_corpus_battle_has_entries_in_both_files(killed: tuple[Path, int]) -> None:
    path, count = killed
    assert load(path)[1][-1]["seq"] == count - 1
    assert NOTE.encode() in _journal(path).read_bytes()
    assert "Żółw".encode() in (path / "battle.json").read_bytes()


def test_a_byte_flipped_anywhere_in_the_journal_is_named_and_the_rest_kept(
    save: Path, killed: tuple[Path, int], capsys: pytest.CaptureFixture[str]
) -> None:
    journal = _journal(save)
    good = journal.read_bytes()
    expected = load(save)[1]
    before = digest(save)
    for offset in range(len(good)):
        damaged = bytearray(good)
        damaged[offset] ^= 0x01 if offset % 3 else 0x80
        journal.write_bytes(bytes(damaged))
        before = digest(save)
        with pytest.raises(SaveError) as caught:
            load(save)
        _one_line(str(caught.value), save, journal.name)
        _, entries, warning = salvage(save)
        assert entries == expected[: len(entries)] and len(entries) < len(expected), offset
        _one_line(warning, save, journal.name)
        if offset % 211 == 0:
            code, err = _export(save, capsys)
            assert code == 2 and len(err) == 1, (offset, err)
            _one_line(err[0], save, journal.name)
        assert digest(save) == before
    journal.write_bytes(good)


def test_a_byte_flipped_throughout_battle_json_is_refused_naming_it(
    save: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = save / "battle.json"
    good = db.read_bytes()
    step = max(1, len(good) // 600)
    offsets = sorted({*range(0, len(good), step), *range(len(good) - 80, len(good))})
    for offset in offsets:
        damaged = bytearray(good)
        damaged[offset] ^= 0x01 if offset % 2 else 0x20
        db.write_bytes(bytes(damaged))
        before = digest(save)
        for read in (load, salvage):
            with pytest.raises(SaveError) as caught:
                read(save)
            _one_line(str(caught.value), save, "battle.json")
        if offset % 97 == 0:
            code, err = _export(save, capsys)
            assert code == 1 and len(err) == 1, (offset, err)
        assert digest(save) == before


def test_the_journal_truncated_at_every_offset_loads_what_was_whole(save: Path) -> None:
    journal = _journal(save)
    good = journal.read_bytes()
    expected = load(save)[1]
    note_at = good.index(NOTE.encode())
    inside_a_character = note_at + 1  # the second byte of 'Ł'
    assert (good[note_at] & 0xC0) == 0xC0
    for size in range(len(good) + 1):
        journal.write_bytes(good[:size])
        before = digest(save)
        entries = load(save)[1]
        assert entries == expected[: len(entries)], size
        if size == len(good):
            assert entries == expected
        if size == inside_a_character:
            assert len(entries) < len(expected)
        assert digest(save) == before


def test_battle_json_truncated_anywhere_is_refused_naming_it(save: Path) -> None:
    db = save / "battle.json"
    good = db.read_bytes()
    title_at = good.index("Żółw".encode())
    step = max(1, len(good) // 400)
    sizes = sorted({*range(0, len(good) - 1, step), title_at + 1, title_at + 3, len(good) - 2})
    for size in sizes:
        db.write_bytes(good[:size])
        before = digest(save)
        with pytest.raises(SaveError) as caught:
            load(save)
        message = str(caught.value)
        _one_line(message, save, "battle.json")
        assert re.search(r": (truncated|corrupt): battle.json ", message), message
        assert digest(save) == before


def test_a_segment_of_another_battle_is_refused_and_export_says_so(
    save: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    other, _ = _killed_save(tmp_path / "other.skirmish", tmp_path / "other-live.skirmish")
    journal = _journal(save)
    shutil.copyfile(_journal(other), journal)
    before = digest(save)
    code, err = _export(save, capsys)
    assert code == 1 and err == [
        f"skirmish: cannot open {save}: corrupt: {journal.name} belongs to another battle (not this save's journal)"
    ]
    assert digest(save) == before


def test_an_event_about_a_ghost_model_opens_read_only_at_its_seq(save: Path) -> None:
    from tui.session import open_session

    journal = _journal(save)
    count = len(load(save)[1])
    with BattleStore.open(save) as store:
        store.append(
            {"seq": count, "kind": "activation_ended", "round": 1, "group": count, "payload": {"model": "ghost"}}
        )
    before = digest(save)
    session = open_session(save)
    try:
        assert session.read_only and len(session.battle.entries) == count
        assert session.note.startswith(
            f"{save} is damaged: entry {count} (activation_ended) cannot be applied by the rules"
        )
        assert "there is no model 'ghost' in this battle" in session.note and "\n" not in session.note
    finally:
        session.close()
    assert digest(save) == before
    assert journal.name  # the ghost event is in the journal or battle.json: both were left as they were


def test_export_of_a_save_with_a_ghost_model_event_writes_the_entries_before_it_and_exits_2(
    save: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tui.cli import build_parser
    from tui.launch import export_battle
    from tui.report import build_report, render

    header, entries = load(save)
    count = len(entries)
    with BattleStore.open(save) as store:
        store.append(
            {"seq": count, "kind": "activation_ended", "round": 1, "group": count, "payload": {"model": "ghost"}}
        )
    before = digest(save)
    capsys.readouterr()
    out = io.StringIO()
    code = export_battle(build_parser().parse_args(["export", str(save)]), out=out)
    err = capsys.readouterr().err.splitlines()
    assert code == 2 and len(err) == 1, err
    _one_line(err[0], save, f"entry {count} (activation_ended)")
    assert "there is no model 'ghost' in this battle" in err[0]
    assert out.getvalue() == render(build_report(header, entries), "text")
    assert digest(save) == before


def _cli(*args: str, timeout: float = 60, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tui.cli", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=timeout,
        stdin=subprocess.DEVNULL,
        env={**os.environ, **(env or {})},
    )


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes")
def test_pipes_and_devices_are_refused_at_once(save: Path, tmp_path: Path) -> None:
    fifo = tmp_path / "roster.toml"
    os.mkfifo(fifo)
    for args in (["check", str(fifo)], ["check", "/dev/zero"], ["check", "--system", "saga", str(fifo)]):
        done = _cli(*args, timeout=30)
        assert done.returncode == 1, (args, done.stderr)
        [line] = done.stderr.splitlines()
        assert re.fullmatch(r"skirmish: cannot read \S+: it is a (named pipe|device), not a roster file", line), line
    db = save / "battle.json"
    db.unlink()
    os.mkfifo(db)
    for read in (load, salvage):
        with pytest.raises(SaveError, match=r"battle.json is a named pipe, not a file"):
            read(save)
    db.unlink()
    db.symlink_to("/dev/zero")
    with pytest.raises(SaveError, match=r"battle.json is a device, not a file"):
        load(save)
    done = _cli("export", str(save), timeout=30)
    assert done.returncode == 1 and done.stderr.splitlines() == [
        f"skirmish: cannot open {save}: corrupt: battle.json is a device, not a file"
    ]


def test_the_app_says_why_it_cannot_open_on_one_line_at_any_width(save: Path) -> None:
    (save / "battle.json").unlink()
    os.mkfifo(save / "battle.json")
    done = _cli("open", str(save), timeout=60, env={"COLUMNS": "40", "LINES": "12"})
    assert done.returncode == 1
    last = re.sub(r"\x1b\[[0-9;?<>]*[A-Za-z]|\x1b\][^\x07]*\x07", "", done.stderr).strip().splitlines()[-1]
    # (the app's last frame may end on that line: a terminal leaves it with the alternate screen)
    assert last.endswith(f"skirmish: cannot open {save}: corrupt: battle.json is a named pipe, not a file")


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root reads files whatever their mode")
def test_an_unreadable_journal_is_named(save: Path) -> None:
    journal = _journal(save)
    os.chmod(journal, 0)
    try:
        with pytest.raises(SaveError, match=f"unreadable: permission denied \\({journal.name}\\)"):
            load(save)
    finally:
        os.chmod(journal, 0o644)


FULL_DISK = r"""
import json, os, resource, signal, sys
sys.path[:0] = [sys.argv[2], sys.argv[3]]
from saves import BattleStore, load
from saves_testkit import HEADER, entry
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
path = sys.argv[1]
limit = 6000
resource.setrlimit(resource.RLIMIT_FSIZE, (limit, resource.RLIM_INFINITY))
told, tmp_left = [], []
with BattleStore.create(path, HEADER, fold_min=4, background=False) as store:
    for seq in range(80):
        store.append(entry(seq, note="x" * 40))
        problem = store.checkpoint_problem()
        if problem:
            told.append(problem)
        tmp_left += [n for n in os.listdir(path) if n.startswith(".battle.json.tmp")]
    count = store.count
    try:
        store.close()
        closed = ""
    except Exception as err:
        closed = str(err)
print(json.dumps({"told": told, "tmp": tmp_left, "count": count, "closed": closed}))
"""


@pytest.mark.skipif(sys.platform == "win32", reason="RLIMIT_FSIZE")
def test_a_full_disk_fails_the_checkpoint_not_the_journal(tmp_path: Path) -> None:
    path = tmp_path / "full.skirmish"
    here = Path(__file__).resolve().parent
    done = subprocess.run(
        [sys.executable, "-c", FULL_DISK, str(path), str(ROOT), str(here)],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["count"] == 80 and result["tmp"] == []
    assert len(result["told"]) == 1, result["told"]
    assert result["told"][0].startswith(f"cannot checkpoint {path}: file too large;")
    assert result["closed"].startswith(f"cannot checkpoint {path}: disk error: file too large")
    assert [e["seq"] for e in load(path)[1]] == list(range(80))  # every event, from the journal

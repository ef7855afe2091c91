"""The resume point on disk (``saves.resume``): a battle closed by the app reopens at its
state without replaying its log first; a missing, damaged, stale or foreign
``resume.json`` is ignored (the log replayed), and never makes a save damaged."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.battle import Battle
from engine.rulesets.sanctum_mortalis import commands as c
from saves import BattleStore, load
from saves.resume import RESUME_NAME, read_resume
from tui.session import Session, open_session

from .test_battle_saves import demo_battle, play_some


def closed_by_the_app(tmp_path: Path) -> tuple[Path, Battle]:
    """A battle played, then closed as the app closes it (``Session.close``)."""
    battle = demo_battle()
    path = tmp_path / "demo.skirmish"
    store = BattleStore.create(path, battle.header)
    play_some(battle, store)
    Session(battle, store).close()
    return path, battle


def reopen(path: Path) -> Session:
    session = open_session(path)
    assert not session.read_only and not session.damaged and not session.note, session.note
    return session


def test_closing_keeps_the_resume_point_and_reopening_starts_from_it(tmp_path):
    path, battle = closed_by_the_app(tmp_path)
    assert (path / RESUME_NAME).is_file()
    session = reopen(path)
    try:
        assert session.battle.history_due  # opened at the point: nothing replayed yet
        assert session.view.state == battle.state
        assert session.fill_history() and not session.battle.history_due
        assert session.battle.state == battle.state
    finally:
        session.close()


def test_playing_on_after_resuming_saves_the_same_log_as_without(tmp_path):
    path, battle = closed_by_the_app(tmp_path)
    session = reopen(path)
    try:
        session.submit(c.EndRound(force=True))
        session.undo()
        session.redo()
    finally:
        session.close()
    header, entries = load(path)
    replayed = Battle(header, entries)
    assert replayed.state.order.phase == "round-over"
    assert reopen_state(path) == replayed.state


def reopen_state(path: Path):
    session = reopen(path)
    try:
        assert session.battle.history_due
        return session.battle.state
    finally:
        session.close()


@pytest.mark.parametrize(
    "spoil",
    [
        lambda doc: b"{not json",
        lambda doc: b"",
        lambda doc: json.dumps({**doc, "code": "another engine"}).encode(),
        lambda doc: json.dumps({**doc, "format": 99}).encode(),
        lambda doc: json.dumps({**doc, "state": {"c": "os:system", "f": {}}}).encode(),
        lambda doc: json.dumps([1, 2]).encode(),
    ],
    ids=["not json", "empty", "other code", "newer format", "foreign class", "not a point"],
)
def test_a_bad_resume_file_is_ignored_and_the_log_replayed(tmp_path, spoil):
    path, battle = closed_by_the_app(tmp_path)
    doc = json.loads((path / RESUME_NAME).read_text())
    (path / RESUME_NAME).write_bytes(spoil(doc))
    session = reopen(path)
    try:
        assert not session.battle.history_due
        assert session.battle.state == battle.state
    finally:
        session.close()


def test_entries_written_after_the_point_make_it_stale_as_after_a_crash(tmp_path):
    path, battle = closed_by_the_app(tmp_path)
    with BattleStore.open(path) as store:  # played on, then the app killed: no new point
        result = battle.submit(c.EndRound(force=True))
        store.append_many([e.to_dict() for e in result.events])
    session = reopen(path)
    try:
        assert not session.battle.history_due
        assert session.battle.state == battle.state and battle.state.order.phase == "round-over"
    finally:
        session.close()
    assert read_resume(path, battle.ruleset)["count"] == len(battle.entries)  # the close kept a new one


def test_a_read_only_or_damaged_session_keeps_no_point(tmp_path):
    battle = demo_battle()
    path = tmp_path / "demo.skirmish"
    with BattleStore.create(path, battle.header) as store:
        play_some(battle, store)
        seq = len(battle.entries)
        store.append_many([{"seq": seq, "kind": "dragon_summoned", "round": 1, "group": seq, "payload": {}}])
    session = open_session(path)
    assert session.damaged
    session.close()
    assert not (path / RESUME_NAME).exists()


def test_opening_at_the_resume_point_imports_no_reducers_until_the_log_is_replayed(tmp_path):
    import subprocess
    import sys

    path, _ = closed_by_the_app(tmp_path)
    code = (
        "import sys; from tui.session import open_session; s = open_session(sys.argv[1]); "
        "loaded = lambda: 'engine.rulesets.sanctum_mortalis.evolve' in sys.modules; "
        "before = (s.battle.history_due, loaded()); s.fill_history(); print(before, loaded()); s.close()"
    )
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run([sys.executable, "-c", code, str(path)], cwd=root, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["(True,", "False)", "True"]

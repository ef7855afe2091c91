"""Hypothesis: whatever the sequence of operations, load() returns what was appended,
and no input file, however mangled, makes load() do anything but return or raise SaveError."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from saves_testkit import HEADER, digest, entry

from saves import BattleStore, SaveError, load

OPS = st.lists(
    st.one_of(
        st.tuples(st.just("append"), st.integers(1, 4)),
        st.tuples(st.just("append_many"), st.integers(0, 6)),
        st.tuples(st.just("checkpoint"), st.just(0)),
        st.tuples(st.just("reopen"), st.just(0)),
        st.tuples(st.just("set_header"), st.integers(0, 9)),
    ),
    max_size=25,
)
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12,
)
FAST = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(ops=OPS, fold_min=st.integers(1, 6), background=st.booleans(), payload=JSON)
def test_load_returns_exactly_what_was_appended(
    ops: list[tuple[str, int]], fold_min: int, background: bool, payload: object
) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "p.skirmish"
        store = BattleStore.create(path, HEADER, fold_min=fold_min, background=background)
        expected: list[dict] = []
        for op, n in ops:
            if op == "append":
                for _ in range(n):
                    store.append(entry(len(expected), payload=payload))
                    expected.append(entry(len(expected), payload=payload))
            elif op == "append_many":
                batch = [entry(len(expected) + i, payload=payload) for i in range(n)]
                store.append_many(batch)
                expected.extend(batch)
            elif op == "checkpoint":
                store.checkpoint()
            elif op == "reopen":
                store.close()
                store = BattleStore.open(path, fold_min=fold_min, background=background)
            else:
                store.set_header({**HEADER, "title": f"take {n}"})
            assert load(path) == (store.header, expected)
        header = store.header
        store.close()
        assert load(path) == (header, expected)


def _valid_save(folder: str) -> Path:
    path = Path(folder) / "f.skirmish"
    with BattleStore.create(path, HEADER) as store:
        store.append_many([entry(seq) for seq in range(3)])
    return path


@FAST
@given(content=st.binary(max_size=300) | JSON.map(lambda v: json.dumps(v).encode()))
def test_any_battle_json_loads_or_gives_a_save_error(content: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = _valid_save(folder)
        (path / "battle.json").write_bytes(content)
        before = digest(path)
        try:
            load(path)
        except SaveError as err:
            assert "\n" not in str(err)
        assert digest(path) == before


@FAST
@given(tail=st.binary(max_size=200), lines=st.lists(JSON.map(json.dumps), max_size=3))
def test_any_journal_loads_a_valid_prefix_or_gives_a_save_error(tail: bytes, lines: list[str]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = _valid_save(folder)
        (path / "journal-3.jsonl").write_bytes("".join(line + "\n" for line in lines).encode() + tail)
        before = digest(path)
        try:
            _, entries = load(path)
            assert entries[:3] == [entry(seq) for seq in range(3)]
            assert [e["seq"] for e in entries] == list(range(len(entries)))
        except SaveError:
            pass
        assert digest(path) == before


def test_battle_json_cut_at_any_byte_gives_a_save_error(tmp_path: Path) -> None:
    path = _valid_save(str(tmp_path))
    whole = (path / "battle.json").read_bytes()
    kinds = set()
    for cut in range(0, len(whole) - 2):
        (path / "battle.json").write_bytes(whole[:cut])
        try:
            load(path)
        except SaveError as err:
            kinds.add(err.kind)
        else:
            raise AssertionError(f"a battle.json cut at byte {cut} loaded")
    assert kinds <= {"truncated", "corrupt", "not a Skirmish Desk save"}

"""Fixtures for the saves tests (plain helpers live in saves_testkit.py)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from saves_testkit import HEADER, digest, entry, journal_bytes  # noqa: F401

from saves import BattleStore


@pytest.fixture
def save_path(tmp_path: Path) -> Path:
    return tmp_path / "battle.skirmish"


@pytest.fixture
def make_save(save_path: Path) -> Callable[..., Path]:
    """Build a save with ``folded`` entries in battle.json and ``journal`` more in the journal."""

    def build(folded: int = 3, journal: int = 2, path: Path = save_path) -> Path:
        with BattleStore.create(path, HEADER, background=False) as store:
            store.append_many([entry(seq) for seq in range(folded)])
        # What a killed writer leaves: entries in a journal segment, not yet folded.
        lines = [json.dumps(entry(seq)) for seq in range(folded, folded + journal)]
        (path / f"journal-{folded}.jsonl").write_bytes(journal_bytes(path, folded, lines))
        return path

    return build

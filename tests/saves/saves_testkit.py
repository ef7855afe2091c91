"""Fixtures for the saves tests: a sample header, entries, and folder digests."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import Any

HEADER: dict[str, Any] = {
    "title": "Red vs Blue",
    "ruleset": "generic-2d6",
    "seed": 1234,
    "settings": {"turn_order": "alternate", "units": "inches"},
    "rosters": {"red": [{"name": "Sgt. Vance", "wounds": 2}], "blue": [{"name": "Kel", "wounds": 1}]},
}


def entry(seq: int, **extra: Any) -> dict[str, Any]:
    """A small log entry with nested dice data."""
    return {
        "seq": seq,
        "round": 1 + seq // 10,
        "actor": "red" if seq % 2 else "blue",
        "roll": {"faces": [seq % 6 + 1, (seq * 7) % 6 + 1], "modifiers": [["cover", -1, "4.2"]]},
        **extra,
    }


def journal_bytes(path: Path, start: int, lines: list[str]) -> bytes:
    """A journal segment of the save at ``path`` (its ``save_id``) holding ``lines``
    (JSON text, each checksummed in its place, whatever it says)."""
    import json

    from saves.journal import framed_segment

    save_id = json.loads((path / "battle.json").read_text(encoding="utf-8"))["header"]["1"]["save_id"]
    return framed_segment(save_id, start, [line.encode("utf-8") for line in lines])


def digest(path: Path) -> dict[str, str]:
    """Every file under ``path`` (or ``path`` itself) with its SHA-256, for before/after checks."""
    if not os.path.lexists(path):
        return {}
    if path.is_file():
        return {path.name: hashlib.sha256(path.read_bytes()).hexdigest()}
    found = {}
    for root, _dirs, files in os.walk(path):
        for name in files:
            full = Path(root) / name
            found[str(full.relative_to(path))] = hashlib.sha256(full.read_bytes()).hexdigest()
    return found

"""The append-only journal: ``journal-<first seq>.jsonl`` segments.

Each line is one fsync'd write: either one entry (a JSON object) or a batch
from ``append_many`` (a JSON array of entries), so a batch survives a crash
whole or not at all. A line counts only once its newline is on disk: after a
kill or power cut the last line may be torn (no newline, or not valid JSON);
it was never reported as saved, so readers ignore it. An invalid line with
valid lines after it is damage, not a torn write.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from saves.errors import CORRUPT, Damage
from saves.storage import DECODER, ENCODER, sync_file, write_all

SEGMENT_RE = re.compile(r"journal-(\d{1,18})\.jsonl")


def segment_name(start: int) -> str:
    return f"journal-{start}.jsonl"


def encode_line(item: dict[str, Any] | list[dict[str, Any]]) -> bytes:
    """One journal line (``TypeError``/``ValueError`` if not JSON-safe)."""
    return (ENCODER.encode(item) + "\n").encode("utf-8")


@dataclass
class Segment:
    """One journal file as read from disk."""

    path: Path
    start: int
    raw: bytes
    entries: list[dict[str, Any]] = field(default_factory=list)
    good_bytes: int = 0  # length of the valid, complete lines
    torn: bool = False  # bytes after ``good_bytes`` (to ignore, or cut on open)

    @property
    def end(self) -> int:
        return self.start + len(self.entries)


def parse_segment(seg: Segment, is_last: bool) -> None:
    """Fill ``seg.entries``; torn tails are allowed only in the last segment."""
    raw = seg.raw
    cut = raw.rfind(b"\n") + 1
    lines = raw[:cut].split(b"\n")[:-1]  # complete lines, without newlines
    items = _parse_fast(raw[:cut], len(lines))
    if items is None:
        items = _parse_slow(seg, lines, is_last)
    seg.good_bytes = cut if len(items) == len(lines) else sum(len(line) + 1 for line in lines[: len(items)])
    seg.torn = seg.good_bytes < len(raw)
    if seg.torn and not is_last:
        raise Damage(CORRUPT, f"{seg.path.name} ends with a broken line but is not the newest journal")
    seg.entries = _flatten(seg, items)


def _parse_fast(body: bytes, count: int) -> list[Any] | None:
    """All lines in one parse (about twice as fast); ``None`` if anything is off."""
    if not count:
        return []
    try:
        text = body.decode("utf-8")
        items = DECODER.decode("[" + text[:-1].replace("\n", ",") + "]")
    except (ValueError, RecursionError):  # UnicodeDecodeError is a ValueError
        return None
    return items if isinstance(items, list) and len(items) == count else None


def _parse_slow(seg: Segment, lines: list[bytes], is_last: bool) -> list[Any]:
    """Line by line, to name the bad line or to drop a torn last one."""
    items: list[Any] = []
    for number, line in enumerate(lines, start=1):
        try:
            items.append(DECODER.decode(line.decode("utf-8")))
        except (ValueError, RecursionError):
            if number == len(lines) and is_last:
                return items  # a torn last line: it was never reported as saved
            raise Damage(CORRUPT, f"{seg.path.name} line {number} is not valid JSON") from None
    return items


def _flatten(seg: Segment, items: list[Any]) -> list[dict[str, Any]]:
    entries: list[dict[str, Any]] = []
    expected = seg.start
    for number, item in enumerate(items, start=1):
        batch = item if isinstance(item, list) else [item]
        for entry in batch:
            if not isinstance(entry, dict):
                raise Damage(CORRUPT, f"{seg.path.name} line {number} is not an entry")
            seq = entry.get("seq")
            if type(seq) is not int:
                raise Damage(CORRUPT, f"{seg.path.name} line {number} has no whole-number seq")
            if seq != expected:
                raise Damage(CORRUPT, f"{seg.path.name} line {number} has seq {seq} where {expected} was expected")
            entries.append(entry)
            expected += 1
    return entries


class JournalWriter:
    """Appends fsync'd lines to one segment; undoes a half-written line on error."""

    def __init__(self, path: Path, start: int, *, create: bool, keep_bytes: int | None = None) -> None:
        self.path = path
        self.start = start
        flags = os.O_WRONLY | os.O_APPEND | (os.O_CREAT | os.O_EXCL if create else 0)
        self._fd = os.open(path, flags, 0o644)
        try:
            if keep_bytes is not None and os.fstat(self._fd).st_size != keep_bytes:
                os.ftruncate(self._fd, keep_bytes)  # cut a torn tail
                sync_file(self._fd)
            self.size = os.fstat(self._fd).st_size
        except BaseException:
            os.close(self._fd)
            raise
        self.broken = False

    def write(self, line: bytes) -> None:
        """Append ``line`` and fsync. On error, cut the file back and re-raise."""
        try:
            write_all(self._fd, line)
            sync_file(self._fd)
        except BaseException:
            try:
                os.ftruncate(self._fd, self.size)
            except OSError:
                self.broken = True  # a partial line may stay: refuse further appends
            raise
        self.size += len(line)

    def close(self) -> None:
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1

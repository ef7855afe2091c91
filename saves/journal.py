"""The append-only journal: ``journal-<first seq>.jsonl`` segments.

Each line is one fsync'd write: either one entry (a JSON object) or a batch from
``append_many`` (a JSON array of entries), so a batch survives a crash whole or not
at all. A line counts only once its newline is on disk: after a kill or power cut
the last line may be torn (no newline); it was never reported as saved, so readers
ignore it. A *complete* line that does not check out is damage, never a torn write.

Framed segments (written since save format 2) start with a header line naming the
battle (``journal``: the save's ``save_id``) and the segment's first seq; every line
is ``<crc32 as 8 hex digits> <JSON>``, where the checksum runs over the payloads of
every line of the segment so far, header first (as SQLite's WAL frames carry salts
and running checksums). A changed byte, a line moved from another place or a
segment of another battle is therefore noticed. Segments written before (plain JSON
lines) are still read: they start with ``{`` or ``[``.
"""

from __future__ import annotations

import os
import re
import zlib
from pathlib import Path
from typing import Any

import msgspec
from saves.errors import CORRUPT, Damage
from saves.storage import DECODER, ENCODER, sync_file, write_all

SEGMENT_RE = re.compile(r"journal-(\d{1,18})\.jsonl")
DAMAGED_SUFFIX = ".damaged"
"""A damaged segment's copy, kept beside it when the GM continues from the last good entry."""


def segment_name(start: int) -> str:
    return f"journal-{start}.jsonl"


def encode_line(item: dict[str, Any] | list[dict[str, Any]]) -> bytes:
    """One plain JSON line (``TypeError``/``ValueError`` if not JSON-safe)."""
    return (ENCODER.encode(item) + "\n").encode("utf-8")


def frame(payload: bytes, running: int) -> tuple[bytes, int]:
    """``payload`` (JSON bytes, no newline) as a framed line, and the new running checksum."""
    crc = zlib.crc32(payload, running)
    return b"%08x " % crc + payload + b"\n", crc


def header_payload(journal_id: str, start: int) -> bytes:
    """The first line's payload of a framed segment."""
    return ENCODER.encode({"journal": journal_id, "start": start}).encode("utf-8")


def framed_segment(journal_id: str, start: int, payloads: list[bytes]) -> bytes:
    """A whole framed segment: its header line, then one line per payload (JSON bytes)."""
    line, running = frame(header_payload(journal_id, start), 0)
    out = [line]
    for payload in payloads:
        line, running = frame(payload, running)
        out.append(line)
    return b"".join(out)


class Segment(msgspec.Struct):
    """One journal file as read from disk."""

    path: Path
    start: int
    raw: bytes
    entries: list[dict[str, Any]] = msgspec.field(default_factory=list)
    good_bytes: int = 0  # length of the valid, complete lines
    torn: bool = False  # a last line without its newline (to ignore, or cut on open)
    damage: str = ""  # the first complete line that does not check out, said in words
    legacy: bool = False  # plain JSON lines (before save format 2)
    framed: bool = False  # has its header line
    crc: int = 0  # the running checksum after the good lines (framed segments)

    @property
    def end(self) -> int:
        return self.start + len(self.entries)


def parse_segment(seg: Segment, is_last: bool, journal_id: str | None) -> None:
    """Fill ``seg``: the entries of its good lines, a torn tail, and ``damage`` for the
    first complete line that is not right. Raises ``Damage`` only for a segment that
    is not this battle's (another battle's id, or another place in the log)."""
    raw = seg.raw
    cut = raw.rfind(b"\n") + 1
    seg.torn = cut < len(raw)
    if not raw:
        return
    seg.legacy = raw[:1] in (b"{", b"[")
    lines = raw[:cut].split(b"\n")[:-1]  # complete lines, without newlines
    if seg.legacy:
        items = _parse_fast(raw[:cut], len(lines))
        if items is None:
            items = _parse_slow(seg, lines)
        seg.good_bytes = cut if len(items) == len(lines) else sum(len(line) + 1 for line in lines[: len(items)])
        _flatten(seg, items, lines, first_line=1)
    else:
        _parse_framed(seg, lines, journal_id)
        tail = raw[cut:]
        if seg.torn and not seg.damage and len(tail) > 10 and tail[8:9] == b" ":
            if tail[:8] == b"%08x" % zlib.crc32(tail[9:-1], seg.crc):  # a whole line, its newline changed
                seg.damage = f"{seg.path.name} line {len(lines) + 1} has lost its newline"
    if seg.torn and not is_last and not seg.damage:
        seg.damage = f"{seg.path.name} ends with a broken line but is not the newest journal"


def _parse_framed(seg: Segment, lines: list[bytes], journal_id: str | None) -> None:
    name = seg.path.name
    payloads: list[bytes] = []
    running = 0
    good = 0
    for number, line in enumerate(lines, start=1):
        payload = line[9:]
        crc = zlib.crc32(payload, running)
        if len(line) < 10 or line[8:9] != b" " or line[:8] != b"%08x" % crc:
            seg.damage = f"{name} line {number} fails its checksum"
            break
        running = crc
        good += len(line) + 1
        payloads.append(payload)
    if not payloads:  # not even a header: nothing from this segment counts
        return
    try:
        head = DECODER.decode(payloads[0].decode("utf-8"))
    except ValueError:
        head = None
    if not isinstance(head, dict) or not isinstance(head.get("journal"), str) or type(head.get("start")) is not int:
        seg.damage = f"{name} line 1 is not a journal header"
        return
    if head["journal"] != journal_id:
        raise Damage(CORRUPT, f"{name} belongs to another battle (not this save's journal)")
    if head["start"] != seg.start:
        raise Damage(CORRUPT, f"{name} holds entries from seq {head['start']}, not {seg.start} (renamed?)")
    seg.framed = True
    body = payloads[1:]
    try:
        text = b",".join(body).decode("utf-8")
        items = DECODER.decode("[" + text + "]")
    except (ValueError, RecursionError):
        items = None
    if not isinstance(items, list) or len(items) != len(body):
        items = []
        for index, payload in enumerate(body):
            try:
                items.append(DECODER.decode(payload.decode("utf-8")))
            except (ValueError, RecursionError):
                seg.damage = f"{name} line {index + 2} is not valid JSON"
                break
    kept = _flatten(seg, items, lines[1:], first_line=2)
    # the checksum and byte count up to the last line kept
    seg.crc = zlib.crc32(payloads[0])
    seg.good_bytes = len(lines[0]) + 1
    for line, payload in zip(lines[1 : 1 + kept], body):
        seg.crc = zlib.crc32(payload, seg.crc)
        seg.good_bytes += len(line) + 1
    if kept == len(body):
        seg.good_bytes = good
        seg.crc = running


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


def _parse_slow(seg: Segment, lines: list[bytes]) -> list[Any]:
    """Line by line, to name the first bad line."""
    items: list[Any] = []
    for number, line in enumerate(lines, start=1):
        try:
            items.append(DECODER.decode(line.decode("utf-8")))
        except (ValueError, RecursionError):
            seg.damage = f"{seg.path.name} line {number} is not valid JSON"
            break
    return items


def _flatten(seg: Segment, items: list[Any], lines: list[bytes], first_line: int) -> int:
    """Append the entries of ``items`` to ``seg.entries``, each line whole or not at all;
    the number of lines kept. A line that is not an entry or breaks the seq order is
    ``seg.damage`` (unless an earlier line already was)."""
    expected = seg.start
    kept = 0
    for index, item in enumerate(items):
        number = first_line + index
        batch = item if isinstance(item, list) else [item]
        problem = ""
        for offset, entry in enumerate(batch):
            if not isinstance(entry, dict):
                problem = f"{seg.path.name} line {number} is not an entry"
                break
            seq = entry.get("seq")
            if type(seq) is not int:
                problem = f"{seg.path.name} line {number} has no whole-number seq"
                break
            if seq != expected + offset:
                problem = f"{seg.path.name} line {number} has seq {seq} where {expected + offset} was expected"
                break
        if problem or not batch:
            seg.damage = problem or f"{seg.path.name} line {number} is an empty batch"
            if seg.legacy:
                seg.good_bytes = sum(len(line) + 1 for line in lines[:index])
            return kept
        seg.entries.extend(batch)
        expected += len(batch)
        kept += 1
    return kept


class JournalWriter:
    """Appends fsync'd framed lines to one segment; undoes a half-written line on error."""

    def __init__(
        self,
        path: Path,
        start: int,
        journal_id: str,
        *,
        create: bool,
        keep_bytes: int | None = None,
        crc: int = 0,
    ) -> None:
        """``create``: a new segment (its header line written and fsync'd); otherwise
        continue ``path`` after its first ``keep_bytes`` bytes, whose running checksum is ``crc``."""
        self.path = path
        self.start = start
        self.crc = crc
        flags = os.O_WRONLY | os.O_APPEND | (os.O_CREAT | os.O_EXCL if create else 0)
        self._fd = os.open(path, flags, 0o644)
        try:
            if keep_bytes is not None and os.fstat(self._fd).st_size != keep_bytes:
                os.ftruncate(self._fd, keep_bytes)  # cut a torn tail
                sync_file(self._fd)
            self.size = os.fstat(self._fd).st_size
            self.broken = False
            if create:
                line, self.crc = frame(header_payload(journal_id, start), 0)
                self._write_raw(line)
        except BaseException:
            os.close(self._fd)
            raise

    def write(self, payload: bytes) -> None:
        """Append one framed line of ``payload`` (JSON, no newline) and fsync. On error,
        cut the file back and re-raise."""
        line, crc = frame(payload, self.crc)
        self._write_raw(line)
        self.crc = crc

    def _write_raw(self, line: bytes) -> None:
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

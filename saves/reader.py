"""Reading a save without changing it: validation and merging of db + journal.

Order matters for a reader racing a live writer: the journal segments are
listed and read first, then ``battle.json``. The writer renames a new
``battle.json`` into place before it deletes the segments it folded, so any
segment that vanished is already in the ``battle.json`` read afterwards.

Segments that start before the last one starting at or before the number of
entries ``battle.json`` holds are folded: they are not read at all, so any subset
of a checkpoint's deletions reaching the disk (a power cut) still loads.

Journal damage (a complete line that fails its checksum or is not an entry in its
place) is told apart from a torn write (a last line without its newline). A strict
read raises it; a salvaging read (``salvage=True``) keeps the entries before it and
says what it is in ``Snapshot.damage``.
"""

from __future__ import annotations

import os
import secrets
import stat
from pathlib import Path
from typing import Any, Callable

import msgspec
from tinydb import TinyDB

from saves.errors import CORRUPT, MISSING, NEWER, NOT_OURS, Damage, os_damage
from saves.journal import SEGMENT_RE, Segment, encode_line, parse_segment
from saves.paths import SUFFIX
from saves.storage import DB_NAME, DECODER, TMP_PREFIX, SaveStorage, read_save_file

SAVE_FORMAT = 2
"""2: framed, checksummed journal segments and the header's ``save_id`` (1 is still read)."""
APP_ID = "skirmish-desk"
KINDS = ("battle", "campaign")
SAVE_ID = "save_id"
"""The header field naming the battle: every framed journal segment carries it."""
RESERVED = ("app", "format", "kind", SAVE_ID)
HEADER_TABLE = "header"
ENTRIES_TABLE = "entries"


class Snapshot(msgspec.Struct):
    """Everything read from one save folder."""

    path: Path
    header: dict[str, Any]
    entries: list[dict[str, Any]]
    folded: int  # how many entries battle.json holds
    db: TinyDB  # open on battle.json, its cache filled
    segments: list[Segment] = msgspec.field(default_factory=list)
    """The segments from the first one that still counts (earlier ones are folded)."""
    leftovers: list[Path] = msgspec.field(default_factory=list)  # stale temp files
    stale: list[Path] = msgspec.field(default_factory=list)  # folded segments never deleted
    damage: str = ""
    """Salvaged: what is wrong in the journal (one line); ``entries`` are those before it."""

    @property
    def warning(self) -> str:
        """The one-line warning for a salvaged save, or empty."""
        if not self.damage:
            return ""
        kept = len(self.entries)
        what = f"kept entries 0 to {kept - 1}" if kept else "kept no entries"
        return f"{self.path} is damaged: {self.damage}; {what}, changed nothing"


def check_folder(path: Path) -> None:
    """Raise ``Damage`` unless ``path`` is an existing folder."""
    try:
        info = os.stat(path)
    except (FileNotFoundError, NotADirectoryError):
        raise Damage(MISSING, "no such save") from None
    except OSError as err:
        raise os_damage(err, path.name) from None
    if not stat.S_ISDIR(info.st_mode):
        raise Damage(NOT_OURS, f"it is a file; a save is a {SUFFIX} folder")


def read_save(path: Path, *, background: bool = False, salvage: bool = False) -> Snapshot:
    """Read and validate a save. Raises ``Damage``; changes nothing on disk. With
    ``salvage``, journal damage is not raised: the snapshot keeps the entries before it
    and names it in ``damage``."""
    check_folder(path)
    try:
        names = sorted(os.listdir(path))
    except OSError as err:
        raise os_damage(err, path.name) from None
    segments = _read_segments(path, names)
    if DB_NAME not in names:
        if segments:
            raise Damage(CORRUPT, f"{DB_NAME} is missing")
        raise Damage(NOT_OURS, f"no {DB_NAME} inside")
    storage_path = path / DB_NAME
    raw = read_save_file(storage_path)
    db = TinyDB(storage_path, storage=SaveStorage, raw=raw, background=background)
    header, entries = _read_db(db)
    folded = len(entries)
    base = max((i for i, seg in enumerate(segments) if seg.start <= folded), default=0)
    stale = [seg.path for seg in segments[:base]]
    live = segments[base:]
    journal_id = header.get(SAVE_ID)
    tail, damage = _journal_tail(live, folded, journal_id if isinstance(journal_id, str) else None)
    if damage and not salvage:
        db.close()
        raise Damage(CORRUPT, damage)
    entries.extend(tail)
    leftovers = [path / name for name in names if name.startswith(TMP_PREFIX)]
    return Snapshot(path, header, entries, folded, db, live, leftovers, stale, damage)


def read_folded(path: Path) -> list[dict[str, Any]]:
    """The entries ``battle.json`` holds now, validated. Raises ``Damage``; changes
    nothing on disk and keeps nothing open."""
    db = TinyDB(path / DB_NAME, storage=SaveStorage)
    try:
        return _read_db(db)[1]
    finally:
        db.close()


def _read_segments(path: Path, names: list[str]) -> list[Segment]:
    found = []
    for name in names:
        match = SEGMENT_RE.fullmatch(name)
        if match:
            found.append((int(match.group(1)), name))
    segments = []
    for start, name in sorted(found):
        try:
            raw = read_save_file(path / name)
        except Damage as damage:
            if damage.kind == MISSING:
                continue  # folded and deleted by a live writer since we listed it
            raise
        segments.append(Segment(path / name, start, raw))
    return segments


def _read_db(db: TinyDB) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    data = db.storage.read()
    tables = data if isinstance(data, dict) else {}
    header_table = tables.get(HEADER_TABLE)
    if not isinstance(header_table, dict) or len(header_table) != 1:
        raise Damage(NOT_OURS, f"{DB_NAME} has no Skirmish Desk header")
    raw_header = next(iter(header_table.values()))
    if not isinstance(raw_header, dict) or raw_header.get("app") != APP_ID:
        raise Damage(NOT_OURS, f"{DB_NAME} has no Skirmish Desk header")
    version = raw_header.get("format")
    if type(version) is not int or version < 1:
        raise Damage(CORRUPT, f"{DB_NAME} has no valid format number")
    if version > SAVE_FORMAT:
        raise Damage(NEWER, f"format {version}; this version reads up to {SAVE_FORMAT}")
    if raw_header.get("kind") not in KINDS:
        raise Damage(CORRUPT, f"{DB_NAME} has an unknown kind {raw_header.get('kind')!r}")
    if "1" not in header_table:
        raise Damage(CORRUPT, f"{DB_NAME} header has the wrong document id")
    raw_entries = tables.get(ENTRIES_TABLE, {})
    if not isinstance(raw_entries, dict):
        raise Damage(CORRUPT, f"{DB_NAME} entries table is not a table")
    for index, (doc_id, entry) in enumerate(raw_entries.items()):
        if doc_id != str(index + 1) or not isinstance(entry, dict):
            raise Damage(CORRUPT, f"{DB_NAME} entry {index} is out of place")
        seq = entry.get("seq")
        if type(seq) is not int or seq != index:
            raise Damage(CORRUPT, f"{DB_NAME} entry {index} has seq {seq!r} where {index} was expected")
    storage = db.storage
    if version >= 2 and not (isinstance(storage, SaveStorage) and storage.summed):
        raise Damage(CORRUPT, f"{DB_NAME} has no checksum table (its end was changed)")
    # Validated: now TinyDB's own API cannot trip on the layout. The header is a copy
    # (TinyDB updates its document in place); the entries are the very dicts TinyDB
    # holds (it never changes a stored entry, and a second copy of a long battle's log
    # cost ~1.4 MB): read-only, as ``BattleStore.entries`` says.
    header = dict(db.table(HEADER_TABLE).get(doc_id=1) or {})
    entries = list(raw_entries.values())
    return header, entries


def _journal_tail(segments: list[Segment], folded: int, journal_id: str | None) -> tuple[list[dict[str, Any]], str]:
    """Journal entries not yet in battle.json, checked to continue it, and the first
    damage met (empty if none): the entries returned are those before it."""
    tail: list[dict[str, Any]] = []
    if segments and segments[0].start > folded:
        first = segments[0]
        return tail, f"entries {folded} to {first.start - 1} are missing ({first.path.name} starts at {first.start})"
    expected = segments[0].start if segments else 0
    for index, seg in enumerate(segments):
        if seg.start != expected:
            if expected < folded < seg.start:
                return tail, f"entries {folded} to {seg.start - 1} are missing ({seg.path.name} starts at {seg.start})"
            return tail, f"{seg.path.name} starts at seq {seg.start} where {expected} was expected"
        parse_segment(seg, is_last=index == len(segments) - 1, journal_id=journal_id)
        if seg.legacy and journal_id is not None and seg.end > folded:
            raise Damage(CORRUPT, f"{seg.path.name} has lines without checksums (not written for this save)")
        expected = seg.end
        skip = max(0, folded - seg.start)
        tail.extend(seg.entries[skip:])
        if seg.damage:
            return tail, f"{seg.damage} (entry {max(seg.end, folded)})"
    return tail, ""


def absolute(path: str | os.PathLike[str]) -> Path:
    return Path(path).expanduser().absolute()


def load(path: str | os.PathLike[str]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Read-only: ``(header, entries)``. Never modifies any file. Raises ``SaveError``
    (a damaged journal too: ``salvage`` reads what comes before the damage)."""
    where = absolute(path)
    try:
        snap = read_save(where)
    except Damage as damage:
        raise damage.at(where) from None
    snap.db.close()
    return snap.header, snap.entries


def salvage(
    path: str | os.PathLike[str],
    check: Callable[[dict[str, Any], list[dict[str, Any]]], tuple[int, str] | None] | None = None,
) -> tuple[dict[str, Any], list[dict[str, Any]], str]:
    """Read-only, as ``load``, but a damaged journal gives the entries before the damage
    and a one-line warning (empty when nothing is wrong). Never modifies any file.

    ``check(header, entries)``, if given, sees the entries read (before the damage) and
    may return ``(count, problem)``: entry ``count`` cannot be used (the rules cannot
    apply it), which is damage as a bad journal line is: the entries are those before
    it and the warning names it. Whatever ``check`` raises is raised from here."""
    where = absolute(path)
    try:
        snap = read_save(where, salvage=True)
    except Damage as damage:
        raise damage.at(where) from None
    snap.db.close()
    verdict = check(snap.header, snap.entries) if check is not None else None
    if verdict is not None:
        count, problem = verdict
        del snap.entries[count:]
        snap.damage = problem
    return snap.header, snap.entries, snap.warning


def normalise_header(header: dict[str, Any], kind: str | None, save_id: str | None = None) -> dict[str, Any]:
    """The header as saved: the app, format, kind and save_id set by us, the caller's other fields."""
    if not isinstance(header, dict):
        raise TypeError("a save header must be a dict")
    fields = DECODER.decode(encode_line(header).decode("utf-8"))
    chosen = fields.get("kind", kind or "battle")
    if chosen not in KINDS:
        raise ValueError(f"kind must be one of {KINDS}, not {chosen!r}")
    own = {"app": APP_ID, "format": SAVE_FORMAT, "kind": chosen, SAVE_ID: save_id or secrets.token_hex(8)}
    return own | {key: value for key, value in fields.items() if key not in RESERVED}

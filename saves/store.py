"""``BattleStore``: an open save being written.

A save is a folder ``NAME.skirmish/`` holding ``battle.json`` (TinyDB: the
header and every entry folded so far) and ``journal-<seq>.jsonl`` segments
(entries since). ``append`` writes one fsync'd journal line, so its cost does
not depend on the battle's length; checkpoints (``saves.checkpoints``) fold the
journal into ``battle.json`` now and then. ``close`` folds everything. Reading
without changing anything is ``saves.reader`` (``load``, ``salvage``); the lock
and durable file operations are ``saves.folder``.

An open store keeps only the header and the entries not yet folded in memory:
the caller (the battle being played) holds the log, so a checkpoint reads
``battle.json`` again (one parse, in the checkpoint thread) rather than keeping a
second decoded copy of a long battle for its whole session.
"""

from __future__ import annotations

import errno
import os
import sys
import threading
from pathlib import Path
from types import TracebackType
from typing import Any, Callable, MutableMapping

from saves.checkpoints import Checkpoints
from saves.errors import BAD_ENTRY, CORRUPT, IO, Damage, SaveError, describe_os_error, io_error
from saves.folder import cut, keep_copy, lock, make_save_folder, new_db, unlink, unlock
from saves.journal import SEGMENT_RE, JournalWriter, encode_line, segment_name
from saves.reader import (
    ENTRIES_TABLE,
    HEADER_TABLE,
    SAVE_ID,
    Snapshot,
    absolute,
    check_folder,
    load,
    normalise_header,
    read_folded,
    read_save,
    salvage,
)
from saves.storage import DB_NAME, DECODER, atomic_write, encode_db, sync_dir

__all__ = ["DEFAULT_FOLD_MIN", "BattleStore", "load", "salvage"]

DEFAULT_FOLD_MIN = 256


def _read_only_reason(folder: Path) -> str:
    """Why nothing can be written in ``folder`` (empty if it can be)."""
    try:
        if sys.platform != "win32" and os.statvfs(folder).f_flag & os.ST_RDONLY:
            return "it is on a read-only disk"
    except OSError:
        pass
    if not os.access(folder, os.W_OK):
        return "its folder is not writable (permission denied)"
    return ""


_READ_ONLY_ERRORS = (errno.EROFS, errno.EACCES, errno.EPERM)


class BattleStore(Checkpoints):
    """An open save being written. Single writer: a lock on the folder refuses a second one.

    ``header`` and ``entries`` mirror what is on disk; treat them as
    read-only and change them only through ``set_header`` and ``append``.
    Only the header and the entries not yet folded into ``battle.json`` stay in
    memory: ``entries`` reads the file again, ``count`` does not.
    """

    path: Path
    header: dict[str, Any]
    read_only: str
    """Why this store saves nothing (a damaged journal, a read-only disk), or empty."""
    warning: str
    """A damaged save's one-line warning (the file, the entry, what was kept), or empty."""

    def __init__(self, snap: Snapshot, lock_fd: int | None, *, fold_min: int, background: bool) -> None:
        """Private: use ``create`` or ``open``."""
        self.path = snap.path
        self.header = snap.header
        self.warning = snap.warning
        self.read_only = f"read-only: {snap.damage}" if snap.damage else _read_only_reason(snap.path)
        if self.read_only and not snap.damage:
            self.read_only = f"read-only: {self.read_only}"
        self._salvaged: list[dict[str, Any]] = snap.entries if snap.damage else []
        self._count = len(snap.entries)
        self._tail_start = snap.folded
        self._tail = snap.entries[snap.folded :]
        """The entries from ``_tail_start`` on: those not folded into battle.json when
        they were last trimmed (after each fold, on the thread that appends)."""
        self._db = snap.db
        self._storage().forget()  # battle.json's part of the log: read again at a checkpoint
        self._folded = snap.folded
        self._lock_fd = lock_fd
        self._fold_min = max(1, fold_min)
        self._background = background
        self._fold_thread: threading.Thread | None = None
        self._next_fold_at = self._folded + max(self._fold_min, self._folded)
        self.checkpoint_error: BaseException | None = None  # the last failed checkpoint, if any
        self._closed = False
        self._mutex = threading.RLock()  # one public call at a time, whichever thread makes it
        self._old_segments: list[Path] = []  # folded or being folded: delete after the next fold
        self._checkpoint_told = False
        self._journal: JournalWriter | None = None
        if self.read_only:
            return
        try:
            if not isinstance(self.header.get(SAVE_ID), str):  # written before format 2
                self._rebuild(snap.entries, normalise_header(self.header, self.header.get("kind")))
            else:
                self._journal = self._adopt_journal(snap)
        except OSError as err:
            if err.errno not in _READ_ONLY_ERRORS:
                raise
            self.read_only = f"read-only: {describe_os_error(err)} writing in its folder"

    @property
    def save_id(self) -> str:
        return str(self.header.get(SAVE_ID))

    # ----------------------------------------------------------------- opening
    @classmethod
    def create(
        cls,
        path: str | os.PathLike[str],
        header: dict[str, Any],
        *,
        fold_min: int = DEFAULT_FOLD_MIN,
        background: bool = True,
    ) -> BattleStore:
        """Make a new save; durable before it returns. ``SaveError`` if it exists."""
        where = absolute(path)
        clean = normalise_header(header, None)
        make_save_folder(where, clean)
        return cls.open(where, fold_min=fold_min, background=background)

    @classmethod
    def open(
        cls,
        path: str | os.PathLike[str],
        *,
        fold_min: int = DEFAULT_FOLD_MIN,
        background: bool = True,
        check: Callable[[dict[str, Any], list[dict[str, Any]]], tuple[int, str] | None] | None = None,
        salvage: bool = False,
    ) -> BattleStore:
        """Open a save to add to it. Validates everything before repairing anything.

        ``check(header, entries)``, if given, sees what was read (locked, before any
        repair): whatever it raises is raised from here, the save left as it was and
        unlocked. A caller that must make sense of the entries (replay them) does so
        from the one read, instead of ``load`` first and reading the save again. With
        ``salvage``, ``check`` may return ``(count, problem)``: entry ``count`` cannot be
        used (the rules cannot apply it), which is damage as a bad journal line is.

        With ``salvage``, a damaged journal opens read-only (``read_only`` and
        ``warning`` say why), its entries those before the damage, nothing changed
        on disk until ``continue_from``. A save on a read-only disk opens read-only
        whatever ``salvage`` says."""
        where = absolute(path)
        try:
            check_folder(where)
        except Damage as damage:
            raise damage.at(where) from None
        lock_fd = lock(where)
        try:
            snap = read_save(where, background=background, salvage=salvage)
        except Damage as damage:
            unlock(lock_fd)
            raise damage.at(where) from None
        if check is not None:
            try:
                verdict = check(snap.header, snap.entries)
            except BaseException:
                snap.db.close()
                unlock(lock_fd)
                raise
            if verdict is not None and salvage:
                count, problem = verdict
                del snap.entries[count:]
                snap.damage = problem
        try:
            return cls(snap, lock_fd, fold_min=fold_min, background=background)
        except OSError as err:
            unlock(lock_fd)
            raise io_error(where, err, "open") from None

    def _adopt_journal(self, snap: Snapshot) -> JournalWriter:
        """After validation: tidy leftovers, cut a torn tail, pick the segment to append to."""
        for leftover in snap.leftovers:
            unlink(leftover)
        for stale in snap.stale:  # folded: any of them may go first (the reader skips them)
            unlink(stale)
        segments = list(snap.segments)
        last = segments.pop() if segments else None
        for seg in segments:
            if seg.end <= snap.folded:
                unlink(seg.path)  # folded before a crash, never deleted
            else:
                self._old_segments.append(seg.path)
        if last is not None and last.framed and (last.end > snap.folded or last.start == snap.folded):
            return JournalWriter(
                last.path, last.start, self.save_id, create=False, keep_bytes=last.good_bytes, crc=last.crc
            )
        if last is not None and last.legacy and last.end > snap.folded:  # an older version's lines: keep, append after
            if last.torn:
                cut(last.path, last.good_bytes)
            self._old_segments.append(last.path)
        elif last is not None:
            unlink(last.path)
            sync_dir(self.path)  # gone before a segment of the same name may be made
        writer = JournalWriter(self.path / segment_name(self._count), self._count, self.save_id, create=True)
        sync_dir(self.path)
        return writer

    def _rebuild(self, entries: list[dict[str, Any]], header: dict[str, Any]) -> None:
        """Write battle.json with ``header`` and ``entries`` (all folded), delete every
        journal segment, then start a fresh one: a save of format 1 upgraded, or a
        damaged one continued from its last good entry. Each step is durable before
        the next, and a cut between any two leaves a save that loads."""
        data = {
            HEADER_TABLE: {"1": header},
            ENTRIES_TABLE: {str(index + 1): entry for index, entry in enumerate(entries)},
        }
        atomic_write(self.path / DB_NAME, encode_db(data))
        self._db.close()
        self._db = new_db(self.path / DB_NAME, background=self._background, keep=False)
        self.header = header
        names = sorted(os.listdir(self.path))
        for name in names:
            if SEGMENT_RE.fullmatch(name) or name.startswith(f".{DB_NAME}.tmp"):
                unlink(self.path / name)
        sync_dir(self.path)  # every old segment gone before the new one exists
        self._count = self._folded = self._tail_start = len(entries)
        self._tail = []
        self._old_segments = []
        self._next_fold_at = self._folded + max(self._fold_min, self._folded)
        self._journal = JournalWriter(self.path / segment_name(self._count), self._count, self.save_id, create=True)
        sync_dir(self.path)

    def continue_from(self, count: int) -> None:
        """A damaged save: keep its first ``count`` entries (at most those read before
        the damage) and save again from there. Each journal segment and ``battle.json``
        is first copied beside itself (``journal-N.jsonl.damaged``), then battle.json
        is rewritten with those entries and the journal started afresh. ``SaveError``
        if it cannot be (a read-only disk, a save that is not damaged)."""
        with self._mutex:
            if not self.warning or not self.read_only.startswith("read-only: ") or self._journal is not None:
                raise SaveError(self.path, IO, f"{IO}: only a damaged save opened read-only continues", "continue")
            if not 0 <= count <= len(self._salvaged):
                raise ValueError(f"count must be 0 to {len(self._salvaged)}, not {count}")
            reason = _read_only_reason(self.path)
            if reason:
                raise SaveError(self.path, IO, f"{IO}: {reason}", "continue")
            try:
                for name in sorted(os.listdir(self.path)):
                    if SEGMENT_RE.fullmatch(name) or name == DB_NAME:
                        keep_copy(self.path / name)
                self._rebuild(self._salvaged[:count], dict(self.header))
            except OSError as err:
                raise io_error(self.path, err, "continue") from None
            self._salvaged = []
            self.read_only = ""
            self.warning = ""

    # ----------------------------------------------------------------- writing
    def append(self, entry: dict[str, Any]) -> None:
        """Add one entry; durable (fsync'd) when this returns."""
        with self._mutex:
            self._write([entry], single=True)

    def append_many(self, entries: list[dict[str, Any]]) -> None:
        """Add several entries with one fsync; after a crash all or none are there."""
        if entries:
            with self._mutex:
                self._write(list(entries), single=False)

    def _write(self, batch: list[dict[str, Any]], single: bool) -> None:
        self._check_writable()
        expected = self._count
        for offset, entry in enumerate(batch):
            seq = entry.get("seq") if isinstance(entry, dict) else None
            if type(seq) is not int or seq != expected + offset:
                raise SaveError(
                    self.path,
                    BAD_ENTRY,
                    f"{BAD_ENTRY}: seq {seq!r} is out of order (expected {expected + offset})",
                    "save",
                )
        line = encode_line(batch[0] if single else batch)
        assert self._journal is not None  # _check_writable
        try:
            self._journal.write(line[:-1])
        except OSError as err:
            raise io_error(self.path, err, "save") from None
        stored = DECODER.decode(line.decode("utf-8"))  # our own copy, exactly as on disk
        self._tail.extend([stored] if single else stored)
        self._count += len(batch)
        self._maybe_fold()

    # ----------------------------------------------------------------- reading
    @property
    def count(self) -> int:
        """How many entries the save holds (on disk: each append is fsync'd)."""
        return self._count

    @property
    def entries(self) -> list[dict[str, Any]]:
        """Every entry, as on disk: ``battle.json``'s, read again, then the journal's
        since (kept in memory). A read of the file: for checks and recovery, not for
        each event. Raises ``SaveError`` if ``battle.json`` cannot be read."""
        with self._mutex:
            if self.warning:  # damaged, read-only: the entries before the damage
                return list(self._salvaged)
            start, tail, count = self._tail_start, list(self._tail), self._count
            try:
                folded = read_folded(self.path)  # a checkpoint may replace it meanwhile: old or new, both whole
            except Damage as damage:
                raise damage.at(self.path) from None
        have = len(folded)
        if not start <= have <= count:
            raise SaveError(self.path, CORRUPT, f"{CORRUPT}: {DB_NAME} holds {have} entries, not {start} to {count}")
        return folded + tail[have - start :]

    def set_header(self, header: dict[str, Any]) -> None:
        """Replace the header atomically (rewrites battle.json; meant to be rare)."""
        with self._mutex:
            self._set_header(header)

    def _set_header(self, header: dict[str, Any]) -> None:
        self._check_writable()
        clean = normalise_header(header, self.header.get("kind"), self.save_id)
        self._wait_for_fold()

        def replace(doc: MutableMapping[str, Any]) -> None:
            doc.clear()
            doc.update(clean)

        try:
            self._db.table(HEADER_TABLE).update(replace, doc_ids=[1])
        except OSError as err:
            self._reset_db()
            raise io_error(self.path, err, "save") from None
        except Damage as damage:
            self._reset_db()
            raise damage.at(self.path, "save") from None
        self.header = clean

    def _check_writable(self) -> None:
        if self._closed:
            raise ValueError(f"{self.path} is closed")
        if self._journal is None:
            raise SaveError(self.path, IO, self.read_only or "read-only", "save")
        if self._journal.broken:
            raise SaveError(self.path, IO, f"{IO}: an earlier write failed; reopen the save", "save")

    # ----------------------------------------------------------------- closing
    def close(self) -> None:
        """Fold everything into battle.json, delete the journal, release the lock."""
        with self._mutex:
            self._close()

    def _close(self) -> None:
        if self._closed:
            return
        self._closed = True
        try:
            if self._journal is None:  # read-only: nothing to fold
                return
            self._wait_for_fold()
            self.checkpoint_error = None
            self._journal.close()
            self._fold(self._count, [*self._old_segments, self._journal.path])
            self._raise_checkpoint_error()
        finally:
            self._db.close()
            unlock(self._lock_fd)
            self._lock_fd = None

    def __enter__(self) -> BattleStore:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, value: BaseException | None, traceback: TracebackType | None
    ) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<BattleStore {self.path} entries={self._count} folded={self._folded}>"

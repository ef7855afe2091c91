"""``BattleStore``: an open save being written, and read-only ``load``.

A save is a folder ``NAME.skirmish/`` holding ``battle.json`` (TinyDB: the
header and every entry folded so far) and ``journal-<seq>.jsonl`` segments
(entries since). ``append`` writes one fsync'd journal line, so its cost does
not depend on the battle's length. When the journal is as long as the folded
part (and at least ``fold_min``), a checkpoint folds it into ``battle.json`` by
an atomic replace, in a background thread; appends carry on into a fresh
segment meanwhile. The geometric threshold keeps the amortised cost per event
constant. ``close`` folds everything and leaves ``battle.json`` alone.

An open store keeps only the header and the entries not yet folded in memory:
the caller (the battle being played) holds the log, so a checkpoint reads
``battle.json`` again (one parse, in the checkpoint thread) rather than keeping a
second decoded copy of a long battle for its whole session.
"""

from __future__ import annotations

import errno
import os
import secrets
import shutil
import sys
import threading
from pathlib import Path
from types import TracebackType
from typing import Any, Callable, MutableMapping

from tinydb import TinyDB
from tinydb.table import Document

from saves.errors import BAD_ENTRY, CORRUPT, EXISTS, IN_USE, IO, Damage, SaveError, describe_os_error, io_error
from saves.journal import DAMAGED_SUFFIX, SEGMENT_RE, JournalWriter, encode_line, segment_name
from saves.reader import (
    APP_ID,
    ENTRIES_TABLE,
    HEADER_TABLE,
    KINDS,
    RESERVED,
    SAVE_FORMAT,
    SAVE_ID,
    Snapshot,
    check_folder,
    read_folded,
    read_save,
)
from saves.storage import DB_NAME, DECODER, SaveStorage, atomic_write, encode_db, open_dir, sync_dir, sync_file

try:
    import fcntl
except ImportError:  # Windows: no advisory lock
    fcntl = None  # type: ignore[assignment]

DEFAULT_FOLD_MIN = 256


def _abs(path: str | os.PathLike[str]) -> Path:
    return Path(path).expanduser().absolute()


def load(path: str | os.PathLike[str]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Read-only: ``(header, entries)``. Never modifies any file. Raises ``SaveError``
    (a damaged journal too: ``salvage`` reads what comes before the damage)."""
    where = _abs(path)
    try:
        snap = read_save(where)
    except Damage as damage:
        raise damage.at(where) from None
    snap.db.close()
    return snap.header, snap.entries


def salvage(path: str | os.PathLike[str]) -> tuple[dict[str, Any], list[dict[str, Any]], str]:
    """Read-only, as ``load``, but a damaged journal gives the entries before the damage
    and a one-line warning (empty when nothing is wrong). Never modifies any file."""
    where = _abs(path)
    try:
        snap = read_save(where, salvage=True)
    except Damage as damage:
        raise damage.at(where) from None
    snap.db.close()
    return snap.header, snap.entries, snap.warning


def _normalise_header(header: dict[str, Any], kind: str | None, save_id: str | None = None) -> dict[str, Any]:
    if not isinstance(header, dict):
        raise TypeError("a save header must be a dict")
    fields = DECODER.decode(encode_line(header).decode("utf-8"))
    chosen = fields.get("kind", kind or "battle")
    if chosen not in KINDS:
        raise ValueError(f"kind must be one of {KINDS}, not {chosen!r}")
    own = {"app": APP_ID, "format": SAVE_FORMAT, "kind": chosen, SAVE_ID: save_id or secrets.token_hex(8)}
    return own | {key: value for key, value in fields.items() if key not in RESERVED}


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


class BattleStore:
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
                self._rebuild(snap.entries, _normalise_header(self.header, self.header.get("kind")))
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
        where = _abs(path)
        clean = _normalise_header(header, None)
        save_id = str(clean[SAVE_ID])
        if os.path.lexists(where):
            raise SaveError(where, EXISTS, "a save with this name already exists", "create")
        staging = where.with_name(f".{where.name}.creating-{os.getpid()}-{secrets.token_hex(4)}")
        try:
            staging.mkdir()
            try:
                with _new_db(staging / DB_NAME, new=True) as db:
                    db.table(HEADER_TABLE).insert(clean)
                JournalWriter(staging / segment_name(0), 0, save_id, create=True).close()
                sync_dir(staging)
                if os.path.lexists(where):
                    raise FileExistsError(where)
                os.rename(staging, where)
            except BaseException:
                shutil.rmtree(staging, ignore_errors=True)
                raise
            sync_dir(where.parent)
        except FileExistsError:
            raise SaveError(where, EXISTS, "a save with this name already exists", "create") from None
        except OSError as err:
            raise io_error(where, err, "create") from None
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
        where = _abs(path)
        try:
            check_folder(where)
        except Damage as damage:
            raise damage.at(where) from None
        lock_fd = _lock(where)
        try:
            snap = read_save(where, background=background, salvage=salvage)
        except Damage as damage:
            _unlock(lock_fd)
            raise damage.at(where) from None
        if check is not None:
            try:
                verdict = check(snap.header, snap.entries)
            except BaseException:
                snap.db.close()
                _unlock(lock_fd)
                raise
            if verdict is not None and salvage:
                count, problem = verdict
                del snap.entries[count:]
                snap.damage = problem
        try:
            return cls(snap, lock_fd, fold_min=fold_min, background=background)
        except OSError as err:
            _unlock(lock_fd)
            raise io_error(where, err, "open") from None

    def _adopt_journal(self, snap: Snapshot) -> JournalWriter:
        """After validation: tidy leftovers, cut a torn tail, pick the segment to append to."""
        for leftover in snap.leftovers:
            _unlink(leftover)
        for stale in snap.stale:  # folded: any of them may go first (the reader skips them)
            _unlink(stale)
        segments = list(snap.segments)
        last = segments.pop() if segments else None
        for seg in segments:
            if seg.end <= snap.folded:
                _unlink(seg.path)  # folded before a crash, never deleted
            else:
                self._old_segments.append(seg.path)
        if last is not None and last.framed and (last.end > snap.folded or last.start == snap.folded):
            return JournalWriter(
                last.path, last.start, self.save_id, create=False, keep_bytes=last.good_bytes, crc=last.crc
            )
        if last is not None and last.legacy and last.end > snap.folded:  # an older version's lines: keep, append after
            if last.torn:
                _cut(last.path, last.good_bytes)
            self._old_segments.append(last.path)
        elif last is not None:
            _unlink(last.path)
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
        self._db = _new_db(self.path / DB_NAME, background=self._background, keep=False)
        self.header = header
        names = sorted(os.listdir(self.path))
        for name in names:
            if SEGMENT_RE.fullmatch(name) or name.startswith(f".{DB_NAME}.tmp"):
                _unlink(self.path / name)
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
                        _keep_copy(self.path / name)
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
        clean = _normalise_header(header, self.header.get("kind"), self.save_id)
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

    # ------------------------------------------------------------- checkpoints
    def checkpoint(self) -> None:
        """Fold the journal into battle.json now (waits for any fold under way)."""
        with self._mutex:
            self._checkpoint()

    def _checkpoint(self) -> None:
        self._check_writable()
        self._wait_for_fold()
        self.checkpoint_error = None
        self._start_fold(background=False)
        self._raise_checkpoint_error()

    def _maybe_fold(self) -> None:
        if self._fold_thread is not None:
            if self._fold_thread.is_alive():
                return
            self._wait_for_fold()
        if self._count >= self._next_fold_at:
            self._start_fold(background=self._background)

    def _start_fold(self, background: bool) -> None:
        """Rotate to a fresh segment, then fold everything before it."""
        upto = self._count
        self._next_fold_at = upto + max(self._fold_min, upto)
        assert self._journal is not None
        if upto > self._journal.start:
            old = self._journal
            try:
                self._journal = JournalWriter(self.path / segment_name(upto), upto, self.save_id, create=True)
                sync_dir(self.path)  # the segment must exist on disk before entries in it are acked
            except OSError as err:
                self._fold_failed(err)
                return
            old.close()
            self._old_segments.append(old.path)
        if background and upto > self._folded:
            self._fold_thread = threading.Thread(
                target=self._fold, args=(upto, list(self._old_segments)), name=f"checkpoint {self.path.name}"
            )
            self._fold_thread.start()
        else:
            self._fold(upto, list(self._old_segments))
            self._trim()

    def _fold(self, upto: int, doomed: list[Path]) -> None:
        """Write battle.json with entries up to ``upto``, then drop folded segments.

        May run in the checkpoint thread. Errors are kept, not raised: the
        journal still holds every entry, so nothing is lost.
        """
        try:
            with self._storage().kept():  # one parse of battle.json for this fold, dropped after
                table = self._db.table(ENTRIES_TABLE)
                have = len(table)  # what battle.json holds (after a failure, as on disk)
                if have < upto:  # explicit ids: document id = seq + 1
                    if have < self._tail_start:
                        raise Damage(CORRUPT, f"{DB_NAME} lost entries {have} to {self._tail_start - 1}")
                    todo = self._tail[have - self._tail_start : upto - self._tail_start]
                    table.insert_multiple(Document(entry, doc_id=entry["seq"] + 1) for entry in todo)
        except BaseException as err:  # noqa: BLE001 - kept for the GM; the journal still holds every entry
            self._reset_db()
            self._fold_failed(err)
            return
        self._folded = upto
        self.checkpoint_error = None
        for path in doomed:
            try:
                os.unlink(path)
            except FileNotFoundError:
                pass
            except OSError:
                continue  # try again after the next fold
            if path in self._old_segments:
                self._old_segments.remove(path)

    def checkpoint_problem(self) -> str:
        """The first time checkpoints fail (a full disk...): one line saying so; empty
        otherwise, and again until one has succeeded and another fails. The journal
        still holds every entry: appends go on while the disk takes them."""
        err = self.checkpoint_error
        if err is None:
            self._checkpoint_told = False
            return ""
        if self._checkpoint_told:
            return ""
        self._checkpoint_told = True
        if isinstance(err, OSError):
            reason = describe_os_error(err)
        elif isinstance(err, Damage):
            reason = err.reason
        else:
            reason = f"{err.__class__.__name__}: {err}"
        return f"cannot checkpoint {self.path}: {reason}; every event is still saved to the journal"

    def _fold_failed(self, err: BaseException) -> None:
        self.checkpoint_error = err
        self._next_fold_at = self._count + self._fold_min  # back off before retrying

    def _wait_for_fold(self) -> None:
        if self._fold_thread is not None:
            self._fold_thread.join()
            self._fold_thread = None
            self._trim()

    def _trim(self) -> None:
        """Forget the entries battle.json now holds (no fold is running)."""
        drop = self._folded - self._tail_start
        if drop > 0:
            del self._tail[:drop]
            self._tail_start = self._folded

    def _raise_checkpoint_error(self) -> None:
        err = self.checkpoint_error
        if isinstance(err, OSError):
            raise io_error(self.path, err, "checkpoint") from None
        if isinstance(err, Damage):  # battle.json was damaged under us and had to be re-read
            raise err.at(self.path, "checkpoint") from None
        if err is not None:
            raise err

    def _storage(self) -> SaveStorage:
        storage = self._db.storage
        assert isinstance(storage, SaveStorage)
        return storage

    def _reset_db(self) -> None:
        """After a failed write, forget TinyDB's cached state; re-read from disk."""
        self._db = _new_db(self.path / DB_NAME, background=self._background, keep=False)

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
            _unlock(self._lock_fd)
            self._lock_fd = None

    def __enter__(self) -> BattleStore:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, value: BaseException | None, traceback: TracebackType | None
    ) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<BattleStore {self.path} entries={self._count} folded={self._folded}>"


def _new_db(path: Path, *, background: bool = False, new: bool = False, keep: bool = True) -> TinyDB:
    return TinyDB(path, storage=SaveStorage, background=background, new=new, keep=keep)


def _lock(folder: Path) -> int | None:
    """Hold an advisory lock on the save folder while it is open for writing."""
    if fcntl is None:
        return None
    try:
        fd = open_dir(folder)
    except OSError as err:
        raise io_error(folder, err, "open") from None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        raise SaveError(folder, IN_USE, f"{IN_USE}: another Skirmish Desk has it open") from None
    return fd


def _unlock(fd: int | None) -> None:
    if fd is not None:
        os.close(fd)  # closing releases the flock


def _unlink(path: Path) -> None:
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass


def _cut(path: Path, size: int) -> None:
    """Cut ``path`` to ``size`` bytes, durably."""
    fd = os.open(path, os.O_WRONLY)
    try:
        os.ftruncate(fd, size)
        sync_file(fd)
    finally:
        os.close(fd)


def _keep_copy(path: Path) -> None:
    """Copy ``path`` to ``<name>.damaged`` beside it (``.damaged-2``... if taken), durably."""
    from saves.storage import read_regular

    data = read_regular(path)
    copy = path.with_name(path.name + DAMAGED_SUFFIX)
    number = 2
    while os.path.lexists(copy):
        copy = path.with_name(f"{path.name}{DAMAGED_SUFFIX}-{number}")
        number += 1
    atomic_write(copy, data)

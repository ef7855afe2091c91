"""Checkpoints of an open save: folding the journal into ``battle.json``.

When the journal is as long as the folded part (and at least ``fold_min``), a
checkpoint rotates to a fresh journal segment and folds everything before it into
``battle.json`` by an atomic replace, in a background thread; appends carry on into
the fresh segment meanwhile. The geometric threshold keeps the amortised cost per
event constant. A failed checkpoint (a full disk) is kept, said once, and retried
later: the journal still holds every entry.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import Any

from tinydb import TinyDB
from tinydb.table import Document

from saves.errors import CORRUPT, Damage, describe_os_error, io_error
from saves.folder import new_db
from saves.journal import JournalWriter, segment_name
from saves.reader import ENTRIES_TABLE
from saves.storage import DB_NAME, SaveStorage, sync_dir


class Checkpoints:
    """The fold machinery of ``BattleStore`` (its base class): the store's state it
    reads and changes is declared here; the store sets it up."""

    path: Path
    checkpoint_error: BaseException | None
    """The last failed checkpoint, if any."""
    _db: TinyDB
    _journal: JournalWriter | None
    _background: bool
    _count: int
    _folded: int
    _fold_min: int
    _next_fold_at: int
    _fold_thread: threading.Thread | None
    _tail: list[dict[str, Any]]
    _tail_start: int
    _old_segments: list[Path]
    _checkpoint_told: bool
    _mutex: threading.RLock

    @property
    def save_id(self) -> str:
        raise NotImplementedError

    def _check_writable(self) -> None:
        raise NotImplementedError

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
        self._db = new_db(self.path / DB_NAME, background=self._background, keep=False)

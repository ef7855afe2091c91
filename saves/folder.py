"""The save folder on disk, below the store: TinyDB on ``battle.json``, the writer's
lock on the folder, and durable cuts, removals and copies of its files."""

from __future__ import annotations

import os
import secrets
import shutil
from pathlib import Path
from typing import Any

from tinydb import TinyDB

from saves.errors import EXISTS, IN_USE, SaveError, io_error
from saves.journal import DAMAGED_SUFFIX, JournalWriter, segment_name
from saves.reader import HEADER_TABLE, SAVE_ID
from saves.storage import DB_NAME, SaveStorage, atomic_write, open_dir, read_regular, sync_dir, sync_file

try:
    import fcntl
except ImportError:  # Windows: no advisory lock
    fcntl = None  # type: ignore[assignment]


def new_db(path: Path, *, background: bool = False, new: bool = False, keep: bool = True) -> TinyDB:
    """TinyDB on ``battle.json`` through ``SaveStorage`` (see its options)."""
    return TinyDB(path, storage=SaveStorage, background=background, new=new, keep=keep)


def lock(folder: Path) -> int | None:
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


def unlock(fd: int | None) -> None:
    if fd is not None:
        os.close(fd)  # closing releases the flock


def unlink(path: Path) -> None:
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass


def cut(path: Path, size: int) -> None:
    """Cut ``path`` to ``size`` bytes, durably."""
    fd = os.open(path, os.O_WRONLY)
    try:
        os.ftruncate(fd, size)
        sync_file(fd)
    finally:
        os.close(fd)


def keep_copy(path: Path) -> None:
    """Copy ``path`` to ``<name>.damaged`` beside it (``.damaged-2``... if taken), durably."""
    data = read_regular(path)
    copy = path.with_name(path.name + DAMAGED_SUFFIX)
    number = 2
    while os.path.lexists(copy):
        copy = path.with_name(f"{path.name}{DAMAGED_SUFFIX}-{number}")
        number += 1
    atomic_write(copy, data)


def make_save_folder(where: Path, header: dict[str, Any]) -> None:
    """Make the folder of a new save (``battle.json`` holding ``header``, an empty
    journal), durably, in a staging folder renamed into place. ``SaveError`` if it exists."""
    if os.path.lexists(where):
        raise SaveError(where, EXISTS, "a save with this name already exists", "create")
    staging = where.with_name(f".{where.name}.creating-{os.getpid()}-{secrets.token_hex(4)}")
    try:
        staging.mkdir()
        try:
            with new_db(staging / DB_NAME, new=True) as db:
                db.table(HEADER_TABLE).insert(header)
            JournalWriter(staging / segment_name(0), 0, str(header[SAVE_ID]), create=True).close()
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

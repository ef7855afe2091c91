"""The resume point: the state a battle closed with, kept beside its log.

Opening a battle replays its whole log; a 5,000-event battle took about 25 ms of
replay plus the import of its reducers before its first frame. When a battle is
closed, ``write_resume`` keeps ``Battle.resume_point()`` in ``resume.json`` in the save
folder; ``read_resume`` gives it back when the battle is opened by the same code, and
the battle opens at that state (``engine.battle.Battle``), replaying its log once it is
drawn (``Battle.fill_history``; the log's replay wins if they ever differ).

It is a cache, never part of the save: the log stays the whole truth. A missing,
unreadable, damaged or stale ``resume.json`` (written by other code, or for another
point of the log: a crash after it was written, a salvaged journal) is ignored and
the log replayed, and the file is never a reason to call a save damaged. The code
that wrote it is named by ``code_mark``: the size and modification time of each
source file of the engine core and of the battle's rule system.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from pathlib import Path
from typing import Any

from saves.storage import atomic_write, read_regular

RESUME_NAME = "resume.json"
RESUME_FORMAT = 1
MAX_RESUME_BYTES = 4 * 1024 * 1024
"""A resume point larger than this is not read (a state is tens of kB)."""


def code_mark(ruleset: object) -> str:
    """Names the engine code that replays ``ruleset``'s battles: a hash of the name,
    size and modification time of every ``.py`` file of the engine core and of the
    rule system's package (a changed or reinstalled engine gives another mark)."""
    core = Path(sys.modules["engine"].__path__[0])
    package = type(ruleset).__module__.rsplit(".", 1)[0]
    files = sorted(core.glob("*.py"))
    for folder in sys.modules[package].__path__:
        files += sorted(Path(folder).rglob("*.py"))
    digest = hashlib.blake2b(digest_size=12)
    for path in files:
        info = path.stat()
        digest.update(f"{path.relative_to(core)}:{info.st_size}:{info.st_mtime_ns};".encode())
    return digest.hexdigest()


def write_resume(folder: str | os.PathLike[str], battle: Any) -> None:
    """Keep ``battle``'s resume point in ``folder`` (atomic; ``OSError`` as the write
    raises it; a state ``engine.state_codec`` cannot store raises its error)."""
    document = {"format": RESUME_FORMAT, "code": code_mark(battle.ruleset), **battle.resume_point()}
    atomic_write(Path(folder) / RESUME_NAME, json.dumps(document, separators=(",", ":")))


def read_resume(folder: str | os.PathLike[str], ruleset: object) -> dict[str, Any] | None:
    """The resume point kept in ``folder`` if the code that wrote it is this code
    (``code_mark``); None otherwise, and for a missing or unreadable file (never raises)."""
    try:
        document = json.loads(read_regular(Path(folder) / RESUME_NAME, MAX_RESUME_BYTES))
    except Exception:  # noqa: BLE001 - a cache: whatever is wrong with it, the log is replayed
        return None
    if not isinstance(document, dict) or document.get("format") != RESUME_FORMAT:
        return None
    try:
        if document.get("code") != code_mark(ruleset):
            return None
    except (OSError, KeyError, AttributeError, IndexError):
        return None
    return document


def forget_resume(folder: str | os.PathLike[str]) -> None:
    """Remove the resume point (best effort)."""
    try:
        os.unlink(Path(folder) / RESUME_NAME)
    except OSError:
        pass

"""The one error type the rest of the app sees from ``saves``.

Every failure becomes a ``SaveError`` whose ``str()`` is a single line fit for
a status bar: ``cannot open /path/x.skirmish: corrupt: battle.json is not
valid JSON (line 3)``. ``kind`` lets callers branch without parsing text.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

# Kinds of problem. Each is also the first words of the message.
MISSING = "missing"
NOT_OURS = "not a Skirmish Desk save"
CORRUPT = "corrupt"
TRUNCATED = "truncated"
UNREADABLE = "unreadable"
NEWER = "written by a newer version"
IN_USE = "in use"
EXISTS = "already exists"
BAD_ENTRY = "bad entry"
IO = "disk error"


class SaveError(Exception):
    """One-line, user-facing message naming the file and what is wrong.

    ``str(err)`` is that line. ``path`` is the save, ``kind`` one of the
    constants above, ``reason`` the text after ``cannot <action> <path>: ``.
    """

    def __init__(self, path: str | os.PathLike[str], kind: str, reason: str, action: str = "open") -> None:
        self.path = Path(path)
        self.kind = kind
        self.reason = reason
        self.action = action
        super().__init__(f"cannot {action} {self.path}: {reason}")

    def __reduce__(self) -> tuple[object, ...]:
        return (type(self), (self.path, self.kind, self.reason, self.action))


class Damage(Exception):
    """Internal: what is wrong, before we know which save and action to name."""

    def __init__(self, kind: str, detail: str = "") -> None:
        self.kind = kind
        self.detail = detail
        super().__init__(self.reason)

    @property
    def reason(self) -> str:
        if self.kind == NEWER:
            return f"{NEWER} ({self.detail})"
        return f"{self.kind}: {self.detail}" if self.detail else self.kind

    def at(self, path: str | os.PathLike[str], action: str = "open") -> SaveError:
        return SaveError(path, self.kind, self.reason, action)


def os_damage(err: OSError, name: str) -> Damage:
    """Map an ``OSError`` met while reading file ``name`` to a ``Damage``."""
    if isinstance(err, PermissionError):
        return Damage(UNREADABLE, f"permission denied ({name})")
    if isinstance(err, FileNotFoundError):
        return Damage(MISSING, f"{name} disappeared while reading")
    if isinstance(err, IsADirectoryError):
        return Damage(CORRUPT, f"{name} is a folder, not a file")
    return Damage(UNREADABLE, f"{describe_os_error(err)} ({name})")


def describe_os_error(err: OSError) -> str:
    """'no space left on device' style text for an ``OSError``."""
    if err.errno is not None and err.strerror:
        return err.strerror[0].lower() + err.strerror[1:]
    if err.errno is not None:
        return os.strerror(err.errno).lower()
    return str(err) or type(err).__name__


def io_error(path: str | os.PathLike[str], err: OSError, action: str) -> SaveError:
    """A ``SaveError`` for a failed write (disk full, read-only disk...)."""
    if err.errno in (errno.EACCES, errno.EPERM):
        return SaveError(path, UNREADABLE if action == "open" else IO, "permission denied", action)
    return SaveError(path, IO, f"{IO}: {describe_os_error(err)}", action)

"""Roster files on disk: read a band roster's text.

The engine parses roster text (each rule system's ``read_roster``) but never opens a
user's file; this module does, and turns every failure into a one-line
``SaveError`` (``cannot read bands/wolves.toml: no such file``).
"""

from __future__ import annotations

import os
from pathlib import Path

from saves.errors import CORRUPT, MISSING, UNREADABLE, SaveError, describe_os_error
from saves.storage import NotAFile, read_regular

MAX_ROSTER_BYTES = 1_000_000
"""A roster is a few kB; anything over this is not one."""


def read_roster_text(path: str | os.PathLike[str]) -> str:
    """The text of a roster file (UTF-8; a byte-order mark is dropped).

    Raises ``SaveError`` (action ``read``) with one line: no such file, a folder, a named
    pipe or a device (refused at once, never read), permission denied, too large (what is
    read is limited, whatever the size says), or not UTF-8 (with the line of the first bad byte).
    """
    file = Path(path)
    try:
        data = read_regular(file, MAX_ROSTER_BYTES)
    except NotAFile as err:
        reason = str(err).replace("not a file", "not a roster file")
        if reason.startswith("larger"):
            reason = f"too large for a roster ({reason})"
        raise SaveError(file, CORRUPT, f"it is {reason}" if reason.startswith("a") else reason, action="read") from None
    except IsADirectoryError:
        raise SaveError(file, CORRUPT, "it is a folder, not a roster file", action="read") from None
    except FileNotFoundError:
        raise SaveError(file, MISSING, "no such file", action="read") from None
    except NotADirectoryError:
        raise SaveError(file, MISSING, "no such file (a folder in the path is a file)", action="read") from None
    except PermissionError:
        raise SaveError(file, UNREADABLE, "permission denied", action="read") from None
    except OSError as err:
        raise SaveError(file, UNREADABLE, describe_os_error(err), action="read") from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        line = data[: err.start].count(b"\n") + 1
        raise SaveError(
            file,
            CORRUPT,
            f"not UTF-8 text (byte 0x{data[err.start]:02x} on line {line}); save it as UTF-8",
            action="read",
        ) from None

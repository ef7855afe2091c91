"""Where saves live and what new ones are called."""

from __future__ import annotations

import errno
import os
import re
import unicodedata
from datetime import datetime
from pathlib import Path

from saves.errors import IO, SaveError, describe_os_error
from saves.storage import NotAFile, atomic_write, read_regular, sync_dir

APP_DIR_NAME = "skirmish-desk"
SUFFIX = ".skirmish"
ENV_SAVES = "SKIRMISH_SAVES"
_SLUG_MAX = 48


def data_dir(override: str | os.PathLike[str] | None = None) -> Path:
    """The saves folder, created if needed.

    Precedence: ``override`` (from ``--saves``) > ``$SKIRMISH_SAVES`` > the platform's
    user data folder from ``platformdirs`` (``$XDG_DATA_HOME/skirmish-desk``, else
    ``~/.local/share/skirmish-desk`` on Linux; an empty or relative ``XDG_DATA_HOME``
    is ignored, as the XDG spec says).
    """
    if override is not None and str(override) != "":
        folder = Path(override).expanduser()
    elif os.environ.get(ENV_SAVES):
        folder = Path(os.environ[ENV_SAVES]).expanduser()
    else:
        from platformdirs import user_data_path

        folder = user_data_path(APP_DIR_NAME, appauthor=False)
    folder = folder.absolute()
    if os.path.exists(folder) and not folder.is_dir():
        raise SaveError(folder, IO, "it is a file, not a folder", action="use saves folder")
    try:
        make_folder(folder)
    except NotADirectoryError:
        raise SaveError(folder, IO, "a folder in its path is a file", action="use saves folder") from None
    except OSError as err:
        raise SaveError(folder, IO, describe_os_error(err), action="use saves folder") from None
    if not folder.is_dir():
        raise SaveError(folder, IO, "it is a file, not a folder", action="use saves folder")
    return folder


def make_folder(folder: Path, mode: int = 0o700) -> None:
    """Create ``folder`` and any missing parents, each made durable (its parent fsync'd)
    before the next, so nothing saved in it can vanish with it in a power cut."""
    missing: list[Path] = []
    here = folder
    while not os.path.isdir(here):
        missing.append(here)
        if here.parent == here:
            break
        here = here.parent
    for new in reversed(missing):
        try:
            os.mkdir(new, mode)
        except FileExistsError:
            if not os.path.isdir(new):
                raise NotADirectoryError(errno.ENOTDIR, "a folder in its path is a file", str(new)) from None
        sync_dir(new.parent)


def slugify(text: str) -> str:
    """'Red vs. Blue — Round 2!' -> 'red-vs-blue-round-2' (ASCII, at most 48 chars)."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-")
    return slug[:_SLUG_MAX].rstrip("-") or "battle"


def new_save_path(name_hint: str, directory: Path | None = None, *, now: datetime | None = None) -> Path:
    """A fresh, non-existing path like ``<dir>/2026-11-23-1042-red-vs-blue.skirmish``."""
    folder = Path(directory) if directory is not None else data_dir()
    stamp = (now or datetime.now()).strftime("%Y-%m-%d-%H%M")
    stem = f"{stamp}-{slugify(name_hint)}"
    candidate = folder / f"{stem}{SUFFIX}"
    number = 2
    while os.path.lexists(candidate):
        candidate = folder / f"{stem}-{number}{SUFFIX}"
        number += 1
    return candidate


LAST_BATTLE_FILE = "last-battle.json"
"""A small note in the data folder naming the battle the GM had open last."""


def remember_last_battle(directory: Path, path: Path) -> None:
    """Note ``path`` as the last battle opened (atomic, fsync'd: the file, its rename and
    the folder; on failure no temporary file stays; best effort, never raises)."""
    import json

    try:
        make_folder(directory)
        atomic_write(directory / LAST_BATTLE_FILE, json.dumps({"path": str(Path(path).resolve())}))
    except OSError:
        pass


def last_battle(directory: Path) -> Path | None:
    """The last battle opened, if it is still there; None otherwise (never raises)."""
    import json

    try:
        data = json.loads(read_regular(directory / LAST_BATTLE_FILE, 64 * 1024).decode("utf-8"))
        path = Path(data["path"])
    except (OSError, NotAFile, ValueError, KeyError, TypeError):
        return None
    return path if path.exists() else None


def _write_atomically(path: str | os.PathLike[str], text: str) -> None:
    """``atomic_write`` of ``text`` (UTF-8), its ``OSError`` as a one-line ``SaveError``."""
    target = Path(path)
    try:
        atomic_write(target, text)
    except OSError as err:
        raise SaveError(target, IO, describe_os_error(err), action="write") from None


def write_export(path: str | os.PathLike[str], text: str) -> None:
    """Write an exported report (Markdown, HTML) atomically; a one-line SaveError on failure."""
    _write_atomically(path, text)


def write_roster(path: str | os.PathLike[str], text: str) -> None:
    """Write a band roster's TOML text (from ``roster_write.write_roster``) atomically:
    the old roster or the new one is on disk, never half of one. A one-line
    ``SaveError`` (action ``write``) on failure; the old file is then left as it was."""
    _write_atomically(path, text)

"""Low-level disk work: fsync helpers, strict JSON, and the TinyDB storage.

``SaveStorage`` is a TinyDB ``Storage`` whose ``write`` never edits the file in
place: it writes a temp file beside it, fsyncs it, renames it over the old
one and fsyncs the folder. A reader therefore sees the old file or the new
one, never a mix, and a killed process leaves at worst a stale temp file that
nothing reads.
"""

from __future__ import annotations

import json
import os
import secrets
import stat
import sys
import time
import zlib
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import msgspec
from tinydb.storages import Storage

from saves.errors import CORRUPT, TRUNCATED, Damage, os_damage

try:  # macOS: plain fsync does not flush the drive's cache.
    import fcntl as _fcntl
    from fcntl import F_FULLFSYNC as _F_FULLFSYNC  # type: ignore[attr-defined]
except ImportError:  # Linux, Windows
    _F_FULLFSYNC = None
    _fcntl = None  # type: ignore[assignment]

DB_NAME = "battle.json"
TMP_PREFIX = f".{DB_NAME}.tmp"
"""What ``atomic_write`` names its temporary files beside ``battle.json``."""

# Compact, UTF-8, strict (no NaN/Infinity): the only encoder we write with.
ENCODER = json.JSONEncoder(ensure_ascii=False, allow_nan=False, separators=(",", ":"))


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not allowed")


DECODER = json.JSONDecoder(parse_constant=_reject_constant)
FAST_DECODER = msgspec.json.Decoder()
"""Reads valid JSON only; what it refuses is read again by ``DECODER`` (``parse_json``)."""


def sync_file(fd: int) -> None:
    """Flush a file's data and size to the disk."""
    if _F_FULLFSYNC is not None and _fcntl is not None:
        try:
            _fcntl.fcntl(fd, _F_FULLFSYNC)
            return
        except OSError:
            pass
    os.fsync(fd)


_O_DIRECTORY = 0 if sys.platform == "win32" else os.O_DIRECTORY


def open_dir(folder: str | os.PathLike[str]) -> int:
    """A read-only descriptor of ``folder`` (to fsync or lock it); the caller closes it."""
    return os.open(folder, os.O_RDONLY | _O_DIRECTORY)


def sync_dir(folder: str | os.PathLike[str]) -> None:
    """Make renames, creations and deletions inside ``folder`` durable."""
    fd = open_dir(folder)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


MAX_SAVE_FILE_BYTES = 256 * 1024 * 1024
"""No file of a save is larger (a 5,000-event battle is about 3 MB): reading stops here."""

_O_NONBLOCK = 0 if sys.platform == "win32" else os.O_NONBLOCK
_O_NOCTTY = 0 if sys.platform == "win32" else os.O_NOCTTY


class NotAFile(Exception):
    """``read_regular`` refused the file: ``str()`` says why, e.g. 'a named pipe, not a file'."""


def file_kind(mode: int) -> str:
    """'a named pipe', 'a device'... for an ``st_mode`` that is not a regular file."""
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def read_regular(path: str | os.PathLike[str], limit: int = MAX_SAVE_FILE_BYTES) -> bytes:
    """The bytes of ``path`` if it is a regular file (a link to one is followed) of at
    most ``limit`` bytes. A named pipe, a device or a socket is refused at once without
    reading (``NotAFile``), and so is a file found longer than ``limit`` while reading
    (whatever its size said); ``OSError`` as ``open`` raises it."""
    fd = os.open(path, os.O_RDONLY | _O_NONBLOCK | _O_NOCTTY)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            kind = file_kind(info.st_mode)
            raise NotAFile(kind if kind.startswith("not") else f"{kind}, not a file")
        chunks = []
        total = 0
        want = min(info.st_size, limit) + 1
        while True:
            chunk = os.read(fd, max(want, 65536))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > limit:
                raise NotAFile(f"larger than {limit:,} bytes")
            want = limit + 1 - total
    finally:
        os.close(fd)
    return chunks[0] if len(chunks) == 1 else b"".join(chunks)


def write_all(fd: int, data: bytes) -> None:
    """``os.write`` until every byte is written."""
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


def atomic_write(path: str | os.PathLike[str], data: bytes | str | Iterable[bytes]) -> None:
    """Replace ``path`` with ``data`` (bytes, UTF-8 text or byte chunks), all or nothing:
    a temporary file beside it (``.<name>.tmp-<pid>-<random>``), flushed and fsync'd,
    renamed over ``path``, then the folder fsync'd. On any failure (a full disk, a
    killed write) the temporary file is removed, ``path`` is left as it was and the
    error is raised. The one atomic write of ``saves``: the battle file, rosters,
    exports and the last-battle note all go through it."""
    target = Path(path)
    folder = target.parent
    chunks: Iterable[bytes] = (
        (data.encode("utf-8"),) if isinstance(data, str) else (data,) if isinstance(data, bytes) else data
    )
    tmp = folder / f".{target.name}.tmp-{os.getpid()}-{secrets.token_hex(4)}"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    try:
        try:
            for chunk in chunks:
                write_all(fd, chunk)
            sync_file(fd)
        finally:
            os.close(fd)
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    sync_dir(folder)


def read_save_file(path: Path) -> bytes:
    """``read_regular`` of one file of a save, its refusal or ``OSError`` as a ``Damage``."""
    try:
        return read_regular(path)
    except NotAFile as err:
        raise Damage(CORRUPT, f"{path.name} is {err}") from None
    except OSError as err:
        raise os_damage(err, path.name) from None


def decode_text(raw: bytes, name: str) -> str:
    """UTF-8 text of a save file, or a ``Damage`` saying why not."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as err:
        if err.reason == "unexpected end of data":
            raise Damage(TRUNCATED, f"{name} ends in the middle of a character") from None
        raise Damage(CORRUPT, f"{name} is not UTF-8 text (byte {err.start})") from None


def parse_json(raw: bytes, name: str) -> Any:
    """A save file's bytes as strict JSON, with 'truncated' told apart from 'corrupt'.

    ``msgspec``'s decoder reads a valid file (twice as fast as ``json``'s: a long
    battle's file is megabytes, read before its first frame). It returns what ``json``
    would for any JSON both accept, and refuses all it cannot read exactly (NaN,
    Infinity, a number too large for a float, a lone surrogate, text that is not
    UTF-8): the bytes are then decoded and read again by ``json``'s decoder, and its
    answer or error (with the line) is the one given."""
    try:
        return FAST_DECODER.decode(raw)
    except (msgspec.MsgspecError, ValueError, RecursionError):  # ValueError: msgspec's UnicodeDecodeError
        pass
    text = decode_text(raw, name)
    try:
        return DECODER.decode(text)
    except json.JSONDecodeError as err:
        if _looks_truncated(text, err):
            raise Damage(TRUNCATED, f"{name} ends early (line {err.lineno})") from None
        raise Damage(CORRUPT, f"{name} is not valid JSON (line {err.lineno})") from None
    except RecursionError:
        raise Damage(CORRUPT, f"{name} is nested too deeply") from None
    except ValueError as err:  # NaN / Infinity
        raise Damage(CORRUPT, f"{name} is not strict JSON ({err})") from None


def _looks_truncated(text: str, err: json.JSONDecodeError) -> bool:
    end = len(text.rstrip())
    if err.pos >= end or err.msg.startswith("Unterminated string"):
        return True
    rest = text[err.pos : end]
    return any(word.startswith(rest) for word in ("true", "false", "null"))


SUM_TABLE = "sum"
"""battle.json's last table: the CRC32 of every byte of the file before it."""
_SUM_MARK = b',\n"' + SUM_TABLE.encode() + b'":'


def encode_db(data: dict[str, Any], pause_every: int = 0) -> Iterable[bytes]:
    """TinyDB data as JSON with one document per line, and the ``sum`` table last.

    The result is ordinary TinyDB JSON (plain TinyDB can read it), but line
    numbers in error messages point at single documents. With ``pause_every``
    the encoder yields the GIL every so many documents, so a background
    checkpoint does not stall the thread that is appending events. The ``sum``
    table (``{"1": {"crc": "<8 hex digits>"}}``) holds the CRC32 of every byte
    before it, so ``check_sum`` notices a changed byte anywhere in the file.
    """
    crc = 0
    first = True
    for name, table in data.items():
        if name == SUM_TABLE:
            continue
        parts = [("{\n" if first else ",\n") + ENCODER.encode(str(name)) + ":{"]
        first = False
        for doc_no, (doc_id, doc) in enumerate(table.items()):
            parts.append(("\n" if doc_no == 0 else ",\n") + ENCODER.encode(str(doc_id)) + ":" + ENCODER.encode(doc))
            if pause_every and doc_no % pause_every == pause_every - 1:
                chunk = "".join(parts).encode("utf-8")
                crc = zlib.crc32(chunk, crc)
                yield chunk
                parts = []
                time.sleep(0)
        parts.append("}")
        chunk = "".join(parts).encode("utf-8")
        crc = zlib.crc32(chunk, crc)
        yield chunk
    if first:
        raise ValueError("a save file holds at least its header table")
    yield _SUM_MARK + b'{"1":{"crc":"%08x"}}\n}\n' % crc


def check_sum(raw: bytes, data: dict[str, Any], name: str) -> bool:
    """True if ``data`` (parsed from ``raw``) has a ``sum`` table and it matches;
    False if it has none (written before save format 2); ``Damage`` if it does not match."""
    table = data.get(SUM_TABLE)
    if table is None:
        return False
    doc = table.get("1") if isinstance(table, dict) else None
    stored = doc.get("crc") if isinstance(doc, dict) else None
    at = raw.rfind(_SUM_MARK)
    if not isinstance(stored, str) or at < 0 or b"%08x" % zlib.crc32(raw[:at]) != stored.encode("ascii", "replace"):
        raise Damage(CORRUPT, f"{name} fails its checksum (a byte was changed)")
    return True


class SaveStorage(Storage):
    """TinyDB storage for ``battle.json``: parsed reads, atomic writes.

    Reading never creates or touches the file. With ``keep`` (the default) ``read``
    parses once and keeps the result; TinyDB's tables work on that cache. Without it
    every read parses the file again and nothing stays in memory between calls
    (``BattleStore``: a long battle's decoded file was most of its memory), except
    inside ``kept()``, which keeps one parse for a few calls in a row. A failed
    ``write`` drops the cache, so the next read comes from the disk again.
    """

    def __init__(
        self,
        path: str | os.PathLike[str],
        *,
        raw: bytes | None = None,
        background: bool = False,
        new: bool = False,
        keep: bool = True,
    ) -> None:
        """``raw``: the file's bytes if already read; ``new``: the file does not exist yet;
        ``keep``: keep the parsed file between calls."""
        super().__init__()
        self.path = Path(path)
        self._raw = raw
        self._new = new
        self._cache: dict[str, Any] | None = None
        self.keep = keep
        self.pause_every = 256 if background else 0
        self.summed = False
        """The file read last had a matching ``sum`` table (format 2 always has one)."""

    def read(self) -> dict[str, Any] | None:
        if self._cache is None:
            if self._new:
                return None
            raw = self._raw
            self._raw = None
            if raw is None:
                raw = read_save_file(self.path)
            if not raw.strip():
                raise Damage(TRUNCATED, f"{self.path.name} is empty")
            data = parse_json(raw, self.path.name)
            if not isinstance(data, dict):
                return data  # the caller reports "not ours"
            self.summed = check_sum(raw, data, self.path.name)
            if not self.keep:
                return data
            self._cache = data
        # A shallow copy: TinyDB swaps whole tables into the dict it gets,
        # and the cache must only change once a write has succeeded.
        return dict(self._cache)

    def write(self, data: dict[str, Any]) -> None:
        try:
            atomic_write(self.path, encode_db(data, self.pause_every))
        except BaseException:
            self._cache = None
            raise
        self._cache = data if self.keep else None
        self._new = False

    def forget(self) -> None:
        """Keep nothing from now on: each read parses the file again."""
        self.keep = False
        self._cache = None

    @contextmanager
    def kept(self) -> Iterator[None]:
        """Within: one parse serves every read (a checkpoint's few TinyDB calls); after,
        it is dropped again unless the storage keeps it anyway."""
        before = self.keep
        self.keep = True
        try:
            yield
        finally:
            self.keep = before
            if not before:
                self._cache = None

    def close(self) -> None:
        self._cache = None

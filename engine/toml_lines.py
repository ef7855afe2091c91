"""Where things are in a TOML text: the line of each ``[[table]]`` block and of each key,
so roster and mission problems can name their line. Also the error type (``FileError``:
problems as (line, message)), ``slug`` and the small value checkers the rule systems'
roster and mission readers share."""
from __future__ import annotations

import re
import tomllib
import unicodedata
from typing import Any, Callable

Problems = list[tuple[int, str]]


class FileError(ValueError):
    """A roster or mission file that cannot be used; ``problems`` lists (line, message),
    line 0 when unknown."""

    def __init__(self, source: str, problems: Problems, what: str = "file") -> None:
        self.source = source
        self.problems = problems
        lines = "; ".join(f"line {ln}: {msg}" if ln else msg for ln, msg in problems)
        super().__init__(f"{source or what}: {lines}")


def slug(text: str) -> str:
    """"Captain Vex" -> "captain-vex" (letters of any script are kept)."""
    norm = unicodedata.normalize("NFKD", text)
    plain = "".join(c for c in norm if not unicodedata.combining(c)).lower()
    return "-".join(p for p in "".join(c if c.isalnum() else "-" for c in plain).split("-") if p)


def text_lines(text: str) -> list[str]:
    """The file's lines as TOML counts them: only a newline ends a line (a carriage return
    before it is dropped). ``str.splitlines`` also breaks at \\x85, \\x1e, \\u2028…, which
    TOML keeps inside a line, and would number every later line one too high."""
    lines = text.split("\n")
    if lines[-1] == "":  # the final newline ends the last line
        lines.pop()
    return [line[:-1] if line.endswith("\r") else line for line in lines]


def syntax_error_line(err: tomllib.TOMLDecodeError, text: str) -> int:
    """The line of the file a TOML syntax error is on. tomllib says "at end of document"
    on the line after a file's final newline: that is the file's last line."""
    found = re.search(r"line (\d+)", str(err))
    last = max(1, text.count("\n") + (0 if text.endswith("\n") else 1))  # not splitlines: \x1e is no line end in TOML
    return min(int(found.group(1)), last) if found else last


def load(text: str, source: str, error: type[FileError]) -> dict[str, Any]:
    """Parse TOML; a syntax error becomes ``error`` with the line."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise error(source, [(syntax_error_line(err, text), f"not valid TOML: {err}")]) from None


class Lines:
    """Line numbers (1-based) of ``[[path]]`` blocks and keys in a TOML text."""

    _HEADER = re.compile(r"^\s*\[\[?\s*([^\]]+?)\s*\]\]?")

    def __init__(self, text: str) -> None:
        self.lines = text_lines(text)
        self.headers: list[tuple[int, str]] = []
        for i, line in enumerate(self.lines, start=1):
            m = self._HEADER.match(line)
            if m and not line.lstrip().startswith("#"):
                self.headers.append((i, m.group(1).replace(" ", "")))

    def _end(self, start: int) -> int:
        later = [ln for ln, _ in self.headers if ln > start]
        return (later[0] - 1) if later else len(self.lines)

    def block(self, path: str, index: int, within: tuple[int, int] | None = None) -> tuple[int, int]:
        """(header line, last line) of the ``index``-th ``[[path]]`` (inside ``within``)."""
        lo, hi = within or (1, len(self.lines))
        found = [ln for ln, p in self.headers if p == path and lo <= ln <= hi]
        if index >= len(found):
            return (0, 0)
        return found[index], self._end(found[index])

    def owner(self, path: str, index: int) -> tuple[int, int]:
        """The lines of block ``index`` of ``path`` including its sub-tables (up to the next
        block of the same path or another top-level path)."""
        start, _ = self.block(path, index)
        if not start:
            return (0, 0)
        later = [ln for ln, p in self.headers if ln > start and not p.startswith(path + ".")]
        return start, (later[0] - 1) if later else len(self.lines)

    def key(self, key: str, lo: int, hi: int) -> int:
        pattern = re.compile(rf"^\s*\"?{re.escape(key)}\"?\s*=")
        for i in range(max(lo, 1), min(hi, len(self.lines)) + 1):
            if pattern.match(self.lines[i - 1]):
                return i
        return 0

    def top_key(self, key: str) -> int:
        first = self.headers[0][0] - 1 if self.headers else len(self.lines)
        return self.key(key, 1, first)


def whole(value: Any, key: str, lo: int, hi: int, line: int, problems: Problems) -> int | None:
    """A whole number in [lo, hi], else a problem on ``line``."""
    if isinstance(value, bool) or not isinstance(value, int):
        problems.append((line, f"{key} must be a whole number, not {value!r}"))
        return None
    if not lo <= value <= hi:
        problems.append((line, f"{key} must be between {lo} and {hi}, not {value}"))
        return None
    return value


def target(value: Any, key: str, line: int, problems: Problems) -> int | None:
    """A target "X+" 2–6, given as 4 or "4+" ([SQ-M2])."""
    if isinstance(value, str) and re.fullmatch(r"\s*[2-6]\s*\+?\s*", value):
        return int(value.strip().rstrip("+"))
    if isinstance(value, str):
        problems.append((line, f"{key} must be a target from 2+ to 6+, not {value!r}"))
        return None
    return whole(value, key, 2, 6, line, problems)


def text(value: Any, key: str, line: int, problems: Problems, required: bool = False) -> str:
    if value is None:
        if required:
            problems.append((line, f"{key} is required"))
        return ""
    if not isinstance(value, str):
        problems.append((line, f"{key} must be text, not {value!r}"))
        return ""
    return value.strip()


def unknown_keys(raw: dict[str, Any], known: tuple[str, ...], where: str, line_of: Callable[[str], int],
                 problems: Problems) -> None:
    for key in raw:
        if key not in known:
            problems.append((line_of(key), f"unknown {where} key '{key}' (known: {', '.join(known)})"))

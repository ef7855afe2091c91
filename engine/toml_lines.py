"""Where things are in a TOML text: the line of each ``[[table]]`` block and of each key,
so roster and mission problems can name their line. Also the error type (``FileError``:
problems as (line, message)), ``slug`` and the small value checkers the rule systems'
roster and mission readers share."""

from __future__ import annotations

import re
import tomllib
import unicodedata
from typing import Any, Callable

from engine.records import Record

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
    """ "Captain Vex" -> "captain-vex" (letters of any script are kept)."""
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


# --------------------------------------------------------------------------- the line locator
# The one place that knows where a header or a key is in a TOML text (the roster and mission
# readers of every rule system use it; ``tomllib`` gives no line numbers). It reads the text
# statement by statement: a line that starts inside a multi-line string or array is never
# taken for a header or a key.
_ATOM = r'(?:[A-Za-z0-9_-]+|"(?:[^"\\]|\\.)*"|\'[^\']*\')'
_DOTTED = rf"{_ATOM}(?:\s*\.\s*{_ATOM})*"
_HEADER_RE = re.compile(rf"^\s*(\[\[?)\s*({_DOTTED})\s*\]\]?")
_KEY_RE = re.compile(rf"^\s*({_DOTTED})\s*=")


def _key_parts(dotted: str) -> tuple[str, ...]:
    return tuple(p.strip("\"'") for p in re.findall(_ATOM, dotted))


def _scan_value(text: str, depth: int, multiline: str | None) -> tuple[int, str | None]:
    """Bracket depth and open multi-line string after reading ``text`` (strings and comments skipped)."""
    i = 0
    while i < len(text):
        if multiline:
            end = text.find(multiline, i)
            if end < 0:
                return depth, multiline
            i, multiline = end + 3, None
            continue
        ch = text[i]
        if text.startswith('"""', i) or text.startswith("'''", i):
            multiline, i = text[i : i + 3], i + 3
        elif ch in "\"'":
            j = i + 1
            while j < len(text) and text[j] != ch:
                j += 2 if ch == '"' and text[j] == "\\" else 1
            i = j + 1
        elif ch == "#":
            break
        else:
            depth += (ch in "[{") - (ch in "]}")
            i += 1
    return max(depth, 0), multiline


class Statement(Record):
    """A header or a key line of a TOML text."""

    line: int
    """1-based line number."""
    header: bool
    """A ``[table]`` or ``[[array]]`` header (else a ``key = value`` line)."""
    path: tuple[str, ...]
    """A header's table path, or a key's own dotted parts."""
    table: tuple[str, ...]
    """The table the statement belongs to: a header's own path, a key's enclosing table."""


def statements(text: str) -> list[Statement]:
    """Every header and key line of ``text``, in order."""
    out: list[Statement] = []
    table: tuple[str, ...] = ()
    depth, multiline = 0, None
    for n, raw in enumerate(text_lines(text), 1):
        if depth == 0 and multiline is None:
            header = _HEADER_RE.match(raw)
            if header:
                table = _key_parts(header.group(2))
                out.append(Statement(n, True, table, table))
                continue
            key = _KEY_RE.match(raw)
            if key:
                out.append(Statement(n, False, _key_parts(key.group(1)), table))
                raw = raw[key.end() :]
        depth, multiline = _scan_value(raw, depth, multiline)
    return out


class Lines:
    """Line numbers (1-based) of ``[[path]]`` blocks and keys in a TOML text."""

    def __init__(self, text: str) -> None:
        self.lines = text_lines(text)
        self.statements = statements(text)
        self.headers: list[tuple[int, str]] = [(s.line, ".".join(s.path)) for s in self.statements if s.header]

    def _end(self, start: int) -> int:
        later = [ln for ln, _ in self.headers if ln > start]
        return (later[0] - 1) if later else len(self.lines)

    def block(self, path: str, index: int, within: tuple[int, int] | None = None) -> tuple[int, int]:
        """(header line, last line) of the ``index``-th ``[[path]]`` (inside ``within``);
        (0, 0) when there is no such block."""
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
        """The first line in ``lo``..``hi`` that sets ``key`` (``key = …`` or ``key.sub = …``); 0 if none."""
        return next((s.line for s in self.statements if not s.header and lo <= s.line <= hi and s.path[0] == key), 0)

    def block_key(self, path: str, index: int, key: str) -> int:
        """The line of ``key`` in block ``index`` of ``[[path]]``, else the block's header
        line; 0 when there is no such block."""
        start, end = self.block(path, index)
        return (self.key(key, start, end) or start) if start else 0

    def top_key(self, key: str) -> int:
        """The line of a top-level ``key`` (before the first header); 0 if none."""
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


def unknown_keys(
    raw: dict[str, Any], known: tuple[str, ...], where: str, line_of: Callable[[str], int], problems: Problems
) -> None:
    for key in raw:
        if key not in known:
            problems.append((line_of(key), f"unknown {where} key '{key}' (known: {', '.join(known)})"))

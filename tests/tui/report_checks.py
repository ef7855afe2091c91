"""Checks every system's battle report must pass (#21), shared by the report tests of
SAGA, xK6 and Star Quest: the dashboard's numbering, Markdown a renderer reads as the GM
meant it (tables keep their columns, names' `|` and `*` escaped), one well-formed HTML page
that loads nothing from outside and draws each side's dice."""

from __future__ import annotations

import re
from html.parser import HTMLParser

from engine.battle import Battle
from tui.report import Report, build_report, render


def report(battle: Battle) -> Report:
    """The report of ``battle`` as ``skirmish export`` builds it: from the saved entries."""
    return build_report(battle.header, [e.to_dict() for e in battle.entries])


def report_of(battle: Battle, fmt: str) -> str:
    return render(report(battle), fmt)


def seq_of(battle: Battle, text: str) -> int:
    """The number of the first effective entry whose text has ``text``."""
    return next(e.seq for e in battle.active_events if text in (e.text or ""))


def numbered(text: str) -> list[int]:
    """The entry numbers of a plain-text report, in order."""
    return [int(n) for n in re.findall(r"^  #(\d+) ", text, re.M)]


def entry(text: str, seq: int) -> str:
    """Entry ``seq`` of a plain-text report with its breakdown (up to the next entry)."""
    return re.split(r"\n  #\d", text.split(f"\n  #{seq} ", 1)[1], maxsplit=1)[0]


def turning_lines(text: str) -> list[str]:
    """The lines under a plain-text report's "Turning points" heading (none: no heading)."""
    head = text.split("\nRound 1\n")[0]
    if "\nTurning points\n" not in head:
        return []
    block = head.split("\nTurning points\n", 1)[1]
    return [line.strip() for line in re.split(r"\n(?! )", block, maxsplit=1)[0].splitlines()]


def assert_each_turning_point_is_listed_once(battle: Battle, text: str) -> None:
    """Each turning point is one roll: no entry's number comes twice, in the report's
    headline or in what it is built from."""
    seqs = [int(re.match(r"(?:against the odds|let down): #(\d+) ", line).group(1)) for line in turning_lines(text)]
    assert len(seqs) == len(set(seqs)), turning_lines(text)
    head = report(battle).headline
    points = [(t.seq, t.title) for t in (*head.upsets, *head.flops)]
    assert len(points) == len(set(points)) == len(seqs), points


def undone_line(text: str) -> str:
    """The plain-text report's line for entries taken back with undo."""
    (line,) = [line for line in text.splitlines() if "taken back with undo" in line]
    return line


# ---------------------------------------------------------------------- Markdown
_ESCAPED = re.compile(r"\\.")


def _outside_fences(md: str) -> list[str]:
    out, fence = [], ""
    for line in md.splitlines():
        bare = line.strip()
        if fence:
            if bare == fence:
                fence = ""
            continue
        opening = re.match(r"(`{3,})text$", bare)
        if opening:
            fence = opening.group(1)
            continue
        out.append(line)
    assert not fence, "a fence is never closed"
    return out


def _unmarked(line: str) -> str:
    """``line`` without its escaped characters and the report's own markup (the bold entry
    number, the italic undone line and system name)."""
    line = _ESCAPED.sub("", line)
    numbered = re.sub(r"^- \*\*#\d+\*\* ", "- ", line)
    if numbered != line:
        return numbered
    line = re.sub(r"^- \*(.*)\*$", r"- \1", line)
    return re.sub(r"^\*([^*]*)\* · seed", r"\1 · seed", line)


def assert_markdown_is_valid(md: str) -> None:
    """Every table row has as many cells as its header (a name's `|` is escaped, so it
    splits none) and a separator row; outside tables and fences no `|` or `*` is left
    unescaped but the report's own emphasis; every fence is closed."""
    lines = _outside_fences(md)
    tables: list[list[str]] = []
    previous_row = False
    for line in lines:
        row = line.startswith("|")
        if row and not previous_row:
            tables.append([])
        if row:
            tables[-1].append(line)
        previous_row = row
    assert tables, "no table"
    for table in tables:
        cells = [len(re.findall(r"(?<!\\)\|", row)) for row in table]
        assert len(set(cells)) == 1, table
        assert re.fullmatch(r"\|(-{3,}:?\|)+|\|(:?-{3,}:?\|)+", table[1]), table
        for row in table:
            assert "*" not in _ESCAPED.sub("", row), row
    for line in lines:
        if line.startswith("|"):
            continue
        plain = _unmarked(line)
        assert "|" not in plain and "*" not in plain, line


# ---------------------------------------------------------------------- HTML
class Page(HTMLParser):
    """A page read with html.parser: every tag closed in order, every tag and attribute
    kept, the text of each element."""

    VOID = {"meta", "br", "hr", "img", "input", "link", "source", "wbr"}

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []
        self.errors: list[str] = []
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        if tag not in self.VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))

    def handle_endtag(self, tag):
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"</{tag}> closes {self.stack[-1:] or 'nothing'}")
        else:
            self.stack.pop()

    def handle_data(self, data):
        self.text.append(data)


def parsed_page(page: str, charts: int) -> Page:
    """``page`` parsed: well formed, self-contained (nothing loaded from a file or the
    network: no link, image, frame, object, script source, url() or @import) and with
    ``charts`` SVG luck charts; returns the parser (its ``text`` is what a reader sees)."""
    parser = Page()
    parser.feed(page)
    parser.close()
    assert page.startswith("<!DOCTYPE html>")
    assert not parser.errors and not parser.stack, (parser.errors, parser.stack)
    for tag, attrs in parser.tags:
        assert tag not in ("link", "iframe", "img", "object", "embed", "frame"), tag
        assert not (tag == "script" and "src" in attrs), attrs
        for name in ("src", "href", "xlink:href"):
            assert not re.match(r"\s*(https?:)?//", attrs.get(name) or ""), (tag, attrs)
    assert "url(" not in page and "@import" not in page
    assert sum(1 for tag, _ in parser.tags if tag == "svg") == charts
    return parser

"""A bar of a few one-line texts: the trackers at the top of each dashboard and the
status line at the bottom.

Dashboards redraw their bars after every event. A ``Static`` lays its whole text
out again on each update, though most events change one line of a bar or none.
``SteadyBar.put`` skips the text it already shows and asks for a new layout only
when the number of lines changes; each line is drawn once (cut with … to the
width) and kept in an ``LRUCache`` cleared on a style change, so a line that did not
change is not drawn again (as Textual's own ``Log`` keeps its lines).
"""

from __future__ import annotations

from typing import Any, ClassVar, Sequence

from rich.text import Span, Text
from textual.cache import LRUCache
from textual.strip import Strip
from textual.widget import Widget

from tui.widgets.kept_lines import KeptLines, blank
from tui.widgets.row_table import line_strip

SEPARATOR = " │ "
"""Between the parts of a bar line: a wrapped line breaks here first."""
KEEP = 64
"""Drawn lines kept per bar (a bar shows two to four)."""


def as_text(value: Text | str) -> Text:
    return value if isinstance(value, Text) else Text(value)


def _same(a: Text, b: Text) -> bool:
    return a.plain == b.plain and a.spans == b.spans and a.style == b.style


def line_of(*parts: str | tuple[str, str]) -> Text:
    """One line of a bar from plain and ``(text, style)`` parts, made in one go (Rich's
    ``Text.append`` checks each part for control codes, a bar line has a dozen parts)."""
    plain: list[str] = []
    spans: list[Span] = []
    at = 0
    for part in parts:
        text, style = (part, "") if isinstance(part, str) else part
        plain.append(text)
        if style and text:
            spans.append(Span(at, at + len(text), style))
        at += len(text)
    return Text("".join(plain), spans=spans)


def _lines(text: Text | str | Sequence[Text | str]) -> list[Text]:
    if isinstance(text, (str, Text)):
        text = as_text(text)
        return list(text.split("\n", allow_blank=True)) if "\n" in text.plain else [text]
    lines: list[Text] = []
    for line in map(as_text, text):
        lines.extend(line.split("\n", allow_blank=True) if "\n" in line.plain else [line])
    return lines


class SteadyBar(KeptLines, Widget):
    """Lines of text set with ``put`` (or ``update``), as one text or a list of lines
    (a list costs no splitting); ``render()`` is the whole text. A line wider than the
    bar is cut with …, or (``WRAP``: the trackers, whose "Next:" line must never be cut)
    wrapped at word boundaries onto as many rows as it needs."""

    WRAP: ClassVar[bool] = False
    """Wrap long lines instead of cutting them."""
    SHORT_BELOW: ClassVar[int] = 70
    """Narrower than this, the bar shows the short lines given to ``put`` (if any)."""

    DEFAULT_CSS = """
    SteadyBar { height: auto; }
    """

    def __init__(self, text: Text | str = "", *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._lines = _lines(text)
        self._shown: Text | None = None
        self._drawn: LRUCache[tuple[Any, ...], Strip] = LRUCache(KEEP)
        self._rows: tuple[int, list[Text]] = (-1, [])  # (width, the lines as drawn rows)
        self._short: list[Text] | None = None

    def put(self, text: Text | str | Sequence[Text | str], short: Sequence[Text | str] | None = None) -> None:
        """Show ``text``; ``short``: the same said in fewer cells, for a narrow bar."""
        lines = _lines(text)
        shorter = None if short is None else _lines(short)
        if (
            len(lines) == len(self._lines)
            and all(map(_same, lines, self._lines))
            and (shorter is None) == (self._short is None)
            and (
                shorter is None
                or self._short is None
                or len(shorter) == len(self._short)
                and all(map(_same, shorter, self._short))
            )
        ):
            return
        width = self.size.width
        before = len(self.rows(width))
        self._lines, self._short, self._shown, self._rows = lines, shorter, None, (-1, [])
        relayout = len(self.rows(width)) != before
        self.refresh(layout=relayout)

    def update(self, text: Text | str = "", *, layout: bool = True) -> None:
        """``Static.update``'s name (the status line is set this way): the same as ``put``."""
        self.put(text)

    def render(self) -> Text:
        if self._shown is None:
            self._shown = Text("\n").join(self._lines)
        return self._shown

    def rows(self, width: int) -> list[Text]:
        """The rows drawn at ``width``: the lines, each long one wrapped when ``WRAP``."""
        lines = self._short if self._short is not None and 0 < width < self.SHORT_BELOW else self._lines
        if not self.WRAP or width <= 0:
            return lines
        if self._rows[0] == width:
            return self._rows[1]
        rows: list[Text] = []
        for line in lines:
            if line.cell_len <= width:
                rows.append(line)
            else:
                rows.extend(self._wrap(line, width))
        self._rows = (width, rows)
        return rows

    def _wrap(self, line: Text, width: int) -> list[Text]:
        """A long line on rows of ``width``: broken between its " │ " parts first (a
        part stays whole where it fits), then between words."""
        plain = line.plain
        cuts: list[int] = []
        at = plain.find(SEPARATOR)
        while at > 0:
            cuts += [at, at + len(SEPARATOR)]
            at = plain.find(SEPARATOR, at + len(SEPARATOR))
        pieces = list(line.divide(cuts)) if cuts else [line]
        packed: list[Text] = []
        row = pieces[0]
        for sep, part in zip(pieces[1::2], pieces[2::2]):
            if row.cell_len + sep.cell_len + part.cell_len <= width:
                row = Text.assemble(row, sep, part)
            else:
                packed.append(row)
                row = part
        packed.append(row)
        rows: list[Text] = []
        for piece in packed:
            if piece.cell_len <= width:
                rows.append(piece)
            else:
                rows.extend(piece.wrap(self.app.console, width, overflow="fold", no_wrap=False))
        return rows

    def get_content_height(self, container: Any, viewport: Any, width: int) -> int:
        return len(self.rows(width))

    def get_content_width(self, container: Any, viewport: Any) -> int:
        return max((line.cell_len for line in self._lines), default=0)

    def notify_style_update(self) -> None:
        self._drawn.clear()
        super().notify_style_update()

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        rows = self.rows(width)
        if width <= 0 or not 0 <= y < len(rows):
            return blank(max(width, 0), self.line_style)
        line = rows[y]
        key = (line.plain, tuple(line.spans), line.style, width)
        strip = self._drawn.get(key)
        if strip is None:
            cut = line.copy()
            cut.no_wrap = True
            cut.truncate(width, overflow="ellipsis")
            strip = self._drawn[key] = line_strip(self.app.console, cut, width, self.line_style)
        return strip

"""A roll dialog's modifier on one line at any width: letter, tick, value and name on the
left, where the rule is in the rulebook in a column on the right.

A whole citation ("Modyfikatory strzelania (Shooting modifiers), p. 9") beside a label
wrapped most modifier lines at 80 columns. Each line now fits its width: every line of a
dialog shows the whole citation if all of them have the room, else all show the compact
one (the English name and the page: "Shooting modifiers, p. 9", the same rule in every
system); a line still too long cuts the name at its end ("Shooting…, p. 9"), keeping
the page and a reading's id. A label is never cut (it may hold a number): one with no
room first leaves out its asides in brackets with no number in them (a term's original:
"Show me what's inside, kitty!" without "(Pokaż kotku, co masz w środku!)"), then wraps
whole, its citation whole beside or under it; in a list of ``one_line`` rows (the re-roll
offers) it leaves out the citation rather than wrap. The dialog shows the whole
citation (the book's own name, the English, the page) of the modifier
highlighted under the list, after its whole line where the line shows less (``full_citation``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, Group, RenderResult
from rich.measure import Measurement
from rich.text import Text

from engine.records import Record
from tui.citations import Cite, as_is, cite_renderable, cite_rich
from tui.dialogs.options import OptionLine

GAP = 2
"""Columns between a line's label and its citation."""
SHORTEST_SECTION = 6
"""A section name a line shortens keeps at least this many characters (before the "…")."""
_ASIDE = re.compile(r"\s*\([^()0-9]*\)")
"""An aside in brackets with no number in it: a term's original, a short gloss."""
_TAIL = re.compile(r"(?:,\s*p\.\s*\d+.*|(?:\s*\[[^\]]*\](?:\([a-z]\))?)+)$")
"""What a citation keeps however short its line: the page and all after it, else the
readings' ids in brackets at its end."""


@runtime_checkable
class CitingShort(Protocol):
    """What cites rules compactly for the battle on screen: the app, its session, a ``SystemSpec``."""

    def cite_short(self, text: str) -> str: ...


def citer_short(source: object) -> Cite:
    """The compact citing function of ``source`` (the app: ``cite_short``); ``as_is``
    when it has none."""
    return source.cite_short if isinstance(source, CitingShort) else as_is


def shortened(citation: str, room: int) -> str:
    """``citation`` in at most ``room`` columns where it can be: the name cut at its end
    with "…", the page always kept (a reading's id where it has room: the whole citation
    under the list has it), and at least ``SHORTEST_SECTION`` characters of the name
    ("Shooti…, p. 9", never a bare "p. 9"). May be longer than
    ``room`` (the shortest it gets: the line then puts it on a line of its own)."""
    if cell_len(citation) <= room:
        return citation
    match = _TAIL.search(citation)
    tail = match.group(0) if match else ""
    head = citation[: len(citation) - len(tail)].rstrip()
    if "[" in tail and cell_len(head) + cell_len(tail) > room and room - cell_len(tail) - 1 < SHORTEST_SECTION:
        tail = tail[: tail.index("[")].rstrip()  # a reading's id only where it has room: the page first
    keep = max(room - cell_len(tail) - 1, SHORTEST_SECTION)
    if cell_len(head) <= keep:
        return head + tail
    cut = head[:keep]
    if head[keep] != " " and cut.rfind(" ") >= SHORTEST_WORD:  # at a word's end: "Heroic…", not "Heroic pla…"
        cut = cut[: cut.rfind(" ")]
    return cut.rstrip(" ,:;–-") + "…" + tail


SHORTEST_WORD = 4
"""A name is cut at a word's end where that keeps at least this many characters."""

NARROWEST_COLUMN = 16
"""The citations' column is never made narrower than this for the sake of one long line
(that line shortens its own citation further)."""


class ModifierRows:
    """The lines of one dialog's modifiers, fitted together: whether they show whole
    citations at a width, and how wide their column is, is decided for all of them."""

    def __init__(self, one_line: bool = False) -> None:
        self.rows: list[ModifierRow] = []
        self._column: dict[int, tuple[bool, int]] = {}
        self.one_line = one_line
        """A line whose label, shortened, has no room for even the shortest citation
        leaves the citation to the footnote rather than wrap (a re-roll's lines: a chance
        each, one offer a line)."""

    def column_at(self, width: int) -> tuple[bool, int]:
        """(whole citations, the citations' column width) at ``width``."""
        if width not in self._column:
            cited = [row for row in self.rows if row.citation]
            if all(row.length(row.citation) <= width for row in cited):
                self._column[width] = (True, max((cell_len(row.citation) for row in cited), default=0))
            else:
                widest = max(cell_len(row.compact) for row in cited)
                rooms = [r for r in (row.column_room(width) for row in cited) if r is not None]
                room = min(rooms, default=widest)
                self._column[width] = (False, min(widest, max(room, NARROWEST_COLUMN)))
        return self._column[width]


class ModifierRow:
    """One option of a roll dialog as a one-line renderable (an ``OptionList`` prompt).

    ``left``: letter, tick, value and label; ``note``: the aside after the label (shortened
    before the label is); ``citation`` / ``compact``: the rule cited whole / compact.
    ``str()`` is the whole line, as ``option_line`` gives it.
    """

    def __init__(
        self, rows: ModifierRows, left: Text, note: Text, citation: str, compact: str, label: str = ""
    ) -> None:
        self.rows = rows
        self.left, self.note = left, note
        self.citation, self.compact = citation, compact
        self.label = label if left.plain.endswith(label) else ""
        """The label as ``left`` ends with it: what a line with no room shortens."""
        rows.rows.append(self)

    def length(self, citation: str) -> int:
        """Columns the whole line takes with ``citation``."""
        return self.left.cell_len + self.note.cell_len + (GAP + cell_len(citation) if citation else 0)

    def room(self, width: int) -> int:
        """Columns left for the citation beside the whole label and note."""
        return width - self.left.cell_len - self.note.cell_len - GAP

    def column_room(self, width: int) -> int | None:
        """The room this line leaves the citations' column at ``width``: beside its whole
        label where the shortest citation fits there, else beside its shortest label
        (``shorter_lefts``) where one does; None in a ``one_line`` list where none does
        (the line then shows no citation, and does not narrow the others')."""
        lefts = [self.left, *self.shorter_lefts()]
        for left in lefts:
            room = width - left.cell_len - self.note.cell_len - GAP
            if cell_len(shortened(self.compact, room)) <= room:
                return room
        return None if self.rows.one_line and len(lefts) > 1 else self.room(width)

    def shorter_lefts(self) -> list[Text]:
        """``left`` with its label shorter and shorter: each aside in brackets with no
        number in it left out in turn, a term's original first ("Show me what's inside,
        kitty! (Pokaż kotku, co masz w środku!)" -> "Show me what's inside, kitty!"). A
        number (a value, a die, a chance) is never left out."""
        if not self.label:
            return []
        prefix = self.left[: len(self.left.plain) - len(self.label)]
        style = self.left.spans[-1].style if self.left.spans and self.left.spans[-1].end == len(self.left) else ""
        out, label = [], self.label
        while (aside := _ASIDE.search(label)) is not None:
            label = label[: aside.start()] + label[aside.end() :]
            out.append(Text.assemble(prefix, (label, style)))
        return out

    def shortened_at(self, width: int) -> tuple[Text, str] | None:
        """(``left`` shortened, the citation beside it) where the whole label has no room
        beside even the shortest citation: the first shorter label with room for a
        citation; in a list of ``one_line`` rows, else the first shorter label that fits
        alone (its whole text and citation show under the list when it is highlighted);
        None: the line wraps (``fit``)."""
        if not self.citation or self.room(width) >= cell_len(self.citation_at(width)[0]):
            return None
        _, column = self.rows.column_at(width)
        lefts = self.shorter_lefts()
        for left in lefts:
            room = width - left.cell_len - self.note.cell_len - GAP
            citation = shortened(self.compact, min(column, room))
            if cell_len(citation) <= room:
                return left, citation
        for left in lefts if self.rows.one_line else ():
            if left.cell_len + self.note.cell_len <= width:
                return left, ""
        return None

    def citation_at(self, width: int) -> tuple[str, int]:
        """(the citation the line shows at ``width``, its column's width)."""
        if not self.citation:
            return "", 0
        whole, column = self.rows.column_at(width)
        if whole:
            return self.citation, column
        return shortened(self.compact, min(column, self.room(width))), column

    def fit(self, width: int, console: Console | None = None) -> Text:
        """The line in ``width`` columns: the citation in the column at the right. A label
        with no room even beside the shortest citation is shortened first where it can be
        (``shortened_at``); else it is never cut (it may hold a number:
        a re-roll's odds): it wraps whole, and the citation, whole too (never "p." on one
        line and "7" on the next), goes at the right of its last line or under it."""
        citation, column = self.citation_at(width)
        short = self.shortened_at(width)
        if short is not None:  # one line still: a shorter label, or no citation (both under the list)
            out = Text.assemble(short[0], self.note)
            if short[1]:  # in the citations' column where it has room, as the other lines
                room = width - out.cell_len - GAP
                column = column if column <= room else cell_len(short[1])
                out.append(" " * max(width - out.cell_len - column, GAP))
                out.append(short[1], style="dim")
            out.no_wrap = True
            return out
        if self.room(width) < cell_len(citation):
            if not citation:
                return Text.assemble(self.left, self.note)
            lines = list(Text.assemble(self.left, self.note).wrap(console or Console(width=width), width))
            for line in lines:
                line.rstrip()
            last = lines[-1] if lines else Text()
            citation = shortened(self.compact, min(column, width - last.cell_len - GAP))  # beside its last line
            if last.cell_len + GAP + cell_len(citation) > width:  # else on a line of its own, in the column
                citation = shortened(self.compact, column)
                last = Text()
                lines.append(last)
            last.append(" " * max(width - last.cell_len - cell_len(citation), GAP if last.cell_len else 0))
            last.append(citation, style="dim")
            out = Text("\n").join(lines)
            out.no_wrap = True
            return out
        if column > self.room(width):  # no room for the column: the citation right after the label
            column = cell_len(citation)
        out = Text.assemble(self.left, self.note)
        if citation:
            out.append(" " * max(width - out.cell_len - column, GAP))
            out.append(citation, style="dim")
        out.no_wrap = True
        return out

    def shows_whole_citation(self, width: int) -> bool:
        return self.shortened_at(width) is None and self.citation_at(width)[0] == self.citation

    def shows_whole_label(self, width: int) -> bool:
        """Whether the line at ``width`` shows its label whole (see ``shortened_at``)."""
        return self.shortened_at(width) is None

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self.fit(options.max_width, console)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement(min(self.left.cell_len, options.max_width), self.length(self.citation))

    def __str__(self) -> str:
        return Text.assemble(self.left, self.note).plain + (f"  {self.citation}" if self.citation else "")


def option_parts(option: OptionLine, hotkey: str, cite: Cite = as_is, values: bool = True) -> tuple[Text, Text]:
    """(letter, tick, value and label; "auto" and the note) of ``option`` (a rule in the
    label or the note cited by ``cite``; ``values``: False in a list where no line has a
    value, which then has no column for one)."""
    on_ = option.active
    left = Text()
    left.append(f"{hotkey} ", style="bold")
    value, kind = option.value, option.kind
    if kind == "info":
        left.append("[i] ", style="dim")
    else:
        left.append("[✓] " if on_ else "[ ] ", style="bold green" if on_ else "dim")
    if kind == "set" and value:  # an effect that sets the value: "=7", not "+7"
        shown = f"={value}"
    elif kind == "modifier" or (kind == "info" and value):  # a line of the numbers may show its term
        shown = f"{value:+d}" if value else " 0"
    else:
        shown = "  "
    if values or shown.strip():
        left.append(f"{shown:>3}  ", style="bold" if on_ else "dim")
    left.append(cite(option.label), style="" if on_ else "dim")
    note = Text()
    if option.state == "auto":
        note.append("  auto", style="italic cyan")
    if option.note:
        note.append(f"  ({cite(option.note)})", style="dim italic")
    return left, note


def modifier_rows(
    options: Sequence[OptionLine],
    letters: dict[str, str],
    cite: Cite = as_is,
    compact: Cite = as_is,
    one_line: bool = False,
) -> list[ModifierRow]:
    """Each option as one line, fitted with the others (``letters``: each option's key's
    letter; ``cite`` / ``compact``: the whole / compact citing functions; ``one_line``:
    see ``ModifierRows.one_line``)."""
    rows = ModifierRows(one_line)
    out = []
    values = any(option.value or option.kind == "modifier" for option in options)  # else no column (re-rolls)
    for option in options:
        left, note = option_parts(option, letters.get(option.key, " "), cite, values)
        rule = option.rule
        label = cite(option.label)
        out.append(ModifierRow(rows, left, note, cite(rule) if rule else "", compact(rule) if rule else "", label))
    return out


def full_citation(row: Any, letter: str, width: int = 0) -> Text:
    """The footnote under the list: the highlighted modifier's whole citation, after its
    whole label where its line at ``width`` shows a shorter one."""
    if not isinstance(row, ModifierRow) or not row.citation:
        return Text()
    out = Text.assemble((f"{letter.strip() or '·'}: ", "bold"))
    if width and not row.shows_whole_label(width):
        out.append(Text.assemble(row.label, row.note).plain + "  ")
    out.append(row.citation, style="dim")
    return out


class TermLine(Record):
    """A modifier inside a roll's numbers (an xK6 pool's): in a ``Group`` of the odds,
    fitted as the list's lines are (``fitted``)."""

    value: int
    label: str
    rule: str = ""

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield Text(f"{INDENT}{self.value:+d}  {self.label}" + (f"  {self.rule}" if self.rule else ""))


INDENT = "      "
"""Where a term of the numbers starts (under the pool it modifies)."""


def fitted(odds: Any, cite: Cite = as_is, compact: Cite = as_is) -> Any:
    """The odds shown: a ``Text`` cited; a ``Group`` of texts and ``TermLine`` s with each
    term a line fitted like the modifiers' (one column for all of them)."""
    if not isinstance(odds, Group):
        return cite_rich(odds, cite)
    rows = ModifierRows()
    parts: list[Any] = []
    for part in odds.renderables:
        if isinstance(part, TermLine):
            left = Text(INDENT)
            left.append(f"{part.value:+d}  ", style="bold")
            left.append(part.label)
            rule = part.rule
            parts.append(ModifierRow(rows, left, Text(), cite(rule) if rule else "", compact(rule) if rule else ""))
        else:
            parts.append(cite_renderable(part, cite))
    return Group(*parts)

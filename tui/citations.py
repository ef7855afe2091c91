"""Rules cited as the rulebook gives them, wherever the dashboard shows a rule.

The engine cites rules by its digests' section numbers ("§10.3"); the rule system's
table (``SystemSpec.citations``) knows the book's section and page. ``citer`` gives the
function for the battle on screen (the app's, its session's: ``cite``), ``cite_rich`` applies one to a rich ``Text`` while
keeping its styles. Only display code calls these: the engine's strings stay as they are.
"""

from __future__ import annotations

import copy
from typing import Any, Callable, Protocol, overload, runtime_checkable

from rich.console import Group
from rich.table import Table
from rich.text import Text

Cite = Callable[[str], str]


def as_is(text: str) -> str:
    """No table: a rule shows as the engine cites it."""
    return text


@runtime_checkable
class Citing(Protocol):
    """What cites rules for the battle on screen: the app, its session, a ``SystemSpec``."""

    def cite(self, text: str) -> str: ...


def citer(source: object) -> Cite:
    """The citing function of ``source`` (the app, a session or a ``SystemSpec``);
    ``as_is`` when it cites nothing."""
    return source.cite if isinstance(source, Citing) else as_is


@overload
def cite_rich(text: Text, cite: Cite) -> Text: ...
@overload
def cite_rich(text: str, cite: Cite) -> str: ...
@overload
def cite_rich(text: Text | str, cite: Cite) -> Text | str: ...
def cite_rich(text: Text | str, cite: Cite) -> Text | str:
    """``text`` with each digest citation replaced by ``cite``'s; a ``Text`` keeps the
    styles around and over each citation."""
    if isinstance(text, str):
        return cite(text)
    plain = text.plain
    if "§" not in plain:
        matches = []
    else:
        from engine.citations import SECTION  # loaded with the battle, not at start-up

        matches = list(SECTION.finditer(plain))
    if not matches:
        return text
    out = text.blank_copy()
    at = 0
    for match in matches:
        out.append_text(text[at : match.start()])
        piece = text[match.start() : match.end()]
        start = len(out)
        out.append(cite(piece.plain))
        for span in piece.spans:  # a style over the whole citation covers its replacement
            if span.start == 0 and span.end >= len(piece):
                out.stylize(span.style, start, len(out))
        at = match.end()
    out.append_text(text[at:])
    return out


def cite_renderable(renderable: Any, cite: Cite) -> Any:
    """A help guide, a card or any Rich renderable: its ``Text`` and strings cited, inside a
    ``Group`` or a ``Table`` (its title, caption, headers and every cell) too; other
    renderables as they are. The renderable given is not changed."""
    if isinstance(renderable, (Text, str)):
        return cite_rich(renderable, cite)
    if isinstance(renderable, Group):
        return Group(*(cite_renderable(part, cite) for part in renderable.renderables))
    if isinstance(renderable, Table):
        return _cite_table(renderable, cite)
    return renderable


def _cite_table(table: Table, cite: Cite) -> Table:
    """A copy of ``table`` with the same settings, columns and row styles, each cell cited."""
    out = copy.copy(table)
    out.title = cite_renderable(table.title, cite) if table.title is not None else None
    out.caption = cite_renderable(table.caption, cite) if table.caption is not None else None
    out.columns, out.rows = [], []
    for column in table.columns:
        out.add_column(
            cite_renderable(column.header, cite),
            cite_renderable(column.footer, cite),
            header_style=column.header_style,
            highlight=column.highlight,
            footer_style=column.footer_style,
            style=column.style,
            justify=column.justify,
            vertical=column.vertical,
            overflow=column.overflow,
            width=column.width,
            min_width=column.min_width,
            max_width=column.max_width,
            ratio=column.ratio,
            no_wrap=column.no_wrap,
        )
    cells = [list(column.cells) for column in table.columns]
    for index, row in enumerate(table.rows):
        out.add_row(
            *(cite_renderable(column[index], cite) for column in cells), style=row.style, end_section=row.end_section
        )
    return out

"""Rule citations as a player holding the rulebook reads them.

The engine cites rules by the section numbers of the English digests it was built
from ("§10.3"), which a player at the table does not have. Each rule system declares
one table (``SystemSpec.citations``): digest section -> ``Citation`` (the book's own
section heading, its page where the book gives pages, and an English name). ``cite``
turns every "§10.3" in a displayed text into "Modyfikatory strzelania (Situational
modifiers to Accuracy), p. 9"; the display layer applies it to breakdowns, refusals,
settings, help and reports, so the engine's own rule strings need not change.
"""

from __future__ import annotations

import re
from typing import Callable, Mapping

from engine.records import Record

SECTION = re.compile(r"§\s?(\d+(?:\.\d+)*)([a-z](?![a-z]))?")
"""A digest citation in a text: "§10.3", "§ 7", "§5.1b" (a sub-step letter)."""


class Citation(Record):
    """Where a rule is in the rulebook.

    ``section``: the book's own heading as printed (None: the book has no such section,
    e.g. the app's reading of an unclear rule or its exact odds); ``english``: the heading
    in English; ``page``: the book's page (None where the book prints no pages).
    """

    section: str | None
    english: str
    page: int | None = None

    def __str__(self) -> str:
        if self.section is None:
            return self.english
        same = self.english.casefold() == self.section.casefold()  # "Morale", not "Morale (Morale)"
        where = f"{self.section} ({self.english})" if self.english and not same else self.section
        return f"{where}, p. {self.page}" if self.page is not None else where

    @property
    def short(self) -> str:
        """The compact form, where a line has no room for the whole one: the English name
        and the page ("Shooting modifiers, p. 9"; the English name alone where the book
        prints no pages), so a GM who reads no Polish or Russian can still find it; the
        book's own heading is in the whole form (``str``)."""
        return f"{self.english}, p. {self.page}" if self.page is not None else self.english


CitationTable = Mapping[str, Citation]
"""Digest section number ("10.3") -> its ``Citation``."""


def lookup(number: str, table: CitationTable) -> Citation | None:
    """The citation of digest section ``number``; a subsection the table lacks falls back
    to its chapter ("10.9" -> "10"); None when neither is known."""
    parts = number.split(".")
    while parts:
        found = table.get(".".join(parts))
        if found is not None:
            return found
        parts.pop()
    return None


def cite(text: str, table: CitationTable | None) -> str:
    """``text`` with each digest citation ("§10.3") replaced by the book's ("Modyfikatory
    strzelania (Situational modifiers to Accuracy), p. 9"); numbers the table does not
    know, and every citation when ``table`` is None, stay as they are."""
    return _cited(text, table, str)


def cite_short(text: str, table: CitationTable | None) -> str:
    """``text`` with each digest citation replaced by the compact form of the book's
    (``Citation.short``: "Shooting modifiers, p. 9"), as ``cite`` does with the whole one."""
    return _cited(text, table, lambda found: found.short)


def _cited(text: str, table: CitationTable | None, form: Callable[[Citation], str]) -> str:
    if not table or "§" not in text:
        return text

    def one(match: re.Match[str]) -> str:
        found = lookup(match.group(1), table)
        return match.group(0) if found is None else form(found)

    return SECTION.sub(one, text)


def cited_numbers(text: str) -> set[str]:
    """Every digest section number cited in ``text`` (for the tests that check a table
    covers what its engine cites)."""
    return {m.group(1) for m in SECTION.finditer(text)}

"""Rule terms: the English name the app uses, with the source's original beside it.

Each rule system whose source is not in English keeps one table of its terms
(``engine/rulesets/<system>/terms.py``); dialogs, help lines and cards show a term as
``Term.shown``: "Rest (Отдых)", "I'm fine! (Nic mi nie jest!)".
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Mapping

from engine.records import Record


class Term(Record):
    """One rule term: ``english`` (what the app calls it), ``original`` (the source's word)."""

    english: str
    original: str

    @property
    def shown(self) -> str:
        """ "Rest (Отдых)"; a term spelled the same in both ("AP") is shown once."""
        return self.english if self.original == self.english else f"{self.english} ({self.original})"


def term_table(*terms: Term) -> Mapping[str, Term]:
    """A read-only table of terms by English name (a name given twice is an error)."""
    table: dict[str, Term] = {}
    for term in terms:
        if term.english in table:
            raise ValueError(f"term {term.english!r} is given twice")
        table[term.english] = term
    return MappingProxyType(table)

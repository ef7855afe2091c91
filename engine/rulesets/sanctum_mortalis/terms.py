"""Sanctum Mortalis's rule terms: English with the Polish original of the source beside it.

One table: the glossary of the Sanctum Mortalis rules digest (§1), the markers (§11, §23)
and every skill, trick, event card, special item, weapon, armour, scenario and challenge
of the data tables (``tables.py`` keeps each one's English ``name`` and Polish
``source``). Dialogs, picker options, the card hand, the tracker, log lines and settings
show a term as ``term("Adrenaline")`` -> "Adrenaline (Adrenalina)", as SAGA and Star
Quest show theirs.
"""

from __future__ import annotations

from typing import Iterable, Mapping, Protocol

from engine.terms import Term, term_table

from . import tables as t


class _Named(Protocol):
    @property
    def name(self) -> str: ...

    @property
    def source(self) -> str: ...


GLOSSARY = (
    Term("Fight", "Walka"),
    Term("Re-roll", "Przerzut"),
    Term("Extra die", "Dorzut"),
    Term("Support", "Wsparcie"),
    Term("Withdraw", "Odejście"),
    Term("Intercept", "Przechwycenie"),
    Term("Defensive stance", "Pozycja obronna"),
    Term("Overwatch", "Strzał z ukrycia"),
    Term("Hiding", "Ukrycie"),
    Term("Technology marker", "znacznik technologii"),
    Term("Special marker", "znacznik specjalny"),
    Term("Heroic plays", "Bohaterskie zagrywki"),
    Term("Offensive events", "Zdarzenia ofensywne"),
    Term("Captain", "Kapitan"),
    Term("Volunteer", "Ochotnik"),
)
"""§1 glossary terms the dashboard names, and the markers of §11 and §23.5."""

MARKERS = ("Defensive stance", "Overwatch", "Hiding", "Technology marker", "Special marker", "Hidden data")
"""The markers a model can have or carry (§11, §23), by English name."""


def _named(*tables: Iterable[_Named]) -> tuple[Term, ...]:
    return tuple(Term(x.name, x.source) for table in tables for x in table)


TERMS: Mapping[str, Term] = term_table(
    *dict.fromkeys(
        GLOSSARY
        + _named(
            t.SKILLS.values(),
            t.TRICKS.values(),
            t.EVENT_CARDS.values(),
            t.CHALLENGES.values(),
            t.SCENARIOS.values(),
            t.ITEMS.values(),
            t.RANGED_WEAPONS.values(),
            t.MELEE_WEAPONS.values(),
            t.ARMOURS.values(),
            t.WOUNDS.values(),
        )
    )
)
"""Every Sanctum Mortalis rule term the dashboard names, by English name (a term two
tables share, as the skill and the marker Hiding, is one entry)."""

_BY_ORIGINAL = {term.original: term for term in reversed(tuple(TERMS.values()))}


def term(english: str) -> str:
    """ "Adrenaline (Adrenalina)": the English name with the Polish original beside it."""
    return TERMS[english].shown


def original(english: str) -> str:
    """ "Adrenalina": the Polish alone, for a text that already says the English."""
    return TERMS[english].original


def skill_term(key: str) -> str:
    """ "Sentinel (Wartownik)": the skill ``key`` as shown."""
    return term(t.SKILLS[key].name)


def trick_term(key: str) -> str:
    """ "Lava (Lawa)": the Technomancer trick ``key`` as shown."""
    return term(t.TRICKS[key].name)


def card_term(key: str) -> str:
    """ "I'm fine! (Nic mi nie jest!)": the event card ``key`` as shown."""
    return term(t.EVENT_CARDS[key].name)


def challenge_term(key: str) -> str:
    """ "Hidden data (Ukryte dane)": the challenge ``key`` as shown."""
    return term(t.CHALLENGES[key].name)


def scenario_term(key: str) -> str:
    """ "Slaughter (Jatka)": the scenario ``key`` as shown (a key the table does not know,
    as it is)."""
    found = t.SCENARIOS.get(key)
    return term(found.name) if found else key


def from_original(polish: str) -> Term | None:
    """The term whose Polish original is ``polish`` (the first in the table), or None."""
    return _BY_ORIGINAL.get(polish)

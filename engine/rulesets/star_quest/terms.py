"""Star Quest's rule terms: English with the Polish original of the source beside it.

One table: the glossary of the Star Quest rules digest (§1) and the special rules of
§17 (``tables.SPECIAL_RULES`` keeps each one's Polish name). Dialogs and cards show a term
as ``term("Hold")`` -> "Hold (Czekanie)".
"""

from __future__ import annotations

from typing import Mapping, Sequence

from engine.terms import Term, term_table

from . import tables as t

TERMS: Mapping[str, Term] = term_table(
    Term("Hero", "Bohater"),
    Term("Power points", "punkty mocy"),
    Term("Stat test", "test statystyk"),
    Term("Quality", "jakość"),
    Term("Defense", "obrona"),
    Term("Tough", "odporność"),
    Term("Str", "Siła"),
    Term("Dex", "Zręczność"),
    Term("Wil", "Siła woli"),
    Term("Rest", "Odpoczynek"),
    Term("Hold", "Czekanie"),
    Term("Advance", "Marsz"),
    Term("Rush", "Bieg"),
    Term("Charge", "Szarża"),
    Term("Skill", "Umiejętność"),
    Term("Exhaustion", "Wyczerpanie"),
    Term("Unconscious", "Nieprzytomny"),
    Term("Counter-attack", "kontratak"),
    Term("Fatigue", "Zmęczenie"),
    Term("Morale test", "test morale"),
    Term("Shaken", "Wstrząśnięta"),
    Term("Cover", "Osłona"),
    Term("Difficult terrain", "Trudny teren"),
    Term("Dangerous terrain", "Niebezpieczny teren"),
    Term("Search token", "żeton poszukiwań"),
    Term("Spell token", "żeton zaklęć"),
    *(Term(r.name, r.source) for r in t.SPECIAL_RULES.values()),
)
"""Every Star Quest rule term the dashboard names, by English name."""


def term(english: str) -> str:
    """ "Hold (Czekanie)": the English name with the Polish original beside it."""
    return TERMS[english].shown


def rules_shown(rules: Sequence[tuple[str, int]]) -> str:
    """ "Fast (Szybki), Caster(2) (Mag)": a unit's special rules, each with its Polish name
    (a rule the table does not know is shown as the roster gives it)."""

    def one(name: str, x: int) -> str:
        text = f"{name}({x})" if x else name
        known = TERMS.get(name)
        return f"{text} ({known.original})" if known and known.original != name else text

    return ", ".join(one(n, x) for n, x in rules)


def original(english: str) -> str:
    """ "Nieprzytomny": the Polish alone, for a text that already says the English
    ("UNCONSCIOUS (Nieprzytomny)")."""
    return TERMS[english].original

"""Issue #21: every rule term in English with the source's original beside it, from one
table per system, and possessives built in one place (engine.formatting.possessive)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.formatting import possessive
from engine.rulesets.saga import terms as saga_terms
from engine.rulesets.sanctum_mortalis import terms as sm_terms
from engine.rulesets.sanctum_mortalis.procedures.reroll import REROLL_SOURCES
from engine.rulesets.star_quest import tables as sq_tables
from engine.rulesets.star_quest import terms as sq_terms

CYRILLIC = re.compile(r"[А-Яа-яЁё]")
ROOT = Path(__file__).resolve().parents[2]
SAME_IN_BOTH = {"AP", "Woohoo!", "Predator"}
"""Terms the Polish source spells as the English does (Star Quest's AP, Sanctum
Mortalis' card "Woohoo!" and item Predator)."""

TABLES = {"saga": saga_terms.TERMS, "star_quest": sq_terms.TERMS, "sanctum_mortalis": sm_terms.TERMS}


@pytest.mark.parametrize(
    ("system", "key"), [(system, key) for system, table in TABLES.items() for key in table], ids=str
)
def test_every_term_has_its_english_and_its_original_name(system, key):
    term = TABLES[system][key]
    assert term.english == key and term.english.strip() and term.original.strip()
    assert not CYRILLIC.search(term.english), "the English name is English"
    if system == "saga":
        assert CYRILLIC.search(term.original), "SAGA's source is Russian"
    elif term.english not in SAME_IN_BOTH:
        assert term.original != term.english and not CYRILLIC.search(term.original)
        assert term.shown == f"{term.english} ({term.original})"


def test_a_term_is_shown_english_first_with_the_original_in_brackets_as_sm_shows_polish():
    assert saga_terms.term("Rest") == "Rest (Отдых)"
    assert saga_terms.term("Levy") == "Levy (Ополченцы)"
    assert sq_terms.term("Hold") == "Hold (Czekanie)"
    assert sq_terms.term("AP") == "AP"
    assert REROLL_SOURCES["im-fine"] == "I'm fine! (Nic mi nie jest!)"
    assert sm_terms.trick_term("adrenaline") == "Adrenaline (Adrenalina)"
    assert sm_terms.card_term("you-only-die-once") == "You only die once! (Raz kozie śmierć!)"
    assert sm_terms.card_term("woohoo") == "Woohoo!"


def test_every_star_quest_special_rule_is_in_the_term_table():
    assert {r.name for r in sq_tables.SPECIAL_RULES.values()} <= set(sq_terms.TERMS)
    assert sq_terms.rules_shown((("Fast", 0), ("Caster", 2), ("AP", 1), ("Homebrew", 0))) == (
        "Fast (Szybki), Caster(2) (Mag), AP(1), Homebrew"
    )


@pytest.mark.parametrize("source", sorted(REROLL_SOURCES))
def test_every_sanctum_mortalis_reroll_source_shows_both_names(source):
    assert re.fullmatch(r"[^()]+ \([^()]+\)", REROLL_SOURCES[source])


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("Shields", "Shields'"),
        ("Ceorls", "Ceorls'"),
        ("Host", "Host's"),
        ("Jarl Sigurd's Host", "Jarl Sigurd's Host's"),
    ],
)
def test_possessives_of_saga_names(name, expected):
    assert possessive(name) == expected


def test_no_text_builds_a_possessive_by_hand():
    """ "Shields's" came from f"{name}'s": every name takes 's through possessive()."""
    hand_built = re.compile(r"\{[^{}\n]+\}['’]s(?![A-Za-z])")
    found = [
        f"{path.relative_to(ROOT)}:{n}"
        for folder in ("engine", "saves", "tui")
        for path in sorted((ROOT / folder).rglob("*.py"))
        if path.name != "formatting.py"
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if hand_built.search(line)
    ]
    assert not found, f"possessives built by hand (use engine.formatting.possessive): {found}"

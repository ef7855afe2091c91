"""Issue #21 for Sanctum Mortalis: one table of its terms (``terms.py``), each shown in
English with the Polish original beside it, "Adrenaline (Adrenalina)", as SAGA and Star
Quest show theirs. The table is walked against the data tables; every text the engine and
the dashboard build names a term through it, never by its Polish name alone."""

from __future__ import annotations

import io
import re
import tokenize
from pathlib import Path

import pytest

from engine.rulesets.sanctum_mortalis import tables as t
from engine.rulesets.sanctum_mortalis import terms
from engine.rulesets.sanctum_mortalis.procedures.reroll import REROLL_SOURCES
from engine.rulesets.sanctum_mortalis.state import MARKER_NAMES

ROOT = Path(__file__).resolve().parents[3]
DATA = {
    "skill": t.SKILLS,
    "trick": t.TRICKS,
    "card": t.EVENT_CARDS,
    "challenge": t.CHALLENGES,
    "scenario": t.SCENARIOS,
    "item": t.ITEMS,
    "ranged weapon": t.RANGED_WEAPONS,
    "melee weapon": t.MELEE_WEAPONS,
    "armour": t.ARMOURS,
    "wound": t.WOUNDS,
}
SHOWN_BY_KEY = {
    "skill": terms.skill_term,
    "trick": terms.trick_term,
    "card": terms.card_term,
    "challenge": terms.challenge_term,
    "scenario": terms.scenario_term,
}


def polish_alone(text: str) -> list[str]:
    """The Polish names in ``text`` not shown beside their English one ("Adrenalina" alone,
    not "Adrenaline (Adrenalina)")."""
    found = []
    for term in terms.TERMS.values():
        if term.original == term.english:
            continue
        for m in re.finditer(rf"(?<!\w){re.escape(term.original)}(?!\w)", text):
            if not any(text[: m.start()].endswith(f"{other.english} (") for other in terms.TERMS.values()):
                found.append(term.original)
    return found


@pytest.mark.parametrize(
    ("kind", "key"), [(kind, key) for kind, table in DATA.items() for key in table], ids=lambda x: str(x)
)
def test_every_named_rule_of_the_data_tables_is_in_the_term_table(kind, key):
    row = DATA[kind][key]
    term = terms.TERMS[row.name]
    assert term.original == row.source
    if kind in SHOWN_BY_KEY:
        assert SHOWN_BY_KEY[kind](key) == (row.name if row.name == row.source else f"{row.name} ({row.source})")


def test_terms_read_as_the_digest_names_them():
    assert terms.trick_term("adrenaline") == "Adrenaline (Adrenalina)"
    assert terms.card_term("you-only-die-once") == "You only die once! (Raz kozie śmierć!)"
    assert terms.card_term("im-fine") == "I'm fine! (Nic mi nie jest!)"
    assert terms.skill_term("dispel") == "Dispel (Rozproszenie)"
    assert terms.card_term("distraction") == "Distraction (Rozproszenie)"
    assert terms.term("Defensive stance") == "Defensive stance (Pozycja obronna)"
    assert terms.term("Overwatch") == "Overwatch (Strzał z ukrycia)"
    assert terms.challenge_term("hidden-data") == "Hidden data (Ukryte dane)"
    assert terms.scenario_term("slaughter") == "Slaughter (Jatka)"


@pytest.mark.parametrize("marker", sorted(MARKER_NAMES))
def test_every_marker_is_shown_with_its_polish_name(marker):
    shown = MARKER_NAMES[marker]
    assert re.fullmatch(r"[^()]+ \([^()]+\)", shown)
    assert shown in {terms.term(name) for name in terms.MARKERS}


@pytest.mark.parametrize("source", sorted(REROLL_SOURCES))
def test_every_reroll_source_is_a_term_of_the_table(source):
    assert REROLL_SOURCES[source] in {term.shown for term in terms.TERMS.values()}


def _shown_strings(path: Path) -> list[tuple[int, str]]:
    """The string literals of a module, docstrings left out (they are not shown)."""
    out, prev = [], None
    for tok in tokenize.generate_tokens(io.StringIO(path.read_text(encoding="utf-8")).readline):
        if tok.type == tokenize.STRING:
            starts_statement = prev is None or prev.type in (tokenize.INDENT, tokenize.NEWLINE, tokenize.DEDENT)
            if not (starts_statement and tok.string.lstrip("rbfuRBFU").startswith(('"""', "'''"))):
                out.append((tok.start[0], tok.string))
        if tok.type not in (tokenize.COMMENT, tokenize.NL):
            prev = tok
    return out


KEPT_AS_DATA = {
    ("engine/rulesets/sanctum_mortalis/cards.py", '"Rozproszenie"'),  # an event payload's reason, not a text
    ("engine/rulesets/sanctum_mortalis/postbattle/data.py", '"Nauczka na przyszłość"'),  # (English, Polish) pair
    ("engine/rulesets/sanctum_mortalis/procedures/common.py", '"Spięcie"'),  # the trick's weapon row: its source
}
"""Literals that hold a Polish name as data (a payload key, an (English, Polish) pair)."""


def test_no_text_of_the_engine_or_the_dashboard_names_a_term_by_its_polish_name_alone():
    """Every message, label, log line and setting names a term through ``terms``; the
    book's section titles (``citations.py``) and the data tables keep their own form."""
    skip = {"tables.py", "terms.py", "citations.py"}
    found = []
    for folder in ("engine/rulesets/sanctum_mortalis", "tui/systems/sanctum_mortalis"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            if path.name in skip:
                continue
            rel = path.relative_to(ROOT).as_posix()
            for line, text in _shown_strings(path):
                if (rel, text) not in KEPT_AS_DATA and polish_alone(text):
                    found.append(f"{rel}:{line}: {', '.join(polish_alone(text))}")
    assert not found, found


def test_the_check_finds_a_polish_name_alone_and_passes_one_shown_with_its_english():
    assert polish_alone("Adrenalina: a failed test counts as passed") == ["Adrenalina"]
    assert polish_alone("Adrenaline (Adrenalina): a failed test counts as passed") == []
    assert polish_alone("Raz kozie śmierć!: jump down") == ["Raz kozie śmierć!"]

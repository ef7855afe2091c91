"""Rule citations as the rulebook gives them: every "§x.y" the engine cites is in its
system's table, and ``cite`` turns it into the book's section name and page."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.citations import Citation, cite, cited_numbers, lookup
from engine.ruleset import find_system, systems

ROOT = Path(__file__).resolve().parents[2]


def _engine_citations(package: str) -> set[str]:
    """Every digest section cited anywhere in a rule system's package (rule strings,
    settings, docstrings)."""
    folder = ROOT / package.replace(".", "/")
    found: set[str] = set()
    for path in folder.rglob("*.py"):
        found |= cited_numbers(path.read_text(encoding="utf-8"))
    return found


@pytest.mark.parametrize("spec", systems(), ids=lambda s: s.name)
def test_every_section_the_engine_cites_is_in_the_systems_citation_table(spec):
    assert spec.citations is not None, f"{spec.name} declares no citations table"
    table = spec.citations()
    cited = _engine_citations(spec.package)
    assert cited, f"no citations found under {spec.package}"
    missing = sorted(n for n in cited if n not in table)
    assert missing == [], f"{spec.name}: sections cited but not in its citations table: {missing}"


@pytest.mark.parametrize("spec", systems(), ids=lambda s: s.name)
def test_each_citation_names_the_book_or_says_it_is_not_in_it(spec):
    for number, found in spec.citations().items():
        assert found.english, number
        if found.section is None:
            assert "not in the" in found.english or "no section" in found.english, number
        assert "§" not in str(found), number


def test_sanctum_mortalis_shooting_modifiers_cite_the_book_section_and_page():
    assert find_system("sm").cite("Cover (§10.3)") == "Cover (Modyfikatory strzelania (Shooting modifiers), p. 9)"
    assert find_system("sm").cite("§10") == "Zasady Strzelania (Shooting), p. 9"


def test_a_campaign_cites_the_sanctum_mortalis_book():
    assert find_system("campaign").cite("§22.2") == "Rekrutacja nowych wojaków (Recruiting new soldiers), p. 28"


def test_books_without_pages_cite_their_own_heading():
    assert find_system("saga").cite("§3.9") == "Укрытие (Cover in melee), p. 27"
    assert find_system("saga").cite("§4.5") == "Расходование усталости (Spending fatigue)"
    assert find_system("star-quest").cite("§9") == "Strzelanie (Shooting)"
    assert find_system("xk6").cite("§12.1") == "Amunicja (Ammunition: running dry)"


def test_cite_keeps_what_follows_the_number_and_leaves_unknown_numbers():
    table = {"3": Citation("Рукопашный бой", "Melee"), "5.1": Citation("Runda", "The round", 5)}
    assert cite("retreat (§3 step 8).", table) == "retreat (Рукопашный бой (Melee) step 8)."
    assert cite("§5.1b, § 5.1 and §99", table) == "Runda (The round), p. 5, Runda (The round), p. 5 and §99"
    assert cite("§10.3", None) == "§10.3"


def test_a_subsection_the_table_lacks_cites_its_chapter():
    table = {"10": Citation("Zasady Strzelania", "Shooting", 9)}
    assert lookup("10.9", table) == table["10"]
    assert lookup("11", table) is None

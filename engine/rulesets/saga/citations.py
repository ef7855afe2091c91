"""Where each rule the engine cites is in the rulebook: SAGA (Dark Age skirmish), a
Russian translation of its melee, fatigue, terrain and buildings chapters. The
translation prints no page numbers except the book's own cross-references (cover in
melee is p. 27), so a citation names the chapter's heading (in sentence case) and, in
melee, the step ("Рукопашный бой (Melee) step 4").

Keys are the section numbers the engine's rule strings use ("§4.5"); ``engine.citations.cite``
turns them into the book's citation on screen and in reports.
"""

from __future__ import annotations

from engine.citations import Citation

APP = "the app's reading (not in the book)"

CITATIONS: dict[str, Citation] = {
    "0": Citation(None, APP),
    "1": Citation(None, APP),
    "2": Citation("Предел усталости для класса", "Fatigue limit by class"),
    "2.1": Citation("Предел усталости для класса", "Fatigue limit by class"),
    "2.2": Citation(None, "movement bands VS, S, M, L as the chapters use them (no section of their own)"),
    "3": Citation("Рукопашный бой", "Melee"),
    "3.0": Citation("Рукопашный бой", "Melee: the chapter's summary"),
    "3.9": Citation("Укрытие", "Cover in melee", 27),
    "3.10": Citation("Рукопашный бой", "Melee: order of the steps"),
    "4": Citation("Усталость", "Fatigue"),
    "4.1": Citation("Усталость", "Fatigue: markers"),
    "4.2": Citation("Накапливание усталости", "Gaining fatigue"),
    "4.3": Citation("Накапливание усталости", "Gaining fatigue: the example"),
    "4.4": Citation("Отдых", "Rest"),
    "4.5": Citation("Расходование усталости", "Spending fatigue"),
    "4.6": Citation("Предел усталости", "Fatigue limit and exhaustion"),
    "4.7": Citation("Усталость", "Fatigue"),
    "5": Citation("Местность", "Terrain"),
    "5.1": Citation("Характеристики местности", "Terrain characteristics"),
    "5.2": Citation("Характеристики местности", "Terrain characteristics: line of sight"),
    "5.3": Citation("Местность", "Terrain: examples"),
    "6": Citation("Здания", "Buildings"),
    "7": Citation(None, APP),
    "8": Citation(None, APP),
    "9": Citation(None, "exact odds worked out by the app (not in the book)"),
}
"""Digest section -> the book's section heading and English name (a page where known)."""


def citations() -> dict[str, Citation]:
    """The table (``SystemSpec.citations``)."""
    return CITATIONS

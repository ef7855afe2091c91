"""Where each rule the engine cites is in the rulebook: Grimdark Future Star Quest, the
Polish rules summary. It prints no page numbers, so a citation names the book's own
heading (in sentence case; "Zasady ogólne: Testy statystyk" for a named paragraph).

Keys are the section numbers the engine's rule strings use ("§9"); ``engine.citations.cite``
turns them into the book's citation on screen and in reports.
"""

from __future__ import annotations

from engine.citations import Citation

APP = "the app's reading (not in the book)"

CITATIONS: dict[str, Citation] = {
    "0": Citation("Zasady ogólne: Najważniejsza zasada", "General rules: the most important rule"),
    "1": Citation(None, APP),
    "2": Citation("Przygotowanie", "Preparation"),
    "3": Citation("Zasady ogólne", "General rules: profiles"),
    "4": Citation("Zasady ogólne", "General rules: tests"),
    "4.1": Citation("Zasady ogólne: Testy statystyk", "General rules: stat tests"),
    "4.2": Citation("Zasady ogólne: Modyfikatory", "General rules: modifiers"),
    "4.3": Citation("Zasady ogólne: Testy statystyk", "General rules: stat tests (2 power points)"),
    "4.4": Citation("Zasady ogólne: Modyfikatory", "General rules: modifiers"),
    "4.5": Citation("Zasady ogólne", "General rules: D3"),
    "5": Citation("Rozgrywka", "Playing the game: the round"),
    "5.1": Citation("Rozgrywka", "Playing the game: the round"),
    "6": Citation("Aktywacja", "Activation"),
    "6.1": Citation("Aktywacja", "Activation"),
    "6.2": Citation("Zasady specjalne: Immobilie", "Special rules: Immobile"),
    "7": Citation("Tabela referencyjna mocy", "Power reference table"),
    "7.1": Citation("Tabela referencyjna mocy", "Power reference table"),
    "7.2": Citation("Tabela referencyjna mocy", "Power reference table"),
    "7.3": Citation("Odpoczynek: Wyczerpanie", "Rest: Exhaustion"),
    "8": Citation("Ruch", "Movement"),
    "9": Citation("Strzelanie", "Shooting"),
    "10": Citation("Strzelanie: Nieprzytomny", "Shooting: Unconscious"),
    "11": Citation("Walka wręcz", "Melee"),
    "11.1": Citation("Walka wręcz", "Melee"),
    "11.2": Citation("Walka wręcz", "Melee: reach"),
    "11.3": Citation("Walka wręcz: Zmęczenie", "Melee: Fatigue"),
    "12": Citation("Morale", "Morale"),
    "12.1": Citation("Morale", "Morale: when a unit tests"),
    "12.2": Citation("Morale", "Morale: the test"),
    "12.3": Citation("Morale: Wstrząśnięta", "Morale: Shaken"),
    "13": Citation("Akcje umiejętności", "Skill actions"),
    "13.1": Citation("Akcje umiejętności: Umiejętności Powszechne", "Skill actions: common skills"),
    "13.2": Citation("Akcje umiejętności: Umiejętności bohatera", "Skill actions: hero skills"),
    "14": Citation("Teren", "Terrain"),
    "15": Citation("Ruch specjalny", "Special movement"),
    "15.1": Citation("Ruch specjalny: Skakanie", "Special movement: Jumping"),
    "15.2": Citation("Ruch specjalny: Spadanie", "Special movement: Falling"),
    "16": Citation("Aktywacje AI", "AI activations"),
    "16.1": Citation("Rozgrywka", "Playing the game: the AI's order"),
    "16.2": Citation("Aktywacje AI", "AI activations: the flow chart"),
    "16.3": Citation("Aktywacje AI: Grupy AI", "AI activations: AI groups"),
    "17": Citation("Zasady specjalne", "Special rules"),
    "18": Citation("Warunki stanu", "Status conditions"),
    "19": Citation(None, APP),
    "20": Citation(None, APP),
    "21": Citation(None, APP),
    "22": Citation(None, "exact odds worked out by the app (not in the book)"),
}
"""Digest section -> the book's section heading and English name (the book prints no pages)."""


def citations() -> dict[str, Citation]:
    """The table (``SystemSpec.citations``)."""
    return CITATIONS

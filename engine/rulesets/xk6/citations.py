"""Where each rule the engine cites is in the rulebook: the xK6 skirmish rules sheet (an
untitled, home-made Polish sheet). It prints no page numbers, so a citation names the
sheet's own heading ("Amunicja (Ammunition)").

Keys are the section numbers the engine's rule strings use ("§12.1"); ``engine.citations.cite``
turns them into the book's citation on screen and in reports.
"""

from __future__ import annotations

from engine.citations import Citation

APP = "the app's reading (not in the sheet)"

CITATIONS: dict[str, Citation] = {
    "0": Citation(None, APP),
    "1": Citation(None, APP),
    "2": Citation(None, "data the sheet refers to but does not contain: rosters, weapon table (not in the sheet)"),
    "3": Citation("Testy", "Tests: the xK6 roll"),
    "4": Citation("Testy", "Tests"),
    "4.1": Citation("Testy przeciwstawne", "Opposed tests"),
    "4.2": Citation("Testy z progiem", "Threshold tests"),
    "4.3": Citation("Testy", "Tests: single-die rolls"),
    "5": Citation("Aktywacja, tura", "Activation, turn"),
    "5.1": Citation("Aktywacja, tura", "Activation, turn: initiative"),
    "5.2": Citation("Działania modelu", "What a model may do"),
    "6": Citation("Ruch", "Movement"),
    "6.1": Citation("Ruch", "Movement: the movement table"),
    "6.2": Citation("Teren, osłona", "Terrain, cover: speed"),
    "7": Citation("Teren, osłona", "Terrain, cover"),
    "8": Citation("Atak – ogień bezpośredni, walka wręcz", "Direct fire and melee"),
    "8.1": Citation("Atak – ogień bezpośredni, walka wręcz", "Direct fire and melee"),
    "8.2": Citation("Atak – ogień bezpośredni, walka wręcz", "Direct fire and melee: modifiers"),
    "9": Citation("Atak – ogień pośredni", "Indirect fire"),
    "10": Citation("Ataki obszarowe", "Area attacks"),
    "11": Citation("ROF", "Rate of fire"),
    "12": Citation("Amunicja", "Ammunition"),
    "12.1": Citation("Amunicja", "Ammunition: running dry"),
    "12.2": Citation("Amunicja", "Ammunition: reload, limited ammunition"),
    "13": Citation("Ogłuszenie", "Stun"),
    "14": Citation("Reakcje", "Reactions"),
    "15": Citation("Dowodzenie", "Command"),
    "16": Citation("Zdolności specjalne i zasady dodatkowe", "Special abilities and extra rules"),
    "17": Citation("Obrażenia", "Damage"),
    "18": Citation("Zasięg broni", "Weapon ranges"),
    "19": Citation("UWAGA", "Note: modifiers change the result, never the dice"),
    "20": Citation(None, APP),
    "21": Citation(None, APP),
    "22": Citation(None, APP),
    "23": Citation(None, "exact odds worked out by the app (not in the sheet)"),
    "23.1": Citation(None, "exact odds worked out by the app (not in the sheet)"),
    "23.4": Citation(None, "ammunition odds worked out by the app (not in the sheet)"),
}
"""Digest section -> the sheet's heading and English name (the sheet prints no pages)."""


def citations() -> dict[str, Citation]:
    """The table (``SystemSpec.citations``)."""
    return CITATIONS

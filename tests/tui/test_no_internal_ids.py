"""No label on a dashboard shows an internal id (#21): no model or unit id, no card or
re-roll source key, no GM action id; the GM reads names ("I'm fine! (Nic mi nie
jest!)", not "im-fine"). Each system's dashboard mid-turn, read as drawn."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest

from engine.formatting import possessive
from engine.rulesets.sanctum_mortalis import tables as sm_tables
from engine.rulesets.sanctum_mortalis.procedures.reroll import REROLL_SOURCES
from tui.screens.game_screen import GameScreen

from .test_every_size import SYSTEMS, _app

TEXT = re.compile(r"<text [^>]*>([^<]*)</text>")


def screen_text(app: Any) -> str:
    """Every character drawn on the screen (the screenshot's text runs, joined)."""
    svg = app.export_screenshot()
    return html.unescape("".join(TEXT.findall(svg))).replace("\xa0", " ")


def internal_ids(screen: Any) -> set[str]:
    """Ids a GM should never read: those with a separator (one-word keys such as
    "captain" are also ordinary words)."""
    state = screen.state
    pieces = [*getattr(state, "models", ()), *getattr(state, "units", ())]
    ids = {p.id for p in pieces}
    ids |= set(sm_tables.EVENT_CARDS) | set(REROLL_SOURCES)
    for group in (screen.KEYS, *getattr(screen, "PANE_KEYS", ())):
        ids |= {a.id for a in group.actions}
    return {i for i in ids if "-" in i or "." in i}


@pytest.mark.parametrize("system", list(SYSTEMS))
async def test_no_label_on_the_dashboard_is_an_internal_id(make_app, system):
    app = _app(make_app, system)
    async with app.run_test(size=(120, 40)) as pilot:
        await SYSTEMS[system][1](pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        text = screen_text(app)
        assert len(text) > 500
        shown = sorted(i for i in internal_ids(screen) if re.search(rf"(?<![\w-]){re.escape(i)}(?![\w-])", text))
        assert not shown, f"internal ids on screen: {shown}"


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("Pip", "Pip's"),
        ("Ceorls", "Ceorls'"),
        ("Iron Wolves", "Iron Wolves'"),
        ("Jarl Sigurd's Host", "Jarl Sigurd's Host's"),
    ],
)
def test_a_possessive_of_a_name_ending_in_s_takes_only_the_apostrophe(name, expected):
    assert possessive(name) == expected


def test_every_re_roll_source_is_named_in_english_with_the_original_beside_it():
    for key, label in REROLL_SOURCES.items():
        assert key not in label
        assert re.fullmatch(r"[A-Z][^()]+ \([^()]+\)", label), label

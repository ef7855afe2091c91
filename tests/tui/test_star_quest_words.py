"""Star Quest wording a new GM stumbled on in a QA play-through: the hero pane's header
whole or abbreviated with a legend at 60×20 (never "Conditi"), capital-letter keys written
as the footer writes them ("E", not "shift+e"), units not on the table yet counted apart."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from engine.ruleset import ActivationCounts
from tui.counts import acted_text, fraction_text
from tui.systems.star_quest.hero_pane import CONDITIONS_LEGEND
from tui.systems.star_quest.keys import STAR_QUEST_KEYS
from tui.systems.star_quest.tracker import next_step

from .conftest import settle
from .sq_pilot import sq_ready


def header(pane) -> str:
    return pane.render_line(0).text.rstrip()


@pytest.mark.parametrize("size", [(60, 20), (80, 24)])
async def test_the_hero_panes_header_is_never_cut_mid_word(make_app, size):
    app = make_app("demo", system="star-quest")
    async with app.run_test(size=size) as pilot:
        screen = await sq_ready(pilot)
        await settle(pilot)
        heroes, ai = screen.query_one("#heroes"), screen.query_one("#enemies")
        for pane in (heroes, ai):
            text = header(pane)
            assert text.endswith("Conditions") or text.endswith("Cond."), text
            assert pane.tooltip == (CONDITIONS_LEGEND if text.endswith("Cond.") else None)
        if size == (80, 24):
            assert header(heroes).endswith("Conditions")
        else:
            assert header(heroes).endswith("Cond.")


def test_the_end_round_key_is_written_e_in_the_top_bar():
    assert STAR_QUEST_KEYS.key("sq-end-round") == "E"
    rv = SimpleNamespace(activating=None, commands=("EndRound",), next_step="ends the round")
    text = next_step(SimpleNamespace(round=1), rv, None).plain
    assert text.startswith(" E  ends the round") and "shift" not in text


def test_units_not_on_the_table_yet_are_counted_apart_from_those_out():
    counts = ActivationCounts(acted=1, ready=2, out=0, waiting=1)
    assert fraction_text(counts) == "1/3 (1 to arrive)"
    assert acted_text(ActivationCounts(acted=1, ready=2, out=1, waiting=1)) == "1/3 acted · 1 out · 1 to arrive"

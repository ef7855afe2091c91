"""SAGA says a rule as the GM reads it. §2.2 distance bands: the English name with the
source's letters beside it ("Medium (M)"), never the bare letter, in the move step, the
log and the fatigue spend (one table: ``engine.rulesets.saga.terms.BAND_TERMS``). Melee
step 1: where the attack dice come from in words ("1 model, 5 dice each", not "1 models × 5")."""

import re

import pytest

from engine.rulesets.saga import commands as c
from engine.rulesets.saga import tables as t
from engine.rulesets.saga import terms, view

from .conftest import new_battle, ok, set_fatigue, unit

BARE_BAND = re.compile(r"(?<![(\w])(VS|S|M|L)(?![)\w])")
"""A band letter standing alone, not inside "Medium (M)"."""


@pytest.mark.parametrize(
    ("code", "shown"),
    [("VS", "Very short (VS)"), ("S", "Short (S)"), ("M", "Medium (M)"), ("L", "Long (L)")],
    ids=["§2.2 VS", "§2.2 S", "§2.2 M", "§2.2 L"],
)
def test_each_band_is_shown_by_its_name_with_the_source_letters(code, shown):
    assert terms.band(code) == shown


def test_every_band_of_the_rules_has_a_name():
    assert set(terms.BAND_TERMS) == set(t.BANDS)


def test_the_move_step_the_log_and_the_slow_spend_name_the_band():
    b = new_battle([unit("axes")], [unit("shields")])
    ok(b, c.StartTurn("A"))
    set_fatigue(b, "A.axes", 1)
    started = ok(b, c.Activate("A.axes", "move")).events[-1].text
    assert started == "Axes may move Medium (M)."
    lines = view.pending_step(b.state).lines
    assert lines[:2] == ("Axes: Movement — Medium (M)", "moves Medium (M)")
    offer = view.fatigue_offers(b.state, "B")[0].effect
    assert offer == "Axes moves Short (S) instead of Medium (M)"
    done = ok(b, c.CompleteMove()).events[0].text
    assert done == "Axes moves Medium (M)."
    for text in (started, *lines, offer, done):
        assert not BARE_BAND.search(text), text


def test_the_retreat_checklist_and_the_t4_trigger_name_their_bands():
    from engine.rulesets.saga.melee_roll import CHECKLIST

    assert CHECKLIST[:2] == (
        "move each model Short (S) away from the melee",
        "end outside Very short (VS) of every enemy model",
    )
    assert t.T4.name == "a friendly unit within Short (S) was destroyed in melee"


@pytest.mark.parametrize(
    ("models", "per_model", "words"),
    [(1, 5, "1 model, 5 dice each"), (8, 1, "8 models, 1 die each"), (4, None, "typed by the GM")],
)
def test_step1_says_where_the_attack_dice_come_from_in_words(models, per_model, words):
    from engine.rulesets.saga.melee_numbers import dice_source

    assert dice_source(models, per_model) == words

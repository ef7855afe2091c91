"""Deadly and Regeneration [SQ-A15]: the odds a dialog shows before the Regeneration rolls
are exactly what ``RollRegeneration`` does under either reading ("multiply-first": one roll
per wound Deadly made; "regenerate-first": one roll per unblocked hit, then Deadly)."""

from fractions import Fraction as F
from math import comb

import pytest

from engine.rulesets.star_quest import commands as c
from engine.rulesets.star_quest import view

from .conftest import activate, enemy, event, hero, new_battle, ok, weapon

FANG = weapon("Fang", attacks=2, rules=(("Deadly", 3),))


def _two_hits(setting: str):
    """Vex's Fang (Deadly(3)) hits the Brute (Regeneration, Tough 9) twice; the blocks are due."""
    b = new_battle(
        [hero("vex", weapons=(FANG,))],
        [enemy("brute", defense=4, tough=9, unit_rules=("Regeneration",))],
        settings={"deadly_regeneration": setting},
    )
    activate(b, "vex")
    ok(b, c.TakeAction("vex", "hold"))
    ok(b, c.Shoot("vex", "Fang", "brute"))
    ok(b, c.RollHits(faces=(5, 5)))
    return b


def _two_unblocked(setting: str):
    """The two hits, neither blocked."""
    b = _two_hits(setting)
    ok(b, c.RollBlocks(faces=(1, 1)))
    return b


def test_regenerate_first_odds_multiply_the_wounds_that_stand_by_deadly():
    b = _two_unblocked("regenerate-first")
    # two Regeneration rolls, each ignores on 5+ (1/3); each hit that stands is 3 wounds
    assert view.attack_preview(b.state) == {0: F(1, 9), 3: F(4, 9), 6: F(4, 9)}
    assert (
        "2 unblocked hits: Regeneration ignores each on 5+, then each that stands is 3 wounds (Deadly(3), [SQ-A15])"
        in view.pending(b.state).lines
    )
    r = ok(b, c.RollRegeneration(faces=(5, 2)))
    assert event(r, "regeneration_rolled").payload["wounds"] == 3


def test_multiply_first_odds_roll_once_per_wound_deadly_made():
    b = _two_unblocked("multiply-first")
    keep = F(2, 3)
    assert view.attack_preview(b.state) == {k: F(comb(6, k)) * keep**k * (1 - keep) ** (6 - k) for k in range(7)}
    assert "6 wounds: Regeneration ignores each on 5+" in view.pending(b.state).lines
    r = ok(b, c.RollRegeneration(faces=(5, 2, 2, 2, 6, 1)))
    assert event(r, "regeneration_rolled").payload["wounds"] == 4


@pytest.mark.parametrize("setting", ["multiply-first", "regenerate-first"])
def test_the_defense_roll_says_when_deadly_multiplies(setting):
    b = _two_hits(setting)
    text = event(ok(b, c.RollBlocks(faces=(1, 1))), "blocks_rolled").text
    if setting == "multiply-first":
        assert "2 unblocked × Deadly(3) = 6 wounds — Regeneration rolls next." in text
    else:
        assert "2 unblocked — Regeneration rolls for each, then Deadly(3) multiplies what stands." in text

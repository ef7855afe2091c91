"""Shooting: the house procedure for [SAGA-M9], labelled as such, with the +1 Armour spend."""

import pytest

from engine.rolls import RollRecord
from engine.rulesets.saga import commands as c
from engine.rulesets.saga import view
from engine.rulesets.saga.odds import casualty_distribution

from .conftest import fatigue, new_battle, ok, refused, set_fatigue, unit


@pytest.fixture
def b():
    battle = new_battle([unit("bows", models=6, armour_shooting=4)], [unit("shields", armour_shooting=4)])
    ok(battle, c.StartTurn("A"))
    return battle


def rolls(b, kind):
    return [RollRecord.from_dict(e.payload["roll"]) for e in b.active_events if e.kind == kind and e.payload["roll"]]


def test_a_shot_rolls_models_times_dice_against_shooting_armour_and_is_labelled_house_default(b):
    ok(b, c.Activate("A.bows", "shoot", target="B.shields"))
    ok(b, c.RollShot(faces=(1, 2, 3, 4, 5, 6)))
    record = rolls(b, "shot_rolled")[0]
    assert record.target == 4 and record.outcome == "3 hits"
    assert record.detail["house_default"] is True and "[SAGA-M9]" in record.detail["label"]
    ok(b, c.RollShotDefence(faces=(5, 1, 1)))
    assert b.state.unit("B.shields").models == 6
    assert b.state.shot is None


def test_the_target_may_spend_one_of_the_shooters_fatigue_for_plus_one_armour_once(b):
    set_fatigue(b, "A.bows", 2)
    ok(b, c.Activate("A.bows", "shoot", target="B.shields"))
    assert [(o.by, o.use) for o in view.fatigue_offers(b.state)] == [("B", "shooting_armour")]
    ok(b, c.SpendFatigue("B", "A.bows", "shooting_armour"))
    refused(b, c.SpendFatigue("B", "A.bows", "shooting_armour"))
    assert fatigue(b, "A.bows") == 1
    ok(b, c.RollShot(faces=(1, 2, 3, 4, 5, 6)))
    assert rolls(b, "shot_rolled")[0].target == 5


def test_the_spend_is_offered_only_before_the_attack_roll(b):
    set_fatigue(b, "A.bows", 1)
    ok(b, c.Activate("A.bows", "shoot", target="B.shields"))
    ok(b, c.RollShot(faces=(6, 1, 1, 1, 1, 1)))
    refused(b, c.SpendFatigue("B", "A.bows", "shooting_armour"))


@pytest.mark.parametrize("cover, armour", [("none", 4), ("light", 5), ("hard", 6)])
def test_cover_in_shooting_adds_the_house_default_armour(b, cover, armour):
    ok(b, c.Activate("A.bows", "shoot", target="B.shields", cover=cover))
    ok(b, c.RollShot(faces=(1,) * 6))
    assert rolls(b, "shot_rolled")[0].target == armour


def test_cover_values_are_settings(b):
    ok(b, c.ChangeSetting("shooting_cover.light", "3"))
    ok(b, c.Activate("A.bows", "shoot", target="B.shields", cover="light"))
    ok(b, c.RollShot(faces=(1,) * 6))
    assert rolls(b, "shot_rolled")[0].target == 7


def test_the_shot_odds_are_the_exact_casualty_distribution(b):
    ok(b, c.Activate("A.bows", "shoot", target="B.shields"))
    assert view.odds(b.state).casualties == casualty_distribution(6, 4, 5, models=8)
    assert view.pending_step(b.state).decider == "A"  # Bows has no fatigue: B has no spend to decide


def test_a_shot_at_a_friend_or_without_a_target_is_refused(b):
    refused(b, c.Activate("A.bows", "shoot"))
    refused(b, c.Activate("A.bows", "shoot", target="A.bows"))

"""§4.5 fatigue spends: offered only when the unit has fatigue to spend, and a spend that
is not open is refused with the real reason (the effect already bought, not this side's
moment, not the unit of this move or shot)."""

import pytest

from engine.rulesets.saga import commands as c
from engine.rulesets.saga import view

from .conftest import fatigue, new_battle, ok, refused, set_fatigue, unit


@pytest.fixture
def b():
    battle = new_battle(
        [unit("axes", models=6), unit("spears"), unit("slings", cls="levy")],
        [unit("shields"), unit("bows"), unit("horse", cls="hearthguard", models=4, mounted=True)],
    )
    ok(battle, c.StartTurn("A"))
    return battle


def test_a_shot_by_a_unit_without_fatigue_offers_no_spend(b):
    r = ok(b, c.Activate("A.slings", "shoot", target="B.bows"))
    assert view.fatigue_offers(b.state) == ()
    declared = next(e for e in r.events if e.kind == "shot_declared")
    assert "may spend" not in declared.text and "no fatigue to spend" in declared.text
    step = view.pending_step(b.state)
    assert step.title == "Shooting: step 2, no fatigue to spend" and step.decider == "A"
    assert "has no fatigue to spend" in refused(b, c.SpendFatigue("B", "A.slings", "shooting_armour")).reason


def test_a_shot_by_a_tired_unit_offers_the_target_its_spend_once(b):
    set_fatigue(b, "A.axes", 2)
    r = ok(b, c.Activate("A.axes", "shoot", target="B.bows"))
    assert "may spend 1 of Axes' fatigue" in next(e for e in r.events if e.kind == "shot_declared").text
    assert [(o.by, o.use) for o in view.fatigue_offers(b.state)] == [("B", "shooting_armour")]
    assert view.pending_step(b.state).decider == "B"
    ok(b, c.SpendFatigue("B", "A.axes", "shooting_armour"))
    assert (
        "already been bought (once per shooting)" in refused(b, c.SpendFatigue("B", "A.axes", "shooting_armour")).reason
    )


def test_a_second_slow_spend_on_the_same_move_names_the_once_per_move_limit(b):
    set_fatigue(b, "A.spears", 2)
    ok(b, c.Activate("A.spears", "move"))
    ok(b, c.SpendFatigue("B", "A.spears", "slow_move"))
    assert "already slowed: one spend per move" in refused(b, c.SpendFatigue("B", "A.spears", "slow_move")).reason


def test_ex14_a_third_spend_in_a_one_on_one_melee_names_the_effect_already_bought(b):
    set_fatigue(b, "B.shields", 3)
    ok(b, c.Engage("A.spears", "B.shields"))
    ok(b, c.ConfirmAttackDice())
    ok(b, c.TradeDice(False))
    ok(b, c.SpendFatigue("A", "B.shields", "own_armour"))
    ok(b, c.SpendFatigue("A", "B.shields", "enemy_armour"))
    assert fatigue(b, "B.shields") == 1 and view.fatigue_offers(b.state, "A") == ()
    own = refused(b, c.SpendFatigue("A", "B.shields", "own_armour"))
    assert "already bought +1 Armour against Shields' attack dice" in own.reason and own.rule == "§4.5 way 3"
    minus = refused(b, c.SpendFatigue("A", "B.shields", "enemy_armour"))
    assert "already lowered an enemy unit's Armour by 1" in minus.reason and "[SAGA-A11]" in minus.reason
    assert "declaring" not in own.reason + minus.reason


def test_the_defender_spending_while_the_attacker_declares_is_told_to_wait(b):
    set_fatigue(b, "A.spears", 1)
    ok(b, c.Engage("A.spears", "B.shields"))
    ok(b, c.ConfirmAttackDice())
    ok(b, c.TradeDice(False))
    assert "the Attacker is declaring now" in refused(b, c.SpendFatigue("B", "A.spears", "own_armour")).reason


def test_a_spend_on_a_tired_unit_outside_the_melee_says_so(b):
    set_fatigue(b, "B.bows", 2)
    ok(b, c.Engage("A.spears", "B.shields"))
    ok(b, c.ConfirmAttackDice())
    ok(b, c.TradeDice(False))
    assert "Bows is not taking part in this melee" in refused(b, c.SpendFatigue("A", "B.bows", "own_armour")).reason

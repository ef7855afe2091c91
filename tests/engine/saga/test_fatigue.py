"""§4 fatigue: §8 worked examples 9–12 and 14, markers, and the A9/A12 readings."""

import pytest

from engine.rulesets.saga import commands as c
from engine.rulesets.saga import fatigue_markers, view
from engine.rulesets.saga.melee_state import DEFENDER

from .conftest import fatigue, new_battle, ok, refused, set_fatigue, unit
from .test_odds import CASE_A


def move(b, uid, **kw):
    ok(b, c.Activate(uid, "move", **kw))
    ok(b, c.CompleteMove())


def shoot_and_miss(b, uid, target, dice=8):
    ok(b, c.Activate(uid, "shoot", target=target))
    ok(b, c.RollShot(faces=(1,) * dice))


def melee_to_the_end(b, attack=(1,) * 8, defend=(1,) * 8):
    """From step 1 with nobody hit: no trade, no abilities, nobody cancels."""
    ok(b, c.ConfirmAttackDice())
    ok(b, c.TradeDice(False))
    ok(b, c.EndDeclarations())
    ok(b, c.EndDeclarations())
    ok(b, c.RollAttacks(attacker=attack, defender=defend))
    ok(b, c.RollDefence(attacker=(), defender=()))
    ok(b, c.RemoveCasualties())
    ok(b, c.ResolveRetreat())


@pytest.fixture
def b():
    battle = new_battle(
        [unit("axes", models=6), unit("spears"), unit("slings", cls="levy")],
        [unit("shields"), unit("bows"), unit("horse", cls="hearthguard", models=4, mounted=True)],
    )
    ok(battle, c.StartTurn("A"))
    return battle


@pytest.mark.parametrize("value, limit, shown", [(2, 3, "●●○"), (0, 2, "○○"), (4, 4, "●●●●"), (5, 3, "●●●●●")])
def test_fatigue_shows_as_markers_with_the_limit(value, limit, shown):
    assert fatigue_markers(value, limit) == shown


# -- example 9: the source's worked example -----------------------------------------------------------------------
def test_ex9_move_shoot_charge_and_fight_end_the_turn_with_three_fatigue(b):
    move(b, "A.axes")
    assert fatigue(b, "A.axes") == 0
    ok(b, c.Activate("A.axes", "shoot", target="B.bows"))
    ok(b, c.RollShot(faces=(6, 1, 1, 1, 1, 1)))
    assert fatigue(b, "A.axes") == 0  # not before the shooting is resolved
    ok(b, c.RollShotDefence(faces=(1,)))
    assert fatigue(b, "A.axes") == 1
    ok(b, c.Activate("A.axes", "charge", target="B.shields"))
    ok(b, c.CompleteMove())
    assert b.state.melee.step == 1 and fatigue(b, "A.axes") == 2  # before the melee is resolved
    ok(b, c.ConfirmAttackDice())
    ok(b, c.TradeDice(False))
    ok(b, c.EndDeclarations())
    ok(b, c.EndDeclarations())
    # the exact distribution of unsaved hits before the roll: 6 dice on Armour 4, cancelled on 5+ (§9 Case A)
    assert view.odds(b.state).losses[DEFENDER] == CASE_A
    ok(b, c.RollAttacks(attacker=(1,) * 6, defender=(1,) * 8))
    ok(b, c.RollDefence(attacker=(), defender=()))
    ok(b, c.RemoveCasualties())
    ok(b, c.ResolveRetreat())
    ok(b, c.EndTurn())
    assert fatigue(b, "A.axes") == 3


# -- example 10: when fatigue is gained -------------------------------------------------------------------------------
def test_ex10_a_first_activation_shooting_gives_no_fatigue(b):
    shoot_and_miss(b, "A.spears", "B.bows")
    assert fatigue(b, "A.spears") == 0


def test_ex10_shoot_then_shoot_gives_one_after_the_second_shooting(b):
    shoot_and_miss(b, "A.spears", "B.bows")
    shoot_and_miss(b, "A.spears", "B.bows")
    assert fatigue(b, "A.spears") == 1


def test_ex10_a_first_move_to_engage_then_the_melee_gives_one_in_total(b):
    ok(b, c.Activate("A.spears", "charge", target="B.shields"))
    ok(b, c.CompleteMove())
    assert fatigue(b, "A.spears") == 0
    melee_to_the_end(b)
    assert fatigue(b, "A.spears") == 1 and fatigue(b, "B.shields") == 1


def test_ex10_a_saga_ability_move_in_the_opponents_turn_gives_no_fatigue(b):
    move(b, "B.bows", source="saga")
    move(b, "B.bows", source="saga")
    assert fatigue(b, "B.bows") == 0
    assert (
        "opponent's turn"
        in next(e for e in reversed(b.active_events) if e.kind == "move_completed").payload["fatigue_rule"]
    )


def test_ex10_an_ability_that_says_so_tires_the_unit_even_in_the_opponents_turn(b):
    move(b, "B.bows", source="saga")
    move(b, "B.bows", source="saga", causes_fatigue=True)
    assert fatigue(b, "B.bows") == 1


def test_ex10_a_unit_charged_in_the_opponents_turn_gains_one_as_defender(b):
    ok(b, c.Activate("A.spears", "charge", target="B.shields"))
    ok(b, c.CompleteMove())
    melee_to_the_end(b)
    assert fatigue(b, "B.shields") == 1


def test_ex10_a_friend_destroyed_in_melee_tires_only_the_units_ticked_within_S(b):
    ok(b, c.Engage("A.axes", "B.horse"))
    ok(b, c.ConfirmAttackDice())
    ok(b, c.TradeDice(False))
    ok(b, c.EndDeclarations())
    ok(b, c.EndDeclarations())
    ok(b, c.RollAttacks(attacker=(6,) * 6, defender=(1,) * 4))  # the horse: 4 models, Armour 4
    ok(b, c.RollDefence(attacker=(), defender=(1,) * 6))
    ok(b, c.RemoveCasualties())
    assert b.state.melee.stage == "within-s"
    assert view.pending_step(b.state).decider == "B"
    refused(b, c.MarkWithinS(("A.spears",)))
    ok(b, c.MarkWithinS(("B.bows",)))  # B within S, C ("shields") not
    assert fatigue(b, "B.bows") == 1 and fatigue(b, "B.shields") == 0
    assert b.state.melee.stage == "retreat" and fatigue(b, "A.axes") == 1


def test_ex10_a_friend_destroyed_by_shooting_tires_no_one(b):
    ok(b, c.Activate("A.spears", "shoot", target="B.horse", dice=4))
    ok(b, c.RollShot(faces=(6, 6, 6, 6)))
    ok(b, c.RollShotDefence(faces=(1, 1, 1, 1)))
    assert b.state.unit("B.horse").models == 0
    assert [fatigue(b, u) for u in ("B.shields", "B.bows")] == [0, 0]


# -- example 11: Rest ----------------------------------------------------------------------------------------------------
def test_ex11_rest_as_the_first_activation_removes_one(b):
    set_fatigue(b, "A.spears", 2)
    ok(b, c.Activate("A.spears", "rest"))
    assert fatigue(b, "A.spears") == 1


def test_ex11_rest_after_a_move_is_refused(b):
    set_fatigue(b, "A.spears", 2)
    move(b, "A.spears")
    assert "first activation" in refused(b, c.Activate("A.spears", "rest")).reason


def test_ex11_a_second_rest_in_the_turn_is_refused(b):
    set_fatigue(b, "A.spears", 2)
    ok(b, c.Activate("A.spears", "rest"))
    refused(b, c.Activate("A.spears", "rest"))


def test_ex11_a_fatigue_removing_ability_after_a_move_is_allowed_because_it_is_not_a_rest(b):
    set_fatigue(b, "A.spears", 2)
    move(b, "A.spears")
    ok(b, c.AdjustFatigue("A.spears", -1, "SAGA ability"))
    assert fatigue(b, "A.spears") == 1


def test_fatigue_never_goes_below_zero(b):
    refused(b, c.AdjustFatigue("A.spears", -1))
    ok(b, c.Activate("A.spears", "rest"))
    assert fatigue(b, "A.spears") == 0


# -- example 12: exhaustion ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "cls, value, exhausted",
    [
        ("levy", 2, True),
        ("warriors", 2, False),
        ("warriors", 3, True),
        ("warriors", 5, True),
        ("hearthguard", 3, False),
        ("hearthguard", 4, True),
        ("warlord", 4, True),
    ],
)
def test_ex12_a_unit_is_exhausted_at_or_above_its_class_limit(cls, value, exhausted):
    battle = new_battle([unit("u", cls=cls, models=1)], [unit("e")])
    set_fatigue(battle, "A.u", value)
    assert battle.state.unit("A.u").exhausted is exhausted


@pytest.mark.parametrize("kind, target", [("move", None), ("charge", "B.shields"), ("shoot", "B.shields")])
def test_ex12_an_exhausted_unit_cannot_move_engage_or_shoot(b, kind, target):
    set_fatigue(b, "A.spears", 3)
    assert "exhausted" in refused(b, c.Activate("A.spears", kind, target=target)).reason


def test_ex12_exhausted_warriors_that_rest_drop_to_two_and_are_no_longer_exhausted(b):
    set_fatigue(b, "A.spears", 3)
    ok(b, c.Activate("A.spears", "rest"))
    assert fatigue(b, "A.spears") == 2 and not b.state.unit("A.spears").exhausted


def test_ex12_an_ability_activation_of_an_exhausted_unit_that_allows_no_rest_is_cancelled(b):
    set_fatigue(b, "A.spears", 3)
    r = ok(b, c.Activate("A.spears", "move", source="saga", allows_rest=False))
    assert r.events[0].kind == "activation_cancelled" and "[SAGA-A13]" in r.events[0].text
    assert b.state.move is None and b.state.unit("A.spears").activations == ()


def test_ex12_warriors_with_two_that_move_twice_are_exhausted_with_nothing_left_to_do(b):
    set_fatigue(b, "A.spears", 2)
    move(b, "A.spears")
    assert fatigue(b, "A.spears") == 2
    move(b, "A.spears")
    assert fatigue(b, "A.spears") == 3 and b.state.unit("A.spears").exhausted
    for kind, target in (("move", None), ("shoot", "B.bows"), ("rest", None)):
        refused(b, c.Activate("A.spears", kind, target=target))
    assert view.legal_activations(b.state, "A.spears") == ()


# -- example 14: limits on spending ---------------------------------------------------------------------------------
def test_ex14_one_spend_slows_an_enemy_foot_move_from_M_to_S_and_a_second_is_refused(b):
    ok(b, c.EndTurn())
    ok(b, c.StartTurn())
    set_fatigue(b, "B.shields", 2)
    ok(b, c.Activate("B.shields", "move"))
    assert [o.use for o in view.fatigue_offers(b.state, "A")] == ["slow_move"]
    ok(b, c.SpendFatigue("A", "B.shields", "slow_move"))
    assert b.state.move.result_band == "S" and fatigue(b, "B.shields") == 1
    refused(b, c.SpendFatigue("A", "B.shields", "slow_move"))
    ok(b, c.CompleteMove())
    assert "moves Short (S) (slowed from Medium (M)" in b.active_events[-1].text


@pytest.mark.parametrize("uid, broken, band", [("B.horse", False, "M"), ("B.shields", True, "VS")])
def test_ex14_a_spend_slows_mounted_L_to_M_and_broken_terrain_to_VS(b, uid, broken, band):
    ok(b, c.EndTurn())
    ok(b, c.StartTurn())
    set_fatigue(b, uid, 1)
    ok(b, c.Activate(uid, "move", broken=broken))
    ok(b, c.SpendFatigue("A", uid, "slow_move"))
    assert b.state.move.result_band == band


def test_A12_no_slow_spend_is_offered_below_VS():
    battle = new_battle([unit("crawl", move="VS")], [unit("e")])
    ok(battle, c.StartTurn("A"))
    set_fatigue(battle, "A.crawl", 1)
    ok(battle, c.Activate("A.crawl", "move"))
    assert view.fatigue_offers(battle.state) == ()
    refused(battle, c.SpendFatigue("B", "A.crawl", "slow_move"))


def test_a_units_own_side_cannot_spend_its_fatigue(b):
    set_fatigue(b, "A.spears", 1)
    ok(b, c.Activate("A.spears", "move"))
    assert "opponent" in refused(b, c.SpendFatigue("A", "A.spears", "slow_move")).reason


def test_ex14_in_melee_two_spends_leave_three_fatigue_at_one_and_a_third_is_refused(b):
    set_fatigue(b, "B.shields", 3)
    ok(b, c.Engage("A.spears", "B.shields"))
    ok(b, c.ConfirmAttackDice())
    ok(b, c.TradeDice(False))
    ok(b, c.SpendFatigue("A", "B.shields", "own_armour"))
    ok(b, c.SpendFatigue("A", "B.shields", "enemy_armour"))
    assert fatigue(b, "B.shields") == 1
    refused(b, c.SpendFatigue("A", "B.shields", "own_armour"))
    refused(b, c.SpendFatigue("A", "B.shields", "enemy_armour"))


def test_ex14_charge_fatigue_can_be_spent_by_the_defender_in_step3(b):
    set_fatigue(b, "A.spears", 2)
    move(b, "A.spears")
    ok(b, c.Activate("A.spears", "charge", target="B.shields"))
    ok(b, c.CompleteMove())
    assert fatigue(b, "A.spears") == 3
    ok(b, c.ConfirmAttackDice())
    ok(b, c.TradeDice(False))
    ok(b, c.EndDeclarations())
    ok(b, c.SpendFatigue("B", "A.spears", "own_armour"))
    ok(b, c.SpendFatigue("B", "A.spears", "enemy_armour"))
    assert fatigue(b, "A.spears") == 1
    ok(b, c.EndDeclarations())
    ok(b, c.RollAttacks(attacker=(1,) * 8, defender=(1,) * 8))
    ok(b, c.RollDefence(attacker=(), defender=()))
    ok(b, c.RemoveCasualties())
    assert fatigue(b, "A.spears") == 2


def test_the_attacker_spends_first_and_the_defender_only_after_it(b):
    set_fatigue(b, "A.spears", 1)
    ok(b, c.Engage("A.spears", "B.shields"))
    ok(b, c.ConfirmAttackDice())
    ok(b, c.TradeDice(False))
    assert "declaring now" in refused(b, c.SpendFatigue("B", "A.spears", "own_armour")).reason


@pytest.mark.parametrize("reading, gained", [("move-shoot", 0), ("any-activation", 1)])
def test_A9_a_move_after_a_rest_tires_only_if_any_activation_counts(reading, gained):
    battle = new_battle([unit("axes")], [unit("e")], settings={"t1_counts": reading})
    ok(battle, c.StartTurn("A"))
    set_fatigue(battle, "A.axes", 2)
    ok(battle, c.Activate("A.axes", "rest"))
    move(battle, "A.axes")
    assert fatigue(battle, "A.axes") == 1 + gained
    assert "[SAGA-A9]" in battle.active_events[-1 - gained].payload["fatigue_rule"]


@pytest.mark.parametrize("reading, refused_second", [("once-per-melee", True), ("per-enemy-unit", False)])
def test_A11_the_minus_one_armour_spend_limit_in_multi_unit_melee(reading, refused_second):
    battle = new_battle([unit("axes")], [unit("shields"), unit("bows")], settings={"enemy_armour_limit": reading})
    ok(battle, c.StartTurn("A"))
    set_fatigue(battle, "B.shields", 1)
    set_fatigue(battle, "B.bows", 1)
    ok(battle, c.Engage("A.axes", "B.shields"))
    ok(battle, c.JoinMelee("B.bows"))
    ok(battle, c.ConfirmAttackDice())
    ok(battle, c.TradeDice(False))
    ok(battle, c.SpendFatigue("A", "B.shields", "enemy_armour"))
    second = battle.submit(c.SpendFatigue("A", "B.bows", "enemy_armour"))
    assert (type(second).__name__ == "Rejected") is refused_second

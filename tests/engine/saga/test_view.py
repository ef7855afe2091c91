"""What the dashboard reads: unit lines, the open step with its numbers, offers, odds."""

from fractions import Fraction as F

from engine.rulesets.saga import commands as c
from engine.rulesets.saga import view
from engine.rulesets.saga.melee_state import ATTACKER, DEFENDER
from engine.rulesets.saga.odds import casualty_distribution
from engine.rulesets.saga.roster import UnitSpec

from .conftest import new_battle, ok, set_fatigue, unit


def battle():
    b = new_battle([unit("axes", models=6), UnitSpec("thralls", "Thralls", "levy", 10)], [unit("shields")])
    ok(b, c.StartTurn("A"))
    return b


def test_unit_lines_show_fatigue_markers_with_the_limit_and_label_house_defaults():
    b = battle()
    set_fatigue(b, "A.axes", 2)
    axes, thralls, shields = view.unit_lines(b.state)
    assert (axes.markers, axes.fatigue, axes.limit, axes.exhausted) == ("●●○", 2, 3, False)
    assert view.unit_text(axes) == "Axes (Warriors) 6 models  ●●○ 2/3"
    assert thralls.house_defaults == ("armour_melee", "armour_shooting", "attack_dice", "shooting_dice")
    assert axes.house_defaults == ()
    assert axes.can == ("move", "charge", "shoot", "rest") and shields.can == ()


def test_an_exhausted_unit_is_marked_and_may_only_rest_first():
    b = battle()
    set_fatigue(b, "A.thralls", 2)
    line = next(x for x in view.unit_lines(b.state) if x.id == "A.thralls")
    assert line.exhausted and view.unit_text(line).endswith("EXHAUSTED") and line.can == ("rest",)


def test_the_move_step_offers_the_slow_spend_to_the_opponent():
    b = battle()
    set_fatigue(b, "A.axes", 1)
    ok(b, c.Activate("A.axes", "move"))
    step = view.pending_step(b.state)
    assert step.kind == "move" and step.decider == "B" and "SpendFatigue" in step.commands
    assert view.fatigue_offers(b.state, "B")[0].effect == "Axes moves Short (S) instead of Medium (M)"


def test_the_melee_steps_show_their_numbers_and_whose_choice_it_is():
    b = battle()
    set_fatigue(b, "B.shields", 3)
    ok(b, c.Engage("A.axes", "B.shields"))
    step = view.pending_step(b.state)
    assert step.step == 1 and step.decider is None and "ConfirmAttackDice" in step.commands
    assert any("8 attack dice (8 models, 1 die each), exhausted −4 = 4" in line for line in step.lines)
    assert any("SAGA-A5" in note for note in step.notes)
    ok(b, c.ConfirmAttackDice())
    step = view.pending_step(b.state)
    assert (step.step, step.decider) == (2, "B")
    assert any("trade: 4 − 2 = 2 attack dice, +1 defence dice" in line for line in step.lines)
    ok(b, c.TradeDice(False))
    step = view.pending_step(b.state)
    assert (step.step, step.decider) == (3, "A")
    assert any("SAGA-A11" in note for note in step.notes)
    assert {o.use for o in view.fatigue_offers(b.state, "A")} == {"own_armour", "enemy_armour"}


def test_the_odds_update_as_the_choices_change():
    b = battle()
    ok(b, c.Engage("A.axes", "B.shields"))
    ok(b, c.ConfirmAttackDice())
    keep, trade = view.odds(b.state, trade=False), view.odds(b.state, trade=True)
    assert keep.losses[DEFENDER] == casualty_distribution(6, 4, 5, models=8)
    assert trade.losses[DEFENDER] == casualty_distribution(6, 4, 5, extra_defence=2, models=8)
    assert trade.losses[ATTACKER] == casualty_distribution(4, 4, 5, models=6)
    ok(b, c.TradeDice(False))
    set_fatigue(b, "B.shields", 1)
    ok(b, c.SpendFatigue("A", "B.shields", "enemy_armour"))
    assert view.odds(b.state).losses[DEFENDER] == casualty_distribution(6, 3, 5, models=8)
    assert sum(view.odds(b.state).retreat.values()) == 1


def test_after_the_attack_roll_the_odds_are_conditioned_on_the_hits():
    b = battle()
    ok(b, c.Engage("A.axes", "B.shields"))
    for cmd in (c.ConfirmAttackDice(), c.TradeDice(False), c.EndDeclarations(), c.EndDeclarations()):
        ok(b, cmd)
    ok(b, c.RollAttacks(attacker=(6, 6, 1, 1, 1, 1), defender=(1,) * 8))
    odds = view.odds(b.state)
    assert odds.losses[DEFENDER] == {0: F(1, 9), 1: F(4, 9), 2: F(4, 9)}
    assert odds.losses[ATTACKER] == {0: F(1)}
    step = view.pending_step(b.state)
    assert step.step == 5 and any("[6 6 1 1 1 1]" in line for line in step.lines)


def test_settings_in_force_name_the_reference_and_the_reading():
    b = battle()
    assert view.settings_in_force(b.state, ["exhausted_attacker_halved"]) == (
        ("SAGA-A6", "Also halve an exhausted Attacker", "off"),
    )


def test_dice_to_roll_names_each_sides_count_at_steps_4_and_5():
    from .conftest import to_step3

    b = battle()
    to_step3(b, "A.axes", "B.shields")
    ok(b, c.EndDeclarations())
    ok(b, c.EndDeclarations())
    need = view.dice_to_roll(b.state)
    assert [(d.role, d.side, d.count) for d in need] == [(ATTACKER, "A", 6), (DEFENDER, "B", 8)]
    ok(b, c.RollAttacks((6, 6, 6, 1, 1, 1), (6, 1, 1, 1, 1, 1, 1, 1)))
    need = view.dice_to_roll(b.state)
    assert [(d.role, d.count) for d in need] == [(ATTACKER, 1), (DEFENDER, 3)]


def test_reroll_dice_lists_the_attack_dice_only_with_a_declared_reroll():
    from .conftest import to_step3

    b = battle()
    to_step3(b, "A.axes", "B.shields")
    ok(b, c.DeclareAbility("Fury", reroll_attack=1))
    ok(b, c.EndDeclarations())
    ok(b, c.EndDeclarations())
    ok(b, c.RollAttacks((6, 6, 6, 1, 1, 1), (6, 1, 1, 1, 1, 1, 1, 1)))
    phase, left, dice = view.reroll_dice(b.state, "A")
    assert (phase, left) == ("attack", 1)
    assert [(d.index, d.face, d.succeeded, d.rerolled) for d in dice][:4] == [
        (0, 6, True, False),
        (1, 6, True, False),
        (2, 6, True, False),
        (3, 1, False, False),
    ]
    armour = b.state.melee.armour[dice[3].unit]
    assert dice[3].p_after == F(7 - armour, 6)  # the re-roll hits on Armour or more
    ok(b, c.Reroll("A", "attack", (3,), (2,)))
    phase, left, dice = view.reroll_dice(b.state, "A")
    assert left == 0 and dice[3].rerolled and dice[3].face == 2
    assert view.reroll_dice(b.state, "B")[1] == 0


def test_dice_to_roll_for_a_shot():
    b = battle()
    ok(b, c.Activate("A.axes", "shoot", target="B.shields"))
    assert [(d.role, d.count) for d in view.dice_to_roll(b.state)] == [("shooter", 6)]

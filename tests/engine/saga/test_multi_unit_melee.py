"""[SAGA-M3] more than one unit on a side: each unit's attack dice roll against the Armour of
the enemy unit it attacks (exact odds), the +1 Armour bought with an enemy unit's fatigue
counts only against that unit's dice (§4.5 way 3), and casualties are split across a
side's units as their owner chooses."""

from fractions import Fraction as F

from engine.rulesets.saga import commands as c
from engine.rulesets.saga import view

from .conftest import new_battle, ok, refused, set_fatigue, unit


def two_on_two(**b_kw):
    """A: Axes (1 model, Armour 4) + the Lord (1 model); B: Shields (Armour 4) + Hearth (Armour 5)."""
    b = new_battle(
        [unit("axes", models=1), unit("lord", cls="warlord", models=1)],
        [unit("shields", models=3), unit("hearth", cls="hearthguard", models=3, armour=5)],
        **b_kw,
    )
    ok(b, c.StartTurn("A"))
    ok(b, c.Engage("A.axes", "B.shields"))
    ok(b, c.JoinMelee("B.hearth"))
    ok(b, c.JoinMelee("A.lord", target="B.hearth"))
    return b


def to_attack_roll(b):
    for cmd in (c.ConfirmAttackDice(), c.TradeDice(False), c.EndDeclarations(), c.EndDeclarations()):
        ok(b, cmd)


def test_m3_a_joining_unit_attacks_the_unit_named_and_the_step_says_so():
    b = two_on_two()
    m = b.state.melee
    assert [m.target_of(u) for u in ("A.axes", "A.lord", "B.shields", "B.hearth")] == [
        "B.shields",
        "B.hearth",
        "A.axes",
        "A.axes",
    ]
    step = view.pending_step(b.state)
    assert "Lord: 1 attack dice (1 model, 1 die each) → attacks Hearth" in step.lines
    assert any("each unit's attack dice roll against the Armour of the enemy unit it attacks" in n for n in step.notes)
    assert any("casualties are split across a side's units as their owner chooses" in n for n in step.notes)


def test_m3_each_pool_rolls_against_the_armour_of_the_unit_it_attacks():
    b = two_on_two()
    ok(b, c.AimPool("B.hearth", "A.lord"))
    to_attack_roll(b)
    ok(b, c.RollAttacks(attacker=(4, 4), defender=(1, 1, 1, 1, 1, 1)))
    m = b.state.melee
    assert dict(m.armour) == {"A.axes": 4, "A.lord": 5, "B.shields": 4, "B.hearth": 4}
    assert m.hits == {"attacker": 1, "defender": 0}  # the Axes' 4 hits Armour 4, the Lord's 4 misses Armour 5
    rolled = [e for e in b.active_events if e.kind == "melee_attack_rolled"]
    assert "against Hearth's Armour 5" in rolled[1].text and rolled[1].payload["roll"]["detail"]["target"] == "B.hearth"


def test_m3_the_exact_casualty_odds_pool_dice_against_different_armours():
    b = two_on_two()
    to_attack_roll(b)
    # Axes: 1 die v Armour 4 (1/2); Lord: 1 die v Armour 5 (1/3); each hit one defence die, cancels on 5+.
    # hits 0: 1/3, 1: 1/2, 2: 1/6 -> losses 0: 1/3 + 1/2·1/3 + 1/6·1/9, 1: 1/2·2/3 + 1/6·4/9, 2: 1/6·4/9
    assert dict(view.odds(b.state).losses["defender"]) == {0: F(14, 27), 1: F(11, 27), 2: F(2, 27)}


def test_m3_aiming_is_refused_at_a_unit_not_fighting_or_after_step_1():
    b = two_on_two()
    assert "one of the enemy units in this melee" in refused(b, c.AimPool("A.axes", "A.lord")).reason
    refused(b, c.JoinMelee("B.hearth"))  # already in
    ok(b, c.ConfirmAttackDice())
    refused(b, c.AimPool("A.axes", "B.hearth"))


def test_m3_own_armour_bought_with_an_enemy_units_fatigue_counts_only_against_its_dice():
    b = two_on_two()
    set_fatigue(b, "B.hearth", 1)
    ok(b, c.AimPool("B.hearth", "A.lord"))
    ok(b, c.ConfirmAttackDice())
    ok(b, c.TradeDice(False))
    offers = [(o.unit, o.use, o.for_unit) for o in view.fatigue_offers(b.state, "A")]
    assert ("B.hearth", "own_armour", "A.lord") in offers
    ok(b, c.SpendFatigue("A", "B.hearth", "own_armour"))
    ok(b, c.EndDeclarations())
    ok(b, c.EndDeclarations())
    ok(b, c.RollAttacks(attacker=(1, 1), defender=(1, 1, 1, 1, 1, 1)))
    armour = dict(b.state.melee.armour)
    assert (armour["B.hearth"], armour["B.shields"]) == (5, 4)  # the Lord +1 against Hearth only


def test_m3_the_casualties_step_shows_the_default_split_of_a_two_unit_side():
    b = two_on_two()
    to_attack_roll(b)
    ok(b, c.RollAttacks(attacker=(6, 6), defender=(1, 1, 1, 1, 1, 1)))
    ok(b, c.RollDefence(attacker=(), defender=(1, 1)))
    lines = view.pending_step(b.state).lines
    assert "Defender's casualties unless its owner splits them: Shields 2, Hearth 0" in lines
    ok(b, c.RemoveCasualties(split=(("B.shields", 1), ("B.hearth", 1))))
    assert (b.state.unit("B.shields").models, b.state.unit("B.hearth").models) == (2, 2)

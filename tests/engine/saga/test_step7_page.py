"""Melee step 7 (§3 step 7) on its own page: the fatigue each unit involved gained."""

from engine.rulesets.saga import commands as c
from engine.rulesets.saga import view

from .conftest import new_battle, ok, to_step4, unit


def test_step7_lists_the_t3_fatigue_of_each_unit_and_none_for_a_destroyed_one():
    b = new_battle([unit("axes")], [unit("shields", models=2)])
    ok(b, c.StartTurn("A"))
    to_step4(b, "A.axes", "B.shields")
    assert view.fatigue_step(b.state) is None  # only once step 7 has happened
    ok(b, c.RollAttacks(attacker=(6, 6, 1, 1, 1, 1, 1, 1), defender=(1, 1)))
    ok(b, c.RollDefence(attacker=(), defender=(1, 1)))
    ok(b, c.RemoveCasualties())
    page = view.fatigue_step(b.state)
    assert (page.step, page.title) == (7, "Melee step 7: Fatigue")
    assert page.lines == (
        "Axes: +1 fatigue (took part in the melee, §4.2) → ●○○ 1/3",
        "Shields: destroyed in step 6, gains none",
    )
    assert view.pending_step(b.state).step == 8

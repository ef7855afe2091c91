"""Dice luck in a short scripted xK6 battle: the sides are named by their bands and every
roll with odds is counted for the side that rolled it (both initiative dice, the
defender's Stealth die logged in the attacker's event, the attacker's pair)."""

from fractions import Fraction as F

from engine.luck import counted_rolls, luck_table
from engine.rulesets.xk6 import commands as c
from engine.rulesets.xk6.summary import summary

from .conftest import model, new_battle, ok


def test_dice_luck_counts_every_xk6_roll_for_the_side_that_rolled_it():
    b = new_battle([model("a")], [model("b", stealth=5)])
    ok(b, c.StartTurn(faces=(6, 1)))  # two initiative dice, one each side, in one event with no actor
    ok(b, c.ChooseFirst("A"))
    ok(b, c.Activate("A.a", "move-attack", speed="still"))
    ok(b, c.Attack("A.a", "rifle", (c.Target("B.b", stealth_face=2, faces=(1, 1)),), faces=(6, 6)))
    s = summary(b.state)
    assert [s.side_name(k) for k in s.side_keys] == ["Reds", "Blues"]
    rolls = counted_rolls(b.active_events, s.side_of, s.roll_side)
    reds, blues = luck_table(rolls, s.side_keys)
    assert (reds.rolls, reds.successes) == (2, 2)  # initiative won, the shot's SL ≥ 1
    assert (blues.rolls, blues.successes) == (2, 0)  # initiative lost, Stealth 5 failed on a 2
    # equal Command: each side wins 15/36 (ties re-rolled); Stealth 5 avoids on a 6
    assert blues.expected == F(15, 36) + F(1, 6)
    pair = next(r for r in rolls if "Rifle" in r.title)
    assert pair.side == "A" and reds.expected == F(15, 36) + pair.chance

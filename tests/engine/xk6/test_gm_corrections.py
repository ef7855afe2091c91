"""xK6 GM corrections during an activation: a designation given back may be made again."""

from battle_testkit import ok, refused

from engine.corrections import Correct
from engine.rulesets.xk6 import commands as c
from engine.rulesets.xk6.corrections import options


def test_an_action_given_back_may_be_done_again(duel):
    ok(duel, c.Activate("A.shooter", "move-designate", speed="still"))
    ok(duel, c.Designate("B.target"))
    refused(duel, c.Designate("B.target"))
    assert "action-taken" in {o.what for o in options(duel.state, "A.shooter")}
    ok(duel, Correct("action-taken", "A.shooter", False, "the designation was on another model"))
    ok(duel, c.Designate("B.target"))

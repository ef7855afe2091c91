"""§15 with §16: a command point re-rolls this activation's failed Medic die (issue #17
item 2): offered after the result with its exact odds, the die typed, never twice."""

from fractions import Fraction as F

from engine.battle import Battle
from engine.log import Event
from engine.rulesets.xk6 import commands as c
from engine.rulesets.xk6 import view

from .conftest import model, new_battle, ok, refused, started


def _failed_heal(points=2):
    b = started(new_battle([model("doc", medic=4, command_points=points), model("hurt")], [model("b")]))
    ok(b, c.AdjustWounds("A.hurt", 2, "earlier fight"))
    ok(b, c.Activate("A.doc", "skill"))
    ok(b, c.Heal("A.hurt", face=4))  # Medic 4: fails
    return b


def test_a_failed_medic_die_is_offered_with_the_exact_odds_of_its_re_roll():
    b = _failed_heal()
    offers = [o for o in view.cp_options(b.state) if o.test == "medic"]
    assert [(o.commander, o.model, o.problem) for o in offers] == [("A.doc", "A.doc", "")]
    assert view.medic_reroll_chance(b.state, "A.doc") == F(1, 3)  # Medic 4: a 5 or a 6


def test_the_typed_re_rolled_medic_die_heals_and_replays():
    b = _failed_heal()
    ok(b, c.SpendCommandPoint("A.doc", "reroll", "A.doc", faces=(5,), test="medic"))
    assert b.state.model("A.hurt").wounds == 1 and b.state.model("A.doc").command_points == 1
    assert b.state.turn.active.failed_heal is None
    assert not [o for o in view.cp_options(b.state) if o.test == "medic"]
    reloaded = Battle(b.header, [Event.from_dict(e.to_dict()) for e in b.entries])
    assert reloaded.state == b.state


def test_a_medic_re_roll_that_fails_stands_and_is_not_re_rolled_again():
    b = _failed_heal()
    ok(b, c.SpendCommandPoint("A.doc", "reroll", "A.doc", faces=(2,), test="medic"))
    before = len(b.entries)
    assert "no failed Medic die" in str(
        refused(b, c.SpendCommandPoint("A.doc", "reroll", "A.doc", faces=(6,), test="medic"))
    )
    assert len(b.entries) == before and b.state.model("A.hurt").wounds == 2


def test_bad_medic_re_rolls_are_refused_with_nothing_saved():
    b = _failed_heal()
    before = len(b.entries)
    for cmd, why in (
        (
            c.SpendCommandPoint("A.doc", "reroll", "A.doc", faces=(5, 5), test="medic"),
            "2 dice typed (5 5); this roll needs 1",
        ),
        (c.SpendCommandPoint("A.doc", "reroll", "A.hurt", faces=(5,), test="medic"), "no failed Medic die"),
    ):
        assert why in str(refused(b, cmd)), cmd
    assert len(b.entries) == before

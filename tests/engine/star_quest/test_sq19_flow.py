"""Issue #19 (Star Quest): settings that change what the engine does, morale after the
GM's wounds between activations, the end of an activation logged once."""

import pytest

from engine.corrections import Correct
from engine.rulesets.star_quest import commands as c
from engine.rulesets.star_quest.roster import SpellSpec

from .conftest import activate, enemy, event, hero, kinds, new_battle, ok, refused

WARD = SpellSpec("Ward", 1, "+1 Defense until the end of the round.")


@pytest.mark.parametrize("setting, again", [("activation", True), ("round", False)])
def test_sq_a29_cast_attempts_one_try_per_spell_per_activation_or_per_round(setting, again):
    b = new_battle(
        [hero("ilsa", unit_rules=(("Caster", 2),), spells=(WARD,)), hero("vex")],
        [enemy("e")],
        settings={"cast_attempts": setting},
    )
    activate(b, "ilsa")
    ok(b, c.Cast("ilsa", "Ward", faces=(5,)))
    assert "in this activation" in refused(b, c.Cast("ilsa", "Ward", faces=(5,))).reason
    ok(b, c.EndActivation())
    ok(b, Correct("activated", "ilsa", False, "a second activation the table allowed"))
    ok(b, c.ActivateHero("ilsa"))
    if again:
        ok(b, c.Cast("ilsa", "Ward", faces=(5,)))
    else:
        assert "already tried this round" in refused(b, c.Cast("ilsa", "Ward", faces=(5,))).reason


def test_wounds_the_gm_adds_between_activations_call_the_morale_test():
    b = new_battle([hero("vex"), hero("ilsa")], [enemy("cult", models=2), enemy("solo", tough=4)])
    ok(b, c.StartRound())
    r = ok(b, c.AdjustWounds("cult", 1, "mission: the roof falls"))
    assert event(r, "morale_queued").payload["units"] == ["cult"] and b.state.morale == ("cult",)
    ok(b, c.RollMorale(faces=(6,)))
    assert not b.state.morale and not b.state.unit("cult").shaken
    r = ok(b, c.AdjustWounds("solo", 1, "mission"))  # 1 of Tough 4: not half
    assert "morale_queued" not in kinds(r)


def test_the_end_of_an_activation_says_ends_once():
    b = new_battle([hero("vex"), hero("ilsa")], [enemy("e")])
    activate(b, "vex")
    r = ok(b, c.EndActivation())
    assert sum("activation ends" in e.text for e in r.events) == 1

"""A hero that falls unconscious in its own activation stays idle until revived (§10): the
engine says its activation is over (``activation_over``, reason "unconscious") and ends it
as soon as nothing is open — morale checks and fatigue as at any end (§5), the phase
moving on — each an event, undone and redone with the command that knocked it out."""

from engine.battle import replay
from engine.corrections import Correct
from engine.rulesets.star_quest import commands as c

from .conftest import activate, enemy, hero, kinds, new_battle, ok


def _battle():
    b = new_battle([hero("vex", tough=3, pp=0), hero("ilsa")], [enemy("cultists", models=3)])
    b.initial = b.state.with_unit("vex", wounds=(1,))
    b._reset_states()
    activate(b, "vex")
    return b


def test_exhaustion_that_knocks_the_hero_out_ends_its_activation_at_once():
    b = _battle()
    ok(b, c.TakeAction("vex", "hold"))
    before = b.state
    r = ok(b, c.TakeAction("vex", "hold", extra=True))  # 2 PP with 0: 2 wounds of Exhaustion (§7.3)
    assert b.state.unit("vex").unconscious
    over = [e for e in r.events if e.kind == "activation_over"]
    assert over and over[0].payload == {"unit": "vex", "reason": "unconscious"}
    assert "stays idle until revived" in over[0].text
    assert kinds(r)[-2:] == ["activation_ending", "activation_ended"]
    assert b.state.activation is None and b.state.unit("vex").activated
    assert replay(b.ruleset, b.initial, b.active_events) == b.state
    after = b.state
    b.undo()
    assert b.state == before and b.state.activation.unit == "vex"
    b.redo()
    assert b.state == after


def test_the_last_hero_knocked_out_moves_the_round_on_to_the_ai_phase():
    b2 = new_battle([hero("vex", tough=3, pp=0), hero("ilsa")], [enemy("cultists")])
    b2.initial = b2.state.with_unit("vex", wounds=(2,))
    b2._reset_states()
    activate(b2, "ilsa")
    ok(b2, c.EndActivation())
    ok(b2, c.ActivateHero("vex"))
    r = ok(b2, c.LosePower("vex", 1, "a mission trap"))  # 1 PP with 0: 1 wound, Tough 3
    assert "phase_changed" in kinds(r) and b2.state.turn.phase == "ai"


def test_a_hero_marked_unconscious_by_a_gm_correction_is_left_for_the_gm_to_end():
    b = _battle()
    ok(b, Correct("unconscious", "vex", True, "knocked out at the table"))
    assert b.state.activation is not None and b.state.activation.unit == "vex"
    ok(b, c.EndActivation())
    assert b.state.activation is None

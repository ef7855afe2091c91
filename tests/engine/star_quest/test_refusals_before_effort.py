"""Issue 17 items 3 and 4 for Star Quest: the engine says whether a unit may act, use a
skill, cast or shoot before any picker or die (``queries.can``; an action by a hero with
no activation open checks its activation too), and one count of acted / ready / out."""

import pytest

from engine.ruleset import ActivationCounts, Rejected
from engine.rulesets.star_quest import commands as c
from engine.rulesets.star_quest import tables as t
from engine.rulesets.star_quest.queries import activation_counts, can

from .conftest import enemy, hero, new_battle, ok, refused, to_ai_phase


@pytest.fixture
def b():
    battle = new_battle([hero("vex"), hero("ilsa")], [enemy("cult"), enemy("ghouls")])
    ok(battle, c.StartRound())
    return battle


@pytest.mark.parametrize("action", ["act", "skill", "shoot"])
def test_5_a_hero_that_has_activated_is_refused_before_any_picker(b, action):
    ok(b, c.ActivateHero("vex"))
    ok(b, c.EndActivation())
    problem = can(b.state, action, "vex")
    assert isinstance(problem, Rejected) and "already activated" in problem.reason
    assert problem == refused(b, c.ActivateHero("vex"))


def test_9_a_hero_shoots_only_after_hold_or_advance(b):
    assert can(b.state, "shoot", "vex").rule == "§6.1, §9 step 1"
    ok(b, c.ActivateHero("vex"))
    assert can(b.state, "shoot", "vex").rule == "§6.1, §9 step 1"
    ok(b, c.TakeAction("vex", t.HOLD))
    assert can(b.state, "shoot", "vex") is None


def test_a_hero_that_may_act_is_not_refused(b):
    assert can(b.state, "act", "vex") is None
    assert can(b.state, "act", "cult").rule == "§16.2"  # an AI unit acts through the flow chart


def test_5_another_unit_is_refused_while_one_activates(b):
    ok(b, c.ActivateHero("vex"))
    assert can(b.state, "act", "ilsa").rule == "§5"


def test_counts_agree_with_who_may_still_activate(b):
    ok(b, c.ActivateHero("vex"))
    ok(b, c.EndActivation())
    assert activation_counts(b.state, "heroes") == ActivationCounts(acted=1, ready=1, out=0)
    assert activation_counts(b.state, "ai") == ActivationCounts(acted=0, ready=2, out=0)  # they act later
    to_ai_phase(b)
    assert activation_counts(b.state, "heroes") == ActivationCounts(acted=2, ready=0, out=0)
    assert activation_counts(b.state, "ai") == ActivationCounts(acted=0, ready=2, out=0)


def test_15_a_jump_by_a_hero_not_acting_is_refused_before_any_die_and_a_fall_is_not(b):
    from engine.rulesets.star_quest.queries import hazard_problem

    ok(b, c.ActivateHero("ilsa"))
    jump = c.Jump("vex", 2.0)
    problem = hazard_problem(b.state, jump)
    assert problem is not None and problem == refused(b, jump, [6, 6])
    assert hazard_problem(b.state, c.Fall("vex", 3.0)) is None
    assert hazard_problem(b.state, c.DangerousTerrain("vex", 1)) is None


def test_a_dry_run_refuses_what_the_engine_would_refuse_and_saves_nothing(b):
    from engine.rulesets.star_quest.queries import refused_now

    before = b.state
    assert refused_now(b.state, c.ActivateHero("vex"), c.TakeAction("vex", t.HOLD)) is None
    ok(b, c.ActivateHero("vex"))
    ok(b, c.TakeAction("vex", t.HOLD))
    assert refused_now(b.state, c.TakeAction("vex", t.REST)).rule == "§6.1 Rest"
    assert refused_now(b.state, c.TakeAction("vex", t.CHARGE, extra=True)) is None  # a target still to choose
    assert b.state != before and refused_now(b.state, c.TakeAction("vex", t.REST)) == refused(
        b, c.TakeAction("vex", t.REST)
    )


def test_17_a_spell_already_tried_this_activation_is_refused_by_the_dry_run_before_its_die():
    """The spell picker greys it (the casting die is never typed for nothing)."""
    from engine.battle import Battle, new_header
    from engine.ruleset import find_system
    from engine.rulesets.star_quest.queries import refused_now

    spec = find_system("star-quest")
    demo = Battle(new_header(spec.name, spec.demo(None, 4).setup, seed=4))
    ok(demo, c.StartRound())
    ilsa = next(u for u in demo.state.units if u.spec.spells and u.hero)
    ward = next(sp for sp in ilsa.spec.spells if sp.target == "friend")  # on herself
    cast = c.Cast(ilsa.id, ward.name, target=ilsa.id)
    assert refused_now(demo.state, c.ActivateHero(ilsa.id), cast) is None
    ok(demo, c.ActivateHero(ilsa.id))
    ok(demo, c.Cast(ilsa.id, ward.name, faces=(6,), target=ilsa.id))  # cast: the spell has been tried
    problem = refused_now(demo.state, cast)
    assert problem is not None and "already tried" in problem.reason
    assert problem == refused(demo, cast)


def test_a_unit_acting_now_counts_as_acted_and_its_line_says_so(b):
    """QA: Captain Vex "▶ acting" in the pane read "not yet this round" on his card: the
    lines and the count read the open activation."""
    from engine.rulesets.star_quest import view

    ok(b, c.ActivateHero("vex"))
    assert activation_counts(b.state, "heroes") == ActivationCounts(acted=1, ready=1, out=0)
    assert [(h.id, h.acting) for h in view.hero_lines(b.state)] == [("vex", True), ("ilsa", False)]
    assert not any(e.acting for e in view.enemy_lines(b.state))
    ok(b, c.EndActivation())
    assert activation_counts(b.state, "heroes") == ActivationCounts(acted=1, ready=1, out=0)
    assert not any(h.acting for h in view.hero_lines(b.state))

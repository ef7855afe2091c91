"""Issue 17 items 3 and 4 for xK6: the engine says whether a model may activate or attack
before any option, weapon or target picker opens (``queries.can``, the checks of
``Activate`` and ``Attack``), and one count of activated / ready / out-of-play models."""

from engine.ruleset import ActivationCounts, Rejected
from engine.rulesets.xk6 import commands as c
from engine.rulesets.xk6 import tables as t
from engine.rulesets.xk6.queries import activation_counts, can

from .conftest import model, new_battle, ok, refused, started


def test_5_1_a_model_that_has_activated_is_refused_another_activation(duel):
    ok(duel, c.Activate("A.shooter", t.HOLD))
    ok(duel, c.EndActivation())
    ok(duel, c.Activate("B.target", t.HOLD))
    problem = can(duel.state, "activate", "A.shooter")
    assert isinstance(problem, Rejected) and problem.rule == "§5.1"


def test_5_1_the_other_sides_model_is_refused_and_the_query_agrees_with_the_command(duel):
    problem = can(duel.state, "activate", "B.target")
    assert "activation" in problem.reason and problem.rule == "§5.1"
    assert problem == refused(duel, c.Activate("B.target", t.HOLD))
    assert can(duel.state, "activate", "A.shooter") is None


def test_5_2_a_model_held_or_not_activated_is_refused_an_attack(duel):
    assert can(duel.state, "attack", "A.shooter").rule == "§5.2"  # not activated
    ok(duel, c.Activate("A.shooter", t.HOLD))
    assert "not to move and attack" in can(duel.state, "attack", "A.shooter").reason


def test_a_model_moving_to_attack_may_attack(duel):
    ok(duel, c.Activate("A.shooter", t.MOVE_ATTACK, speed="still"))
    assert can(duel.state, "attack", "A.shooter") is None


def test_counts_leave_models_out_of_play_out_of_activated_and_ready():
    battle = started(new_battle([model("a1"), model("a2"), model("a3")], [model("b1")]))
    ok(battle, c.RemoveModel("A.a3", "test"))
    ok(battle, c.Activate("A.a1", t.HOLD))
    ok(battle, c.EndActivation())
    assert activation_counts(battle.state, "A") == ActivationCounts(acted=1, ready=1, out=1)
    assert activation_counts(battle.state, "B") == ActivationCounts(acted=0, ready=1, out=0)


def test_5_2_designate_is_refused_before_the_target_picker_unless_activated_for_it_and_only_once():
    b = started(new_battle([model("spotter"), model("a2")], [model("b")]))
    assert can(b.state, "designate", "A.spotter").rule == "§5.2"  # not activated
    ok(b, c.Activate("A.spotter", "move-designate", speed="walk"))
    assert can(b.state, "designate", "A.spotter") is None
    ok(b, c.Designate(target="B.b"))
    problem = can(b.state, "designate", "A.spotter")
    assert "already done" in problem.reason
    assert problem == refused(b, c.Designate(target="B.b"))


def test_5_2_a_skill_action_is_refused_before_the_picker_unless_activated_for_it_and_only_once():
    b = started(
        new_battle([model("scout", skills=(("Scout", "moves before the game"),)), model("plain")], [model("b")])
    )
    assert can(b.state, "skill", "A.scout").rule == "§5.2"
    ok(b, c.Activate("A.scout", t.SKILL))
    assert can(b.state, "skill", "A.scout") is None
    ok(b, c.SkillAction("Scout"))
    assert can(b.state, "skill", "A.scout") == refused(b, c.SkillAction("Scout"))


def test_14_a_reaction_is_refused_before_the_picker_with_the_commands_reason():
    b = started(new_battle([model("a"), model("a2")], [model("watcher")]), first="B")
    assert "none is under way" in can(b.state, "react", "B.watcher").reason
    ok(b, c.Activate("B.watcher", t.HOLD))
    ok(b, c.EndActivation())
    ok(b, c.Activate("A.a", t.MOVE_ATTACK, speed="walk"))
    assert can(b.state, "react", "B.watcher") is None
    no_held = can(b.state, "react", "A.a2")
    assert "no held action" in no_held.reason
    assert no_held == refused(b, c.React("A.a2", "shoot", trigger="A.a"))


def test_a_model_whose_activation_is_under_way_counts_as_activated_and_its_line_says_acting(duel):
    """QA: Sgt. Vance mid-activation read "activated 0/3" on the tracker and "no activation
    now" on his card: the count and the line read the activation under way."""
    from engine.rulesets.xk6 import view

    ok(duel, c.Activate("A.shooter", t.MOVE_ATTACK, speed="walk"))
    assert activation_counts(duel.state, "A") == ActivationCounts(acted=1, ready=0, out=0)
    shooter, target = view.model_lines(duel.state)
    assert (shooter.acting, shooter.acting_option) == ("activated", "move and attack at walk")
    assert (target.acting, target.acting_option) == (None, None)
    ok(duel, c.EndActivation())
    assert activation_counts(duel.state, "A") == ActivationCounts(acted=1, ready=0, out=0)
    assert view.model_lines(duel.state)[0].acting is None

"""§5 initiative and activations, §13–§16 stun, reactions, command points, burning, Medic
(worked examples 9 and 10)."""

from fractions import Fraction as F

import pytest

from engine.rolls import RollRecord
from engine.rulesets.xk6 import commands as c

from .conftest import model, new_battle, ok, refused, rolls, started


def test_worked_example_9_initiative_is_1d6_plus_highest_command_and_the_higher_chooses():
    b = new_battle([model("cap", command=4), model("grunt", command=1)], [model("boss", command=2)])
    r = ok(b, c.StartTurn(faces=(2, 5)))
    roll = r.events[-1].payload
    assert roll["totals"] == {"A": 6, "B": 7} and roll["winner"] == "B"
    assert b.state.turn.phase == "choose" and b.state.turn.chooser == "B"
    assert RollRecord.from_dict(roll["rolls"][1]).probability == F(1, 6)  # 5 + 2 > d6 + 4 needs 3+ more
    ok(b, c.ChooseFirst("A"))
    assert b.state.turn.next_side == "A"


def test_an_initiative_tie_rolls_again():
    b = new_battle([model("a", command=2)], [model("b", command=2)])
    ok(b, c.StartTurn(faces=(3, 3)))
    assert b.state.turn.phase == "initiative"
    refused(b, c.ChooseFirst("A"))
    ok(b, c.RollInitiative(faces=(1, 4)))
    assert b.state.turn.chooser == "B"


def test_sides_alternate_then_the_side_with_models_left_goes_in_a_row_and_the_turn_ends():
    b = started(new_battle([model("a1"), model("a2"), model("a3")], [model("b1")]))
    order = []
    for mid in ("A.a1", "B.b1", "A.a2", "A.a3"):
        assert b.state.turn.next_side == mid[0]
        ok(b, c.Activate(mid, "hold"))
        r = ok(b, c.EndActivation())
        order.append(mid)
    assert r.events[-1].kind == "turn_ended" and b.state.turn.phase == "between"
    refused(b, c.Activate("A.a1", "hold"))


def test_a_model_activates_only_in_its_sides_turn_and_once():
    b = started(new_battle([model("a1"), model("a2")], [model("b1"), model("b2")]))
    assert "Blues" not in str(refused(b, c.Activate("B.b1", "hold")))
    ok(b, c.Activate("A.a1", "hold"))
    refused(b, c.Activate("A.a2", "hold"))  # end the activation first
    ok(b, c.EndActivation())
    ok(b, c.Activate("B.b1", "hold"))
    ok(b, c.EndActivation())
    assert "already activated" in str(refused(b, c.Activate("A.a1", "hold")))


def test_speed_modifiers_last_until_the_next_activation_and_non_moves_use_the_0_column():
    b = started(new_battle([model("a")], [model("b")]))
    ok(b, c.Activate("A.a", "move-attack", speed="run"))
    assert b.state.column("A.a").name == "run"
    ok(b, c.EndActivation())
    assert b.state.column("A.a").defence == 1  # still in force during the enemy's activation
    ok(b, c.Activate("B.b", "hold"))
    ok(b, c.EndActivation())
    ok(b, c.StartTurn(faces=(6, 1)))
    ok(b, c.ChooseFirst("A"))
    ok(b, c.Activate("A.a", "hold"))
    assert b.state.column("A.a").name == "still"


def test_a_moving_option_needs_a_speed_and_a_non_move_refuses_one():
    b = started(new_battle([model("a")], [model("b")]))
    assert refused(b, c.Activate("A.a", "move-attack")).kind == "ambiguous"
    assert refused(b, c.Activate("A.a", "move-attack", speed="fly")).kind == "malformed"
    refused(b, c.Activate("A.a", "hold", speed="run"))


@pytest.mark.parametrize("face, burning, wounds", [(4, False, 0), (5, True, 1)])
def test_worked_example_10_burning_goes_out_on_1_to_4_and_costs_a_wound_on_5_or_6(face, burning, wounds):
    b = started(new_battle([model("a")], [model("b")]))
    ok(b, c.Activate("A.a", "move-attack", speed="still"))
    ok(b, c.Attack("A.a", "flamer", (c.Target("B.b", faces=(1, 1)),), faces=(3, 3)))
    ok(b, c.ResolveAttack())
    ok(b, c.EndActivation())
    assert b.state.model("B.b").burning
    r = ok(b, c.Activate("B.b", "hold", burn_face=face))
    burn = next(e for e in r.events if e.kind == "burning_rolled")
    assert RollRecord.from_dict(burn.payload["roll"]).probability == F(2, 3)
    assert b.state.model("B.b").burning is burning and b.state.model("B.b").wounds == wounds


def medic_battle(**kw):
    b = started(new_battle([model("doc", medic=4, **kw), model("hurt")], [model("b")]))
    ok(b, c.AdjustWounds("A.hurt", 2, "earlier fight"))
    ok(b, c.Activate("A.doc", "skill"))
    return b


@pytest.mark.parametrize("face, healed", [(5, True), (4, False)])
def test_worked_example_10_medic_4_heals_on_5(face, healed):
    b = medic_battle()
    r = ok(b, c.Heal("A.hurt", face=face))
    assert r.events[0].payload["healed"] is healed
    assert b.state.model("A.hurt").wounds == (1 if healed else 2)
    refused(b, c.Heal("A.hurt", face=6))  # one action per activation


def test_a_medic_heals_only_a_wounded_friend_in_base_contact():
    b = medic_battle()
    refused(b, c.Heal("B.b", face=6))
    refused(b, c.Heal("A.doc", face=6))  # no wounds to heal
    refused(b, c.Heal("A.hurt", face=6, in_contact=False))


def reaction_battle():
    b = started(new_battle([model("a"), model("a2")], [model("watcher")]), first="B")
    ok(b, c.Activate("B.watcher", "hold"))
    ok(b, c.EndActivation())
    ok(b, c.Activate("A.a", "move-attack", speed="walk"))
    return b


def test_a_held_action_answers_an_enemy_with_a_shot_and_is_used_up():
    b = reaction_battle()
    ok(b, c.React("B.watcher", "shoot", trigger="A.a", trigger_event=len(b.entries) - 1))
    refused(b, c.EndActivation())  # the reaction first
    ok(b, c.Attack("B.watcher", "rifle", (c.Target("A.a", faces=(1, 1)),), faces=(6, 6)))
    ok(b, c.ResolveAttack())
    assert b.state.reaction is None and not b.state.model("B.watcher").held
    assert b.state.model("A.a").stunned
    refused(b, c.React("B.watcher", "shoot", trigger="A.a"))


def test_a_reaction_move_sets_the_speed_column_and_a_friend_cannot_trigger_it():
    b = reaction_battle()
    refused(b, c.React("B.watcher", "move", trigger="B.watcher", speed="run"))
    ok(b, c.React("B.watcher", "move", trigger="A.a", speed="run"))
    assert b.state.column("B.watcher").name == "run"


def test_a_reaction_shot_is_not_melee():
    b = reaction_battle()
    ok(b, c.React("B.watcher", "shoot", trigger="A.a"))
    refused(b, c.Attack("B.watcher", "knife", (c.Target("A.a"),), kind="melee"))
    ok(b, c.EndReaction())


def cp_battle(points=2):
    b = started(new_battle([model("boss", command_points=points), model("a")], [model("b"), model("b2")]))
    ok(b, c.Activate("A.boss", "move-attack", speed="still"))
    return b


def test_a_command_point_rerolls_all_the_attackers_dice_and_the_new_result_stands():
    b = cp_battle()
    ok(b, c.Attack("A.boss", "rifle", (c.Target("B.b", faces=(5, 5)),), faces=(1, 2)))
    r = ok(b, c.SpendCommandPoint("A.boss", "reroll", "A.boss", faces=(6, 6)))
    record = RollRecord.from_dict(rolls(r)[0])
    assert [(d.face, d.replaced) for d in record.dice] == [(6, 1), (6, 2)] and record.detail["sl"] == 3 - 1 + 1
    assert b.state.model("A.boss").command_points == 1
    assert "again" in str(refused(b, c.SpendCommandPoint("A.boss", "reroll", "A.boss", faces=(6, 6))))
    ok(b, c.ResolveAttack())
    assert b.state.model("B.b").stunned


def test_command_points_run_out_and_never_come_back():
    b = cp_battle(points=1)
    ok(b, c.Attack("A.boss", "rifle", (c.Target("B.b", faces=(5, 5)),), faces=(1, 2)))
    ok(b, c.SpendCommandPoint("A.boss", "reroll", "A.boss", faces=(1, 1)))
    ok(b, c.ResolveAttack())
    assert "0 command point" in str(refused(b, c.SpendCommandPoint("A.boss", "activation", "A.a")))


def test_a_bought_activation_comes_right_after_and_does_not_take_the_sides_turn():
    b = cp_battle()
    ok(b, c.SpendCommandPoint("A.boss", "activation", "A.boss"))
    ok(b, c.EndActivation())
    refused(b, c.Activate("B.b", "hold"))
    ok(b, c.Activate("A.boss", "hold"))  # again, although it has activated
    ok(b, c.EndActivation())
    assert b.state.turn.next_side == "B"
    ok(b, c.Activate("B.b", "hold"))


def test_a_command_point_helps_friends_within_6_inches_only():
    b = cp_battle()
    refused(b, c.SpendCommandPoint("A.boss", "activation", "B.b"))
    refused(b, c.SpendCommandPoint("A.boss", "activation", "A.a", within_6=False))
    refused(b, c.SpendCommandPoint("A.a", "activation", "A.a"))  # not a commander


def test_designating_a_target_is_logged_for_indirect_fire():
    b = started(new_battle([model("spotter")], [model("b")]))
    ok(b, c.Activate("A.spotter", "move-designate", speed="walk"))
    refused(b, c.Attack("A.spotter", "rifle", (c.Target("B.b"),)))
    ok(b, c.Designate(target="B.b"))
    assert b.state.turn.designations == (("A", "B.b"),)


def test_other_skills_are_logged_with_their_effect_text():
    b = started(new_battle([model("scout", skills=(("Scout", "moves before the game"),))], [model("b")]))
    ok(b, c.Activate("A.scout", "skill"))
    r = ok(b, c.SkillAction("Scout"))
    assert "moves before the game" in r.events[0].text

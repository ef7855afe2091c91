"""Sanctum Mortalis GM corrections of the battle itself: a pending Toughness roll
cancelled (then the activation ends without asking); nothing to cancel is refused."""

from battle_testkit import ok, refused

from engine.corrections import BATTLE, Correct
from engine.dice import ScriptedDice
from engine.ruleset import Rejected
from engine.rulesets.sanctum_mortalis import commands as c
from engine.rulesets.sanctum_mortalis.corrections import options


def test_a_pending_toughness_roll_is_cancelled_and_the_activation_ends_without_asking(battle):
    battle.submit(c.StartRound())
    r = battle.submit(c.Shoot("A.kara", "B.xan", "assault-rifle"), ScriptedDice([1, 1]))
    assert not isinstance(r, Rejected) and battle.state.pending
    offered = {o.what: o for o in options(battle.state, None)}
    assert "Xan" in offered["cancel-pending"].label or "xan" in offered["cancel-pending"].label.lower()
    ok(battle, Correct("cancel-pending", BATTLE, False, "the save was rolled at the table"))
    assert battle.state.pending == ()
    assert battle.state.model("B.xan").on_table
    ok(battle, c.EndActivation())
    battle.undo()
    battle.undo()
    assert battle.state.pending


def test_nothing_pending_nothing_to_cancel(battle):
    assert "cancel-pending" not in {o.what for o in options(battle.state, None)}
    refused(battle, Correct("cancel-pending", BATTLE, False, "nothing"))
    refused(battle, Correct("cancel-pending", "A.kara", False, "not a model's"))


def test_a_toughness_roll_for_an_effect_the_app_does_not_know_is_rolled_like_a_hits(battle):
    from engine.rolls import records_in

    ok(battle, Correct("toughness-roll", "A.kara", -1, "lava splash"))
    (pend,) = battle.state.pending
    assert pend.model == "A.kara" and pend.attack == "other"
    done = ok(battle, c.Save("A.kara"), [6, 6])
    (record,) = [r for e in done.events for r in records_in(e.payload)]
    assert any(m.label == "GM: lava splash" and m.value == -1 for m in record.modifiers)
    assert not battle.state.model("A.kara").on_table  # 12 fails any Toughness: the consequences follow

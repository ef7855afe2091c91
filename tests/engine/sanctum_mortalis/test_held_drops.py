"""A failed jump down or fall held while a re-roll is offered (§2.2, §7.5): with ``hold``
the fall (after a jump) or the removal (after a fall) waits for the Captain's re-roll,
typed die by die, or for ``AcceptDrop``; nothing else is done meanwhile."""

from fractions import Fraction

from engine.dice import ScriptedDice
from engine.ruleset import Rejected
from engine.rulesets.sanctum_mortalis import commands as c
from engine.rulesets.sanctum_mortalis.rerolls import held_drop, reroll_offers


def _ok(result):
    assert not isinstance(result, Rejected), result
    return result


def _failed_jump(battle):
    """Kara (the Captain) jumps down 3" and rolls 1 1: 2 is not above 5."""
    _ok(battle.submit(c.StartRound()))
    _ok(battle.submit(c.Activate("A.kara")))
    _ok(battle.submit(c.JumpDown("A.kara", 3, hold=True), ScriptedDice([1, 1])))


def test_a_failed_jump_is_held_with_the_captains_offer_and_its_exact_odds(battle):
    _failed_jump(battle)
    assert held_drop(battle.state) is not None and battle.state.model("A.kara").on_table
    assert battle.entries[-1].kind == "move_rolled" and "held" in battle.entries[-1].text
    offers = {o.id: o for o in reroll_offers(battle.state)}
    assert set(offers) == {"captain:A.kara:0"}  # two 1s: one offer
    assert offers["captain:A.kara:0"].odds_after == Fraction(1, 3)  # keeping the 1: 1 + f > 5 → f ≥ 5
    assert offers["captain:A.kara:0"].goal == "lands"


def test_nothing_else_is_done_while_the_jump_waits(battle):
    _failed_jump(battle)
    before = len(battle.entries)
    for cmd in (c.Move("A.kara", 2.0), c.Activate("A.bo"), c.Fall("A.kara", 2)):
        refused = battle.submit(cmd, ScriptedDice([6, 6]) if isinstance(cmd, c.Fall) else None)
        assert isinstance(refused, Rejected) and "waits" in refused.reason
    assert len(battle.entries) == before


def test_the_typed_re_rolled_die_lands_the_jump(battle):
    _failed_jump(battle)
    _ok(battle.submit(c.Reroll("A.kara", 0, "captain"), ScriptedDice([6])))  # 6 + 1 = 7 > 5
    assert held_drop(battle.state) is None and battle.state.model("A.kara").on_table
    assert not any(e.kind == "move_rolled" and e.payload["kind"] == "fall" for e in battle.entries)
    _ok(battle.submit(c.Move("A.kara", 2.0)))


def test_a_re_roll_that_fails_again_rolls_the_fall_with_the_next_dice(battle):
    _failed_jump(battle)
    _ok(battle.submit(c.Reroll("A.kara", 0, "captain"), ScriptedDice([2, 1, 1])))  # 3: fails; the fall 1 1
    fall = battle.entries[-1 - next(i for i, e in enumerate(reversed(battle.entries)) if e.kind == "move_rolled")]
    assert fall.payload["kind"] == "fall" and [d["face"] for d in fall.payload["roll"]["dice"]] == [1, 1]
    assert not battle.state.model("A.kara").on_table and held_drop(battle.state) is None


def test_declining_rolls_the_fall_and_a_survived_fall_keeps_the_captains_reroll(battle):
    _failed_jump(battle)
    _ok(battle.submit(c.AcceptDrop("A.kara"), ScriptedDice([6, 6])))
    kara = battle.state.model("A.kara")
    assert kara.on_table and "captain-reroll" not in kara.once_used and held_drop(battle.state) is None


def test_a_failed_fall_is_held_then_accepting_removes_the_model(battle):
    _ok(battle.submit(c.StartRound()))
    _ok(battle.submit(c.Activate("A.kara")))
    _ok(battle.submit(c.Fall("A.kara", 4, "pushed", hold=True), ScriptedDice([1, 1])))
    assert held_drop(battle.state) is not None and battle.state.model("A.kara").on_table
    assert {o.source for o in reroll_offers(battle.state)} == {"captain"}
    _ok(battle.submit(c.AcceptDrop("A.kara")))
    assert not battle.state.model("A.kara").on_table


def test_with_no_re_roll_to_offer_the_fall_follows_at_once(battle):
    _ok(battle.submit(c.StartRound()))
    _ok(battle.submit(c.Activate("A.bo")))
    _ok(battle.submit(c.JumpDown("A.bo", 3, hold=True), ScriptedDice([1, 1, 1, 1])))
    assert not battle.state.model("A.bo").on_table and held_drop(battle.state) is None


def test_accepting_with_nothing_held_is_refused(battle):
    _ok(battle.submit(c.StartRound()))
    refused = battle.submit(c.AcceptDrop("A.kara"))
    assert isinstance(refused, Rejected) and refused.kind == "illegal"


def test_a_held_jump_replays_to_the_same_state(battle):
    from engine.battle import Battle

    _failed_jump(battle)
    _ok(battle.submit(c.Reroll("A.kara", 0, "captain"), ScriptedDice([2, 6, 6])))
    again = Battle(battle.header, [e.to_dict() for e in battle.entries])
    assert again.state == battle.state

"""Błąd matrycy (§21, issue #17): an enemy Technomancer with a charge forces a model to
re-roll any roll it made that went its way — a passed Toughness roll, a jump down that
lands, a fall it survives, a melee the defender won — not only a hit. The effects (the
model removed, the fall rolled) are applied by the engine."""

from fractions import Fraction

from engine.battle import Battle, new_header
from engine.dice import ScriptedDice
from engine.log import Event
from engine.records import changed
from engine.rulesets.sanctum_mortalis import commands as c
from engine.rulesets.sanctum_mortalis import make_setup
from engine.rulesets.sanctum_mortalis.rerolls import reroll_offers
from engine.rulesets.sanctum_mortalis.roster import ModelSpec

from .conftest import small_bands

ZED = ModelSpec("zed", "Zed", "technomancer", ranged=("assault-pistol",), tricks=("matrix-error",))


def _battle(zed_side: str = "A") -> Battle:
    """The small bands, with Zed (Błąd matrycy) in band ``zed_side``."""
    a, b = small_bands()
    if zed_side == "A":
        a = changed(a, models=(*a.models, ZED))
    else:
        b = changed(b, models=(*b.models, ZED))
    return Battle(new_header("sanctum-mortalis", make_setup(a, b, scenario="none"), seed=3))


def _offers(battle):
    return {o.id: o for o in reroll_offers(battle.state)}


def test_a_passed_save_is_offered_to_the_enemy_technomancer_with_exact_odds():
    battle = _battle("A")
    battle.submit(c.StartRound())
    battle.submit(c.Activate("A.kara"))
    battle.submit(c.Shoot("A.kara", "B.xan", "assault-rifle"), ScriptedDice([1, 1]))
    battle.submit(c.Save("B.xan", hold=True), ScriptedDice([4, 2]))  # 6 ≤ 6 (light armour): passes
    assert battle.state.model("B.xan").on_table and not battle.state.pending
    offers = _offers(battle)
    assert set(offers) == {"matrix-error:B.xan:0", "matrix-error:B.xan:1"}
    # keeping the 2, the new die fails on 5 or 6; keeping the 4, on 3 to 6
    assert offers["matrix-error:B.xan:0"].odds_after == Fraction(2, 6)
    assert offers["matrix-error:B.xan:1"].odds_after == Fraction(4, 6)
    battle.submit(c.Reroll("B.xan", 1, "matrix-error"), ScriptedDice([5]))  # 4 5 = 9: fails now
    xan = battle.state.model("B.xan")
    assert not xan.on_table and xan.removed_by == "A.kara"
    assert battle.state.model("A.zed").charges("matrix-error") == 0
    assert not reroll_offers(battle.state)


def test_a_failed_save_is_not_offered_to_the_enemy_and_the_saver_may_not_be_forced():
    battle = _battle("A")
    battle.submit(c.StartRound())
    battle.submit(c.Activate("A.kara"))
    battle.submit(c.Shoot("A.kara", "B.xan", "assault-rifle"), ScriptedDice([1, 1]))
    battle.submit(c.Save("B.xan", hold=True), ScriptedDice([6, 5]))  # held: Xan's own re-rolls
    assert not any(o.source == "matrix-error" for o in reroll_offers(battle.state))


def test_a_jump_that_lands_is_forced_again_and_the_fall_follows():
    battle = _battle("B")
    battle.submit(c.StartRound())
    battle.submit(c.Activate("A.bo"))
    battle.submit(c.JumpDown("A.bo", 3), ScriptedDice([5, 4]))  # 9 > 5: lands
    offers = _offers(battle)
    # keeping the 4, the new die fails the jump (4 + f ≤ 5) on a 1: 1/6
    assert offers["matrix-error:A.bo:0"].odds_after == Fraction(1, 6)
    assert offers["matrix-error:A.bo:0"].goal == "Bo no longer lands"
    before = len(battle.entries)
    battle.submit(c.Reroll("A.bo", 0, "matrix-error"), ScriptedDice([1, 1, 2]))  # 1 4 = 5: falls; 1 2 = 3 < 5
    assert not battle.state.model("A.bo").on_table
    kinds = [e.kind for e in battle.entries[before:]]
    assert kinds[:3] == ["trick_cast", "rerolled", "move_rolled"] and "model_removed" in kinds


def test_a_fall_survived_is_forced_again_and_may_remove_the_model():
    battle = _battle("B")
    battle.submit(c.StartRound())
    battle.submit(c.Activate("A.bo"))
    battle.submit(c.Fall("A.bo", 4, "pushed"), ScriptedDice([3, 3]))  # 6 ≥ 6: survives
    offers = _offers(battle)
    assert offers["matrix-error:A.bo:0"].odds_after == Fraction(2, 6)  # 3 + f < 6: f ≤ 2
    battle.submit(c.Reroll("A.bo", 0, "matrix-error"), ScriptedDice([1]))
    assert not battle.state.model("A.bo").on_table


def test_the_defender_that_wins_a_melee_may_be_forced_too():
    battle = _battle("A")
    battle.submit(c.StartRound())
    battle.submit(c.Activate("A.bo"))
    battle.submit(c.Engage("A.bo", "B.yul"))
    battle.submit(c.Attack("A.bo", "B.yul"), ScriptedDice([1, 1, 6, 5]))  # Yul defends and wins
    offers = _offers(battle)
    assert {"matrix-error:B.yul:2", "matrix-error:B.yul:3"} <= set(offers)
    assert not any(o.source == "matrix-error" and o.model == "A.bo" for o in offers.values())
    refused = battle.submit(c.Reroll("B.yul", 0, "matrix-error"), ScriptedDice([1]))
    assert "own dice" in refused.reason  # the attacker's die is not Yul's


def test_an_engaged_technomancer_cannot_cast_it():
    battle = _battle("A")
    battle.submit(c.StartRound())
    battle.submit(c.Activate("A.zed"))
    battle.submit(c.Engage("A.zed", "B.yul"))
    battle.submit(c.EndActivation())
    battle.submit(c.Activate("B.xan"))
    battle.submit(c.JumpDown("B.xan", 1), ScriptedDice([6, 6]))
    assert not reroll_offers(battle.state)
    before = len(battle.entries)
    refused = battle.submit(c.Reroll("B.xan", 0, "matrix-error"), ScriptedDice([1]))
    assert "not engaged" in refused.reason and len(battle.entries) == before


def test_a_battle_with_forced_re_rolls_replays_to_the_same_state():
    battle = _battle("A")
    battle.submit(c.StartRound())
    battle.submit(c.Activate("A.kara"))
    battle.submit(c.Shoot("A.kara", "B.xan", "assault-rifle"), ScriptedDice([1, 1]))
    battle.submit(c.Save("B.xan", hold=True), ScriptedDice([4, 2]))
    battle.submit(c.Reroll("B.xan", 1, "matrix-error"), ScriptedDice([5]))
    reloaded = Battle(battle.header, [Event.from_dict(e.to_dict()) for e in battle.entries])
    assert reloaded.state == battle.state

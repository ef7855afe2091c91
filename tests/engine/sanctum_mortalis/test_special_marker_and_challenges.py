"""#18: Przechwycenie's special marker (§23.5) carried together and across the carrier's
own table edge; Challenges in the battle (§14, §23.7): their VP count towards the winner,
the Sfochowany pacyfista's Fight is 1, the Ukryte dane marker. Effects are the engine's."""

from fractions import Fraction

from engine.battle import Battle, new_header
from engine.dice import ScriptedDice
from engine.log import Event
from engine.rulesets.sanctum_mortalis import commands as c
from engine.rulesets.sanctum_mortalis import make_setup, view
from engine.rulesets.sanctum_mortalis.challenges import challenge_results
from engine.rulesets.sanctum_mortalis.movement_actions import allowance
from engine.rulesets.sanctum_mortalis.procedures.kernel import melee_chance
from engine.rulesets.sanctum_mortalis.state import marker_badges

from .conftest import small_bands


def _battle(scenario="interception", challenges=None) -> Battle:
    a, b = small_bands()
    return Battle(new_header("sanctum-mortalis", make_setup(a, b, scenario=scenario, challenges=challenges), seed=3))


def _start(battle, first="A"):
    battle.submit(c.StartRound())
    if battle.state.order.phase == "choose-first":
        battle.submit(c.ChooseFirst(first))


def _refused_and_nothing_saved(battle, cmd, words, dice=()):
    before = len(battle.entries)
    result = battle.submit(cmd, ScriptedDice(list(dice)))
    assert hasattr(result, "reason") and words in result.reason, result
    assert len(battle.entries) == before
    return result


# ------------------------------------------------------------------ the special marker
def _carrying(battle):
    _start(battle)
    battle.submit(c.PickUpTech("A.bo", special=True))
    assert battle.state.model("A.bo").special_marker


def test_carried_alone_the_special_marker_costs_2_inches_and_together_nothing_23_5():
    battle = _battle()
    _carrying(battle)
    inches, _ = allowance(battle.state, battle.state.model("A.bo"))
    assert inches == 4 - 2
    battle.submit(c.CarryTogether("A.bo", "A.cy"))
    for mid in ("A.bo", "A.cy"):
        assert allowance(battle.state, battle.state.model(mid))[0] == 4
        assert ("★", "the special marker (carried together)", "special") in marker_badges(battle.state.model(mid))
    # both bear its other limits: Cy may not shoot, and fights at −2
    refused = view.shot_preview(battle.state, c.Shoot("A.cy", "B.xan", "assault-pistol")).refusal
    assert "special marker" in refused
    battle.submit(c.Engage("A.cy", "B.xan"))
    preview = view.melee_preview(battle.state, c.Attack("A.cy", "B.xan"))
    assert {o.key: o.value for o in preview.options}["attacker_special_marker"] == -2


def test_carrying_together_is_refused_for_a_volunteer_an_enemy_or_a_second_partner():
    battle = _battle()
    _carrying(battle)
    _refused_and_nothing_saved(battle, c.CarryTogether("A.bo", "B.xan"), "not a friend")
    _refused_and_nothing_saved(battle, c.CarryTogether("A.cy", "A.kara"), "does not carry")
    battle.submit(c.CarryTogether("A.bo", "A.cy"))
    _refused_and_nothing_saved(battle, c.CarryTogether("A.bo", "A.kara"), "already carries")


def test_across_its_own_edge_the_special_marker_scores_4_vp_and_2_xp_alone():
    battle = _battle()
    _carrying(battle)
    refused = _refused_and_nothing_saved(battle, c.LeaveTable("A.bo"), "own table edge")
    assert refused.kind == "ambiguous" and refused.anyway == c.LeaveTable("A.bo", edge="own")
    battle.submit(c.LeaveTable("A.bo", edge="own"))
    bo = battle.state.model("A.bo")
    assert battle.state.side("A").vp == 4 and bo.xp_gained == 2 and not battle.state.special_marker_on_table


def test_carried_off_together_both_leave_and_each_gets_1_xp():
    battle = _battle()
    _carrying(battle)
    battle.submit(c.CarryTogether("A.bo", "A.cy"))
    battle.submit(c.LeaveTable("A.cy", edge="own"))  # either bearer: they leave together
    bo, cy = battle.state.model("A.bo"), battle.state.model("A.cy")
    assert not bo.on_table and not cy.on_table
    assert (bo.xp_gained, cy.xp_gained) == (1, 1) and battle.state.side("A").vp == 4


def test_across_another_edge_it_scores_nothing_and_stays_on_the_table():
    battle = _battle()
    _carrying(battle)
    battle.submit(c.LeaveTable("A.bo", edge="side"))
    assert battle.state.side("A").vp == 0 and battle.state.model("A.bo").xp_gained == 0
    assert battle.state.special_marker_on_table


def test_a_bearer_taken_out_leaves_the_partner_carrying_it_alone():
    battle = _battle()
    _carrying(battle)
    battle.submit(c.CarryTogether("A.bo", "A.cy"))
    battle.submit(c.RemoveModel("A.bo", by="B.xan", cause="test"))
    cy = battle.state.model("A.cy")
    assert cy.special_marker and cy.carry_partner is None and not battle.state.special_marker_on_table
    assert allowance(battle.state, cy)[0] == 2  # alone again: −2"
    reloaded = Battle(battle.header, [Event.from_dict(e.to_dict()) for e in battle.entries])
    assert reloaded.state == battle.state


# ------------------------------------------------------------------ challenges
def test_challenges_are_taken_before_round_1_at_most_two_with_their_models():
    battle = _battle("slaughter")
    battle.submit(c.TakeChallenge("A", "prudence"))
    _refused_and_nothing_saved(battle, c.TakeChallenge("A", "hunt", model="A.bo"), "name an enemy model")
    battle.submit(c.TakeChallenge("A", "hunt", model="A.bo", target="B.xan"))
    _refused_and_nothing_saved(battle, c.TakeChallenge("A", "lesson"), "at most 2")
    _start(battle)
    _refused_and_nothing_saved(battle, c.TakeChallenge("B", "lesson"), "before round 1")
    assert battle.state.side("A").challenge_picks == (("prudence", "", ""), ("hunt", "A.bo", "B.xan"))


def test_challenge_vp_count_towards_the_winner_at_the_end_14():
    # A takes Prudence (lose at most two models): met at the end; B takes none
    battle = _battle("slaughter", challenges={"A": [["prudence", "", ""]]})
    _start(battle)
    battle.submit(c.EndBattle("the objectives are done"))
    assert battle.state.ended and battle.state.side("A").vp == 1
    assert battle.state.result["winner"] == "A"  # 1–0 by the Challenge alone
    (r,) = challenge_results(battle.state, "A")
    assert r.met and r.vp == 1


def test_a_broken_challenge_gives_nothing_stoicism_and_a_second_move():
    battle = _battle("slaughter", challenges={"B": [["stoicism", "", ""]]})
    _start(battle)
    battle.submit(c.Activate("A.bo"))
    battle.submit(c.EndActivation())
    battle.submit(c.Move("B.yul"))
    battle.submit(c.Move("B.yul"))  # a second Move in the round
    assert "stoicism" in battle.state.side("B").challenges_broken
    battle.submit(c.EndBattle("GM"))
    assert battle.state.side("B").vp == 0 and battle.state.result["winner"] is None


def test_the_pacifist_fights_at_1_when_attacked_and_fails_by_attacking():
    battle = _battle("slaughter", challenges={"B": [["sulking-pacifist", "yul", ""]]})
    _start(battle)
    battle.submit(c.Engage("A.kara", "B.yul"))
    preview = view.melee_preview(battle.state, c.Attack("A.kara", "B.yul"))
    assert preview.fight == (0, 1)  # Kara W0 v the pacifist's Fight 1
    w, t, l = melee_chance(-1)
    assert (preview.p_win, preview.p_tie, preview.p_lose) == (w, t, l)
    assert w == Fraction(435, 1296)
    battle.submit(c.Activate("A.kara"))
    battle.submit(c.EndActivation())
    battle.submit(c.Attack("B.yul", "A.kara"), ScriptedDice([1, 1, 1, 2]))  # the pacifist attacks
    assert "sulking-pacifist" in battle.state.side("B").challenges_broken


def test_ukryte_dane_only_its_side_picks_it_up_and_it_scores_when_carried_off():
    battle = _battle("slaughter", challenges={"A": [["hidden-data", "", ""]]})
    assert battle.state.hidden_data_on_table == {"A"}
    _start(battle, "B")
    _refused_and_nothing_saved(battle, c.PickUpTech("B.xan", hidden=True), "does not know it exists")
    battle.submit(c.Activate("B.xan"))
    battle.submit(c.EndActivation())
    battle.submit(c.PickUpTech("A.bo", hidden=True))
    assert battle.state.model("A.bo").hidden_data and not battle.state.hidden_data_on_table
    battle.submit(c.RemoveModel("A.bo", by="B.xan", cause="test"))  # dropped where it fell
    assert battle.state.hidden_data_on_table == {"A"}
    battle.submit(c.Activate("B.yul"))
    battle.submit(c.EndActivation())
    battle.submit(c.PickUpTech("A.cy", hidden=True))
    assert battle.state.model("A.cy").hidden_data
    battle.submit(c.LeaveTable("A.cy"))
    assert battle.state.side("A").hidden_data_taken
    battle.submit(c.EndBattle("GM"))
    # 1 VP + 1 additional technology (1 VP more under [SM-A20] vp-and-loot)
    assert battle.state.side("A").vp == 2 and battle.state.result["winner"] == "A"

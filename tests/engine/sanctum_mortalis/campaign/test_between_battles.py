"""Between battles: the scenario roll (§23.1), Challenges (§23.7) and the next battle,
then a second post-battle sequence on the updated bands."""

from fractions import Fraction

from battle_testkit import ok

from engine.battle import Accepted, Battle, new_header
from engine.ruleset import Rejected
from engine.rulesets.sanctum_mortalis import commands as bc
from engine.rulesets.sanctum_mortalis.campaign import (
    ChooseAdvance,
    ChooseChallenge,
    ChooseScenario,
    DrawChallenge,
    EndStep,
    KeepLoot,
    ResolveInjury,
    RollInjury,
    RollLevelUp,
    RollLoot,
    RollScenario,
    SettleChallenge,
    StartPostBattle,
    view,
)


def close_first(campaign, finished, wound_xan=False):
    ok(campaign, StartPostBattle(finished.header["setup"], tuple(e.to_dict() for e in finished.entries)))
    ok(campaign, RollLoot("wolves"), [1, 1])
    ok(campaign, KeepLoot("wolves"))
    ok(campaign, EndStep("wolves"))
    ok(campaign, RollInjury("wolves", "bo"), [4, 4])
    ok(campaign, ResolveInjury("wolves", "bo"))
    ok(campaign, EndStep("saints"))
    ok(campaign, RollInjury("saints", "xan"), [2, 3] if wound_xan else [4, 4])
    ok(campaign, ResolveInjury("saints", "xan", wound="deep-scars" if wound_xan else ""))
    for band in ("wolves", "saints"):
        while campaign.state.post is not None and campaign.state.post.of(band).step != "done":
            for up in campaign.state.post.of(band).level_ups:  # Cy reaches 2 XP: level 1, spent on +1 Fight
                if not up.pick:
                    ok(campaign, RollLevelUp(band, up.model), [1, 2])
                    ok(campaign, ChooseAdvance(band, up.model, stat="W"))
            ok(campaign, EndStep(band))
    assert campaign.state.post is None


def test_the_scenario_roll_goes_to_the_band_with_fewer_models(campaign, finished):
    close_first(campaign, finished)
    result = ok(campaign, RollScenario("wolves", "saints"), [2])
    roll = campaign.state.next.roll
    assert roll.detail["roller"] == "Saints" and roll.detail["roller_by"] == "fewer-models"
    assert campaign.state.next.scenario == "barricades" and roll.probability == Fraction(1, 6)
    refused = campaign.submit(ChooseScenario("pride"))
    assert isinstance(refused, Rejected) and "Jatka" in refused.reason  # only the swap to Jatka
    ok(campaign, ChooseScenario("slaughter"))
    assert campaign.state.next.scenario == "slaughter"
    assert "Barykady" in result.events[0].text or "Barricades" in result.events[0].text


def test_at_most_two_challenges_and_a_draw_is_even(campaign, finished):
    close_first(campaign, finished)
    ok(campaign, ChooseScenario("slaughter", "wolves", "saints"))
    ok(campaign, ChooseChallenge("wolves", "prudence"))
    ask = campaign.submit(ChooseChallenge("wolves", "get-the-geezer"))
    assert isinstance(ask, Rejected) and ask.kind == "ambiguous"  # name the enemy
    ok(campaign, ChooseChallenge("wolves", "get-the-geezer", target="yul"))
    third = campaign.submit(ChooseChallenge("wolves", "lesson"))
    assert isinstance(third, Rejected) and "at most 2" in third.reason
    drawn = ok(campaign, DrawChallenge("saints"), [3])
    roll = drawn.events[0].payload["roll"]
    assert roll["probability"] == [1, len(roll["detail"]["pool"])]


def test_second_battle_settles_challenges_from_the_log_and_pays_their_technology(campaign, finished):
    close_first(campaign, finished, wound_xan=True)
    assert campaign.state.band("saints").misses_next == ("xan",)
    ok(campaign, ChooseScenario("slaughter", "wolves", "saints"))
    ok(campaign, ChooseChallenge("wolves", "bounty-hunters", target="yul"))
    nxt = view.next_battle(campaign.state)
    assert nxt.ready and nxt.missing["saints"] == ("xan",)
    strength = {k: view.band_summary(campaign.state, k).strength for k in ("wolves", "saints")}
    assert strength["saints"] == 3 + 1  # Yul alone: Xan misses the battle (§15.9)
    assert nxt.volunteers == {"wolves": 0, "saints": (strength["wolves"] - strength["saints"]) // 15}
    setup = view.next_battle_setup(campaign.state)
    battle = Battle(new_header("sanctum-mortalis", setup, seed=9))
    names = [m["name"] for m in setup["bands"]["B"]["models"]]
    assert "Xan" not in names and names.count("Volunteer 1") == (nxt.volunteers["saints"] > 0)
    assert isinstance(
        battle.submit(bc.RemoveModel("B.yul", by="A.kara", cause="failed Toughness roll (shooting)")), Accepted
    )
    assert battle.state.ended  # only Wolves are left: the battle ends, they take the 5 markers (no XP, §14)
    ok(campaign, StartPostBattle(battle.header["setup"], tuple(e.to_dict() for e in battle.entries)))
    wolves = campaign.state.post.of("wolves")
    assert wolves.step == "challenges" and wolves.challenges[0].prefill is True
    assert campaign.state.band("saints").misses_next == ()  # Xan has missed its battle
    ok(campaign, SettleChallenge("wolves", "bounty-hunters", True))
    wolves = campaign.state.post.of("wolves")
    assert wolves.loot_due == 5 + 1  # the 5 markers left on the table + 1 additional technology [SM-A20]
    assert wolves.challenges[0].reward["vp"] == 2
    ok(campaign, EndStep("wolves"))
    assert campaign.state.post.of("wolves").step == "loot"
    assert len(campaign.state.battles) == 2 and campaign.state.round == 2


def test_a_challenges_vp_decide_the_duma_winner_and_its_reward_14_23_6(campaign, finished):
    """#18: the Challenges chosen between battles go into the battle; their VP count
    towards the winner, so Duma's winner's reward (30tk + 3 loot rolls) follows them."""
    close_first(campaign, finished)
    ok(campaign, ChooseScenario("pride", "wolves", "saints"))
    ok(campaign, ChooseChallenge("saints", "prudence"))
    setup = view.next_battle_setup(campaign.state)
    assert setup["challenges"] == {"B": [["prudence", "", ""]]}
    battle = Battle(new_header("sanctum-mortalis", setup, seed=9))
    assert battle.state.side("B").challenges == ("prudence",)
    assert isinstance(battle.submit(bc.EndBattle("the GM ends it")), Accepted)
    assert battle.state.result["winner"] == "B" and battle.state.side("B").vp == 1  # Prudence alone
    ok(campaign, StartPostBattle(battle.header["setup"], tuple(e.to_dict() for e in battle.entries)))
    saints, wolves = campaign.state.post.of("saints"), campaign.state.post.of("wolves")
    assert saints.won is True and (saints.scenario_tk, saints.loot_due) == (30, 3)
    assert wolves.won is False and (wolves.scenario_tk, wolves.loot_due) == (20, 2)

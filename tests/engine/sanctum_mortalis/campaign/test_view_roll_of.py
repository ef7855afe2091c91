"""``view.roll_of``: which choices roll dice, with the exact odds a roll dialog shows."""

from fractions import Fraction

from battle_testkit import ok

from engine.rulesets.sanctum_mortalis.campaign import EndStep, RollInjury, StartPostBattle, view
from engine.rulesets.sanctum_mortalis.campaign import commands as c


def test_a_due_roll_is_its_own_roll_and_a_plain_choice_rolls_nothing(campaign, finished):
    ok(campaign, StartPostBattle(finished.header["setup"], tuple(e.to_dict() for e in finished.entries)))
    waiting = view.due(campaign.state, "wolves")[0]
    assert view.roll_of(campaign.state, "wolves", waiting.command) == waiting
    assert view.roll_of(campaign.state, "wolves", EndStep("wolves")) is None
    assert view.roll_of(campaign.state, "wolves", c.KeepLoot("wolves")) is None


def test_paying_for_care_rolls_with_the_care_odds_of_the_result(campaign, finished):
    ok(campaign, StartPostBattle(finished.header["setup"], tuple(e.to_dict() for e in finished.entries)))
    while view.step(campaign.state, "wolves").key != "injuries":
        for waiting in view.due(campaign.state, "wolves"):
            ok(campaign, waiting.command, [3] * (2 if waiting.dice == "2k6" else 1))  # just its dice
            ok(campaign, c.KeepLoot("wolves", sell=True))
        ok(campaign, EndStep("wolves"))
    assert view.roll_of(campaign.state, "wolves", c.TreatInjury("wolves", "bo", "pay")) is None  # not rolled yet
    ok(campaign, RollInjury("wolves", "bo"), [3, 4])  # 7: Light injuries, which care cannot treat
    assert view.roll_of(campaign.state, "wolves", c.TreatInjury("wolves", "bo", "pay")) is None
    campaign.undo()
    ok(campaign, RollInjury("wolves", "bo"), [2, 3])  # 5: Serious injuries
    roll = view.roll_of(campaign.state, "wolves", c.TreatInjury("wolves", "bo", "pay"))
    case = campaign.state.post.of("wolves").wound("bo").case
    assert roll.dice == "2k6" and roll.rule == "§18.2"
    assert roll.odds == view.care_outlook(case.result)


def test_the_scenario_roll_shows_its_table_odds(campaign):
    roll = view.roll_of(campaign.state, "wolves", c.RollScenario("wolves", "saints"))
    assert roll.dice == "k6" and sum(roll.odds.values()) == Fraction(1)

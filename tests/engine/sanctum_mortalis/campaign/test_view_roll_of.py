"""``view.roll_of``: which choices roll dice, with the exact odds a roll dialog shows."""

from fractions import Fraction

import pytest

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


def saints_injured(faces, stash=()):
    """A campaign after the scripted battle: the Saints (25tk, ``stash``) in their injuries
    step, Xan rolled ``faces`` on the injury table."""
    from engine.battle import Battle
    from engine.records import changed
    from engine.rulesets.sanctum_mortalis.campaign import campaign_header, campaign_setup

    from .conftest import bands, play_battle

    wolves, saints = bands()
    campaign = Battle(campaign_header(campaign_setup([wolves, changed(saints, stash=stash)], "Test campaign"), seed=7))
    finished = play_battle()
    ok(campaign, StartPostBattle(finished.header["setup"], tuple(e.to_dict() for e in finished.entries)))
    ok(campaign, EndStep("saints"))
    ok(campaign, RollInjury("saints", "xan"), faces)
    return campaign


MEDICINES = ("combat-medkit", "surgical-automaton", "medical-nanobots", "ghost-catcher")
# §18.1: 2–3 Death, 4 Critically wounded, 5 Serious injuries, 6 Amnesia. Paid care and
# the Combat medkit roll the table again (§18.2, §17.8), but care on Amnesia gives Light
# injuries with no roll; the Surgical automaton, Medical nanobots and Ghost-catcher set
# the result ([SM-A17]).
CARE_CASES = [
    ((2, 3), "pay", "2k6", "§18.2", "serious"),
    ((1, 3), "pay", "2k6", "§18.2", "critical"),
    ((3, 3), "pay", None, None, "light"),
    ((2, 3), "combat-medkit", "2k6", "§17.8", "serious"),
    ((3, 3), "combat-medkit", None, None, "light"),
    ((2, 3), "surgical-automaton", None, None, "light"),
    ((3, 3), "medical-nanobots", None, None, "lesson"),
    ((1, 1), "ghost-catcher", None, None, "light"),
    ((1, 3), "ghost-catcher", None, None, "light"),
]


@pytest.mark.parametrize(
    "faces, choice, dice, rule, after",
    CARE_CASES,
    ids=[f"sm-18.2-{a + b}-{choice}-{'roll' if dice else 'no-roll'}" for (a, b), choice, dice, *_ in CARE_CASES],
)
def test_care_rolls_dice_only_where_the_rules_roll_the_table_again(faces, choice, dice, rule, after):
    """``roll_of`` says whether a care choice opens the roll dialog; the engine then uses
    exactly the dice it said: two for a re-roll, none for a result set without one."""
    campaign = saints_injured(faces, stash=MEDICINES)
    command = c.TreatInjury("saints", "xan", choice)
    case = campaign.state.post.of("saints").wound("xan").case
    roll = view.roll_of(campaign.state, "saints", command)
    if dice is None:
        assert roll is None
        ok(campaign, command, [])  # no dice at all: a roll would be refused
    else:
        assert (roll.dice, roll.rule, roll.command) == (dice, rule, command)
        assert roll.odds == view.care_outlook(case.result)
        ok(campaign, command, [5, 4])  # 9: both dice used (a die left over is refused)
    assert campaign.state.post.of("saints").wound("xan").case.result == (after if dice is None else "light")


def test_paid_care_on_amnesia_is_paid_and_logged_with_no_roll_and_says_so():
    campaign = saints_injured((3, 3))  # 6: Amnesia
    command = c.TreatInjury("saints", "xan", "pay")
    (option,) = (o for o in view.choices(campaign.state, "saints") if o.command == command)
    assert option.allowed and option.label == "Xan: pay for medical care (5tk: Light injuries, no roll)"
    assert view.roll_of(campaign.state, "saints", command) is None
    result = ok(campaign, command, [])
    assert campaign.state.band("saints").roster.treasury == 20
    assert [e.kind for e in result.events] == ["injury_treated", "treasury_changed"]
    assert "Xan: 5tk for medical care → Light injuries (§18.2, §17.8)." in [e.text for e in result.events]


def test_paid_care_on_a_result_from_care_rolls_nothing_and_is_refused():
    campaign = saints_injured((2, 3))  # 5: Serious injuries
    ok(campaign, c.TreatInjury("saints", "xan", "pay"), [1, 4])  # 5 again, from care (§18.2)
    command = c.TreatInjury("saints", "xan", "pay")
    assert view.roll_of(campaign.state, "saints", command) is None  # no dialog: the refusal says why
    assert "cannot be paid for" in campaign.submit(command).reason

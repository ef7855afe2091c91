"""The post-battle sequence (§16–§19, §22) on a scripted battle, with typed dice."""

from fractions import Fraction

from battle_testkit import ok

from engine.battle import Accepted, Battle
from engine.dice import ScriptedDice
from engine.ruleset import Rejected
from engine.rulesets.sanctum_mortalis.campaign import (
    AdjustXp,
    Buy,
    ChooseAdvance,
    ChooseScenario,
    EndStep,
    KeepLoot,
    ResolveInjury,
    RollInjury,
    RollLevelUp,
    RollLoot,
    StartPostBattle,
    TreatInjury,
    view,
)
from engine.rulesets.sanctum_mortalis.roster_toml import check_roster
from engine.rulesets.sanctum_mortalis.roster_write import write_roster
from engine.rulesets.sanctum_mortalis.ruleset import SanctumMortalis


def start(campaign: Battle, finished: Battle) -> Accepted:
    entries = tuple(e.to_dict() for e in finished.entries)
    return ok(campaign, StartPostBattle(finished.header["setup"], entries, title="Battle one", ref="one.skirmish"))


def test_start_prefills_money_loot_injuries_and_xp_from_the_log(campaign, finished):
    start(campaign, finished)
    s = campaign.state
    assert s.battles[0].winner == "wolves" and s.battles[0].vp == (1, 0)
    wolves, saints = s.post.of("wolves"), s.post.of("saints")
    assert wolves.step == saints.step == "loot"
    assert (wolves.scenario_tk, wolves.loot_due, wolves.markers) == (20, 1, 1)  # §23.2: 20tk + 1 roll per marker
    assert (saints.scenario_tk, saints.loot_due) == (20, 0)
    assert s.band("wolves").roster.treasury == 20 and s.band("saints").roster.treasury == 25
    assert [w.model for w in wolves.wounded] == ["bo"] and [w.model for w in saints.wounded] == ["xan"]
    assert dict(wolves.xp) == {
        "kara": (("1 technology marker carried off", 1, "§19.1"),),
        "cy": (("1 enemy model defeated", 1, "§19.1"),),
    }
    assert dict(saints.xp) == {"yul": (("1 enemy model defeated", 1, "§19.1"),)}
    assert wolves.needing_care == ("bo",)


def test_a_battle_not_ended_is_refused(campaign, make_finished):
    from .conftest import SCRIPT

    unfinished = make_finished(SCRIPT[:-1])
    result = campaign.submit(
        StartPostBattle(unfinished.header["setup"], tuple(e.to_dict() for e in unfinished.entries))
    )
    assert isinstance(result, Rejected) and "not ended" in result.reason
    assert campaign.state.post is None


def test_the_whole_sequence_with_typed_dice(campaign, finished):
    start(campaign, finished)
    due = view.due(campaign.state, "wolves")
    assert due[0].dice == "2k6" and sum(due[0].odds.values()) == 1 and sum(due[0].finds.values()) == 1
    # Step 1, loot: 3+4 = 7 ranged weapon mod; k6 1 modification; k6 6 precision sight; sold for 20tk
    ok(campaign, RollLoot("wolves"), [3, 4])
    assert isinstance(campaign.submit(KeepLoot("wolves"), ScriptedDice([])), Rejected)  # the chain goes on
    ok(campaign, RollLoot("wolves"), [1])
    ok(campaign, RollLoot("wolves"), [6])
    assert campaign.state.post.of("wolves").chain[-1].outcome == "precision-sight"
    assert campaign.state.post.of("wolves").chain[0].probability == Fraction(11, 36)  # 7–8 on 2k6
    ok(campaign, KeepLoot("wolves", sell=True))
    assert campaign.state.band("wolves").roster.treasury == 40
    assert isinstance(campaign.submit(RollLoot("wolves"), ScriptedDice([1, 1])), Rejected)  # no rolls left
    ok(campaign, EndStep("wolves"))
    # Step 2, injuries: Bo rolls 2+3 = 5 Serious; care 10tk, re-roll 4+4 = 8 Light injuries
    ok(campaign, RollInjury("wolves", "bo"), [2, 3])
    assert campaign.state.post.of("wolves").wound("bo").case.result == "serious"
    assert isinstance(campaign.submit(EndStep("wolves")), Rejected)  # Bo is not settled
    ok(campaign, TreatInjury("wolves", "bo", "pay"), [4, 4])
    refused = campaign.submit(TreatInjury("wolves", "bo", "pay"), ScriptedDice([6, 6]))
    assert isinstance(refused, Rejected)  # Light injuries need no care
    ok(campaign, ResolveInjury("wolves", "bo"))
    assert campaign.state.band("wolves").roster.treasury == 30
    assert campaign.state.band("wolves").model("bo").wounds == ()
    ok(campaign, AdjustXp("wolves", "cy", 1, "GM: objective"))
    ok(campaign, EndStep("wolves"))
    # Step 3, development: XP cashed in; Cy reaches 3 XP = level 1: roll 3+3 = 6 (stat or skill)
    wolves = campaign.state.band("wolves").roster
    assert wolves.model("kara").xp == 5 and wolves.model("cy").xp == 3
    assert [(u.model, u.level) for u in campaign.state.post.of("wolves").level_ups] == [("cy", 1)]
    ok(campaign, RollLevelUp("wolves", "cy"), [3, 3])
    options = {o.label: o for o in view.advance_options(campaign.state, "wolves", "cy")}
    assert options["+1 Fight (W)"].allowed
    assert not options["Skill Medic (Medyk)"].allowed and "Specialists" in options["Skill Medic (Medyk)"].why
    ok(campaign, ChooseAdvance("wolves", "cy", stat="W"))
    assert campaign.state.band("wolves").model("cy").advances == (("W", 1),)
    ok(campaign, EndStep("wolves"))
    # Step 4, purchases: a frag grenade for Kara (3 × 5tk); a second grenade is refused (one per table)
    ok(campaign, Buy("wolves", "frag-grenade", "kara"))
    assert campaign.state.band("wolves").model("kara").items == ("frag-grenade",)
    assert isinstance(campaign.submit(Buy("wolves", "smoke-grenade")), Rejected)
    assert campaign.state.band("wolves").roster.treasury == 15
    ok(campaign, EndStep("wolves"))
    # Saints: no loot; Xan rolls 6+6 Lesson learned: +1 XP at once
    ok(campaign, EndStep("saints"))
    ok(campaign, RollInjury("saints", "xan"), [6, 6])
    ok(campaign, ResolveInjury("saints", "xan"))
    assert campaign.state.band("saints").model("xan").xp == 5
    for _ in range(3):
        ok(campaign, EndStep("saints"))
    assert campaign.state.post is None and campaign.state.band("saints").model("yul").xp == 1
    # the rosters written back are campaign bands that skirmish check accepts, and read back the same
    for band in campaign.state.bands:
        text = write_roster(band.roster)
        parsed = check_roster(text)
        assert parsed.ok, parsed.problems
        assert [m.to_dict() | {"line": 0} for m in parsed.roster.models] == [m.to_dict() for m in band.roster.models]
    # the next battle starts from the updated bands
    ok(campaign, ChooseScenario("barricades", "wolves", "saints"))
    setup = view.next_battle_setup(campaign.state)
    nxt = SanctumMortalis().initial_state(setup)
    assert nxt.model("A.kara").spec.items == ("frag-grenade",) and nxt.scenario == "barricades"


def test_untreated_serious_injury_adds_the_owners_wound_and_misses_the_next_battle(campaign, finished):
    start(campaign, finished)
    ok(campaign, EndStep("saints"))
    ok(campaign, RollInjury("saints", "xan"), [1, 4])
    ask = campaign.submit(ResolveInjury("saints", "xan"))
    assert isinstance(ask, Rejected) and ask.kind == "ambiguous"  # [SM-A18] the owner picks
    ok(campaign, ResolveInjury("saints", "xan", wound="damaged-eye"))
    band = campaign.state.band("saints")
    assert band.model("xan").wounds == ("damaged-eye",) and band.misses_next == ("xan",)


def test_death_of_the_captain_crosses_it_off_for_good(campaign, finished):
    start(campaign, finished)
    ok(campaign, EndStep("saints"))
    ok(campaign, RollInjury("saints", "xan"), [1, 1])
    assert [o.label for o in view.choices(campaign.state, "saints") if o.allowed and "pay" in o.label] == []
    ok(campaign, ResolveInjury("saints", "xan"))
    band = campaign.state.band("saints")
    assert not band.has_model("xan") and band.captain_lost
    assert check_roster(write_roster(band.roster)).ok


def test_amnesia_care_needs_no_roll(campaign, finished):
    start(campaign, finished)
    ok(campaign, EndStep("saints"))
    ok(campaign, RollInjury("saints", "xan"), [3, 3])
    ok(campaign, TreatInjury("saints", "xan", "pay"), [])  # no dice used
    assert campaign.state.post.of("saints").wound("xan").case.result == "light"
    assert campaign.state.band("saints").roster.treasury == 20


def test_undo_takes_back_a_roll_and_its_money(campaign, finished):
    start(campaign, finished)
    ok(campaign, EndStep("saints"))
    ok(campaign, RollInjury("saints", "xan"), [2, 3])
    ok(campaign, TreatInjury("saints", "xan", "pay"), [5, 5])
    assert campaign.state.band("saints").roster.treasury == 15
    campaign.undo()
    assert campaign.state.band("saints").roster.treasury == 25
    assert campaign.state.post.of("saints").wound("xan").case.result == "serious"


def test_view_lists_steps_due_rolls_and_refusals(campaign, finished):
    start(campaign, finished)
    step = view.step(campaign.state, "wolves")
    assert step.key == "loot" and not step.can_end and "loot roll" in step.why
    options = {o.label: o for o in view.choices(campaign.state, "wolves")}
    assert options["Roll loot"].allowed
    assert not options["Tech hunter (Łowca technologii): re-roll die 1"].allowed
    summary = view.band_summary(campaign.state, "wolves")
    assert summary.treasury == 20 and [m.name for m in summary.models] == ["Kara", "Bo", "Cy"]
    assert summary.strength == 3 * 3 + (4 + 2 + 1)

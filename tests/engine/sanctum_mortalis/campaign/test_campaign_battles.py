"""A campaign of several battles (§16, §15.9, §18.1): the next battle names its campaign,
its post-battle sequence is recorded after the first, in order, and a battle the
campaign is not waiting for (the same one twice, another campaign's, other bands') is
refused with nothing changed."""

import pytest
from battle_testkit import ok, refused

from engine.battle import Accepted, Battle, new_header
from engine.records import changed
from engine.rulesets.sanctum_mortalis import commands as bc
from engine.rulesets.sanctum_mortalis import make_setup
from engine.rulesets.sanctum_mortalis.campaign import (
    AdjustXp,
    ChooseAdvance,
    ChooseScenario,
    EndStep,
    KeepLoot,
    ResolveInjury,
    RollInjury,
    RollLevelUp,
    RollLoot,
    StartPostBattle,
    campaign_header,
    campaign_setup,
    view,
)
from engine.rulesets.sanctum_mortalis.roster import BandRoster, ModelSpec

from .conftest import bands, play_battle

SECOND = [  # the Volunteer takes Kara out; Cy takes Yul and Xan out, Bo the Volunteer: only Wolves are left
    bc.RemoveModel("A.kara", by="B.volunteer-1", cause="failed Toughness roll (shooting)"),
    bc.RemoveModel("B.yul", by="A.cy", cause="failed Toughness roll (shooting)"),
    bc.RemoveModel("B.xan", by="A.cy", cause="failed Toughness roll (shooting)"),
    bc.RemoveModel("B.volunteer-1", by="A.bo", cause="failed Toughness roll (melee)"),
]


def record(campaign: Battle, battle: Battle, title: str, ref: str = "") -> StartPostBattle:
    return StartPostBattle(battle.header["setup"], tuple(e.to_dict() for e in battle.entries), title=title, ref=ref)


def finish(campaign: Battle) -> None:
    """Every band through the sequence: loot kept, injuries light, level-ups skipped."""
    for band in [b.band for b in campaign.state.post.bands]:
        while campaign.state.post is not None and campaign.state.post.of(band).step != "done":
            bp = campaign.state.post.of(band)
            if bp.step == "loot":
                for _ in range(bp.loot_left):
                    ok(campaign, RollLoot(band), [1, 1])
                    ok(campaign, KeepLoot(band))
            elif bp.step == "injuries":
                for w in (w for w in bp.wounded if not w.resolved):
                    ok(campaign, RollInjury(band, w.model), [4, 4])
                    ok(campaign, ResolveInjury(band, w.model))
            elif bp.step == "development":
                for up in (u for u in bp.level_ups if not u.pick):
                    ok(campaign, RollLevelUp(band, up.model), [1, 2])
                    ok(campaign, ChooseAdvance(band, up.model, skip=True))
            ok(campaign, EndStep(band))


def campaign_of(campaign_id: str = "c-1") -> Battle:
    return Battle(campaign_header(campaign_setup(list(bands()), "Autumn", campaign_id=campaign_id), seed=7))


def second_battle(campaign: Battle, script=SECOND) -> Battle:
    setup = view.next_battle_setup(campaign.state)
    battle = Battle(new_header("sanctum-mortalis", setup, seed=9, title="Battle 2"))
    for command in script:
        assert isinstance(battle.submit(command), Accepted)
    return battle


@pytest.fixture
def after_first():
    """Battle 1 recorded and its sequence finished (Kara +8 XP from the GM: the Saints get a
    Volunteer, §15.9), the next battle's scenario chosen."""
    campaign = campaign_of()
    ok(campaign, record(campaign, play_battle(), "Battle 1", "one.skirmish"))
    ok(campaign, AdjustXp("wolves", "kara", 8, "GM: objective"))
    finish(campaign)
    ok(campaign, ChooseScenario("slaughter", "wolves", "saints"))
    return campaign


def test_the_next_battle_names_its_campaign_and_is_built_from_its_bands(after_first):
    state = after_first.state
    setup = view.next_battle_setup(state)
    assert setup["campaign"] == {"id": "c-1", "title": "Autumn", "battle": 2, "bands": ["wolves", "saints"]}
    models = {m["id"]: m for side in "AB" for m in setup["bands"][side]["models"]}
    assert models["kara"]["xp"] == state.band("wolves").model("kara").xp == 4 + 1 + 8
    assert models["volunteer-1"]["volunteer"] and view.next_battle(state).volunteers == {"wolves": 0, "saints": 1}


def test_two_battles_are_recorded_in_order_from_each_battles_own_log(after_first):
    campaign = after_first
    ok(campaign, record(campaign, second_battle(campaign), "Battle 2", "two.skirmish"))
    s = campaign.state
    assert [(b.number, b.title, b.ref, b.vp, b.winner) for b in s.battles] == [
        (1, "Battle 1", "one.skirmish", (1, 0), "wolves"),
        (2, "Battle 2", "two.skirmish", (5, 0), "wolves"),
    ]
    assert s.post.battle == 2
    wolves, saints = s.post.of("wolves"), s.post.of("saints")
    assert dict(wolves.xp) == {
        "bo": (("1 enemy model defeated", 1, "§19.1"),),
        "cy": (("2 enemy models defeated", 2, "§19.1"),),
    }  # battle 2's log
    assert [w.model for w in wolves.wounded] == ["kara"]
    assert [w.model for w in saints.wounded] == ["xan", "yul"] and dict(saints.xp) == {}  # the Volunteer: neither
    finish(campaign)
    saints_roster = campaign.state.band("saints").roster
    assert [m.id for m in saints_roster.models] == ["xan", "yul"]  # the Volunteer vanished (§15.9)
    lines = view.battles_played(campaign.state)
    assert [(x.number, x.scenario, x.result) for x in lines] == [
        (1, "Slaughter", "Wolves won (Wolves 1–0 Saints)"),
        (2, "Slaughter", "Wolves won (Wolves 5–0 Saints)"),
    ]


def test_a_model_that_missed_the_battle_stays_on_the_roster_with_no_xp_and_no_injury():
    campaign = campaign_of()
    ok(campaign, record(campaign, play_battle(), "Battle 1"))
    ok(campaign, EndStep("saints"))  # Xan: Serious injuries, untreated: a wound and misses the next battle
    ok(campaign, RollInjury("saints", "xan"), [2, 3])
    ok(campaign, ResolveInjury("saints", "xan", wound="deep-scars"))
    finish(campaign)
    assert campaign.state.band("saints").misses_next == ("xan",)
    ok(campaign, ChooseScenario("slaughter", "wolves", "saints"))
    battle = second_battle(campaign, [bc.RemoveModel("B.yul", by="A.kara", cause="failed Toughness roll (shooting)")])
    assert "xan" not in {m["id"] for m in battle.header["setup"]["bands"]["B"]["models"]}
    ok(campaign, record(campaign, battle, "Battle 2"))
    saints = campaign.state.post.of("saints")
    assert "xan" not in dict(saints.xp) and saints.wound("xan") is None
    assert campaign.state.band("saints").has_model("xan") and campaign.state.band("saints").misses_next == ()


def test_the_same_battle_twice_is_refused_naming_it(after_first):
    campaign = after_first
    second = second_battle(campaign)
    ok(campaign, record(campaign, second, "Battle 2"))
    again = refused(campaign, record(campaign, second, "Battle 2"))
    assert "'Battle 2' is already recorded in this campaign (battle 2" in again.reason
    finish(campaign)
    assert "already recorded" in refused(campaign, record(campaign, second, "Battle 2")).reason
    first = refused(campaign, record(campaign, play_battle(), "Battle 1"))  # no link: its set-up is known
    assert "'Battle 1' is already recorded in this campaign (battle 1" in first.reason
    assert len(campaign.state.battles) == 2


def test_a_battle_of_another_campaign_or_ahead_of_its_turn_is_refused(after_first):
    campaign = after_first
    second = second_battle(campaign)
    setup = second.header["setup"]
    other = StartPostBattle(
        {**setup, "campaign": {**setup["campaign"], "id": "c-2", "title": "Spring"}},
        tuple(e.to_dict() for e in second.entries),
        title="Battle 2",
    )
    assert "another campaign ('Spring')" in refused(campaign, other).reason
    ahead = StartPostBattle(
        {**setup, "campaign": {**setup["campaign"], "battle": 3}},
        tuple(e.to_dict() for e in second.entries),
        title="Battle 3",
    )
    assert "waits for battle 2" in refused(campaign, ahead).reason


def test_a_battle_of_other_bands_is_refused(after_first):
    campaign = after_first
    a, b = bands()
    ravens = changed(b, name="Ravens")
    battle = Battle(new_header("sanctum-mortalis", make_setup(a, ravens), seed=4))
    ok(battle, bc.EndBattle())
    assert "no band of this campaign is called 'Ravens'" in refused(campaign, record(campaign, battle, "X")).reason
    stranger = changed(b, models=b.models + (ModelSpec("zed", "Zed", "trooper", ranged=("assault-rifle",)),))
    battle = Battle(new_header("sanctum-mortalis", make_setup(a, stranger), seed=4))
    ok(battle, bc.EndBattle())
    assert "Zed (side B) is not a model of Saints" in refused(campaign, record(campaign, battle, "Y")).reason
    assert len(campaign.state.battles) == 1 and campaign.state.post is None


def test_a_campaign_keeps_its_id_and_one_made_before_ids_records_linked_battles():
    assert campaign_of("abc").state.id == "abc"
    old = Battle(campaign_header(campaign_setup(list(bands()), "Old"), seed=7))
    assert old.state.id == "" and "id" not in old.header["setup"]
    ok(old, record(old, play_battle(), "Battle 1"))
    finish(old)
    ok(old, ChooseScenario("slaughter", "wolves", "saints"))
    ok(old, record(old, second_battle(old, SECOND[1:2] + [bc.EndBattle()]), "Battle 2"))
    assert [b.number for b in old.state.battles] == [1, 2]


def test_band_rosters_are_not_changed_by_a_refused_battle(after_first):
    before = after_first.state.bands
    a, _ = bands()
    battle = Battle(new_header("sanctum-mortalis", make_setup(a, BandRoster("Ravens", "", a.models)), seed=4))
    ok(battle, bc.EndBattle())
    refused(after_first, record(after_first, battle, "Z"))
    assert after_first.state.bands == before

"""Recruiting in the purchases step (§22.2) and models kept in the stash (§15.10).

The Wolves have six models in the team and Old Hag (a Savage with Targowanie) in the
stash; the Saints two models. A battle is ended at once and both bands go to their
purchases step.
"""

from __future__ import annotations

import pytest
from battle_testkit import ok, refused

from engine.battle import Battle, new_header
from engine.records import changed
from engine.rulesets.sanctum_mortalis import band_building as bb
from engine.rulesets.sanctum_mortalis import commands as bc
from engine.rulesets.sanctum_mortalis import make_setup
from engine.rulesets.sanctum_mortalis.campaign import (
    AdjustXp,
    ChooseChallenge,
    ChooseScenario,
    EndStep,
    MoveModel,
    Recruit,
    Sell,
    StartPostBattle,
    campaign_header,
    campaign_setup,
    view,
)
from engine.rulesets.sanctum_mortalis.campaign.recruiting import RecruitOrder
from engine.rulesets.sanctum_mortalis.postbattle.common import skill_holder
from engine.rulesets.sanctum_mortalis.roster import BandRoster, ModelSpec
from engine.rulesets.sanctum_mortalis.roster_toml import check_roster
from engine.rulesets.sanctum_mortalis.roster_write import write_roster
from engine.rulesets.sanctum_mortalis.ruleset import SanctumMortalis

HAG = ModelSpec(
    "old-hag",
    "Old Hag",
    "savage",
    ranged=("primitive",),
    melee=("hand-weapon",),
    xp=2,
    skills=("haggling",),
    stashed=True,
)


def wolves(treasury: int = 200, team: int = 6, hag: bool = True) -> BandRoster:
    models = [ModelSpec("kara", "Kara", "trooper", ranged=("assault-rifle",), captain=True, xp=4)]
    models += [ModelSpec(f"dog-{i}", f"Dog {i}", "war-pet", armour="none") for i in range(1, team)]
    return BandRoster(
        "Wolves", "Ann", tuple(models) + ((HAG,) if hag else ()), treasury=treasury, stash=("precision-sight",)
    )


def saints() -> BandRoster:
    return BandRoster(
        "Saints",
        "Bob",
        (
            ModelSpec("xan", "Xan", "trooper", ranged=("assault-rifle",), captain=True, xp=4),
            ModelSpec("yul", "Yul", "savage", ranged=("primitive",), melee=("hand-weapon",)),
        ),
        treasury=25,
    )


def at_purchases(band: BandRoster | None = None, steps: int = 3) -> Battle:
    """A campaign of the two bands after a battle ended at once, the Wolves ``steps``
    steps on (3: at their purchases step)."""
    a, b = band or wolves(), saints()
    fight = Battle(new_header("sanctum-mortalis", make_setup(a, b), seed=1))
    ok(fight, bc.EndBattle())
    campaign = Battle(campaign_header(campaign_setup([a, b], "Stash test"), seed=5))
    ok(campaign, StartPostBattle(fight.header["setup"], tuple(e.to_dict() for e in fight.entries)))
    for _ in range(steps):
        ok(campaign, EndStep("wolves"))
    return campaign


def order(**kw) -> RecruitOrder:
    return RecruitOrder(**{"name": "Rex", **kw})


def loadout_index(campaign: Battle, kind: str, label: str) -> int:
    menu = view.recruit_menu(campaign.state, "wolves")
    return next(i for i, lo in enumerate(menu.kind(kind).loadouts) if lo.label == label)


# --------------------------------------------------------------------------- recruiting
@pytest.mark.parametrize(
    "kind, loadout, extra, total",
    [
        ("swordsman", "Hand weapon, Shield, Light armour", {}, 15),
        ("trooper", "Sniper rifle, Powered armour", {}, 35),
        ("medic:officer", "Assault pistol, Light armour", {}, 15),
        ("technomancer:trooper", "Energy rifle, Light armour", {"trick": "flash"}, 25),
        ("chaplain:swordsman", "Hand weapon, Battle sarcophagus", {}, 45),
        ("swordsman", "Two-handed weapon, Light armour", {"small": True}, 12),
        ("trooper", "Assault rifle, Light armour", {"small": True, "gear": ("jet-pack",)}, 26),
        ("officer", "Energy pistol, Light armour", {"gear": ("climbing-gear",), "xp": 2}, 50),
        ("destroyer", "Flamer, Battle sarcophagus", {}, 55),
        ("war-pet", "No equipment", {}, 5),
    ],
    ids=[
        "§15.3 swordsman with a shield 10+5",
        "§15.3 trooper sniper powered 20+5+10",
        "§15.4 medic on an officer +0",
        "§15.4 technomancer on a trooper +5",
        "§15.4 chaplain sarcophagus 10+25+10",
        "§15.5 small two-handed swordsman 15×4/5",
        "§15.5 [SM-A38] small trooper 16 + jet pack 10",
        "§22.2 officer, climbing gear 5, 2 XP 30",
        "§15.3 destroyer 55",
        "§15.6 war pet 5",
    ],
)
def test_recruit_costs_what_the_rules_say_and_is_paid_from_the_treasury(kind, loadout, extra, total):
    campaign = at_purchases(wolves(team=5))
    start = campaign.state.band("wolves").roster.treasury  # 200tk and the scenario's 20tk
    quote = view.recruit_quote(
        campaign.state, "wolves", order(kind=kind, loadout=loadout_index(campaign, kind, loadout), **extra)
    )
    assert quote.allowed, quote.why
    assert quote.total == sum(x.tk for x in quote.terms) == total
    assert (quote.treasury, quote.after) == (start, start - total)
    ok(campaign, quote.command)
    band = campaign.state.band("wolves").roster
    assert band.treasury == start - total
    rex = band.model("rex")
    assert rex.xp == extra.get("xp", 0) and not rex.stashed
    assert bb.model_cost(rex) + 15 * rex.xp == total


def test_the_menu_lists_every_archetype_and_specialist_with_its_cheapest_cost():
    menu = view.recruit_menu(at_purchases().state, "wolves")
    costs = {k.key: k.cost for k in menu.kinds}
    assert costs == {
        "savage": 10,
        "swordsman": 10,
        "officer": 15,
        "gunslinger": 20,
        "trooper": 20,
        "drop-trooper": 25,
        "support": 30,
        "destroyer": 55,
        "war-pet": 5,
        "medic:swordsman": 10,
        "medic:officer": 15,
        "medic:trooper": 20,
        "technomancer:swordsman": 15,
        "technomancer:officer": 20,
        "technomancer:trooper": 25,
        "chaplain:swordsman": 20,
        "chaplain:officer": 25,
        "chaplain:trooper": 30,
    }
    assert menu.open and menu.team == 6 and not menu.stash_first and menu.xp_cost == 15
    medic_loadouts = {lo.label for lo in menu.kind("medic:trooper").loadouts}
    assert "Sniper rifle, Light armour" not in medic_loadouts  # §15.4: no sniper rifle for Specialists
    assert not any("sarcophagus" in lo for lo in {x.label for x in menu.kind("medic:swordsman").loadouts})


def test_recruiting_more_than_the_treasury_holds_is_refused_with_the_rule():
    campaign = at_purchases(wolves(treasury=10, team=5))  # + 20tk from the scenario
    quote = view.recruit_quote(
        campaign.state,
        "wolves",
        order(kind="trooper", loadout=loadout_index(campaign, "trooper", "Assault rifle, Light armour"), xp=1),
    )
    assert not quote.allowed and quote.total == 35 and quote.after == -5
    assert (quote.why, quote.rule) == ("Rex costs 35tk; Wolves has 30tk", "§22.2")
    refused(campaign, quote.command)
    menu = view.recruit_menu(campaign.state, "wolves")
    assert not menu.kind("destroyer").allowed and "55tk" in menu.kind("destroyer").why


def test_an_eighth_model_goes_to_the_stash_not_the_team():
    campaign = at_purchases(wolves(team=7))
    menu = view.recruit_menu(campaign.state, "wolves")
    assert menu.team == 7 and menu.stash_first
    to_team = view.recruit_quote(campaign.state, "wolves", order(kind="swordsman", stash=False))
    assert not to_team.allowed and to_team.rule == "§15.1, §15.10"
    assert "the team has 8 models; at most 7" in to_team.why
    refused(campaign, to_team.command)
    to_stash = view.recruit_quote(campaign.state, "wolves", order(kind="swordsman", stash=True))
    assert to_stash.allowed
    result = ok(campaign, to_stash.command)
    assert "into the stash" in result.events[0].text
    band = campaign.state.band("wolves").roster
    assert band.model("rex").stashed and len(band.team) == 7 and len(band.stashed_models) == 2


def test_one_of_each_specialist_counting_the_stash():
    medic = ModelSpec("doc", "Doc", "swordsman", specialist="medic", melee=("hand-weapon",), stashed=True)
    band = wolves(team=5)
    campaign = at_purchases(changed(band, models=band.models + (medic,)))
    menu = view.recruit_menu(campaign.state, "wolves")
    closed = menu.kind("medic:officer")
    assert not closed.allowed and closed.why_rule == "§15.4" and "already has a Medic (Doc)" in closed.why
    assert menu.kind("chaplain:officer").allowed
    refused(
        campaign,
        Recruit(
            "wolves", {"name": "Doc 2", "archetype": "officer", "specialist": "medic", "ranged": ["assault-pistol"]}
        ),
    )


def test_a_technomancer_needs_its_trick_and_a_captain_cannot_be_bought():
    campaign = at_purchases(wolves(team=5))
    no_trick = view.recruit_quote(campaign.state, "wolves", order(kind="technomancer:swordsman"))
    assert not no_trick.allowed and no_trick.rule == "§15.4" and "one trick" in no_trick.why
    result = refused(
        campaign,
        Recruit("wolves", {"name": "Boss", "archetype": "swordsman", "captain": True, "melee": ["hand-weapon"]}),
    )
    assert result.rule == "§15.2, §18.3"
    nameless = view.recruit_quote(campaign.state, "wolves", order(name=" ", kind="swordsman"))
    assert not nameless.allowed and nameless.why == "the new model needs a name"


def test_recruiting_waits_for_the_purchases_step():
    campaign = at_purchases(steps=2)  # the Wolves are at hero development
    menu = view.recruit_menu(campaign.state, "wolves")
    assert not menu.open and menu.rule == "§16"
    assert not any(isinstance(o.command, Recruit) for o in view.choices(campaign.state, "wolves"))
    ok(campaign, EndStep("wolves"))
    first = view.choices(campaign.state, "wolves")[0]
    assert isinstance(first.command, Recruit) and first.label.startswith("Recruit a new model…") and first.allowed


# --------------------------------------------------------------------------- the stash
def test_stash_models_are_not_in_the_battle_strength_or_xp():
    campaign = at_purchases(steps=0)
    state = campaign.state
    assert "old-hag" not in dict(state.post.of("wolves").xp)
    band = state.band("wolves").roster
    # §15.9: 3 × 6 models + 4 XP; Old Hag (2 XP) and the stash's precision sight do not count
    assert bb.band_strength(band) == 22 == view.band_summary(state, "wolves").strength
    assert [m.stashed for m in view.band_summary(state, "wolves").models][-1] is True
    refusal = refused(campaign, AdjustXp("wolves", "old-hag", 1))
    assert "gains no XP" in refusal.reason
    battle = SanctumMortalis().initial_state(make_setup(wolves(), saints()))
    assert [m.id for m in battle.models if m.side == "A"] == ["A.kara"] + [f"A.dog-{i}" for i in range(1, 6)]


def test_skills_of_a_model_in_the_stash_are_not_used_after_the_battle():
    assert skill_holder([HAG], "haggling") is None
    assert skill_holder([changed(HAG, stashed=False)], "haggling") == "old-hag"
    campaign = at_purchases(wolves(team=5))
    start = campaign.state.band("wolves").roster.treasury
    ok(campaign, Sell("wolves", "precision-sight"))  # Targowanie unused: 20tk, not 24tk (§15.10)
    assert campaign.state.band("wolves").roster.treasury == start + 20
    campaign = at_purchases(wolves(team=5))
    ok(campaign, MoveModel("wolves", "old-hag", "team"))
    ok(campaign, Sell("wolves", "precision-sight"))
    assert campaign.state.band("wolves").roster.treasury == start + 24  # §20.5 Targowanie +20%


def test_moving_models_between_team_and_stash():
    campaign = at_purchases()
    strength = view.band_summary(campaign.state, "wolves").strength
    result = ok(campaign, MoveModel("wolves", "dog-1", "stash"))
    assert "in the stash" in result.events[0].text
    assert campaign.state.band("wolves").model("dog-1").stashed
    assert view.band_summary(campaign.state, "wolves").strength == strength - 3
    ok(campaign, MoveModel("wolves", "old-hag", "team"))
    ok(campaign, MoveModel("wolves", "dog-1", "team"))  # back to 7
    full = refused(campaign, MoveModel("wolves", "kara", "team"))
    assert full.kind == "malformed" and "already in the team" in full.reason
    ok(campaign, Recruit("wolves", {"name": "Rex", "archetype": "swordsman", "melee": ["hand-weapon"]}, stash=True))
    eighth = refused(campaign, MoveModel("wolves", "rex", "team"))
    assert eighth.rule == "§15.1, §15.10" and "the team has 8 models" in eighth.reason
    labels = [o.label for o in view.choices(campaign.state, "wolves")]
    assert "Bring Rex from the stash into the team" in labels and "Put Kara in the stash (out of the team)" in labels


def test_the_stash_is_swapped_between_battles_but_not_during_the_other_steps():
    campaign = at_purchases(steps=1)  # the Wolves are at the injuries step
    assert refused(campaign, MoveModel("wolves", "dog-1", "stash")).rule == "§16"
    for _ in range(3):
        ok(campaign, EndStep("wolves"))
    for _ in range(4):
        ok(campaign, EndStep("saints"))
    assert campaign.state.post is None
    ok(campaign, ChooseScenario("slaughter", "wolves", "saints"))
    ok(campaign, ChooseChallenge("wolves", "courier", model="dog-2"))
    assert "Challenge" in refused(campaign, MoveModel("wolves", "dog-2", "stash")).reason
    ok(campaign, MoveModel("wolves", "dog-1", "stash"))
    assert any(o.label == "Bring Dog 1 from the stash into the team" for o in view.choices(campaign.state, "wolves"))
    setup = view.next_battle_setup(campaign.state)
    ids = [m["id"] for m in setup["bands"]["A"]["models"]]
    assert "dog-1" not in ids and "old-hag" not in ids and "kara" in ids


def test_a_roster_with_stash_models_round_trips_through_skirmish_check():
    campaign = at_purchases()
    ok(
        campaign,
        Recruit(
            "wolves",
            {"name": "Rex", "archetype": "swordsman", "melee": ["hand-weapon"], "shield": True},
            xp=3,
            stash=True,
        ),
    )
    roster = campaign.state.band("wolves").roster
    text = write_roster(roster)
    assert text.count("stash = true") == 2
    parsed = check_roster(text)
    assert parsed.ok, parsed.problems
    assert [m.to_dict() | {"line": 0} for m in parsed.roster.models] == [m.to_dict() for m in roster.models]
    assert bb.band_strength(parsed.roster) == bb.band_strength(roster)


def test_check_says_which_stash_models_break_a_rule():
    team = "".join(f"\n[[model]]\nname = 'Dog {i}'\narchetype = 'war-pet'\n" for i in range(7))
    campaign = "band = 'Wolves'\ncampaign = true\n" + team
    ok_text = campaign + "\n[[model]]\nname = 'Spare'\narchetype = 'war-pet'\nstash = true\n"
    assert check_roster(ok_text).ok
    eighth = check_roster(campaign + "\n[[model]]\nname = 'Spare'\narchetype = 'war-pet'\n")
    assert [(p.line, p.rule) for p in eighth.problems] == [(32, "§15.1, §15.10")]  # Spare's [[model]] line
    assert "keep the others in the stash with stash = true" in eighth.problems[0].message
    starting = check_roster(
        "band = 'Wolves'\n\n[[model]]\nname = 'Cap'\narchetype = 'swordsman'\ncaptain = true\n"
        "xp = 4\n\n[[model]]\nname = 'Spare'\narchetype = 'war-pet'\nstash = true\n"
    )
    assert [(p.line, p.rule, p.message.split(":")[0]) for p in starting.problems if p.severity == "error"] == [
        (12, "§15.1, §22.2", "Spare")
    ]
    items_here = check_roster(campaign + "stash = ['frag-grenade']\n")
    assert "stash = [...] lists the band's items" in str(items_here.problems[0])

"""Consumables after a battle (§17.3, §17.6): the post-battle sequence crosses the thrown
grenades and every ammunition item of the models that fought off the campaign rosters."""

from battle_testkit import ok

from engine.battle import Battle, new_header
from engine.records import changed
from engine.rulesets.sanctum_mortalis import commands as bc
from engine.rulesets.sanctum_mortalis import make_setup
from engine.rulesets.sanctum_mortalis.campaign import StartPostBattle, campaign_header, campaign_setup

from .conftest import bands


def _geared():
    a, b = bands()
    kara, bo, cy = a.models
    a = changed(
        a,
        models=(
            changed(kara, items=("frag-grenade", "frag-grenade")),
            changed(bo, items=("stun-grenade",)),
            changed(cy, items=("piercing-rounds",)),
        ),
    )
    return a, b


def test_thrown_grenades_and_ammunition_leave_the_rosters_unused_grenades_stay_17_6():
    a, b = _geared()
    battle = Battle(new_header("sanctum-mortalis", make_setup(a, b, scenario="slaughter"), seed=3))
    for command, faces in [
        (bc.StartRound(), [5, 4, 5, 1]),
        (bc.ChooseFirst("A"), None),
        (bc.ThrowGrenade("A.kara", "frag-grenade"), [6, 6]),
        (bc.GrenadeBlast((), scatter="nearer"), None),
        (bc.EndBattle(), None),
    ]:
        ok(battle, command, faces)
    campaign = Battle(campaign_header(campaign_setup([a, b], "Gear campaign"), seed=7))
    entries = tuple(e.to_dict() for e in battle.entries)
    ok(campaign, StartPostBattle(battle.header["setup"], entries, title="Battle one"))
    wolves = campaign.state.band("wolves").roster
    items = {m.id: m.items for m in wolves.models}
    assert items == {"kara": ("frag-grenade",), "bo": ("stun-grenade",), "cy": ()}
    crossed = [e.text for e in campaign.entries if e.kind == "model_updated"]
    assert crossed == [
        "Kara: Frag grenade crossed off (used up in the battle, §17.3, §17.6).",
        "Cy: Piercing rounds crossed off (used up in the battle, §17.3, §17.6).",
    ]

"""The post-battle sequence's own readings (``settings.CAMPAIGN_SETTINGS``, issue #18):
campaign settings the GM changes with a logged command, and each changes what the
sequence does. The battle's readings are campaign settings too (each battle takes them)."""

from engine.dice import ScriptedDice
from engine.ruleset import Rejected
from engine.rulesets.sanctum_mortalis.campaign import ChangeSetting, EndStep, RollInjury, StartPostBattle
from engine.rulesets.sanctum_mortalis.campaign.ruleset import SanctumMortalisCampaign
from engine.rulesets.sanctum_mortalis.settings import CAMPAIGN_SETTINGS

from .conftest import new_campaign, play_battle


def _saints_light_injury(reading: str | None):
    """Xan (Saints, no loot due) was taken out; the injury roll is 4+4, Light injuries."""
    campaign = new_campaign()
    if reading is not None:
        assert not isinstance(campaign.submit(ChangeSetting("care_skill_condition", reading)), Rejected)
    finished = play_battle()
    entries = tuple(e.to_dict() for e in finished.entries)
    assert not isinstance(campaign.submit(StartPostBattle(finished.header["setup"], entries)), Rejected)
    assert not isinstance(campaign.submit(EndStep("saints")), Rejected)
    assert not isinstance(campaign.submit(RollInjury("saints", "xan"), ScriptedDice([4, 4])), Rejected)
    return campaign


def test_the_campaign_lists_the_post_battle_readings_with_the_battle_ones():
    keys = [s.key for s in SanctumMortalisCampaign.settings]
    assert {s.key for s in CAMPAIGN_SETTINGS} <= set(keys) and "support_example" in keys


def test_needing_care_is_being_wounded_by_default_and_a_care_result_with_the_other_reading_sm_l1():
    assert _saints_light_injury(None).state.post.of("saints").needing_care == ("xan",)
    assert _saints_light_injury("care-result").state.post.of("saints").needing_care == ()


def test_an_unknown_reading_of_a_campaign_setting_is_refused():
    refused = new_campaign().submit(ChangeSetting("fence_scope", "some"))
    assert isinstance(refused, Rejected) and refused.kind == "malformed"


def test_the_post_battle_defaults_are_the_recommended_readings():
    from engine.rulesets.sanctum_mortalis.postbattle.data import LOCAL_SETTINGS

    assert dict(LOCAL_SETTINGS) == {s.key: s.default for s in CAMPAIGN_SETTINGS}
    assert new_campaign().state.settings["care_skill_condition"] == "wounded"

"""Replaying a log with an event kind these rules do not know is an error naming the event,
not a silent no-op; a note changes nothing."""

import pytest
from battle_testkit import assert_unchanged, snapshot

from engine.battle import Battle
from engine.dice import SeededDice
from engine.reducers import UnknownEvent
from engine.ruleset import Rejected
from engine.rulesets.sanctum_mortalis.campaign import StartPostBattle, view

from .conftest import new_campaign, play_battle


def test_an_event_of_an_unknown_kind_is_an_error_on_replay():
    battle = new_campaign()
    band = battle.state.bands[0].key
    first = next(o for o in view.choices(battle.state, band) if o.allowed)
    assert not hasattr(battle.submit(first.command, SeededDice(1)), "reason")
    entries = [e.to_dict() for e in battle.entries]
    assert entries, "the battle should have a real event before the unknown one"
    seq = len(entries)
    with pytest.raises(UnknownEvent) as err:
        Battle(battle.header, entries + [{"seq": seq, "kind": "dragon_summoned", "payload": {}}])
    assert (err.value.kind, err.value.seq) == ("dragon_summoned", seq)


def test_a_note_changes_nothing_on_replay():
    battle = new_campaign()
    band = battle.state.bands[0].key
    first = next(o for o in view.choices(battle.state, band) if o.allowed)
    assert not hasattr(battle.submit(first.command, SeededDice(1)), "reason")
    entries = [e.to_dict() for e in battle.entries]
    note = {"seq": len(entries), "kind": "note", "text": 'The GM rules the wall is 2" high.', "payload": {}}
    assert Battle(battle.header, entries + [note]).state == battle.state


def test_a_battle_log_with_an_unknown_kind_is_refused_for_the_post_battle_sequence():
    finished = play_battle()
    entries = [e.to_dict() for e in finished.entries]
    entries.insert(3, {**entries[3], "kind": "dragon_summoned"})
    for seq, entry in enumerate(entries):
        entry["seq"] = seq
    campaign = new_campaign()
    before = snapshot(campaign)
    refused = campaign.submit(StartPostBattle(finished.header["setup"], tuple(entries)))
    assert isinstance(refused, Rejected) and refused.kind == "malformed"
    assert "'dragon_summoned'" in refused.reason and "\n" not in refused.reason
    assert_unchanged(campaign, before)

"""Replaying a log with an event kind these rules do not know is an error naming the event,
not a silent no-op; a note changes nothing."""

import pytest

from engine.battle import Battle, new_header
from engine.reducers import UnknownEvent
from engine.rulesets.sanctum_mortalis import commands as c
from engine.rulesets.sanctum_mortalis import make_setup

from .conftest import small_bands


def test_an_event_of_an_unknown_kind_is_an_error_on_replay():
    battle = Battle(new_header("sanctum-mortalis", make_setup(*small_bands(), scenario="none"), seed=11))
    assert not hasattr(battle.submit(c.StartRound()), "reason")
    entries = [e.to_dict() for e in battle.entries]
    assert entries, "the battle should have a real event before the unknown one"
    seq = len(entries)
    with pytest.raises(UnknownEvent) as err:
        Battle(battle.header, entries + [{"seq": seq, "kind": "dragon_summoned", "payload": {}}])
    assert (err.value.kind, err.value.seq) == ("dragon_summoned", seq)


def test_a_note_changes_nothing_on_replay():
    battle = Battle(new_header("sanctum-mortalis", make_setup(*small_bands(), scenario="none"), seed=11))
    assert not hasattr(battle.submit(c.StartRound()), "reason")
    entries = [e.to_dict() for e in battle.entries]
    note = {"seq": len(entries), "kind": "note", "text": 'The GM rules the wall is 2" high.', "payload": {}}
    assert Battle(battle.header, entries + [note]).state == battle.state

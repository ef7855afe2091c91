"""Replaying a log with an event kind these rules do not know is an error naming the event,
not a silent no-op; a note changes nothing."""

import pytest

from engine.battle import Battle
from engine.reducers import UnknownEvent
from engine.rulesets.xk6 import commands as c

from .conftest import model, new_battle, ok


def test_an_event_of_an_unknown_kind_is_an_error_on_replay():
    battle = new_battle([model("boss")], [model("brute")])
    ok(battle, c.StartTurn(faces=(6, 1)))
    entries = [e.to_dict() for e in battle.entries]
    assert entries, "the battle should have a real event before the unknown one"
    seq = len(entries)
    with pytest.raises(UnknownEvent) as err:
        Battle(battle.header, entries + [{"seq": seq, "kind": "dragon_summoned", "payload": {}}])
    assert (err.value.kind, err.value.seq) == ("dragon_summoned", seq)


def test_a_note_changes_nothing_on_replay():
    battle = new_battle([model("boss")], [model("brute")])
    ok(battle, c.StartTurn(faces=(6, 1)))
    entries = [e.to_dict() for e in battle.entries]
    note = {"seq": len(entries), "kind": "note", "text": 'The GM rules the wall is 2" high.', "payload": {}}
    assert Battle(battle.header, entries + [note]).state == battle.state

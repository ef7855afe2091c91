"""Undo/redo are log entries; the effective history is a function of the log."""

from engine.events import REDO, UNDO, Event
from engine.log import effective


def ev(seq, group=None, kind="x"):
    return Event(seq=seq, kind=kind, group=seq if group is None else group)


def test_undo_takes_back_a_whole_command_group():
    entries = [ev(0), ev(1), ev(2, group=1), ev(3, kind=UNDO)]
    hist = effective(entries)
    assert [e.seq for e in hist.active] == [0]
    assert [[e.seq for e in g] for g in hist.redoable] == [[1, 2]]


def test_redo_restores_and_a_new_command_clears_the_redo_stack():
    entries = [ev(0), ev(1), ev(2, kind=UNDO), ev(3, kind=REDO)]
    assert [e.seq for e in effective(entries).active] == [0, 1]
    entries = [ev(0), ev(1), ev(2, kind=UNDO), ev(3)]
    hist = effective(entries)
    assert [e.seq for e in hist.active] == [0, 3] and hist.redoable == ()


def test_event_round_trips_through_a_plain_dict():
    e = Event(seq=4, kind="shot", round=2, actor="A.kara", payload={"roll": {"dice": [1, 2]}}, group=3, text="x")
    assert Event.from_dict(e.to_dict()) == e


def test_an_event_from_a_newer_schema_is_refused():
    import pytest

    from engine.events import EventFormatError

    data = Event(seq=0, kind="x").to_dict() | {"schema": 99}
    with pytest.raises(EventFormatError, match="schema 99"):
        Event.from_dict(data)

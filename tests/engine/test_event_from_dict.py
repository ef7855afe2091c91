"""``Event.from_dict`` reads a log entry as ``int``/``str`` conversions would, whatever
types the JSON gave (its fast path takes values already of the right type as they are)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.events import SCHEMA_VERSION, Event, EventFormatError


def by_conversion(data: dict[str, Any]) -> Event:
    """The reading spelled out: every field through ``int`` or ``str``."""
    actor = data.get("actor")
    return Event(
        seq=int(data["seq"]),
        kind=str(data["kind"]),
        round=int(data.get("round", 0)),
        actor=str(actor) if isinstance(actor, str) else actor,
        payload=dict(data.get("payload") or {}),
        group=int(data.get("group", data["seq"])),
        text=str(data.get("text", "")),
        schema=int(data.get("schema", SCHEMA_VERSION)),
    )


class Kind(str):
    """A str subclass, as a JSON library might give."""


ENTRIES = {
    "plain": {"seq": 3, "kind": "shot", "round": 2, "actor": "A", "group": 2, "text": "bang", "payload": {"x": 1}},
    "only-seq-and-kind": {"seq": 0, "kind": "note"},
    "numbers-as-text": {"seq": "7", "kind": "shot", "round": "1", "group": "6", "schema": "1"},
    "floats-and-bools": {"seq": 4.0, "kind": "shot", "round": True, "group": 4.0},
    "no-group-means-its-own": {"seq": 9, "kind": "shot", "text": 12},
    "str-subclass-kind": {"seq": 1, "kind": Kind("shot"), "actor": None},
}


@pytest.mark.parametrize("data", ENTRIES.values(), ids=ENTRIES.keys())
def test_an_entry_reads_as_the_conversions_say(data):
    event = Event.from_dict(data)
    assert event == by_conversion(data)
    assert type(event.kind) is str and type(event.text) is str
    assert all(type(v) is int for v in (event.seq, event.round, event.group, event.schema))


BAD = {
    "no-seq": {"kind": "shot"},
    "no-kind": {"seq": 1},
    "seq-not-a-number": {"seq": "one", "kind": "shot"},
    "round-null": {"seq": 1, "kind": "shot", "round": None},
    "payload-a-list": {"seq": 1, "kind": "shot", "payload": [1]},
}


@pytest.mark.parametrize("data", BAD.values(), ids=BAD.keys())
def test_a_malformed_entry_is_an_event_format_error(data):
    with pytest.raises(EventFormatError, match="malformed"):
        Event.from_dict(data)


def test_an_entry_of_a_newer_schema_is_refused_by_name():
    with pytest.raises(EventFormatError, match=f"event 5 uses event schema {SCHEMA_VERSION + 1}"):
        Event.from_dict({"seq": 5, "kind": "shot", "schema": SCHEMA_VERSION + 1})


def test_kinds_and_actors_read_from_a_save_are_shared_strings():
    a = Event.from_dict({"seq": 1, "kind": "".join(["sh", "ot"]), "actor": "".join(["A", ".1"])})
    b = Event.from_dict({"seq": 2, "kind": "".join(["sho", "t"]), "actor": "".join(["A.", "1"])})
    assert a.kind is b.kind and a.actor is b.actor

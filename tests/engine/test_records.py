"""``Record``, the engine's frozen value, and ``changed``: a copy with some fields changed."""

from __future__ import annotations

import copy
import pickle

import pytest

from engine.records import Record, asdict, changed, field, force_setattr
from engine.state_codec import decode, encode


class Model(Record):
    id: str
    wounds: int = 0
    markers: frozenset[str] = frozenset()
    spent: tuple[str, ...] = ()
    notes: dict[str, str] = field(default_factory=dict)


class Ordered(Record):
    """A record that normalises a field in ``__post_init__`` (as a frozen one must)."""

    names: tuple[str, ...]

    def __post_init__(self) -> None:
        force_setattr(self, "names", tuple(sorted(self.names)))


def test_a_changed_copy_equals_the_record_built_with_those_fields_and_leaves_the_record_as_it_was():
    before = Model("m1", 1, frozenset({"hidden"}))
    after = changed(before, wounds=2, spent=("card",))
    assert after == Model("m1", 2, frozenset({"hidden"}), ("card",))
    assert before == Model("m1", 1, frozenset({"hidden"}))
    assert type(after) is Model and after is not before


def test_a_copy_with_nothing_changed_is_equal_but_another_object():
    before = Model("m1")
    assert changed(before) == before and changed(before) is not before


def test_an_unknown_field_is_refused_by_name():
    with pytest.raises(TypeError, match="`Model` has no field 'size'"):
        changed(Model("m1"), wounds=1, size=2)


def test_the_copy_is_frozen_too():
    with pytest.raises(AttributeError):
        changed(Model("m1"), wounds=1).wounds = 3  # type: ignore[misc]


def test_records_compare_hash_and_show_by_their_fields_as_frozen_dataclasses_did():
    assert Model("m1", 1) == Model("m1", 1) != Model("m1", 2)
    assert hash(Ordered(("b", "a"))) == hash(Ordered(("a", "b")))
    assert len({Ordered(("a",)), Ordered(("a",)), Ordered(("b",))}) == 2
    assert repr(Model("m1", 1)) == "Model(id='m1', wounds=1, markers=frozenset(), spent=(), notes={})"
    assert Model("m1") != Ordered(("m1",))  # another class is never equal, even field for field


def test_each_record_gets_its_own_default_factory_value():
    a, b = Model("a"), Model("b")
    a.notes["x"] = "y"
    assert b.notes == {}


def test_post_init_runs_on_construction_and_on_a_changed_copy():
    assert Ordered(("b", "a")).names == ("a", "b")
    assert changed(Ordered(("a",)), names=("z", "c")).names == ("c", "z")


def test_a_record_copies_pickles_and_lists_its_fields():
    model = Model("m1", 2, frozenset({"hidden"}), ("card",), {"a": "b"})
    assert copy.deepcopy(model) == model and pickle.loads(pickle.dumps(model)) == model
    assert asdict(model) == {
        "id": "m1",
        "wounds": 2,
        "markers": frozenset({"hidden"}),
        "spent": ("card",),
        "notes": {"a": "b"},
    }


def test_the_state_codec_rebuilds_an_engine_record_exactly():
    from engine.rulesets.sanctum_mortalis.postbattle.common import RollTable

    table = RollTable("t", "Test", "§1", 1, ((1, 3, "low"), (4, 6, "high")), {"low": "Low"})
    assert table.odds["low"] == table.chance("low")  # a cached value: the record has a __dict__ for it
    assert decode(encode(table)) == table

"""``changed``: a copy of a frozen record with some fields changed, as ``dataclasses.replace``."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import pytest

from engine.records import changed


@dataclass(frozen=True)
class Model:
    id: str
    wounds: int = 0
    markers: frozenset[str] = frozenset()
    spent: tuple[str, ...] = field(default=())


def test_a_changed_copy_equals_what_replace_makes_and_leaves_the_record_as_it_was():
    before = Model("m1", 1, frozenset({"hidden"}))
    after = changed(before, wounds=2, spent=("card",))
    assert after == replace(before, wounds=2, spent=("card",)) == Model("m1", 2, frozenset({"hidden"}), ("card",))
    assert before == Model("m1", 1, frozenset({"hidden"}))
    assert type(after) is Model and after is not before


def test_a_copy_with_nothing_changed_is_equal_but_another_object():
    before = Model("m1")
    assert changed(before) == before and changed(before) is not before


def test_an_unknown_field_is_refused_by_name():
    with pytest.raises(TypeError, match="Model has no field colour, size"):
        changed(Model("m1"), wounds=1, size=2, colour="red")


def test_the_copy_is_frozen_too():
    with pytest.raises(AttributeError):
        changed(Model("m1"), wounds=1).wounds = 3  # type: ignore[misc]

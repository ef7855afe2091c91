"""The check behind "a refused command changes nothing" compares by value: it catches a
refusal that changed the old state in place, which ``battle.state is before`` would not."""
from dataclasses import dataclass, field
from types import SimpleNamespace

import pytest

from engine.events import Event

from .unchanged import assert_unchanged, snapshot


@dataclass(frozen=True)
class State:
    settings: dict[str, str] = field(default_factory=dict)


def fake_battle() -> SimpleNamespace:
    return SimpleNamespace(state=State({"rule": "a"}), entries=[Event(0, "note", payload={"n": 1})],
                           can_undo=True, can_redo=False)


def test_an_untouched_battle_passes():
    battle = fake_battle()
    before = snapshot(battle)
    assert_unchanged(battle, before)


def test_a_state_changed_in_place_fails_though_it_is_the_same_object():
    battle = fake_battle()
    before, same = snapshot(battle), battle.state
    battle.state.settings["rule"] = "b"  # a frozen dataclass holding a dict: mutable inside
    assert battle.state is same
    with pytest.raises(AssertionError, match="changed the state"):
        assert_unchanged(battle, before)


def test_a_logged_payload_changed_in_place_fails():
    battle = fake_battle()
    before = snapshot(battle)
    battle.entries[0].payload["n"] = 2
    with pytest.raises(AssertionError, match="changed the log"):
        assert_unchanged(battle, before)


def test_a_lost_redo_fails():
    battle = fake_battle()
    before = snapshot(battle)
    battle.can_undo = False
    with pytest.raises(AssertionError, match="undo/redo"):
        assert_unchanged(battle, before)

"""The shared test helpers can fail: a refusal that changes the state or the log in place is
caught, and a property that gets too few commands accepted fails its tally."""

from dataclasses import dataclass
from types import SimpleNamespace

import pytest
from battle_testkit import Tally, accepted, assert_unchanged, ok, refused, snapshot

from engine.events import Event
from engine.ruleset import Rejected


class _Leaky:
    """A battle whose refusals change its state in place (the same object, another value)."""

    def __init__(self) -> None:
        self.state = SimpleNamespace(wounds=[0])
        self.entries: list = []
        self.active_events = ()
        self.undone_events = ()

    def submit(self, command, dice=None):
        self.state.wounds[0] += 1
        return Rejected("no", "§0")


def test_refused_compares_by_value_not_identity():
    with pytest.raises(AssertionError, match="changed the state"):
        refused(_Leaky(), "anything")


def test_ok_fails_on_a_refusal():
    with pytest.raises(AssertionError, match="was refused"):
        ok(_Leaky(), "anything")


class _Kept:
    """A battle a test changes by hand between ``snapshot`` and ``assert_unchanged``."""

    def __init__(self) -> None:
        self.state = _Record({"rule": "a"})
        self.entries = [Event(0, "note", payload={"n": 1})]
        self.active_events = tuple(self.entries)
        self.undone_events: tuple = ()


@dataclass(frozen=True)
class _Record:
    settings: dict


def test_an_untouched_battle_is_unchanged():
    battle = _Kept()
    before = snapshot(battle)
    assert_unchanged(battle, before)
    assert before.count == 1


def test_a_logged_payload_changed_in_place_is_caught():
    battle = _Kept()
    before = snapshot(battle)
    battle.entries[0].payload["n"] = 2  # a frozen Event holding a dict: mutable inside
    with pytest.raises(AssertionError, match="changed the log"):
        assert_unchanged(battle, before)


def test_a_lost_redo_is_caught():
    battle = _Kept()
    before = snapshot(battle)
    battle.undone_events = (Event(1, "note"),)
    with pytest.raises(AssertionError, match="changed the log"):
        assert_unchanged(battle, before)


def test_a_tally_fails_when_too_few_commands_were_accepted():
    tally = Tally()
    tally.example(1, 10)
    tally.check(at_least=0.1)
    with pytest.raises(AssertionError, match="only 1 of 10"):
        tally.check(at_least=0.2)
    with pytest.raises(AssertionError, match="no command"):
        Tally().check(at_least=0.0)
    assert accepted(Rejected("no")) == 0

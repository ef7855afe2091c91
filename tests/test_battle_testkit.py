"""The shared test helpers can fail: a refusal that changes the state in place is caught."""
from types import SimpleNamespace

import pytest

from battle_testkit import ok, refused
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

"""A battle opened at its resume point (``Battle.resume_point``, kept beside the log by
``saves.resume``) is the battle its log replays to, without replaying it first; any
point that is not where the log ends is ignored; the log wins if they ever differ.
``engine.state_codec`` stores a state exactly and rebuilds only engine classes."""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import Enum, StrEnum
from fractions import Fraction

import pytest
from battle_testkit import ok

from engine.battle import Battle, new_header
from engine.records import changed
from engine.rulesets.sanctum_mortalis import commands as c
from engine.rulesets.sanctum_mortalis import make_setup
from engine.state_codec import StateCodecError, decode, encode

from .sanctum_mortalis.conftest import small_bands


def played() -> Battle:
    """A small Sanctum Mortalis battle into its second round, with an undone command."""
    a, b = small_bands()
    battle = Battle(new_header("sanctum-mortalis", make_setup(a, b, scenario="none"), seed=11))
    ok(battle, c.StartRound())
    for model in ("A.kara", "B.xan", "A.bo", "B.yul", "A.cy"):
        ok(battle, c.Activate(model))
        ok(battle, c.EndActivation())
    ok(battle, c.StartRound())
    battle.undo()
    return battle


def through_json(battle: Battle) -> dict:
    return json.loads(json.dumps(battle.resume_point()))


def reopened(battle: Battle, point: dict | None) -> Battle:
    return Battle(json.loads(json.dumps(battle.header)), [e.to_dict() for e in battle.entries], resume=point)


def test_a_battle_opens_at_its_resume_point_as_the_battle_its_log_replays_to():
    battle = played()
    resumed = reopened(battle, through_json(battle))
    assert resumed.history_due
    assert resumed.state == battle.state
    assert resumed.active_events == battle.active_events and resumed.undone_events == battle.undone_events
    assert dict(resumed.rounds_after()) == dict(battle.rounds_after())
    assert resumed.state.round == 1 and resumed.can_redo
    assert resumed.fill_history() and not resumed.history_due
    assert resumed.state == battle.state


def test_review_undo_and_redo_after_resuming_are_those_of_the_replayed_battle():
    battle = played()
    resumed = reopened(battle, through_json(battle))
    assert resumed.state_at(3) == battle.state_at(3)  # review replays the log first
    assert not resumed.history_due
    for b in (battle, resumed):
        b.redo()
        b.undo()
        b.undo()
    assert resumed.state == battle.state and resumed.active_events == battle.active_events


def test_commands_after_resuming_need_no_replay():
    battle = played()
    resumed = reopened(battle, through_json(battle))
    for b in (battle, resumed):
        ok(b, c.StartRound())
    assert resumed.history_due  # the new command evolved the resumed state
    assert resumed.state == battle.state
    assert resumed.fill_history()
    assert resumed.state == battle.state


@pytest.mark.parametrize(
    "spoil",
    [
        lambda p: {**p, "count": p["count"] - 1},
        lambda p: {**p, "last": {**p["last"], "text": "another entry"}},
        lambda p: {**p, "rounds": p["rounds"][:-1]},
        lambda p: {**p, "rounds": [["x", 1]]},
        lambda p: {**p, "state": {"c": "os:system", "f": {}}},
        lambda p: {**p, "state": {"t": [1, 2]}},
        lambda p: {k: v for k, v in p.items() if k != "state"},
    ],
    ids=["count", "last entry", "rounds", "bad rounds", "not the engine", "not a state", "no state"],
)
def test_a_point_that_is_not_where_the_log_ends_is_ignored_and_the_log_replayed(spoil):
    battle = played()
    resumed = reopened(battle, spoil(through_json(battle)))
    assert not resumed.history_due
    assert resumed.state == battle.state


def test_the_log_wins_when_the_resume_point_disagrees_with_it():
    battle = played()
    point = through_json(battle)
    wrong = changed(battle.state, markers_on_table=battle.state.markers_on_table + 3)
    point["state"] = encode(wrong)
    resumed = reopened(battle, point)
    assert resumed.state == wrong  # drawn first from the point...
    assert resumed.fill_history() is False  # ...then the replay finds it wrong
    assert resumed.state == battle.state


class Colour(StrEnum):
    RED = "red"


class Size(Enum):
    BIG = 3


@dataclass(frozen=True)
class Holder:
    values: tuple[object, ...]


def test_the_codec_keeps_every_kind_of_value_exactly():
    battle = played()
    for value in (
        battle.state,
        (1, "a", None, True, 2.5),
        frozenset({"x", "y"}),
        {"a": (1,), "b": [frozenset()]},
        {1: "one", (2, 3): "pair"},
        Fraction(5, 12),
        [Fraction(1, 3), {"k": ()}],
    ):
        back = decode(json.loads(json.dumps(encode(value))))
        assert back == value and type(back) is type(value)
    assert isinstance(decode(encode(battle.state)).models, tuple)


def test_the_codec_rebuilds_only_engine_classes():
    for outside in (Colour.RED, Size.BIG, Holder((1,))):  # defined in this test module
        with pytest.raises(StateCodecError):
            decode(json.loads(json.dumps(encode(outside))))
    for stored in (
        {"c": "os:system", "f": {}},
        {"c": "engine.battle:Battle", "f": {}},  # not a dataclass
        {"e": "engine.battle:Battle", "v": 1},  # not an enum
        {"c": "engine.rulesets.sanctum_mortalis.state:TurnOrder", "f": {"round": 1}},  # fields missing
        {"c": "engine.nothing_here:X", "f": {}},
        {"zz": 1},
        {"t": 5},
    ):
        with pytest.raises(StateCodecError):
            decode(stored)
    with pytest.raises(StateCodecError):
        encode(object())


def test_the_outside_classes_above_are_named_outside_the_engine():
    assert not encode(Colour.RED)["e"].startswith("engine.")

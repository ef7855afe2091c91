"""``Battle`` keeps states only at checkpoints and after the latest events; every state it
answers with equals a replay of the effective log from the start."""

from __future__ import annotations

from functools import lru_cache

import pytest
from demo_rosters import demo_roster_paths
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.battle import CHECKPOINT_EVERY, RECENT, Battle, new_header, replay
from engine.dice import ScriptedDice
from engine.rulesets.sanctum_mortalis import commands as c
from engine.rulesets.sanctum_mortalis import make_setup
from engine.rulesets.sanctum_mortalis.roster_toml import parse_roster
from saves.rosters import read_roster_text


@lru_cache(maxsize=1)
def header() -> dict:
    a, b = (parse_roster(read_roster_text(p), p.name) for p in demo_roster_paths())
    return new_header("sanctum-mortalis", make_setup(a, b, scenario="none"), seed=3, title="states")


def play(battle: Battle, events: int) -> Battle:
    """Rounds of moves, stances and missed shots until the log holds ``events`` entries."""
    while len(battle.entries) < events:
        battle.submit(c.StartRound())
        if battle.state.order.phase == "choose-first":
            battle.submit(c.ChooseFirst("A"))
        while battle.state.order.to_act in ("A", "B") and len(battle.entries) < events:
            side = battle.state.order.to_act
            m = next(iter(battle.state.waiting(side)))
            battle.submit(c.Move(m.id, 2))
            enemy = next((x for x in battle.state.on_table() if x.side != side), None)
            if m.spec.ranged and enemy is not None and m.spec.ranged[0] != "flamer":
                battle.submit(c.Shoot(m.id, enemy.id, m.spec.ranged[0]), ScriptedDice([6, 6, 6]))
            else:
                battle.submit(c.PlaceMarker(m.id, "defensive-stance"))
            battle.submit(c.EndActivation())
    return battle


@lru_cache(maxsize=1)
def long_log() -> tuple:
    return tuple(play(Battle(header()), 3 * CHECKPOINT_EVERY + RECENT + 7).entries)


def replayed(battle: Battle, count: int):
    return replay(battle.ruleset, battle.initial, battle.active_events[:count])


def test_a_long_battle_keeps_few_states_and_answers_every_count_as_a_replay():
    battle = Battle(header(), long_log())
    n = len(battle.active_events)
    assert n > 3 * CHECKPOINT_EVERY
    assert len(battle._kept) <= n // CHECKPOINT_EVERY + RECENT + 2
    for count in (0, 1, CHECKPOINT_EVERY - 1, CHECKPOINT_EVERY, CHECKPOINT_EVERY + 5, n - RECENT - 1, n - 1, n):
        assert battle.state_at(count) == replayed(battle, count), count
    assert battle.state_at(n + 10) == battle.state == replayed(battle, n)
    assert battle.state_at(-3) == battle.initial


def test_a_reopened_battle_keeps_the_same_states_as_the_battle_that_was_played():
    """Opening replays the log in one pass (``_rebuild``); playing pushes event by event:
    both keep the same counts, rounds and states."""
    played = play(Battle(header()), 3 * CHECKPOINT_EVERY + RECENT + 7)
    reopened = Battle(header(), played.entries)
    assert sorted(reopened._kept) == sorted(played._kept)
    assert all(reopened._kept[k] == played._kept[k] for k in played._kept)
    assert reopened._rounds == played._rounds and reopened.state == played.state
    assert reopened.active_events == played.active_events


def test_stepping_back_and_forth_through_the_log_gives_the_replayed_states():
    battle = Battle(header(), long_log())
    expected = [battle.initial]
    for event in battle.active_events:
        expected.append(battle.ruleset.evolve(expected[-1], event))
    for count in [*range(len(expected)), *reversed(range(len(expected)))]:
        assert battle.state_at(count) == expected[count], count


def test_rounds_after_agrees_with_the_replayed_states():
    battle = Battle(header(), long_log())
    rounds = battle.rounds_after()
    for i, event in enumerate(battle.active_events):
        assert rounds[event.seq] == int(replayed(battle, i + 1).round)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(st.sampled_from(["undo", "redo", "play", "look"]), min_size=1, max_size=40),
    st.integers(min_value=0, max_value=10_000),
)
def test_undo_redo_and_new_commands_keep_every_state_equal_to_a_replay(steps, where):
    battle = Battle(header(), long_log())
    changed = 0
    for step in steps:
        if step == "undo":
            changed += battle.undo().__class__.__name__ == "Accepted"
        elif step == "redo":
            changed += battle.redo().__class__.__name__ == "Accepted"
        elif step == "play":
            before = len(battle.entries)
            play(battle, before + 3)
            changed += len(battle.entries) > before
        else:
            count = where % (len(battle.active_events) + 1)
            assert battle.state_at(count) == replayed(battle, count)
        assert battle.state == replayed(battle, len(battle.active_events))
    assert changed >= sum(s != "look" for s in steps) - steps.count("redo")  # only a redo with nothing to redo refuses
    reopened = Battle(battle.header, battle.entries)
    assert reopened.state == battle.state
    assert [reopened.state_at(i) for i in range(0, len(battle.active_events), 17)] == [
        battle.state_at(i) for i in range(0, len(battle.active_events), 17)
    ]


def test_the_engine_does_not_touch_the_garbage_collector():
    import engine.battle as module

    assert "gc" not in vars(module)
    with pytest.raises(AttributeError):
        module._bulk  # noqa: B018

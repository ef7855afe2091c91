"""Issue 17's property for every rule system: a random sequence mixing the system's own
commands (and undo / redo) with GM corrections replays to the same state, reopens from JSON
to the same state, a refused step changes nothing, and undo then redo of each accepted
correction restores the state exactly. ``mixed_run`` plays one example; the per-system tests
(``tests/engine/<system>/test_corrections_mixed.py``) give it their commands and count."""

from __future__ import annotations

import json
import pickle
from typing import Any, Sequence

from battle_testkit import Tally, accepted, assert_unchanged, snapshot
from hypothesis import strategies as st

from engine.battle import Accepted, Battle, replay
from engine.corrections import NOTE, Correct, CorrectionOption
from engine.events import Event
from engine.ruleset import Rejected, find_system

CORRECTION = st.tuples(st.just("correct"), st.integers(0, 30), st.integers(0, 60), st.integers(0, 9))
"""A GM correction, chosen when it is played: (_, which member, which correction offered, 0: an
impossible value (refused), 9: a note, else another valid value)."""


def another_value(o: CorrectionOption) -> Any:
    """A valid value other than the current one."""
    if o.kind == "flag":
        return not o.current
    if o.kind == "choice":
        return next(c for c in o.choices if c != o.current)
    current = o.current if isinstance(o.current, int) else 0
    return current + 1 if o.maximum is None or current + 1 <= o.maximum else current - 1


def correction(battle: Battle, who: int, pick: int, how: int) -> Correct:
    """The correction a ``CORRECTION`` step names in the battle as it is now."""
    spec = find_system(battle.header["ruleset"])
    assert spec.corrections is not None
    if how == 9:
        return Correct(NOTE, None, f"note {pick}")
    members = spec.summary(battle.state).members
    target = members[who % len(members)].id
    offered = [o for o in spec.corrections(battle.state, target) if o.kind not in ("note", "roll")]
    o = offered[pick % len(offered)]
    value: Any = another_value(o) if how else (-99 if o.kind == "number" else "bogus")
    return Correct(o.what, o.target, value, f"at the table ({pick})")


def mixed_run(battle: Battle, opening: Sequence[Any], steps: Sequence[Any], commands: Tally, fixes: Tally) -> None:
    """Play ``opening`` (each must be accepted), then ``steps``: commands, "undo", "redo" and
    ``CORRECTION`` tuples; check what the module docstring says. ``commands`` counts the
    system's own steps accepted (commands, undo, redo), ``fixes`` the corrections accepted."""
    for command in opening:
        assert isinstance(battle.submit(command), Accepted), f"the opening's {command} was refused"
    taken = fixed = tried = 0
    for step in steps:
        is_fix = isinstance(step, tuple) and step[0] == "correct"
        command = correction(battle, *step[1:]) if is_fix else step
        before = snapshot(battle)
        r = battle.undo() if command == "undo" else battle.redo() if command == "redo" else battle.submit(command)
        taken += accepted(r)
        if is_fix:
            tried += 1
            fixed += accepted(r)
        if isinstance(r, Rejected):
            assert_unchanged(battle, before)
        elif is_fix:
            after = pickle.dumps(battle.state)
            battle.undo()
            assert pickle.dumps(battle.state) == before.state, f"undo of {command} did not restore the state"
            battle.redo()
            assert pickle.dumps(battle.state) == after, f"redo of {command} did not bring it back"
    commands.example(taken - fixed, len(steps) - tried)
    fixes.example(fixed, tried)
    assert replay(battle.ruleset, battle.initial, battle.active_events) == battle.state
    reopened = Battle(
        json.loads(json.dumps(battle.header)),
        [Event.from_dict(json.loads(json.dumps(e.to_dict()))) for e in battle.entries],
    )
    assert reopened.state == battle.state
    assert_resumes(battle)


def assert_resumes(battle: Battle) -> None:
    """Opened at its resume point (through JSON, as ``saves.resume`` keeps it), the battle
    is the same battle: state, rounds, undo, and its log's replay agrees (``fill_history``)."""
    if not battle.entries:
        return
    point = json.loads(json.dumps(battle.resume_point()))

    def resume() -> Battle:
        return Battle(json.loads(json.dumps(battle.header)), [e.to_dict() for e in battle.entries], resume=point)

    resumed = resume()
    assert resumed.history_due, "the resume point was not used"
    assert resumed.state == battle.state
    assert dict(resumed.rounds_after()) == dict(battle.rounds_after())
    assert resumed.undone_events == battle.undone_events
    assert resumed.fill_history(), "the log's replay differs from the resume point"
    assert not resumed.history_due and resumed.state == battle.state
    if battle.can_undo:
        resumed = resume()
        assert isinstance(resumed.undo(), Accepted) and isinstance(battle.undo(), Accepted)
        assert resumed.state == battle.state, "undo after resuming differs"


def mixed(commands: st.SearchStrategy[Any], max_size: int = 40) -> st.SearchStrategy[list[Any]]:
    """Steps about half of which are corrections, the others ``commands``."""
    both = st.tuples(st.booleans(), commands, CORRECTION)
    return st.lists(both, max_size=max_size).map(lambda xs: [fix if is_fix else cmd for is_fix, cmd, fix in xs])


def often(flow: Sequence[Any], commands: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """About half the time one of the ``flow`` commands (often legal: the turn goes on),
    else one of ``commands`` (random: mostly refused, each refusal checked)."""
    return st.tuples(st.booleans(), st.sampled_from(list(flow)), commands).map(lambda x: x[1] if x[0] else x[2])

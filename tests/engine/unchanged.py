"""What "a refused command changes nothing" compares: the battle's state and log by value.

Comparing ``battle.state is before`` passes even when a refusal mutated the old state in
place; a copy taken before the command (pickled: deep, and quick to take), compared with
``==`` after, does not."""
from __future__ import annotations

import pickle
from typing import Any, NamedTuple


class Snapshot(NamedTuple):
    """A deep copy of everything a command could change, taken before it."""

    state: bytes
    entries: bytes
    count: int
    undo_redo: tuple[bool, bool]


def snapshot(battle: Any) -> Snapshot:
    """The state, the log, and whether undo and redo are possible, copied by value."""
    return Snapshot(pickle.dumps(battle.state), pickle.dumps([e.to_dict() for e in battle.entries]),
                    len(battle.entries), (battle.can_undo, battle.can_redo))


def assert_unchanged(battle: Any, before: Snapshot) -> None:
    """The battle equals, by value, the snapshot taken before the refused command."""
    assert battle.state == pickle.loads(before.state), "a refused command changed the state"
    assert [e.to_dict() for e in battle.entries] == pickle.loads(before.entries), "a refused command changed the log"
    assert (battle.can_undo, battle.can_redo) == before.undo_redo, "a refused command changed undo/redo"

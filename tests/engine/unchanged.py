"""What "a refused command changes nothing" compares: the battle's state and log by value.

Comparing ``battle.state is before`` passes even when a refusal mutated the old state in
place; a deep copy taken before the command, compared with ``==`` after, does not."""
from __future__ import annotations

import copy
from typing import Any

from engine.battle import Battle


def snapshot(battle: Battle) -> tuple[Any, list[dict[str, Any]], bool, bool]:
    """A deep copy of everything a command could change: the state, the log, undo and redo."""
    return copy.deepcopy((battle.state, [e.to_dict() for e in battle.entries], battle.can_undo, battle.can_redo))


def assert_unchanged(battle: Battle, before: tuple[Any, list[dict[str, Any]], bool, bool]) -> None:
    """The battle equals, by value, the snapshot taken before the refused command."""
    state, entries, can_undo, can_redo = before
    assert battle.state == state, "a refused command changed the state"
    assert [e.to_dict() for e in battle.entries] == entries, "a refused command changed the log"
    assert (battle.can_undo, battle.can_redo) == (can_undo, can_redo), "a refused command changed undo/redo"

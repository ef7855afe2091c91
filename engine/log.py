"""The battle log and what undo/redo make of it.

The log only grows. Undo and redo are themselves log entries that name the command
group they take back or restore, so the effective history is a pure function of
the log: ``effective(entries)``.
"""

from __future__ import annotations

from typing import Sequence

from engine.records import Record

from .events import REDO, UNDO, Event


class History(Record):
    """The effective events (in order) and the groups that redo would restore (last first)."""

    active: tuple[Event, ...]
    redoable: tuple[tuple[Event, ...], ...]


def effective(entries: Sequence[Event]) -> History:
    """Work out which events count, given the undo/redo entries in the log."""
    groups: list[list[Event]] = []  # active command groups, oldest first
    redo: list[list[Event]] = []  # undone groups, most recent last
    for event in entries:
        if event.kind == UNDO:
            if groups:
                redo.append(groups.pop())
        elif event.kind == REDO:
            if redo:
                groups.append(redo.pop())
        else:
            if groups and groups[-1][0].group == event.group:
                groups[-1].append(event)
            else:
                groups.append([event])
                redo.clear()
    active = tuple(e for g in groups for e in g)
    return History(active, tuple(tuple(g) for g in reversed(redo)))

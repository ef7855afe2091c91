"""Which models, units or sides a log entry concerns (for filtering a battle log).

An event names who acted (``actor``) and, in its payload, whom it touched (a target,
a defender, the model that saved...). Ids are found by value: any string in the
payload that is one of the battle's ids counts. Roll records inside the payload are
skipped (their text is not an id).
"""

from __future__ import annotations

from typing import Any, Collection, Iterable

from .events import Event

_SKIP = frozenset({"roll", "rolls", "attempts", "rolloff", "text"})


def ids_in(event: Event, known: Collection[str]) -> frozenset[str]:
    """The known ids the event concerns: its actor and every id its payload names."""
    found: set[str] = set()
    if event.actor is not None and event.actor in known:
        found.add(event.actor)
    _collect(event.payload, known, found, depth=0)
    return frozenset(found)


def _collect(value: Any, known: Collection[str], found: set[str], depth: int) -> None:
    if depth > 4:
        return
    if isinstance(value, str):
        if value in known:
            found.add(value)
    elif isinstance(value, dict):
        for key, item in value.items():
            if key not in _SKIP:
                _collect(item, known, found, depth + 1)
    elif isinstance(value, (list, tuple)):
        for item in value:
            _collect(item, known, found, depth + 1)


def concerning(events: Iterable[Event], ids: Collection[str], known: Collection[str]) -> list[Event]:
    """The events that concern any of ``ids`` (a model, or every model of a side)."""
    wanted = set(ids)
    return [e for e in events if ids_in(e, known) & wanted or e.actor in wanted]


def events_of_kind(events: Iterable[Event], kind: str) -> list[Event]:
    """The events of one kind (``"rolls"``: every event that carries a roll)."""
    from .rolls import records_in

    if kind == "rolls":
        return [e for e in events if records_in(e.payload)]
    return [e for e in events if e.kind == kind]

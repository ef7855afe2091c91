"""A table of reducers, one per event kind: how a rule system's state changes by an event.

Each rule system keeps one ``Reducers`` table; ``@reducers.on("kind")`` registers a pure
function ``(state, payload) -> state``. Kinds with no reducer (notes) change nothing.
"""
from __future__ import annotations

from typing import Any, Callable, Generic, Iterable, TypeVar

from .events import Event, EventDraft

S = TypeVar("S")


class Reducers(Generic[S]):
    """Event kind -> reducer."""

    def __init__(self) -> None:
        self._table: dict[str, Callable[[S, dict[str, Any]], S]] = {}

    def on(self, kind: str) -> Callable[[Callable[[S, dict[str, Any]], S]], Callable[[S, dict[str, Any]], S]]:
        def wrap(fn: Callable[[S, dict[str, Any]], S]) -> Callable[[S, dict[str, Any]], S]:
            self._table[kind] = fn
            return fn
        return wrap

    def evolve(self, state: S, event: Event) -> S:
        fn = self._table.get(event.kind)
        return fn(state, event.payload) if fn else state

    def preview(self, state: S, drafts: Iterable[EventDraft]) -> S:
        """The state these drafts would lead to (to decide what follows from them)."""
        for d in drafts:
            state = self.evolve(state, Event(0, d.kind, payload=d.payload))
        return state

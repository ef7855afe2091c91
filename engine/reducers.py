"""A table of reducers, one per event kind: how a rule system's state changes by an event.

Each rule system keeps one ``Reducers`` table; ``@reducers.on("kind")`` registers a pure
function ``(state, payload) -> state``. Kinds that only write a line in the log (a note, a
roll whose effects follow as their own events) are declared with ``log_only``: they change
nothing. Any other kind is an ``UnknownEvent`` on replay, never a silent no-op: a save whose
events this version cannot apply is reported, not misread.
"""

from __future__ import annotations

from typing import Any, Callable, Generic, Iterable, TypeVar

from .events import Event, EventDraft, EventFormatError

S = TypeVar("S")

NOTE = "note"
"""A line in the log and nothing else; every rule system may write one."""


class UnknownEvent(EventFormatError):
    """An event whose kind the rule system has no reducer for (nor declares log-only).

    A ``ValueError`` (through ``EventFormatError``): a save holding one is a save this version
    cannot read. ``kind`` and ``seq`` name the event.
    """

    def __init__(self, kind: str, seq: int) -> None:
        self.kind = kind
        self.seq = seq
        super().__init__(f"event {seq} is of kind {kind!r}, which this rule system does not know")

    def __reduce__(self) -> tuple[object, ...]:
        return (type(self), (self.kind, self.seq))


class Reducers(Generic[S]):
    """Event kind -> reducer, plus the kinds that change nothing (``log_only``)."""

    def __init__(self, log_only: Iterable[str] = ()) -> None:
        self._table: dict[str, Callable[[S, dict[str, Any]], S]] = {}
        self._log_only: frozenset[str] = frozenset({NOTE, *log_only})

    def on(self, kind: str) -> Callable[[Callable[[S, dict[str, Any]], S]], Callable[[S, dict[str, Any]], S]]:
        def wrap(fn: Callable[[S, dict[str, Any]], S]) -> Callable[[S, dict[str, Any]], S]:
            if kind in self._table or kind in self._log_only:
                raise ValueError(f"event kind {kind!r} already has a reducer or is log-only")
            self._table[kind] = fn
            return fn

        return wrap

    @property
    def reduced(self) -> frozenset[str]:
        """The kinds with a reducer."""
        return frozenset(self._table)

    @property
    def log_only(self) -> frozenset[str]:
        """The kinds that are applied by changing nothing."""
        return self._log_only

    @property
    def kinds(self) -> frozenset[str]:
        """Every kind this table can apply."""
        return self.reduced | self._log_only

    def evolve(self, state: S, event: Event) -> S:
        """The state after ``event``; ``UnknownEvent`` if no reducer knows its kind."""
        fn = self._table.get(event.kind)
        if fn is not None:
            return fn(state, event.payload)
        if event.kind in self._log_only:
            return state
        raise UnknownEvent(event.kind, event.seq)

    def preview(self, state: S, drafts: Iterable[EventDraft]) -> S:
        """The state these drafts would lead to (to decide what follows from them)."""
        for d in drafts:
            state = self.evolve(state, Event(0, d.kind, payload=d.payload))
        return state

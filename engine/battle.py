"""A battle in play: the set-up, the log, and the state that is the replay of the log.

``Battle`` is the one object the app drives. It is pure in the sense that matters:
no I/O, no UI. The caller persists ``Accepted.events`` (the new log entries) after
each call.
"""
from __future__ import annotations

import gc
from bisect import bisect_left
from collections.abc import Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from operator import attrgetter
from typing import Any, Iterable, Iterator, Sequence

from .dice import DiceEntryError, DiceSource, SeededDice, TypedDice, too_many_dice
from .events import REDO, UNDO, Event, EventDraft
from .log import effective
from .ruleset import Rejected, Ruleset, get_ruleset

HEADER_KIND = "battle"


@dataclass(frozen=True)
class Accepted:
    """The command happened: ``events`` are the new log entries (to persist), ``state`` the result."""

    events: tuple[Event, ...]
    state: Any


def replay(ruleset: Ruleset[Any, Any], initial: Any, events: Iterable[Event]) -> Any:
    """The state after the given effective events."""
    state = initial
    for event in events:
        state = ruleset.evolve(state, event)
    return state


def current_round(state: Any) -> int:
    return int(getattr(state, "round", 0) or 0)


class RoundsAfter(Mapping[int, int]):
    """``Battle.rounds_after``: seq -> the round after that event (``events`` are in seq
    order; ``states[i + 1]`` is the state after ``events[i]``)."""

    settled = True
    """An event's round never changes as the battle goes on: a later mapping of the same
    battle agrees on every event both hold (a reader may keep what it looked up)."""

    def __init__(self, events: tuple[Event, ...], states: tuple[Any, ...]) -> None:
        self._events = events
        self._states = states

    def __getitem__(self, seq: int) -> int:
        i = bisect_left(self._events, seq, key=attrgetter("seq"))
        if i < len(self._events) and self._events[i].seq == seq:
            return current_round(self._states[i + 1])
        raise KeyError(seq)

    def __iter__(self) -> Iterator[int]:
        return (e.seq for e in self._events)

    def __len__(self) -> int:
        return len(self._events)


class Battle:
    """A battle session: header (rule system, set-up, seed), log entries, derived state."""

    def __init__(self, header: dict[str, Any], entries: Iterable[Event | dict[str, Any]] = ()) -> None:
        self.header = header
        self.ruleset: Ruleset[Any, Any] = get_ruleset(header["ruleset"])
        self.seed = int(header.get("seed", 0))
        self.initial = self.ruleset.initial_state(header["setup"])
        self.entries: list[Event] = []
        self._states: list[Any] = [self.initial]  # state after each effective event
        self._active: list[Event] = []
        self._redo: list[tuple[Event, ...]] = []
        with _bulk():
            loaded = [e if isinstance(e, Event) else Event.from_dict(e) for e in entries]
            if loaded:
                self.entries = loaded
                self._rebuild()

    # -- reading -------------------------------------------------------------
    @property
    def state(self) -> Any:
        return self._states[-1]

    @property
    def active_events(self) -> tuple[Event, ...]:
        """The events that count, oldest first (undone ones left out)."""
        return tuple(self._active)

    @property
    def can_undo(self) -> bool:
        return bool(self._active)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    @property
    def undone_events(self) -> tuple[Event, ...]:
        """The events redo would bring back, next to come back first (as
        ``effective(entries).redoable``, without rescanning the log)."""
        return tuple(e for group in reversed(self._redo) for e in group)

    def state_at(self, count: int) -> Any:
        """The state after the first ``count`` effective events (review mode)."""
        return self._states[max(0, min(count, len(self._states) - 1))]

    def rounds_after(self, active: "tuple[Event, ...] | None" = None) -> "RoundsAfter":
        """The round the battle is in after each effective event, by the event's ``seq``.
        ``event.round`` is the round before the event, so a round's opening event ("Round
        1 begins") is recorded in the round before the one it starts; this puts it in the
        round it starts (the report and the log pane group and tag events by it). A
        read-only mapping of the events as they are now, each round found when asked.
        ``active``: ``active_events`` if the caller has just taken them (not copied again)."""
        return RoundsAfter(tuple(self._active) if active is None else active, tuple(self._states))

    def dice_for_next(self) -> DiceSource:
        """The app's reproducible dice for the next command (seed + log position)."""
        return SeededDice(self.seed, stream=len(self.entries))

    # -- changing ------------------------------------------------------------
    def submit(self, command: Any, dice: DiceSource | None = None) -> Accepted | Rejected:
        """Decide a command and append its events. A rejection changes nothing."""
        source = dice if dice is not None else self.dice_for_next()
        try:
            decision = self.ruleset.decide(self.state, command, source)
        except DiceEntryError as err:
            return Rejected(str(err), kind="malformed")
        if isinstance(decision, Rejected):
            return decision
        if isinstance(source, TypedDice) and source.unused:  # a typo must not pass for a roll
            return Rejected(too_many_dice(source), kind="malformed")
        drafts: Sequence[EventDraft] = decision
        if not drafts:
            return Rejected("nothing to do", kind="illegal")
        group = len(self.entries)
        state = self.state
        new: list[Event] = []
        states: list[Any] = []
        for draft in drafts:
            event = Event(
                seq=group + len(new), kind=draft.kind, round=current_round(state), actor=draft.actor,
                payload=draft.payload, group=group, text=draft.text,
            )
            state = self.ruleset.evolve(state, event)
            new.append(event)
            states.append(state)
        self.entries.extend(new)
        self._active.extend(new)
        self._states.extend(states)
        self._redo.clear()
        return Accepted(tuple(new), state)

    def undo(self) -> Accepted | Rejected:
        """Take back the last command (all its events), by appending an undo entry."""
        if not self._active:
            return Rejected("nothing to undo", kind="illegal")
        group = self._active[-1].group
        marker = Event(seq=len(self.entries), kind=UNDO, round=current_round(self.state),
                       payload={"group": group}, group=len(self.entries), text=f"undo #{group}")
        taken: list[Event] = []
        while self._active and self._active[-1].group == group:
            taken.append(self._active.pop())
            self._states.pop()
        self._redo.append(tuple(reversed(taken)))
        self.entries.append(marker)
        return Accepted((marker,), self.state)

    def redo(self) -> Accepted | Rejected:
        """Restore the last undone command."""
        if not self._redo:
            return Rejected("nothing to redo", kind="illegal")
        restored = self._redo.pop()
        marker = Event(seq=len(self.entries), kind=REDO, round=current_round(self.state),
                       payload={"group": restored[0].group}, group=len(self.entries),
                       text=f"redo #{restored[0].group}")
        state = self.state
        for event in restored:
            state = self.ruleset.evolve(state, event)
            self._active.append(event)
            self._states.append(state)
        self.entries.append(marker)
        return Accepted((marker,), self.state)

    # -- internals -----------------------------------------------------------
    def _rebuild(self) -> None:
        history = effective(self.entries)
        self._active = list(history.active)
        self._redo = [g for g in reversed(history.redoable)]
        state = self.initial
        self._states = [state]
        for event in self._active:
            state = self.ruleset.evolve(state, event)
            self._states.append(state)


@contextmanager
def _bulk() -> Iterator[None]:
    """Replaying a long log makes many small objects that all stay alive: the cyclic
    garbage collector would scan them again and again for nothing (a quarter of the
    replay time of a 5,000-event battle). Paused while replaying, then back as it was."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def new_header(ruleset: str, setup: dict[str, Any], seed: int, title: str = "", **extra: Any) -> dict[str, Any]:
    """A JSON-safe header for a new battle save."""
    from .events import SCHEMA_VERSION

    header = {"kind": HEADER_KIND, "ruleset": ruleset, "title": title, "seed": seed,
              "setup": setup, "schema": SCHEMA_VERSION}
    header.update(extra)
    return header


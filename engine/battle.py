"""A battle in play: the set-up, the log, and the state that is the replay of the log.

``Battle`` is the one object the app drives. It is pure in the sense that matters:
no I/O, no UI. The caller persists ``Accepted.events`` (the new log entries) after
each call.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Mapping
from operator import attrgetter
from typing import Any, Iterable, Iterator, Sequence

from engine.records import Record

from .dice import DiceEntryError, DiceSource, SeededDice, TypedDice, too_many_dice
from .events import REDO, UNDO, Event, EventDraft
from .log import effective
from .ruleset import Rejected, Rounded, Ruleset, get_ruleset
from .state_codec import StateCodecError, decode, encode

HEADER_KIND = "battle"
CHECKPOINT_EVERY = 128
"""A battle keeps the state after every this many effective events (and after the
last ``RECENT`` ones); any other state is replayed from the nearest one before it
(at most ``CHECKPOINT_EVERY - 1`` events, about 2-4 ms; review steps replay one event
from the last state asked for). Keeping every state made a 5,000-event battle's states
about 9 MB of the app's memory; every 64 events, 1.4 MB; every 128, 0.8 MB."""
RECENT = 32
"""States kept after each of the latest effective events: undo and redo of recent
commands replay nothing."""


class Accepted(Record):
    """The command happened: ``events`` are the new log entries (to persist), ``state`` the result."""

    events: tuple[Event, ...]
    state: Any


def replay(ruleset: Ruleset[Any, Any], initial: Any, events: Iterable[Event]) -> Any:
    """The state after the given effective events."""
    state = initial
    for event in events:
        state = ruleset.evolve(state, event)
    return state


def current_round(state: Rounded) -> int:
    """The round ``state`` is in: part of every rule system's state (``Rounded``)."""
    return state.round


class RoundsAfter(Mapping[int, int]):
    """``Battle.rounds_after``: seq -> the round after that event (``events`` are in seq
    order; ``rounds[i + 1]`` is the round after ``events[i]``)."""

    settled = True
    """An event's round never changes as the battle goes on: a later mapping of the same
    battle agrees on every event both hold (a reader may keep what it looked up)."""

    def __init__(self, events: tuple[Event, ...], rounds: Sequence[int]) -> None:
        self._events = events
        self._rounds = rounds

    def __getitem__(self, seq: int) -> int:
        i = bisect_left(self._events, seq, key=attrgetter("seq"))
        if i < len(self._events) and self._events[i].seq == seq:
            return self._rounds[i + 1]
        raise KeyError(seq)

    def __iter__(self) -> Iterator[int]:
        return (e.seq for e in self._events)

    def __len__(self) -> int:
        return len(self._events)


class Battle:
    """A battle session: header (rule system, set-up, seed), log entries, derived state.

    The state after each effective event is not kept: the round after each one is (for
    ``rounds_after``), and states at checkpoints (``CHECKPOINT_EVERY``) and after the
    latest ``RECENT`` events; ``state_at`` replays from the nearest one before."""

    _state: Any
    _kept: dict[int, Any]
    """Effective-event count -> the state then (checkpoints and the latest counts)."""
    _rounds: list[int]
    """The round after each effective-event count (index 0: before any event)."""
    _looked_up: tuple[int, Any] | None
    """``state_at``'s last answer: the next step replays from it."""

    _history_due = False
    """Opened from a resume point: the kept states before the last are not replayed yet
    (``fill_history``)."""

    def __init__(
        self,
        header: dict[str, Any],
        entries: Iterable[Event | dict[str, Any]] = (),
        resume: Mapping[str, Any] | None = None,
    ) -> None:
        """``resume``: a ``resume_point`` of this battle saved with the log; when it is
        the point the entries end at, the battle opens at its state without replaying
        the log (the log is replayed by ``fill_history``, when review or undo first need
        an earlier state). Any other resume point is ignored: the log is replayed."""
        self.header = header
        self.ruleset: Ruleset[Any, Any] = get_ruleset(header["ruleset"])
        self.seed = int(header.get("seed", 0))
        self.initial = self.ruleset.initial_state(header["setup"])
        self.entries: list[Event] = []
        self._active: list[Event] = []
        self._redo: list[tuple[Event, ...]] = []
        self._reset_states()
        loaded = [e if isinstance(e, Event) else Event.from_dict(e) for e in entries]
        if loaded:
            self.entries = loaded
            if resume is None or not self._resume(resume):
                self._rebuild()

    # -- reading -------------------------------------------------------------
    @property
    def state(self) -> Any:
        return self._state

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
        """The state after the first ``count`` effective events (review mode). Replayed
        from the nearest kept state before it, or from the last state asked for when
        that is nearer (stepping through the log replays one event a step)."""
        if self._history_due:
            self.fill_history()
        count = max(0, min(count, len(self._active)))
        kept = self._kept.get(count)
        if kept is not None:
            return kept
        start = count - count % CHECKPOINT_EVERY
        state = self._kept[start]
        if self._looked_up is not None and start < self._looked_up[0] <= count:
            start, state = self._looked_up
        for event in self._active[start:count]:
            state = self.ruleset.evolve(state, event)
        self._looked_up = (count, state)
        return state

    def rounds_after(self, active: "tuple[Event, ...] | None" = None) -> "RoundsAfter":
        """The round the battle is in after each effective event, by the event's ``seq``.
        ``event.round`` is the round before the event, so a round's opening event ("Round
        1 begins") is recorded in the round before the one it starts; this puts it in the
        round it starts (the report and the log pane group and tag events by it). A
        read-only mapping of the events as they are now, each round found when asked.
        ``active``: ``active_events`` if the caller has just taken them (not copied again)."""
        return RoundsAfter(tuple(self._active) if active is None else active, tuple(self._rounds))

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
                seq=group + len(new),
                kind=draft.kind,
                round=current_round(state),
                actor=draft.actor,
                payload=draft.payload,
                group=group,
                text=draft.text,
            )
            state = self.ruleset.evolve(state, event)
            new.append(event)
            states.append(state)
        self.entries.extend(new)
        for event, after in zip(new, states):
            self._push(event, after)
        self._redo.clear()
        return Accepted(tuple(new), state)

    def undo(self) -> Accepted | Rejected:
        """Take back the last command (all its events), by appending an undo entry."""
        if not self._active:
            return Rejected("nothing to undo", kind="illegal")
        if self._history_due:
            self.fill_history()
        group = self._active[-1].group
        marker = Event(
            seq=len(self.entries),
            kind=UNDO,
            round=current_round(self.state),
            payload={"group": group},
            group=len(self.entries),
            text=f"undo #{group}",
        )
        taken: list[Event] = []
        while self._active and self._active[-1].group == group:
            taken.append(self._active.pop())
            self._kept.pop(len(self._active) + 1, None)
            self._rounds.pop()
        if self._looked_up is not None and self._looked_up[0] > len(self._active):
            self._looked_up = None
        self._state = self.state_at(len(self._active))
        self._kept[len(self._active)] = self._state
        self._redo.append(tuple(reversed(taken)))
        self.entries.append(marker)
        return Accepted((marker,), self.state)

    def redo(self) -> Accepted | Rejected:
        """Restore the last undone command."""
        if not self._redo:
            return Rejected("nothing to redo", kind="illegal")
        restored = self._redo.pop()
        marker = Event(
            seq=len(self.entries),
            kind=REDO,
            round=current_round(self.state),
            payload={"group": restored[0].group},
            group=len(self.entries),
            text=f"redo #{restored[0].group}",
        )
        state = self.state
        for event in restored:
            state = self.ruleset.evolve(state, event)
            self._push(event, state)
        self.entries.append(marker)
        return Accepted((marker,), self.state)

    # -- resuming ------------------------------------------------------------
    def resume_point(self) -> dict[str, Any]:
        """JSON-safe: what opening this battle needs besides its log to draw it without
        replaying the log (``Battle(header, entries, resume=...)``): the state, the
        round after each effective event, and the log entry it follows.
        ``StateCodecError`` if the state holds something ``state_codec`` cannot store."""
        return {
            "count": len(self.entries),
            "last": self.entries[-1].to_dict() if self.entries else None,
            "rounds": _runs(self._rounds),
            "state": encode(self._state),
        }

    def fill_history(self) -> bool:
        """Replay the log now if the battle was opened from a resume point (the states
        review and undo start from). The log is the truth: if its replay ends in another
        state than the resume point's, the replayed one replaces it, and the answer is
        False; True otherwise."""
        if not self._history_due:
            return True
        resumed = self._state
        self._history_due = False
        self._rebuild()
        return bool(self._state == resumed)

    @property
    def history_due(self) -> bool:
        """Opened from a resume point and not replayed yet (``fill_history``)."""
        return self._history_due

    def _resume(self, point: Mapping[str, Any]) -> bool:
        """Open at ``point`` (a ``resume_point``) if it is where the entries end."""
        try:
            if point.get("count") != len(self.entries) or point.get("last") != self.entries[-1].to_dict():
                return False
            rounds = _unrun(point["rounds"])
            history = effective(self.entries)
            if len(rounds) != len(history.active) + 1:
                return False
            state = decode(point["state"])
        except (StateCodecError, KeyError, TypeError, ValueError):
            return False
        if type(state) is not type(self.initial):
            return False
        self._redo = [g for g in reversed(history.redoable)]
        self._active = list(history.active)
        self._rounds = rounds
        self._state = state
        self._kept[len(self._active)] = state
        self._history_due = True
        return True

    # -- internals -----------------------------------------------------------
    def _reset_states(self) -> None:
        """No effective events yet: the initial state is the only one kept."""
        self._state = self.initial
        self._kept = {0: self.initial}
        self._rounds = [current_round(self.initial)]
        self._looked_up = None

    def _push(self, event: Event, state: Any) -> None:
        """``event`` counts now and ``state`` follows it."""
        self._active.append(event)
        count = len(self._active)
        self._state = self._kept[count] = state
        self._rounds.append(current_round(state))
        old = count - RECENT
        if old > 0 and old % CHECKPOINT_EVERY:
            self._kept.pop(old, None)

    def _rebuild(self) -> None:
        """Replay every effective event, keeping what ``_push`` would have kept (the
        checkpoints and the latest ``RECENT`` states) without keeping the rest first."""
        history = effective(self.entries)
        self._redo = [g for g in reversed(history.redoable)]
        self._reset_states()
        active = list(history.active)
        evolve = self.ruleset.evolve
        kept, rounds = self._kept, self._rounds
        recent_after = len(active) - RECENT
        state = self.initial
        for count, event in enumerate(active, 1):
            state = evolve(state, event)
            rounds.append(current_round(state))
            if count > recent_after or not count % CHECKPOINT_EVERY:
                kept[count] = state
        self._active = active
        self._state = state


def _runs(rounds: Sequence[int]) -> list[list[int]]:
    """``rounds`` as [value, how many times in a row] pairs (a battle has few rounds)."""
    runs: list[list[int]] = []
    for r in rounds:
        if runs and runs[-1][0] == r:
            runs[-1][1] += 1
        else:
            runs.append([r, 1])
    return runs


def _unrun(runs: Any) -> list[int]:
    """The list ``_runs`` made ``runs`` from (``ValueError`` for anything else)."""
    out: list[int] = []
    for value, count in runs:
        if type(value) is not int or type(count) is not int or count < 1:
            raise ValueError(f"not a run of rounds: {value!r} x {count!r}")
        out.extend([value] * count)
    return out


def new_header(ruleset: str, setup: dict[str, Any], seed: int, title: str = "", **extra: Any) -> dict[str, Any]:
    """A JSON-safe header for a new battle save."""
    from .events import SCHEMA_VERSION

    header = {
        "kind": HEADER_KIND,
        "ruleset": ruleset,
        "title": title,
        "seed": seed,
        "setup": setup,
        "schema": SCHEMA_VERSION,
    }
    header.update(extra)
    return header

"""A battle session: the engine's ``Battle`` and its save, kept in step.

This is the only TUI module that drives the engine. The battle screen hands it
commands; the session decides them and writes the new log entries at once, on the
main thread (the engine is fast, and one fsync'd journal line costs less than handing
it to a thread and back: see ``bench/tui_bench.py``), and only when the write has
returned posts ``BattleChanged``. Until the screen handles it, it keeps showing the
previous state: once the screen shows an event as done, it is on disk. Commands that
arrive before the screen has settled wait their turn, in order.

Opening and creating battles (``open_session``, ``create_session``) do file I/O and
replay the log: call them from a thread worker.
"""

from __future__ import annotations

import threading
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping

from engine.battle import Accepted, Battle, new_header
from engine.dice import DiceSource
from engine.events import Event
from engine.ruleset import BattleSummary, Rejected, SettingSpec, SystemSpec, find_system
from tui.messages import BattleChanged, ChangeKind, CommandRefused, SaveFailed, SaveWarning

Progress = Callable[[str, "float | None"], None]
UNDO = "undo"
REDO = "redo"


def _no_progress(text: str, fraction: float | None = None) -> None:
    return None


@dataclass(frozen=True)
class View:
    """What the screen shows: the battle as it is on disk.

    ``events``: the effective log entries, oldest first; ``undone``: the entries redo
    would bring back (next first); ``saved``: log entries on disk; ``rounds``: the round
    the battle is in after each of ``events``, by seq (a round's opening event in the
    round it starts: the log pane's round tags).
    """

    state: Any
    events: tuple[Event, ...]
    undone: tuple[Event, ...] = ()
    can_undo: bool = False
    can_redo: bool = False
    saved: int = 0
    entries: tuple[Event, ...] = field(default=(), repr=False)
    rounds: Mapping[int, int] = field(default_factory=dict, repr=False)


class Session:
    """One open battle. ``host`` is the message pump that receives the results
    (the battle screen)."""

    def __init__(self, battle: Battle, store: Any, note: str = "") -> None:
        self.battle = battle
        self.store = store
        self.path = Path(store.path)
        self.note = note
        self.header = battle.header
        self.read_only: str = store.read_only
        """Why the session does not save (a damaged save, a read-only disk, a failed
        write), or empty."""
        self.damaged = bool(store.warning)
        """The save is damaged: it opened read-only with the entries before the damage;
        ``continue_from_good`` saves again from there."""
        self._host: Any = None
        self._queue: deque[tuple[Any, DiceSource | None]] = deque()
        self._busy = False
        self._closing = False
        self._io = threading.Lock()
        self.view = self._snapshot()

    # ------------------------------------------------------------------ reading
    @property
    def title(self) -> str:
        return str(self.header.get("title") or self.path.stem)

    @property
    def busy(self) -> bool:
        """A write is in flight or commands are waiting."""
        return self._busy or bool(self._queue)

    @property
    def settings(self) -> tuple[SettingSpec, ...]:
        """The rule system's setting specs (for the settings screen)."""
        return tuple(self.battle.ruleset.settings)

    @property
    def system(self) -> SystemSpec:
        """The rule system's declaration (``engine.ruleset.SystemSpec``)."""
        return find_system(self.battle.ruleset.name)

    def cite(self, text: str) -> str:
        """``text`` with each rule cited as the battle's rulebook gives it (section, page)."""
        return self.system.cite(text)

    def cite_short(self, text: str) -> str:
        """``text`` with each rule cited in the compact form (the book's section and page)."""
        return self.system.cite_short(text)

    def summary(self, state: Any | None = None) -> BattleSummary:
        """What generic code may read of ``state`` (default: the state on disk)."""
        return self.system.summary(self.view.state if state is None else state)

    def entry(self, seq: int) -> Event | None:
        """Log entry ``seq`` if it is on disk."""
        if 0 <= seq < self.view.saved:
            return self.view.entries[seq]
        return None

    def _snapshot(self) -> View:
        b = self.battle
        active = b.active_events
        return View(
            b.state,
            active,
            b.undone_events,
            b.can_undo,
            b.can_redo,
            len(b.entries),
            tuple(b.entries),
            b.rounds_after(active),
        )

    # ------------------------------------------------------------------ once drawn
    def prepare(self) -> None:
        """Import the rules' reducers (``Ruleset.prepare``). On the main thread, where
        commands import the rules' procedures: two threads importing one package's
        modules at once once left one with a partly imported module."""
        self.battle.ruleset.prepare()

    def fill_history(self) -> bool:
        """Replay the log if the battle opened at its resume point (review and undo need
        the states before the last; the screen asks first, ``check_history``). False if
        the replay ended elsewhere than the resume point: the replayed state is the one
        shown from now on."""
        if self.battle.fill_history():
            return True
        self.view = self._snapshot()
        return False

    # ------------------------------------------------------------------ changing
    def attach(self, host: Any) -> None:
        """Send results to ``host`` (a Textual message pump)."""
        self._host = host

    def submit(self, command: Any, dice: DiceSource | None = None) -> None:
        """Decide ``command`` and save its events; the result arrives as a message."""
        self._queue.append((command, dice))
        self._pump()

    def undo(self) -> None:
        self.submit(UNDO)

    def redo(self) -> None:
        self.submit(REDO)

    def _pump(self) -> None:
        while self._queue and not self._busy:
            command, dice = self._queue.popleft()
            if self.read_only or self._closing:
                reason = self.read_only or "the battle is being closed"
                self._post(CommandRefused(Rejected(reason, kind="illegal"), command))
                continue
            try:
                if command == UNDO:
                    result = self.battle.undo()
                elif command == REDO:
                    result = self.battle.redo()
                else:
                    result = self.battle.submit(command, dice)
            except Exception as err:  # noqa: BLE001 - an engine fault is a message, not a crash
                result = Rejected(
                    f"the rules engine failed on this command ({err.__class__.__name__}: {err})", kind="malformed"
                )
            if isinstance(result, Rejected):
                self._post(CommandRefused(result, command))
                continue
            assert isinstance(result, Accepted)
            kind: ChangeKind = "undo" if command == UNDO else "redo" if command == REDO else "command"
            self._busy = True
            self._persist(kind, result.events)

    def _persist(self, kind: ChangeKind, events: tuple[Event, ...]) -> None:
        """Append the entries; durable when ``append_many`` returns (the store's
        checkpoints fold the journal in their own thread)."""
        from saves import SaveError

        try:
            with self._io:
                self.store.append_many([e.to_dict() for e in events])
        except SaveError as err:
            self._post(SaveFailed(str(err)))
        except Exception as err:  # noqa: BLE001 - any failure must reach the GM, not kill the app
            self._post(SaveFailed(f"cannot save {self.path}: {err.__class__.__name__}: {err}"))
        else:
            self._post(BattleChanged(kind, events))
            problem = self.store.checkpoint_problem()
            if problem:
                self._post(SaveWarning(problem))

    def _post(self, message: Any) -> None:
        if self._host is not None:
            self._host.post_message(message)
        elif isinstance(message, BattleChanged):
            self.settle()
        elif isinstance(message, SaveFailed):
            self.failed(message.text)

    def settle(self) -> View:
        """On the main thread, after ``BattleChanged``: show the saved state, go on."""
        self._busy = False
        self.view = self._snapshot()
        self._pump()
        return self.view

    def failed(self, text: str) -> None:
        """After ``SaveFailed``: forget what was not saved; stop saving until reopened."""
        self._busy = False
        self._queue.clear()
        self.battle = Battle(self.battle.header, self.battle.entries[: self.store.count])  # the saved ones
        self.view = self._snapshot()
        self.read_only = f"not saving ({text}); reopen the battle"

    def continue_from_good(self) -> None:
        """A damaged save: keep the entries before the damage (the store keeps a copy of
        each file it changes beside it) and save again from there (file I/O: call from
        a worker; the screen redraws after). ``SaveError`` if it cannot."""
        with self._io:
            self.store.continue_from(len(self.battle.entries))
        self.read_only = ""
        self.damaged = False
        self.note = f"Continuing from entry {len(self.battle.entries)}: the damaged files are kept as *.damaged"

    def close(self) -> None:
        """Fold the save and release it, after any write in flight (file I/O: call from
        a worker). Commands not yet written are dropped: they were never shown as done."""
        self._closing = True
        self._queue.clear()
        with self._io:
            self._keep_resume_point()
            self.store.close()

    def _keep_resume_point(self) -> None:
        """Keep the state beside the log (``saves.resume``) so the battle reopens without
        replaying it first; best effort: without it the log is replayed."""
        import saves.resume

        if self.read_only or self.damaged or len(self.battle.entries) != self.store.count:
            return
        try:
            saves.resume.write_resume(self.path, self.battle)
        except Exception:  # noqa: BLE001 - a cache: the save is whole without it
            saves.resume.forget_resume(self.path)


# ---------------------------------------------------------------------- opening (workers)
class OpenError(Exception):
    """Opening a battle failed; ``str()`` is one line for the GM. ``kind``: the saves
    module's kind of problem when it comes from there ("in use", "corrupt"...)."""

    def __init__(self, text: str, kind: str = "") -> None:
        super().__init__(text)
        self.kind = kind


def open_session(path: str | Path, progress: Progress = _no_progress) -> Session:
    """Open an existing save for play. The save is read once: its entries are replayed
    (and checked) before anything is written to it; any problem is an ``OpenError``
    with the save module's message, and leaves the save as it was."""
    import saves

    where = Path(path)
    progress(f"Reading {where.name}…", None)
    built: list[Battle] = []

    def replay(header: dict[str, Any], entries: list[dict[str, Any]]) -> tuple[int, str] | None:
        progress(f"Replaying {len(entries)} log entries…", None)
        battle, damage = _battle(where, header, entries, resume=True)
        built.append(battle)
        return (len(battle.entries), damage) if damage else None  # the store opens read-only

    try:
        store = saves.BattleStore.open(where, check=replay, salvage=True)
    except saves.SaveError as err:
        raise OpenError(str(err), err.kind) from None
    session = Session(built[0], store)
    if store.warning:
        session.note = f"{store.warning} — ctrl+r continues from there"
    elif store.read_only:
        session.note = f"{where} opened {store.read_only}: review, export and dice luck only"
    return session


def rules_damage(where: Path, header: dict[str, Any], entries: list[dict[str, Any]]) -> tuple[int, str] | None:
    """For ``saves.salvage(check=...)``: ``(count, problem)`` when entry ``count`` is the
    first one the rules cannot apply, else None. ``OpenError`` for a header this version
    cannot play."""
    battle, damage = _battle(where, header, entries)
    return (len(battle.entries), damage) if damage else None


def _battle(
    where: Path, header: dict[str, Any], entries: list[dict[str, Any]], *, resume: bool = False
) -> tuple[Battle, str]:
    """The battle the entries replay to, and what is wrong with the first entry the rules
    cannot apply (then the battle holds the entries before it), or empty. ``resume``:
    open at the save's resume point if it is where the entries end (``saves.resume``)."""
    _check_header(where, header)
    try:
        return Battle(header, entries, _resume_point(where, header) if resume and entries else None), ""
    except Exception:  # noqa: BLE001 - found below, entry by entry
        pass
    try:
        Battle(header)
    except Exception as err:  # noqa: BLE001 - an unreadable battle is a message, not a traceback
        raise OpenError(f"cannot open {where}: not a battle this version can play ({_what(err)})") from None
    good, bad = 0, len(entries)  # Battle(entries[:good]) replays; Battle(entries[:bad]) does not
    while bad - good > 1:
        middle = (good + bad) // 2
        try:
            Battle(header, entries[:middle])
            good = middle
        except Exception:  # noqa: BLE001
            bad = middle
    try:
        Battle(header, entries[:bad])
        raise AssertionError("replay failed on the whole log but not on a prefix")
    except Exception as err:  # noqa: BLE001
        problem = _what(err)
    kind = entries[good].get("kind") if good < len(entries) and isinstance(entries[good], dict) else None
    what = f"entry {good} ({kind})" if isinstance(kind, str) else f"entry {good}"
    return Battle(header, entries[:good]), f"{what} cannot be applied by the rules ({problem})"


def _resume_point(where: Path, header: dict[str, Any]) -> dict[str, Any] | None:
    """The resume point kept in the save, if this code wrote it (``saves.resume``)."""
    import saves.resume
    from engine.ruleset import UnknownSystem, get_ruleset

    try:
        ruleset = get_ruleset(str(header["ruleset"]))
    except UnknownSystem:
        return None
    return saves.resume.read_resume(where, ruleset)


def _check_header(where: Path, header: dict[str, Any]) -> None:
    """The header fields every battle needs, each named with what was expected."""
    from engine.events import SCHEMA_VERSION

    expected = {"ruleset": str, "setup": dict}
    for key, kind in expected.items():
        if key not in header:
            raise OpenError(f"cannot open {where}: the header has no {key!r} (a {kind.__name__} is expected)")
        if not isinstance(header[key], kind):
            found = type(header[key]).__name__
            raise OpenError(f"cannot open {where}: the header's {key!r} is a {found}, not a {kind.__name__}")
    schema = header.get("schema", 1)
    if type(schema) is not int or schema < 1:
        raise OpenError(f"cannot open {where}: the header's 'schema' is {schema!r}, not a whole number from 1")
    if schema > SCHEMA_VERSION:
        raise OpenError(
            f"cannot open {where}: written by a newer version (schema {schema}; this version reads up to {SCHEMA_VERSION})"
        )


def _what(err: BaseException) -> str:
    """An engine error in a few words that name the key or the value."""
    if isinstance(err, KeyError) and err.args:
        return f"no field {err.args[0]!r} where one was expected"
    text = str(err)
    return f"{err.__class__.__name__}: {text}" if text else err.__class__.__name__


def create_session(
    directory: Path,
    title: str,
    setup: dict[str, Any],
    seed: int,
    ruleset: str,
    progress: Progress = _no_progress,
    **extra: Any,
) -> Session:
    """Create a new battle save in ``directory`` and open it."""
    import saves

    header = new_header(ruleset, setup, seed, title, **extra)
    progress("Checking the set-up…", None)
    try:
        Battle(header)
    except Exception as err:  # noqa: BLE001
        raise OpenError(f"cannot start the battle: {err}") from None
    progress("Creating the save…", None)
    try:
        path = saves.new_save_path(title, directory)
        store = saves.BattleStore.create(path, header)
    except saves.SaveError as err:
        raise OpenError(str(err)) from None
    return Session(Battle(store.header), store)  # a new save: no entries yet

"""Messages: intents going up from widgets, results coming back from workers.

Widgets never change the battle; they post what the GM asked for and the battle
screen decides. Workers never touch widgets; they post what happened.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from textual.message import Message

if TYPE_CHECKING:
    from textual.screen import Screen

    from engine.ruleset import Rejected

ChangeKind = Literal["command", "undo", "redo"]
"""What made new log entries: a command, an undo or a redo."""


# --------------------------------------------------------------------------- widget intents
class ModelSelected(Message):
    """The GM moved the cursor onto a model in a band pane."""

    def __init__(self, model_id: str) -> None:
        super().__init__()
        self.model_id = model_id


class UnitSelected(Message):
    """The GM moved the cursor onto a unit in a SAGA unit pane."""

    def __init__(self, unit_id: str) -> None:
        super().__init__()
        self.unit_id = unit_id


class LogEntryChosen(Message):
    """The GM asked for the full breakdown of log entry ``seq``."""

    def __init__(self, seq: int) -> None:
        super().__init__()
        self.seq = seq


class CardPlayRequested(Message):
    """Play ``card`` for ``side`` on ``model_id``."""

    def __init__(self, side: str, card: str, model_id: str) -> None:
        super().__init__()
        self.side = side
        self.card = card
        self.model_id = model_id


class SettingChangeRequested(Message):
    """Change battle setting ``key`` to ``value``."""

    def __init__(self, key: str, value: str) -> None:
        super().__init__()
        self.key = key
        self.value = value


class CommandRequested(Message):
    """A dialog built an engine command for the battle screen to submit."""

    def __init__(self, command: Any, dice: Any = None) -> None:
        super().__init__()
        self.command = command
        self.dice = dice


# --------------------------------------------------------------------------- session results
class BattleChanged(Message):
    """New log entries are on disk; the screen may show them as done.

    ``kind``: "command", "undo" or "redo"; ``events``: the new entries.
    """

    def __init__(self, kind: ChangeKind, events: tuple[Any, ...]) -> None:
        super().__init__()
        self.kind: ChangeKind = kind
        self.events = events


class CommandRefused(Message):
    """The engine rejected a command: nothing changed. ``rejected`` has reason and rule."""

    def __init__(self, rejected: Rejected, command: Any = None) -> None:
        super().__init__()
        self.rejected = rejected
        self.command = command


class SaveWarning(Message):
    """The save goes on but something is wrong (a checkpoint failed): ``text`` is one line."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text


class SaveFailed(Message):
    """Writing to the save failed: the last command is not kept. ``text`` is one line."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text


# --------------------------------------------------------------------------- loading
class LoadProgress(Message):
    """A step of opening a battle (``fraction`` None: unknown length)."""

    def __init__(self, text: str, fraction: float | None = None) -> None:
        super().__init__()
        self.text = text
        self.fraction = fraction


class BattleOpened(Message):
    """A battle is open and ready (``session`` is a ``tui.session.Session``); ``screen``:
    the class of its system's screen, imported by the worker that opened it (the main
    thread imports none of a system's modules while a worker may be importing them)."""

    def __init__(self, session: Any, screen: type[Screen[Any]], note: str = "") -> None:
        super().__init__()
        self.session = session
        self.screen = screen
        self.note = note


class OpenFailed(Message):
    """Opening or creating a battle failed; ``text`` is the one-line reason."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text


class SavesListed(Message):
    """The saves folder was read: ``found`` summaries (newest first), or ``error``."""

    def __init__(self, found: list[Any], error: str = "") -> None:
        super().__init__()
        self.found = found
        self.error = error


class SessionClosed(Message):
    """The open battle was closed (everything folded on disk); ``then`` says what next."""

    def __init__(self, then: str, error: str = "") -> None:
        super().__init__()
        self.then = then
        self.error = error

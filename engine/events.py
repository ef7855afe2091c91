"""Events: the append-only record of a battle.

Every change to battle state is an ``Event``. Events serialize to plain JSON-safe
dicts carrying a schema version; a save written by a newer schema is refused, not
misread.
"""

from __future__ import annotations

from sys import intern
from typing import Any

from engine.records import Record, field

SCHEMA_VERSION = 1
"""Version of the event dict layout. Bump when the meaning of a field changes."""

UNDO = "undo"
REDO = "redo"
CONTROL_KINDS = frozenset({UNDO, REDO})
"""Log entries that steer the log itself rather than the battle."""


class EventFormatError(ValueError):
    """An event dict that this version cannot read."""


class EventDraft(Record):
    """What a rule procedure decides happened, before it gets a place in the log."""

    kind: str
    payload: dict[str, Any] = field(default_factory=dict)
    actor: str | None = None
    text: str = ""
    """One line for the battle log, written when the event is decided."""


class Event(Record):
    """One entry of the battle log.

    ``seq``: position in the log (0, 1, 2 ...); ``group``: the seq of the first event of
    the command that produced it (undo takes back a whole group); ``round``: the battle
    round when it happened; ``actor``: the side or model that acted; ``payload``: the
    kind-specific, JSON-safe data (roll records included); ``text``: a one-line summary.
    """

    seq: int
    kind: str
    round: int = 0
    actor: str | None = None
    payload: dict[str, Any] = field(default_factory=dict)
    group: int = -1
    text: str = ""
    schema: int = SCHEMA_VERSION

    def to_dict(self) -> dict[str, Any]:
        return {
            "seq": self.seq,
            "kind": self.kind,
            "round": self.round,
            "actor": self.actor,
            "group": self.group,
            "text": self.text,
            "payload": self.payload,
            "schema": self.schema,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Event":
        """The event a log entry holds (``EventFormatError`` if this version cannot read
        it). Values already of the right type are taken as they are (a long battle's
        log is thousands of entries); others are converted as ``int``/``str`` would."""
        try:
            get = data.get
            schema = get("schema", SCHEMA_VERSION)
            if type(schema) is not int:
                schema = int(schema)
            if schema > SCHEMA_VERSION:
                raise EventFormatError(
                    f"event {get('seq')} uses event schema {schema}; this version reads up to {SCHEMA_VERSION}"
                )
            seq = data["seq"]
            if type(seq) is not int:
                seq = int(seq)
            kind = data["kind"]
            kind = intern(kind if type(kind) is str else str(kind))
            round_ = get("round", 0)
            if type(round_) is not int:
                round_ = int(round_)
            group = get("group", seq)
            if type(group) is not int:
                group = int(group)
            text = get("text", "")
            if type(text) is not str:
                text = str(text)
            return cls(seq, kind, round_, _name(get("actor")), _payload(get("payload")), group, text, schema)
        except (KeyError, TypeError, ValueError) as err:
            if isinstance(err, EventFormatError):
                raise
            raise EventFormatError(f"event entry is malformed ({err.__class__.__name__}: {err})") from None


def _name(value: Any) -> Any:
    """A kind or actor read from a save: one shared string for each name (a long
    battle's log repeats a few dozen of them thousands of times)."""
    return intern(value) if type(value) is str else value


def _payload(value: Any) -> dict[str, Any]:
    """An entry's payload as it is (not copied: a long battle's log is thousands of
    them, and nothing changes a payload once it is an event's)."""
    if not value:
        return {}
    if not isinstance(value, dict):
        raise TypeError(f"payload is a {type(value).__name__}, not an object")
    return value

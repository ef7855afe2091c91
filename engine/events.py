"""Events: the append-only record of a battle.

Every change to battle state is an ``Event``. Events serialize to plain JSON-safe
dicts carrying a schema version; a save written by a newer schema is refused, not
misread.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from sys import intern
from typing import Any

SCHEMA_VERSION = 1
"""Version of the event dict layout. Bump when the meaning of a field changes."""

UNDO = "undo"
REDO = "redo"
CONTROL_KINDS = frozenset({UNDO, REDO})
"""Log entries that steer the log itself rather than the battle."""


class EventFormatError(ValueError):
    """An event dict that this version cannot read."""


@dataclass(frozen=True)
class EventDraft:
    """What a rule procedure decides happened, before it gets a place in the log."""

    kind: str
    payload: dict[str, Any] = field(default_factory=dict)
    actor: str | None = None
    text: str = ""
    """One line for the battle log, written when the event is decided."""


@dataclass(frozen=True, slots=True)
class Event:
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
        try:
            schema = int(data.get("schema", SCHEMA_VERSION))
            if schema > SCHEMA_VERSION:
                raise EventFormatError(
                    f"event {data.get('seq')} uses event schema {schema}; this version reads up to {SCHEMA_VERSION}"
                )
            return cls(
                seq=int(data["seq"]),
                kind=_name(str(data["kind"])),
                round=int(data.get("round", 0)),
                actor=_name(data.get("actor")),
                payload=_payload(data.get("payload")),
                group=int(data.get("group", data["seq"])),
                text=str(data.get("text", "")),
                schema=schema,
            )
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

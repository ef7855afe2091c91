"""Copy-on-change for frozen state records.

``dataclasses.replace`` re-runs ``__init__`` through field introspection and costs tens of
microseconds a call; replaying a long battle makes thousands of copies. ``changed``
copies the instance dictionary instead (well under a microsecond) and still refuses
unknown field names (checked only when the copy grew: a changed field keeps its size).
"""

from __future__ import annotations

from dataclasses import Field
from typing import Any, ClassVar, Protocol, TypeVar


class Record(Protocol):
    """Any dataclass instance (what ``changed`` copies)."""

    __dataclass_fields__: ClassVar[dict[str, Field[Any]]]


T = TypeVar("T", bound=Record)


def changed(record: T, /, **changes: Any) -> T:
    """A copy of the frozen dataclass ``record`` with ``changes`` applied."""
    before = record.__dict__
    data = before.copy()
    data.update(changes)
    if len(data) != len(before):  # a name the record did not have: unless a field set later, refused
        unknown = changes.keys() - record.__dataclass_fields__.keys()
        if unknown:
            raise TypeError(f"{type(record).__name__} has no field {', '.join(sorted(unknown))}")
    new = object.__new__(type(record))
    object.__setattr__(new, "__dict__", data)
    return new


class GhostModel(ValueError):
    """An event or command names a model (or unit) the battle does not have: replaying a
    save that holds one is damage at that event, never a silent no-op."""

    def __init__(self, what: str, ident: str) -> None:
        self.what = what
        self.ident = ident
        super().__init__(f"there is no {what} {ident!r} in this battle")

    def __reduce__(self) -> tuple[object, ...]:
        return (type(self), (self.what, self.ident))

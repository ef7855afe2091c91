"""Copy-on-change for frozen state records.

``dataclasses.replace`` re-runs ``__init__`` through field introspection and costs tens of
microseconds a call; replaying a long battle makes thousands of copies. ``changed``
copies the instance dictionary instead (about a microsecond) and still refuses unknown
field names.
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
    fields = record.__dataclass_fields__
    if not changes.keys() <= fields.keys():
        unknown = ", ".join(sorted(set(changes) - set(fields)))
        raise TypeError(f"{type(record).__name__} has no field {unknown}")
    new = object.__new__(type(record))
    data = dict(record.__dict__)
    data.update(changes)
    object.__setattr__(new, "__dict__", data)
    return new

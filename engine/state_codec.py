"""A rule system's state as JSON and back, exactly.

A battle's state is the replay of its log; a save also keeps the state it closed with
(``Battle.resume_point``) so that opening a long battle draws it without replaying
every event first. The state is made of records (``engine.records.Record``), enums, tuples, frozensets,
dicts and plain values; ``encode`` writes each with a tag that says which, and
``decode`` builds the same objects again (``decode(encode(s)) == s``).

Only classes of the engine are rebuilt: a tag naming anything outside ``engine.``, or
a class that is not a record or an enum, is a ``StateCodecError`` (a save is data,
never code). Records are rebuilt from their stored fields by their constructor (which
runs the class's own checks, ``__post_init__``).
"""

from __future__ import annotations

import sys
from enum import Enum
from fractions import Fraction
from functools import cache
from importlib import import_module
from operator import attrgetter
from typing import Any, Callable

from engine.records import Record, fields

ENGINE = "engine."
"""The package whose classes a stored state may name."""

_PLAIN = frozenset({str, int, float, bool, type(None)})
"""JSON's own types, stored as they are (by exact type: a ``StrEnum`` is an enum)."""


class StateCodecError(ValueError):
    """A state that cannot be written, or a stored one that cannot be read back."""


def encode(value: Any) -> Any:
    """``value`` as JSON-safe data (tagged where JSON has no such type)."""
    kind: type = type(value)
    if kind in _PLAIN:
        return value
    if kind is tuple:
        return {"t": [encode(v) for v in value]}
    if kind is list:
        return [encode(v) for v in value]
    if kind is frozenset:
        return {"fs": [encode(v) for v in value]}
    if kind is dict:
        if all(type(k) is str for k in value):
            return {"d": {k: encode(v) for k, v in value.items()}}
        return {"dk": [[encode(k), encode(v)] for k, v in value.items()]}
    if isinstance(value, Enum):
        return {"e": _name(kind), "v": encode(value.value)}
    if kind is Fraction:
        return {"q": f"{value.numerator}/{value.denominator}"}
    if isinstance(value, Record):
        return {"c": _name(kind), "f": {name: encode(read(value)) for name, read in _readers(kind)}}
    raise StateCodecError(f"cannot store a {kind.__module__}.{kind.__qualname__} in a state")


def decode(data: Any) -> Any:
    """The value ``encode`` made ``data`` from. ``StateCodecError`` for anything else."""
    if type(data) in _PLAIN:
        return data
    if type(data) is list:
        return [decode(v) for v in data]
    if type(data) is not dict or len(data) not in (1, 2):
        raise StateCodecError(f"not a stored state value: {str(data)[:60]}")
    try:
        if "t" in data:
            return tuple(decode(v) for v in data["t"])
        if "fs" in data:
            return frozenset(decode(v) for v in data["fs"])
        if "d" in data:
            return {k: decode(v) for k, v in data["d"].items()}
        if "dk" in data:
            return {decode(k): decode(v) for k, v in data["dk"]}
        if "q" in data:
            return Fraction(data["q"])
        if "e" in data:
            enum = _class(data["e"])
            if not issubclass(enum, Enum):
                raise StateCodecError(f"{data['e']} is not an enum")
            return enum(decode(data["v"]))
        if "c" in data:
            return _record(_class(data["c"]), data["f"])
    except StateCodecError:
        raise
    except (TypeError, ValueError, KeyError, AttributeError) as err:
        raise StateCodecError(f"a stored state value cannot be read: {err}") from None
    raise StateCodecError(f"not a stored state value: {str(data)[:60]}")


def _record(cls: type, stored: dict[str, Any]) -> Any:
    if not issubclass(cls, Record):
        raise StateCodecError(f"{cls.__qualname__} is not a record")
    names = cls.__struct_fields__
    if sorted(names) != sorted(stored):
        raise StateCodecError(f"{cls.__qualname__} has fields {list(names)}, the stored one {sorted(stored)}")
    return cls(**{name: decode(stored[name]) for name in names})


@cache
def _readers(cls: type) -> tuple[tuple[str, Callable[[Any], Any]], ...]:
    """Each field of record class ``cls`` with the function that reads it."""
    return tuple((f.name, attrgetter(f.name)) for f in fields(cls))


def _name(cls: type) -> str:
    return f"{cls.__module__}:{cls.__qualname__}"


def _class(name: Any) -> type:
    """The engine class ``module:qualname`` names (its module imported if need be)."""
    if not isinstance(name, str) or ":" not in name:
        raise StateCodecError(f"not a class name: {name!r}")
    module_name, qualname = name.split(":", 1)
    if not module_name.startswith(ENGINE):
        raise StateCodecError(f"{module_name} is not part of the engine")
    module = sys.modules.get(module_name)
    if module is None:
        try:
            module = import_module(module_name)
        except ImportError:
            raise StateCodecError(f"no module {module_name}") from None
    found: Any = module
    for part in qualname.split("."):
        found = vars(found).get(part) if hasattr(found, "__dict__") else None
    if not isinstance(found, type):
        raise StateCodecError(f"no class {name}")
    return found

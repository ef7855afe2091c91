"""A function imported the first time it is called.

A rule system's reducers and rule procedures are only needed once an event is replayed
or a command decided; a battle resumed from its saved state draws without them. Each
rule system names them here instead of importing them with its package, and the app
loads them (``FirstUse.load``) once the battle is on screen, so the first key does not
wait for the import either.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any, Callable


class FirstUse:
    """``module.name``, imported on the first call (or ``load``)."""

    __slots__ = ("module", "name", "target")

    def __init__(self, module: str, name: str) -> None:
        self.module = module
        self.name = name
        self.target: Callable[..., Any] | None = None

    def load(self) -> Callable[..., Any]:
        """Import the function now (idempotent, safe from any thread: the import lock)."""
        target = self.target
        if target is None:
            target = self.target = vars(import_module(self.module))[self.name]
        return target

    def __call__(self, *args: Any) -> Any:
        target = self.target
        return (target or self.load())(*args)

    def __repr__(self) -> str:
        return f"FirstUse({self.module}.{self.name}, {'loaded' if self.target else 'not loaded'})"

"""The interface every rule system provides, and the registry that finds them by name.

A rule system is a plug-in of the one core: it builds the initial state from a
battle set-up, decides commands (pure: state + command + dice -> events or a
rejection), evolves state by one event, and lists its settings (each AMBIGUITY
reading the GM can see and change).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Literal, Protocol, Sequence, runtime_checkable

from .dice import DiceSource
from .events import Event, EventDraft

RejectionKind = Literal["malformed", "illegal", "ambiguous"]


@dataclass(frozen=True)
class Rejected:
    """A command that changes nothing, and why.

    ``kind``: ``malformed`` (the input itself is wrong: unknown model, bad dice entry),
    ``illegal`` (well-formed but not allowed now), ``ambiguous`` (needs a choice first).
    ``rule``: the rule reference the refusal comes from (e.g. "§8.1").
    """

    reason: str
    rule: str = ""
    kind: RejectionKind = "illegal"

    def __str__(self) -> str:
        return f"{self.reason} ({self.rule})" if self.rule else self.reason


@dataclass(frozen=True)
class Choice:
    """One reading of a setting."""

    value: str
    label: str


@dataclass(frozen=True)
class SettingSpec:
    """A battle setting, usually one AMBIGUITY of a rule reference.

    ``ref``: the reference id (``SM-A6``); ``section``: where in the rules; ``default``:
    the recommended reading.
    """

    key: str
    title: str
    ref: str
    section: str
    choices: tuple[Choice, ...]
    default: str
    note: str = ""

    def label_of(self, value: str) -> str:
        for c in self.choices:
            if c.value == value:
                return c.label
        return value


class Command(Protocol):
    """A GM intent. Each rule system defines its own command dataclasses."""


@runtime_checkable
class Ruleset(Protocol):
    """What a rule system provides to the core."""

    name: str
    title: str
    settings: tuple[SettingSpec, ...]

    def initial_state(self, setup: dict[str, Any]) -> Any:
        """Build the state before any event from a JSON-safe battle set-up."""
        ...

    def decide(self, state: Any, command: Any, dice: DiceSource) -> Rejected | Sequence[EventDraft]:
        """Pure: what the command does now. Never mutates ``state``."""
        ...

    def evolve(self, state: Any, event: Event) -> Any:
        """Pure: the state after one event."""
        ...


_REGISTRY: dict[str, Callable[[], Ruleset]] = {}
_INSTANCES: dict[str, Ruleset] = {}


def register(name: str, factory: Callable[[], Ruleset]) -> None:
    """Make a rule system findable by name."""
    _REGISTRY[name] = factory


def get_ruleset(name: str) -> Ruleset:
    """The rule system registered under ``name``; KeyError with the known names otherwise."""
    _load_builtin()
    if name not in _INSTANCES:
        if name not in _REGISTRY:
            known = ", ".join(sorted(_REGISTRY)) or "none"
            raise KeyError(f"unknown rule system '{name}' (known: {known})")
        _INSTANCES[name] = _REGISTRY[name]()
    return _INSTANCES[name]


def ruleset_names() -> list[str]:
    _load_builtin()
    return sorted(_REGISTRY)


def scenario_name(ruleset: str | None, key: str) -> str:
    """The name the rule system ``ruleset`` gives its scenario ``key`` (a rule system
    with scenarios has a ``scenario_name(key)`` method); the key itself when the system
    is unknown or has no scenarios."""
    try:
        system = get_ruleset(ruleset or "")
    except KeyError:
        return key
    lookup = getattr(system, "scenario_name", None)
    return lookup(key) if callable(lookup) else key


def default_settings(specs: Sequence[SettingSpec]) -> dict[str, str]:
    return {s.key: s.default for s in specs}


def _load_builtin() -> None:
    from . import rulesets  # noqa: F401  (registers the bundled systems)


def setting_change(specs: dict[str, SettingSpec], current: Callable[[str], str], key: str,
                   value: str) -> "Rejected | list[EventDraft]":
    """The ``setting_changed`` event every rule system's ChangeSetting command makes, or why
    not: an unknown setting or choice (malformed), or the reading already in force."""
    spec = specs.get(key)
    if spec is None:
        return Rejected(f"unknown setting '{key}'", kind="malformed")
    values = [c.value for c in spec.choices]
    if value not in values:
        return Rejected(f"'{value}' is not a choice for {spec.ref} (one of: {', '.join(values)})", kind="malformed")
    old = current(key)
    if old == value:
        return Rejected(f"{spec.ref} is already '{spec.label_of(old)}'", kind="illegal")
    return [EventDraft("setting_changed", {"key": key, "value": value, "old": old},
                       text=f"Setting {spec.ref} ({spec.title}): {spec.label_of(old)} → {spec.label_of(value)}.")]

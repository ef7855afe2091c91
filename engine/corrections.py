"""GM corrections: bringing the app back in line with what happened at the table.

One mechanism for every rule system. The GM's ``Correct`` command names *what* to change
(a free note, a model's wounds, a marker, actions left ...), the model or unit it is about
(``target``), the new ``value`` and the GM's ``reason``. A rule system lists what it lets
the GM correct as ``Field``s in one ``Corrections`` table (its ``corrections.py``); the
table offers the choices for a model (``options``: what the dialog shows, so the TUI
computes nothing), decides the command (pure: an impossible value, a marker the system
does not have or a model of another battle is ``Rejected`` with the reason) and applies
its one event kind, ``gm_correction``. The event goes through the normal log, so undo,
redo and replay treat it like any other; its payload keeps the old and new value and the
reason, and its text starts with ``GM correction`` (log, review, export).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Generic, Literal, Mapping, Sequence, TypeVar

from .events import Event, EventDraft
from .reducers import Reducers
from .ruleset import Rejected

GM_CORRECTION = "gm_correction"
"""The event kind of every GM correction, in every rule system."""

NOTE = "note"
"""``Correct.what`` of a free note: a line in the log, nothing else changes."""

BATTLE = "battle"
"""``Correct.target`` of a correction of the battle itself (a pending roll cancelled)."""

MARK = "GM correction"
"""How the log, review and export name a correction (the start of its text)."""

Value = int | str | bool
ValueKind = Literal["number", "choice", "flag", "note"]
S = TypeVar("S")


@dataclass(frozen=True)
class Correct:
    """The GM corrects the battle: set ``what`` of ``target`` (a model or unit id; None for
    a note or the battle itself) to ``value``, because of ``reason`` (the GM's words,
    required; a note's text is its own reason)."""

    what: str
    target: str | None = None
    value: Value | None = None
    reason: str = ""


@dataclass(frozen=True)
class CorrectionOption:
    """One thing the GM may correct now, as the dialog shows it.

    ``kind``: ``number`` (``minimum``..``maximum``, None: no upper bound), ``choice`` (one
    of ``choices``), ``flag`` (on/off: the new value is the other one), ``note`` (free text).
    ``current``: the value now; ``label``: what it is ("Wounds", "Hiding ◌").
    """

    what: str
    label: str
    kind: ValueKind
    target: str | None = None
    current: Value | None = None
    minimum: int = 0
    maximum: int | None = None
    choices: tuple[str, ...] = ()

    def shown(self, value: Value | None) -> str:
        """A value as the GM reads it."""
        if self.kind == "flag":
            return "on" if value else "off"
        if self.kind == "number" and self.minimum < 0 and isinstance(value, int):
            return f"{value:+d}"
        return "—" if value is None or value == "" else str(value)

    @property
    def line(self) -> str:
        """ "Wounds: 1" — the option with its value now."""
        return self.label if self.kind == "note" else f"{self.label}: {self.shown(self.current)}"


def _always(state: Any, target: str) -> bool:
    return True


@dataclass(frozen=True)
class Field(Generic[S]):
    """One thing a rule system lets the GM correct on a model or unit.

    ``get(state, target)`` reads the value, ``put(state, target, value)`` returns the state
    with it set (pure); ``applies(state, target)`` says whether the target has it at all
    (a model without magazines has none to correct); ``maximum(state, target)`` bounds a
    number (None: no bound); ``choices`` for a ``choice``.
    """

    what: str
    label: str
    kind: ValueKind
    get: Callable[[S, str], Value]
    put: Callable[[S, str, Value], S]
    minimum: int = 0
    maximum: Callable[[S, str], int | None] | None = None
    choices: tuple[str, ...] = ()
    applies: Callable[[S, str], bool] = _always
    label_of: Callable[[S, str], str] | None = None
    """The label for this target (a weapon's name), when it depends on it."""
    battle: bool = False
    """A correction of the battle itself (target ``BATTLE``), offered whatever is selected."""
    put_reason: Callable[[S, str, Value, str], S] | None = None
    """Instead of ``put``, for a value that keeps the GM's reason (a stat modifier shown
    among the profile's sources)."""

    def name(self, state: S, target: str) -> str:
        return self.label_of(state, target) if self.label_of is not None else self.label

    def option(self, state: S, target: str) -> CorrectionOption:
        return CorrectionOption(
            what=self.what,
            label=self.name(state, target),
            kind=self.kind,
            target=target,
            current=self.get(state, target),
            minimum=self.minimum,
            maximum=self.maximum(state, target) if self.maximum is not None else None,
            choices=self.choices,
        )


class Corrections(Generic[S]):
    """A rule system's corrections: its fields, and how it names its models or units.

    ``targets(state)``: id -> name of every model or unit of this battle (a target not in
    it is refused: a model of another battle). ``busy(state)``: a line naming what is
    open (a pending roll, an attack under way) for the "cancel" correction, or "".
    """

    def __init__(self, fields: Sequence[Field[S]], targets: Callable[[S], Mapping[str, str]]) -> None:
        self.fields: dict[str, Field[S]] = {}
        for f in fields:
            if f.what in self.fields or f.what == NOTE:
                raise ValueError(f"correction {f.what!r} is defined twice")
            self.fields[f.what] = f
        self.targets = targets

    # ------------------------------------------------------------------ what the dialog offers
    def options(self, state: S, target: str | None) -> tuple[CorrectionOption, ...]:
        """The note, then every correction ``target`` has (none for an unknown target)."""
        note = CorrectionOption(NOTE, "Note in the log (no action spent)", "note")
        battle = tuple(f.option(state, BATTLE) for f in self.fields.values() if f.battle and f.applies(state, BATTLE))
        if target is None or target not in self.targets(state):
            return (note, *battle)
        member = (f.option(state, target) for f in self.fields.values() if not f.battle and f.applies(state, target))
        return (note, *battle, *member)

    # ------------------------------------------------------------------ deciding
    def decide(self, state: S, command: Correct, dice: object = None) -> Rejected | list[EventDraft]:
        """The correction's one event, or why not (nothing is saved on a refusal)."""
        if command.what == NOTE:
            text = str(command.value or "").strip()
            if not text:
                return Rejected("a note needs its text", kind="malformed")
            reason = command.reason.strip() or text
            note: dict[str, Any] = {
                "what": NOTE,
                "target": None,
                "old": None,
                "new": text,
                "reason": reason,
                "label": "Note",
            }
            return [EventDraft(GM_CORRECTION, note, text=f"{MARK} — note: {text}")]
        reason = command.reason.strip()
        if not reason:
            return Rejected("a GM correction needs its reason (what happened at the table)", kind="malformed")
        names = {**self.targets(state), BATTLE: "the battle"}
        target = command.target
        if target is None or target not in names:
            return Rejected(f"there is no '{target}' in this battle", kind="malformed")
        field = self.fields.get(command.what)
        if field is None or field.battle != (target == BATTLE) or not field.applies(state, target):
            return Rejected(f"{names[target]} has no '{command.what}' to correct", kind="malformed")
        option = field.option(state, target)
        problem = _bad_value(option, command.value)
        if problem:
            return Rejected(f"{option.label} of {names[target]}: {problem}", kind="malformed")
        new = command.value
        assert new is not None
        if new == option.current:
            return Rejected(f"{option.label} of {names[target]} is already {option.shown(new)}", kind="illegal")
        payload: dict[str, Any] = {
            "what": field.what,
            "target": target,
            "old": option.current,
            "new": new,
            "reason": reason,
            "label": option.label,
        }
        text = (
            f"{MARK} — {names[target]}: {option.label} {option.shown(option.current)} → {option.shown(new)} ({reason})"
        )
        return [EventDraft(GM_CORRECTION, payload, actor=target, text=text)]

    # ------------------------------------------------------------------ applying
    def apply(self, state: S, payload: dict[str, Any]) -> S:
        """The state after a correction event (a note changes nothing)."""
        what = payload["what"]
        if what == NOTE:
            return state
        field = self.fields[what]
        if field.put_reason is not None:
            return field.put_reason(state, payload["target"], payload["new"], str(payload.get("reason", "")))
        return field.put(state, payload["target"], payload["new"])

    def register(self, reducers: Reducers[S]) -> None:
        """Make ``gm_correction`` one of ``reducers``' kinds."""
        reducers.on(GM_CORRECTION)(self.apply)


def _bad_value(option: CorrectionOption, value: object) -> str:
    """Why ``value`` cannot be ``option``'s new value ("" when it can)."""
    if option.kind in ("number",):
        if isinstance(value, bool) or not isinstance(value, int):
            return f"'{value}' is not a whole number"
        if value < option.minimum:
            return f"{value} is below {option.minimum}"
        if option.maximum is not None and value > option.maximum:
            return f"{value} is above {option.maximum}"
        return ""
    if option.kind == "flag":
        return "" if isinstance(value, bool) else f"'{value}' is not on or off"
    if option.kind == "choice":
        return "" if value in option.choices else f"'{value}' is not one of {', '.join(option.choices)}"
    return ""


def is_correction(event: Event) -> bool:
    """True for a GM correction (the log, review and export mark it)."""
    return event.kind == GM_CORRECTION


def correction_lines(event: Event) -> list[str]:
    """A correction's full breakdown: what, of whom, old → new, and the GM's reason."""
    p = event.payload
    if p.get("what") == NOTE:
        return [f"{MARK}: note", f"  {p.get('new', '')}"]
    return [
        f"{MARK}: {p.get('label', p.get('what'))} of {p.get('target')}",
        f"  was: {p.get('old')}",
        f"  now: {p.get('new')}",
        f"  reason: {p.get('reason', '')}",
    ]

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

from fractions import Fraction
from typing import Any, Callable, Generic, Literal, Mapping, Sequence, TypeVar

from engine.records import Record

from .dice import DiceEntryError, DiceSource
from .events import Event, EventDraft
from .formatting import roll_line
from .odds import at_least, at_most, binomial, shift, sum_distribution
from .reducers import Reducers
from .rolls import Modifier, RollRecord, plain
from .ruleset import Rejected

GM_CORRECTION = "gm_correction"
"""The event kind of every GM correction, in every rule system."""

NOTE = "note"
"""``Correct.what`` of a free note: a line in the log, nothing else changes."""

ROLL = "roll"
"""``Correct.what`` of a roll the app does not model (``value``: a ``GMRoll``): logged with
its dice and exact odds; its consequences are the GM's further corrections."""

BATTLE = "battle"
"""``Correct.target`` of a correction of the battle itself (a pending roll cancelled)."""

CANCEL = "cancel-pending"
"""``Correct.what`` of the battle correction that cancels what is open (a move, shot,
attack, melee, roll), in every rule system that has one."""

MARK = "GM correction"
"""How the log, review and export name a correction (the start of its text)."""

Value = int | str | bool
ValueKind = Literal["number", "choice", "flag", "note", "roll"]
RollHow = Literal["sum>=", "sum<=", "pool"]
HOW_TEXT: Mapping[str, str] = {
    "sum>=": "total + modifier at least the target",
    "sum<=": "total + modifier at most the target",
    "pool": "each die at or above the target is a success; enough successes pass",
}
S = TypeVar("S")


class GMRoll(Record):
    """A roll the app does not model, set up by the GM: ``dice`` d6; ``how``: ``sum>=``
    (total + ``modifier`` ≥ ``target``: a 2d6 test), ``sum<=`` (≤ ``target``: a roll under a
    characteristic, a Toughness roll with a chosen modifier) or ``pool`` (each die ≥
    ``target`` is a success; ``need`` successes pass); ``title``: what is rolled."""

    title: str
    dice: int = 2
    how: RollHow = "sum>="
    target: int = 7
    modifier: int = 0
    need: int = 1

    def problem(self) -> str:
        """Why this roll cannot be made ("" when it can)."""
        if not self.title.strip():
            return "a roll needs a name (what is rolled)"
        if not 1 <= self.dice <= 20:
            return f"{self.dice} dice: roll 1 to 20"
        if self.how not in HOW_TEXT:
            return f"'{self.how}' is not a way to read a roll ({', '.join(HOW_TEXT)})"
        if self.how == "pool" and not 1 <= self.target <= 6:
            return f"a die never shows {self.target} or more: a pool's target is 1 to 6"
        if self.how == "pool" and not 1 <= self.need <= self.dice:
            return f"{self.need} successes from {self.dice} dice: 1 to {self.dice}"
        return ""

    def chance(self) -> Fraction:
        """The exact chance the roll passes."""
        if self.how == "pool":
            per_die = Fraction(max(0, 7 - self.target), 6)
            return sum((p for k, p in binomial(self.dice, per_die).items() if k >= self.need), Fraction(0))
        dist = shift(sum_distribution(self.dice), self.modifier)
        return at_least(dist, self.target) if self.how == "sum>=" else at_most(dist, self.target)

    def record(self, faces: Sequence[int]) -> RollRecord:
        """The roll's record for these faces."""
        if self.how == "pool":
            successes = sum(1 for f in faces if f >= self.target)
            passed = successes >= self.need
            detail: dict[str, Any] = {"successes": successes, "need": self.need, "how": self.how}
            comparison = ""
        else:
            passed = (
                (sum(faces) + self.modifier >= self.target)
                if self.how == "sum>="
                else (sum(faces) + self.modifier <= self.target)
            )
            detail = {"how": self.how}
            comparison = ">=" if self.how == "sum>=" else "<="
        mods = (Modifier("GM modifier", self.modifier, MARK),) if self.modifier and self.how != "pool" else ()
        return RollRecord(
            procedure="gm.roll",
            title=self.title.strip(),
            dice=plain(faces),
            modifiers=mods,
            target=self.target,
            comparison=comparison,
            probability=self.chance(),
            outcome="passed" if passed else "failed",
            success=passed,
            detail=detail,
        )

    def describe(self) -> str:
        """ "2d6 + 1 ≥ 7", "3d6 pool 5+ ×2"."""
        if self.how == "pool":
            return f"{self.dice}d6, {self.target}+ each, {self.need} success{'es' * (self.need != 1)} needed"
        mod = f" {self.modifier:+d}" if self.modifier else ""
        return f"{self.dice}d6{mod} {'≥' if self.how == 'sum>=' else '≤'} {self.target}"


class Correct(Record):
    """The GM corrects the battle: set ``what`` of ``target`` (a model or unit id; None for
    a note or the battle itself) to ``value``, because of ``reason`` (the GM's words,
    required; a note's text is its own reason)."""

    what: str
    target: str | None = None
    value: Value | GMRoll | None = None
    reason: str = ""


class CorrectionOption(Record):
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
    choice_labels: tuple[str, ...] = ()
    """Each of ``choices`` as the GM reads it (same order; empty: the values themselves)."""

    def shown(self, value: Value | None) -> str:
        """A value as the GM reads it."""
        if self.kind == "flag":
            return "on" if value else "off"
        if self.kind == "choice" and value in self.choices and len(self.choice_labels) == len(self.choices):
            return self.choice_labels[self.choices.index(str(value))]
        if self.kind == "number" and self.minimum < 0 and isinstance(value, int):
            return f"{value:+d}"
        return "—" if value is None or value == "" else str(value)

    @property
    def line(self) -> str:
        """ "Wounds: 1" — the option with its value now."""
        if self.kind in ("note", "roll") or self.current is None:
            return self.label
        return f"{self.label}: {self.shown(self.current)}"


def _always(state: Any, target: str) -> bool:
    return True


class Field(Record, Generic[S]):
    """One thing a rule system lets the GM correct on a model or unit.

    ``get(state, target)`` reads the value, ``put(state, target, value)`` returns the state
    with it set (pure); ``applies(state, target)`` says whether the target has it at all
    (a model without magazines has none to correct); ``maximum(state, target)`` bounds a
    number (None: no bound); ``choices`` for a ``choice``.
    """

    what: str
    label: str
    kind: ValueKind
    get: Callable[[S, str], Value | None]
    put: Callable[[S, str, Value], S]
    minimum: int = 0
    maximum: Callable[[S, str], int | None] | None = None
    choices: tuple[str, ...] = ()
    choice_labels: tuple[str, ...] = ()
    """Each of ``choices`` as the GM reads it (same order), for the dialog and the log."""
    applies: Callable[[S, str], bool] = _always
    label_of: Callable[[S, str], str] | None = None
    """The label for this target (a weapon's name), when it depends on it."""
    least: Callable[[S, str], int] | None = None
    """The lowest number for this target, when it depends on it (instead of ``minimum``)."""
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
            minimum=self.least(state, target) if self.least is not None else self.minimum,
            maximum=self.maximum(state, target) if self.maximum is not None else None,
            choices=self.choices,
            choice_labels=self.choice_labels,
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
        known = target is not None and target in self.targets(state)
        roll = CorrectionOption(ROLL, "Add a roll the app does not model…", "roll", target=target if known else None)
        battle = tuple(f.option(state, BATTLE) for f in self.fields.values() if f.battle and f.applies(state, BATTLE))
        if target is None or not known:
            return (note, roll, *battle)
        member = (f.option(state, target) for f in self.fields.values() if not f.battle and f.applies(state, target))
        return (note, roll, *battle, *member)

    # ------------------------------------------------------------------ deciding
    def decide(self, state: S, command: Correct, dice: DiceSource | None = None) -> Rejected | list[EventDraft]:
        """The correction's one event, or why not (nothing is saved on a refusal)."""
        if command.what == ROLL:
            return self._roll(state, command, dice)
        if command.what == NOTE:
            text = str(command.value or "").strip()
            if note_problem(text):
                return Rejected(note_problem(text), kind="malformed")
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
        if reason_problem(reason):
            return Rejected(reason_problem(reason), kind="malformed")
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
        if new is None or isinstance(new, GMRoll):
            return Rejected(f"{option.label} of {names[target]}: no value given", kind="malformed")
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

    def _roll(self, state: S, command: Correct, dice: DiceSource | None) -> Rejected | list[EventDraft]:
        roll = command.value
        if not isinstance(roll, GMRoll):
            return Rejected("a GM roll needs its dice, target and how it is read", kind="malformed")
        problem = roll.problem()
        if problem:
            return Rejected(problem, kind="malformed")
        names = self.targets(state)
        if command.target is not None and command.target not in names:
            return Rejected(f"there is no '{command.target}' in this battle", kind="malformed")
        if dice is None:
            return Rejected("a GM roll needs dice (typed or the app's)", kind="malformed")
        try:
            faces = dice.roll(roll.dice, 6, roll.title)
        except DiceEntryError as err:
            return Rejected(str(err), kind="malformed")
        record = roll.record(faces)
        who = f" ({names[command.target]})" if command.target is not None else ""
        reason = command.reason.strip() or roll.title.strip()
        payload: dict[str, Any] = {
            "what": ROLL,
            "target": command.target,
            "old": None,
            "new": record.outcome,
            "reason": reason,
            "label": roll.title.strip(),
            "roll": record.to_dict(),
        }
        text = f"{MARK} — roll: {roll.title.strip()}{who}, {roll.describe()}: {roll_line(record)}"
        return [EventDraft(GM_CORRECTION, payload, actor=command.target, text=text)]

    # ------------------------------------------------------------------ applying
    def apply(self, state: S, payload: dict[str, Any]) -> S:
        """The state after a correction event (a note or a roll changes nothing)."""
        what = payload["what"]
        if what in (NOTE, ROLL):
            return state
        field = self.fields[what]
        if field.put_reason is not None:
            return field.put_reason(state, payload["target"], payload["new"], str(payload.get("reason", "")))
        return field.put(state, payload["target"], payload["new"])

    def end_anyway(
        self,
        state: S,
        force: bool,
        anyway: object,
        what: str,
        is_open: str,
        rule: str,
        then: Callable[[S], Rejected | Sequence[EventDraft]],
        preview: Callable[[S, Sequence[EventDraft]], S],
    ) -> Rejected | list[EventDraft]:
        """An end (``what``: "end the turn") asked for while ``is_open`` ("move") is open.

        Without ``force`` the GM is asked (an ``ambiguous`` refusal whose ``anyway`` is the
        command that goes ahead: the same end with ``force``); with it, the open thing is cancelled (this
        table's ``CANCEL`` correction, with the reason) and ``then`` decides the end from
        the state after. An end that would be refused even then is refused at once, with
        that reason: nothing to ask."""
        cancel = self.decide(state, Correct(CANCEL, BATTLE, False, f"{what} anyway"))
        if isinstance(cancel, Rejected):
            return cancel
        rest = then(preview(state, cancel))
        if isinstance(rest, Rejected):
            return rest
        if not force:
            return Rejected(
                f"the {is_open} is still open; {what} anyway",
                rule,
                kind="ambiguous",
                anyway=anyway,
                anyway_label=f"{what} anyway (the open {is_open} is cancelled)",
            )
        return [*cancel, *rest]

    def register(self, reducers: Reducers[S]) -> None:
        """Make ``gm_correction`` one of ``reducers``' kinds."""
        reducers.on(GM_CORRECTION)(self.apply)


Adjustment = tuple[str, int, str, str]
"""A GM's modifier to a characteristic: (stat, value, the GM's reason, until: "round",
"turn" or "battle")."""


def adjustment_total(adjustments: Sequence[Adjustment], stat: str, until: str | None = None) -> int:
    """The sum of ``stat``'s adjustments (those lasting ``until``, or all)."""
    return sum(a[1] for a in adjustments if a[0] == stat and (until is None or a[3] == until))


def readjusted(
    adjustments: Sequence[Adjustment], stat: str, value: int, reason: str, until: str
) -> tuple[tuple[Adjustment, ...], int]:
    """``stat``'s adjustment lasting ``until`` set to ``value`` (0: dropped): the new
    adjustments and by how much the stat changes."""
    kept = tuple(a for a in adjustments if not (a[0] == stat and a[3] == until))
    before = adjustment_total(adjustments, stat, until)
    return ((*kept, (stat, value, reason, until)) if value else kept), value - before


def adjustment_line(a: Adjustment, name: str) -> str:
    """ "Att +1 — GM: scope found (this battle)"."""
    when = {"round": "this round", "turn": "this turn"}.get(a[3], "this battle")
    return f"{name} {a[1]:+d} — GM: {a[2]} ({when})"


def note_problem(text: str) -> str:
    """Why ``text`` cannot be a note ("" when it can): the dialog says it and stays open."""
    return "" if text.strip() else "a note needs its text"


def reason_problem(reason: str) -> str:
    """Why ``reason`` cannot be a correction's reason ("" when it can)."""
    return "" if reason.strip() else "a GM correction needs its reason (what happened at the table)"


def value_problem(option: CorrectionOption, value: object) -> str:
    """Why ``value`` cannot be ``option``'s new value ("" when it can), as ``decide`` would
    refuse it: the dialog checks the value as it is typed, before asking the reason."""
    problem = _bad_value(option, value)
    if problem:
        return f"{option.label}: {problem}"
    if isinstance(value, (int, str)) and value == option.current:
        return f"{option.label} is already {option.shown(value)}"
    return ""


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


def _said(value: Any) -> str:
    """A recorded value in words: a list as its items, a flag as yes or no, none as "none"."""
    if value is None or value == [] or value == ():
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (list, tuple)):
        return ", ".join(str(v) for v in value)
    return str(value)


def correction_lines(event: Event, names: Mapping[str, str] | None = None) -> list[str]:
    """A correction's full breakdown: what, of whom, old → new, and the GM's reason.
    ``names``: member id -> name (whom is said by name; the battle as "the battle")."""
    p = event.payload
    who = {BATTLE: "the battle", **(names or {})}.get(str(p.get("target")), p.get("target"))
    if p.get("what") == NOTE:
        return [f"{MARK}: note", f"  {p.get('new', '')}"]
    if p.get("what") == ROLL:
        return [f"{MARK}: a roll the app does not model — {p.get('label', '')}", f"  reason: {p.get('reason', '')}"]
    return [
        f"{MARK}: {p.get('label', p.get('what'))} of {who}",
        f"  was: {_said(p.get('old'))}",
        f"  now: {_said(p.get('new'))}",
        f"  reason: {p.get('reason', '')}",
    ]

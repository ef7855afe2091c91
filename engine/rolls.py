"""Roll records: a roll that explains itself.

A ``RollRecord`` keeps every face (kept, dropped, re-rolled), every modifier with
its value and the rule it comes from, the target, the exact probability of
success before the roll and the outcome. Formatting it as text lives elsewhere.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Iterable, Literal

from engine.records import Record, changed, field


class Modifier(Record):
    """One term of a roll: ``label`` (what), ``value`` (signed), ``rule`` (where it comes from)."""

    label: str
    value: int
    rule: str
    key: str = ""
    """Stable identifier for toggles (e.g. ``"shot_after_move"``); empty for fixed terms."""

    def to_dict(self) -> dict[str, Any]:
        return {"label": self.label, "value": self.value, "rule": self.rule, "key": self.key}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Modifier":
        return cls(data["label"], int(data["value"]), data["rule"], data.get("key", ""))


def total(modifiers: Iterable[Modifier]) -> int:
    """Sum of the modifiers' values."""
    return sum(m.value for m in modifiers)


class Die(Record):
    """One die face in a roll. ``kept`` False means dropped (extra die); ``replaced`` is the
    face it replaced when re-rolled (the old face stays visible in the record)."""

    face: int
    kept: bool = True
    replaced: int | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"face": self.face}
        if not self.kept:
            out["kept"] = False
        if self.replaced is not None:
            out["replaced"] = self.replaced
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Die":
        return cls(int(data["face"]), bool(data.get("kept", True)), data.get("replaced"))


def plain(faces: Iterable[int]) -> tuple[Die, ...]:
    """Dice all kept, nothing re-rolled."""
    return tuple(Die(f) for f in faces)


def keep(faces: Iterable[int], count: int, drop: Literal["highest", "lowest"]) -> tuple[Die, ...]:
    """Extra die (dorzut): keep ``count`` faces, dropping the highest or lowest ones.

    The faces keep their rolled order; the dropped ones are marked, not removed.
    """
    faces = list(faces)
    order = sorted(range(len(faces)), key=lambda i: faces[i], reverse=(drop == "highest"))
    dropped = set(order[: len(faces) - count])
    return tuple(Die(f, kept=i not in dropped) for i, f in enumerate(faces))


def reroll(dice: tuple[Die, ...], index: int, new_face: int) -> tuple[Die, ...]:
    """Re-roll one die (przerzut): the new face must be kept; the old one is recorded."""
    if not 0 <= index < len(dice):
        raise IndexError(f"there is no die number {index + 1} to re-roll")
    old = dice[index]
    if old.replaced is not None:
        raise ValueError("a re-rolled die cannot be re-rolled again")
    return dice[:index] + (changed(old, face=new_face, replaced=old.face),) + dice[index + 1 :]


def kept_faces(dice: Iterable[Die]) -> tuple[int, ...]:
    return tuple(d.face for d in dice if d.kept)


def kept_sum(dice: Iterable[Die]) -> int:
    return sum(kept_faces(dice))


TABLE = "table"
"""``RollRecord.comparison`` of a roll read on a results table (a post-battle table): its
``probability`` is the chance of the row that came up, whether or not it ``success``."""


def outcome_chance(record: RollRecord) -> Fraction:
    """The chance, before the roll, of what came up: of success beside a success, of
    failure beside a failure, of the row read beside a table roll (``TABLE``)."""
    if record.success or record.comparison == TABLE:
        return record.probability
    return 1 - record.probability


class RollRecord(Record):
    """Everything about one roll.

    ``procedure``: a stable id such as ``"sm.hit"``; ``title``: a human label;
    ``dice``: every face; ``base``: the stat the roll starts from (label, value, rule);
    ``modifiers``: the terms applied; ``target``: the number compared against (None for
    opposed rolls); ``comparison``: how (``"<"``, ``"<="``, ``">"``, ``">="``, ``"opposed"``...);
    ``probability``: exact chance of ``success`` before the roll (a roll read on a results
    table, ``comparison`` ``TABLE``: the chance of the row that came up); ``outcome``: short word
    (``"hit"``, ``"miss"``, ``"saved"``...); ``success``: the outcome read as a success for
    the roller; ``detail``: anything procedure-specific, JSON-safe.
    """

    procedure: str
    title: str
    dice: tuple[Die, ...]
    modifiers: tuple[Modifier, ...] = ()
    base: Modifier | None = None
    target: int | None = None
    comparison: str = ""
    probability: Fraction = Fraction(0)
    outcome: str = ""
    success: bool = False
    detail: dict[str, Any] = field(default_factory=dict)

    @property
    def dice_total(self) -> int:
        return kept_sum(self.dice)

    def to_dict(self) -> dict[str, Any]:
        return {
            "procedure": self.procedure,
            "title": self.title,
            "dice": [d.to_dict() for d in self.dice],
            "modifiers": [m.to_dict() for m in self.modifiers],
            "base": self.base.to_dict() if self.base else None,
            "target": self.target,
            "comparison": self.comparison,
            "probability": [self.probability.numerator, self.probability.denominator],
            "outcome": self.outcome,
            "success": self.success,
            "detail": self.detail,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "RollRecord":
        num, den = data["probability"]
        return cls(
            procedure=data["procedure"],
            title=data["title"],
            dice=tuple(Die.from_dict(d) for d in data["dice"]),
            modifiers=tuple(Modifier.from_dict(m) for m in data["modifiers"]),
            base=Modifier.from_dict(data["base"]) if data.get("base") else None,
            target=data.get("target"),
            comparison=data.get("comparison", ""),
            probability=Fraction(num, den),
            outcome=data.get("outcome", ""),
            success=bool(data.get("success", False)),
            detail=dict(data.get("detail", {})),
        )


def records_in(payload: dict[str, Any]) -> list[RollRecord]:
    """Every roll record an event payload carries, in order: ``payload["roll"]``,
    ``payload["rolls"]``, ``payload["attempts"]``, ``payload["stealth"]`` (avoidance rolls
    made before an attack's pools) and a new round's roll-off. Entries that are not roll
    records are skipped."""
    found: list[dict[str, Any]] = []
    if isinstance(payload.get("roll"), dict):
        found.append(payload["roll"])
    for key in ("rolls", "attempts", "stealth"):
        if isinstance(payload.get(key), list):
            found.extend(r for r in payload[key] if isinstance(r, dict))
    rolloff = payload.get("rolloff")
    if isinstance(rolloff, dict) and "procedure" in rolloff:
        found.append(rolloff)
    elif isinstance(rolloff, dict) and isinstance(rolloff.get("attempts"), list):
        found.extend(r for r in rolloff["attempts"] if isinstance(r, dict))
    out = []
    for data in found:
        try:
            out.append(RollRecord.from_dict(data))
        except (KeyError, TypeError, ValueError):
            continue
    return out

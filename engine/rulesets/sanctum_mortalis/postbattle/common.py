"""Shared pieces of the post-battle procedures: roll tables, table rolls, settings.

A ``RollTable`` is one of the book's dice tables (k6 or 2k6, rows of ``low–high →
result``). ``table_roll`` rolls it into a ``RollRecord`` in the house style:
every face, the row that was read, the exact chance of that row before the roll and
the whole table's odds in ``detail`` (JSON-safe). ``reread`` reads a record again after
its dice or modifiers changed (a re-roll or Przeszukiwanie's ±1).
"""

from __future__ import annotations

from fractions import Fraction
from functools import cached_property
from typing import Any, Collection, Iterable, Mapping

from engine.dice import DiceSource
from engine.odds import remap, sum_distribution
from engine.records import Record, changed, field
from engine.rolls import TABLE, Modifier, RollRecord

from ..procedures.common import ProcedureRefused
from ..procedures.reroll import group, roll_group
from ..roster import ModelSpec
from ..settings import SETTINGS_BY_KEY
from ..settings import defaults as _defaults
from .data import LOCAL_SETTING_CHOICES, LOCAL_SETTINGS

ONE_DIE = (1, 1, "none")
"""Dice mode of a single k6 (see ``procedures.kernel``)."""
TWO_DICE = (2, 2, "none")
"""Dice mode of a plain 2k6."""


def merged_settings(settings: Mapping[str, str] | None) -> dict[str, str]:
    """The battle settings with every default filled in (the package-local readings too)."""
    return {**_defaults(), **LOCAL_SETTINGS, **(settings or {})}


def reading(settings: Mapping[str, str] | None, key: str) -> str:
    """One setting's value; an unknown value is a malformed request, never a silent default."""
    value = merged_settings(settings)[key]
    spec = SETTINGS_BY_KEY.get(key)
    choices = {c.value for c in spec.choices} if spec is not None else set(LOCAL_SETTING_CHOICES.get(key, (value,)))
    if value not in choices:
        raise ProcedureRefused(f"setting {key} has no reading '{value}'", spec.ref if spec else "", "malformed")
    return value


def fraction_json(p: Fraction) -> list[int]:
    """A probability as ``[numerator, denominator]`` (the ``RollRecord.to_dict`` form)."""
    return [p.numerator, p.denominator]


class RollTable(Record, dict=True):
    """A dice table of the book.

    ``key``: stable id (also the loot stage name); ``title`` and ``rule``: what and where;
    ``dice``: 1 (k6) or 2 (2k6); ``rows``: ``(low, high, result)`` covering every total
    the dice can show, in order; ``labels``: display names of the results.
    """

    key: str
    title: str
    rule: str
    dice: int
    rows: tuple[tuple[int, int, str], ...]
    labels: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        lowest, highest = self.dice, 6 * self.dice
        covered = [v for lo, hi, _ in self.rows for v in range(max(lo, lowest), hi + 1)]
        if covered != list(range(lowest, highest + 1)):
            raise ValueError(f"table {self.key} does not cover {lowest}–{highest} exactly once")

    @property
    def mode(self) -> tuple[int, int, str]:
        """The dice mode (``procedures.kernel``): one k6 or a plain 2k6."""
        return ONE_DIE if self.dice == 1 else TWO_DICE

    @property
    def totals(self) -> range:
        """Every total the dice can show."""
        return range(self.dice, 6 * self.dice + 1)

    def row(self, total: int) -> tuple[int, int, str]:
        """The row ``total`` falls in; ``ValueError`` for a total the dice cannot show."""
        if total not in self.totals:
            raise ValueError(f"{total} is not a {'k6' if self.dice == 1 else '2k6'} total ({self.title}, {self.rule})")
        for lo, hi, result in self.rows:
            if lo <= total <= hi:
                return lo, hi, result
        raise AssertionError("unreachable: rows are checked in __post_init__")

    def lookup(self, total: int) -> str:
        """The result for ``total``."""
        return self.row(total)[2]

    def label(self, result: str) -> str:
        """The display name of a result (the key when it has none)."""
        return self.labels.get(result, result)

    @cached_property
    def odds(self) -> dict[str, Fraction]:
        """Result -> exact chance on a plain roll (adds up to 1)."""
        return remap(sum_distribution(self.dice), self.lookup)

    def chance(self, result: str) -> Fraction:
        """P(``result``) on a plain roll."""
        return self.odds.get(result, Fraction(0))


def read_table(record: RollRecord, table: RollTable) -> RollRecord:
    """``record`` with outcome, probability and row read from its kept dice plus modifiers."""
    total = record.dice_total + sum(m.value for m in record.modifiers)
    lo, hi, result = table.row(total)
    success = record.detail.get("success_results")
    return changed(
        record,
        outcome=result,
        probability=table.chance(result),
        success=(result in success) if success is not None else True,
        detail={**record.detail, "total": total, "row": [lo, hi], "result": result, "label": table.label(result)},
    )


def table_roll(
    table: RollTable,
    dice: DiceSource,
    procedure: str,
    *,
    title: str = "",
    success_results: tuple[str, ...] | None = None,
    extra: Mapping[str, Any] | None = None,
) -> RollRecord:
    """Roll ``table`` into a ``RollRecord``.

    ``probability`` is the chance of the row that came up (before the roll, no
    re-rolls); ``success`` is True when the result is in ``success_results`` (always
    True without them). ``detail`` carries ``table``, ``rule``, ``row``, ``result``,
    ``total``, ``groups`` (for ``apply_reroll``) and the whole table as ``odds``.
    """
    faces = roll_group(dice, table.mode, table.title)
    detail: dict[str, Any] = {
        "table": table.key,
        "rule": table.rule,
        "groups": [group(0, table.dice, table.mode)],
        "odds": {r: fraction_json(p) for r, p in table.odds.items()},
    }
    if success_results is not None:
        detail["success_results"] = list(success_results)
    detail.update(extra or {})
    record = RollRecord(procedure, title or table.title, faces, (), None, None, TABLE, Fraction(0), "", False, detail)
    return read_table(record, table)


def with_modifier(record: RollRecord, modifier: Modifier, table: RollTable) -> RollRecord:
    """``record`` with one more modifier, read again on ``table``."""
    return read_table(changed(record, modifiers=record.modifiers + (modifier,)), table)


# --------------------------------------------------------------------------- post-battle skills
CARE_RESULTS = ("death", "critical", "serious", "amnesia")
"""§18.1 results on 2–6: the model needs medical care (or dies)."""


def needs_care(wounded: bool, injury_result: str | None = None, settings: Mapping[str, str] | None = None) -> bool:
    """Did the model "end the battle needing medical care" (§18.2 Medyk, §20.5)?

    ``wounded``: it was removed from play and rolls on the injury table. Reading
    ``care_skill_condition`` (package-local, see ``data.LOCAL_SETTINGS``): ``"wounded"``
    (default) answers ``wounded``; ``"care-result"`` needs its first injury result too.
    """
    if not wounded:
        return False
    if reading(settings, "care_skill_condition") == "wounded":
        return True
    if injury_result is None:
        raise ProcedureRefused(
            "roll this model's injury first: its result decides whether it needs care", "§18.2", "ambiguous"
        )
    return injury_result in CARE_RESULTS


def skill_holder(models: Iterable[ModelSpec], skill: str, needing_care: Collection[str] = ()) -> str | None:
    """The id of a band model with ``skill`` that can use it after the battle, or None.

    Volunteers, independent models, models kept in the stash (§15.10: their skills are
    not used in the post-battle phase) and models needing medical care (ids in
    ``needing_care``, see ``needs_care``) cannot. Several holders do not stack (§18.2,
    §20.5), so one is enough.
    """
    for m in models:
        if skill in m.skills and not (m.volunteer or m.neutral or m.stashed) and m.id not in needing_care:
            return m.id
    return None


__all__ = [
    "CARE_RESULTS",
    "ONE_DIE",
    "TWO_DICE",
    "RollTable",
    "fraction_json",
    "merged_settings",
    "needs_care",
    "read_table",
    "reading",
    "skill_holder",
    "table_roll",
    "with_modifier",
]

"""Rolls as text: a one-line summary for the log and a full breakdown for its detail view.

Roll events carry ``RollRecord`` dicts (``payload["roll"]``, ``payload["rolls"]``, or
the roll-off attempts of a new round). This module only formats them; every number
comes from the record.
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping

from rich.text import Text

from engine.formatting import (
    chance_of,
    outcome_words,
    compared,
    dice_read,
    first_side,
    opposing_pool,
    other_side_terms,
    reroll_lines,
    side_label,
    sides_show_dice,
    target_words,
)
from engine.odds import percent
from engine.rolls import Die, RollRecord, records_in


def rolls_in(payload: dict[str, Any]) -> list[RollRecord]:
    """Every roll record an event payload carries, in order (``engine.rolls.records_in``)."""
    return records_in(payload)


def dice_text(dice: Iterable[Die]) -> Text:
    """Faces in brackets; dropped dice struck through, re-rolled ones with their old face."""
    out = Text("[")
    for i, die in enumerate(dice):
        if i:
            out.append(" ")
        if die.replaced is not None:
            out.append(str(die.replaced), style="strike dim")
            out.append("→")
        out.append(str(die.face), style="bold" if die.kept else "strike dim")
    out.append("]")
    return out


def outcome_style(record: RollRecord) -> str:
    if record.comparison == "opposed":
        return "bold"
    return "bold green" if record.success else "bold red"


def one_line(record: RollRecord) -> Text:
    """ "Roll-off: [3 5 2 2] → Rust Wolves wins" style summary."""
    out = Text(f"{record.title}: ")
    out.append_text(dice_text(record.dice))
    opposing = opposing_pool(record)
    if opposing is not None:  # an opposed test that keeps the other side's pool (xK6)
        out.append(" v ")
        out.append_text(dice_text(opposing.dice))
    if record.target is not None and record.comparison and record.comparison != "opposed":
        out.append(f" vs {target_words(record.comparison, record.target)}")
    if record.outcome:
        out.append(" → ")
        out.append(outcome_words(record), style=outcome_style(record))
    return out


def _term(out: Text, indent: str, label: str, value: str, rule: str) -> None:
    out.append(f"{indent}{label} {value}  ")
    out.append(f"{rule}\n", style="dim")


def breakdown(record: RollRecord, names: Mapping[str, str] | None = None) -> Text:
    """Every term of a roll as a GM reads it, as the battle report gives it
    (``engine.formatting``): the base stat and each modifier with its value and rule, the
    other side's pool, the target in words, the dice (each side's dice and total where
    sides are compared), every re-roll and what allowed it, the exact chance and the
    outcome. ``names``: side key or member id -> name. No rule-procedure id, no raw data."""
    out = Text()
    out.append(record.title + "\n", style="bold")
    first = first_side(record)
    indent = "    " if first is not None else "  "
    if first is not None:  # a melee: both models' terms under their names
        out.append(f"  {side_label(record, first, names)}:\n")
    if record.base is not None:
        _term(out, indent, record.base.label, str(record.base.value), record.base.rule)
    for m in record.modifiers:
        _term(out, indent, m.label, f"{m.value:+d}", m.rule)
    defender = opposing_pool(record)
    if defender is not None:  # the other side's pool: its own base and modifiers
        out.append(f"  {defender.title}\n")
        if defender.base is not None:
            _term(out, "    ", defender.base.label, str(defender.base.value), defender.base.rule)
        for m in defender.modifiers:
            _term(out, "    ", m.label, f"{m.value:+d}", m.rule)
    for side, base, mods in other_side_terms(record):  # a melee's defender: its own terms
        out.append(f"  {side_label(record, side, names)}:\n")
        if base is not None:
            _term(out, "    ", base.label, str(base.value), base.rule)
        for m in mods:
            _term(out, "    ", m.label, f"{m.value:+d}", m.rule)
    if record.target is not None and record.comparison and record.comparison != "opposed":
        out.append(f"  Needs: {target_words(record.comparison, record.target)}")
        out.append(" on each die\n" if record.detail.get("probability_is") == "per die" else "\n")
    sides = compared(record, names)
    if not sides_show_dice(record, sides):
        out.append("  Dice: ")
        out.append_text(dice_text(record.dice))
        read = dice_read(record)
        out.append(f" {read}\n" if read else "\n")
        if any(not d.kept for d in record.dice):
            out.append("  struck-through dice were dropped\n", style="dim")
    for line in sides:
        out.append(f"  Compared: {line}\n")
    for line in reroll_lines(record):
        out.append(f"  {line[0].upper()}{line[1:]}\n")
    p = record.probability
    if p or record.comparison:
        out.append(f"  Chance before the roll ({chance_of(record)}): {percent(p)}")
        out.append(f" ({p.numerator}/{p.denominator})\n", style="dim")
    if record.outcome:
        out.append("  Outcome: ")
        out.append(outcome_words(record), style=outcome_style(record))
        out.append("\n")
    return out

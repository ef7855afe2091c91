"""Rolls as text: a one-line summary for the log and a full breakdown for its detail view.

Roll events carry ``RollRecord`` dicts (``payload["roll"]``, ``payload["rolls"]``, or
the roll-off attempts of a new round). This module only formats them; every number
comes from the record.
"""

from __future__ import annotations

from typing import Any, Iterable

from rich.text import Text

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


def opposing_pool(record: RollRecord) -> RollRecord | None:
    """The other side's pool of an opposed test, when the record keeps it (``detail["defender"]``)."""
    nested = (record.detail or {}).get("defender")
    if record.comparison != "opposed" or not isinstance(nested, dict) or "dice" not in nested:
        return None
    try:
        return RollRecord.from_dict(nested)
    except (KeyError, TypeError, ValueError):
        return None


def one_line(record: RollRecord) -> Text:
    """ "Roll-off: [3 5 2 2] → Rust Wolves wins" style summary."""
    out = Text(f"{record.title}: ")
    out.append_text(dice_text(record.dice))
    opposing = opposing_pool(record)
    if opposing is not None:  # an opposed test that keeps the other side's pool (xK6)
        out.append(" v ")
        out.append_text(dice_text(opposing.dice))
    if record.target is not None and record.comparison and record.comparison != "opposed":
        out.append(f" {record.comparison} {record.target}")
    if record.outcome:
        out.append(" → ")
        out.append(record.outcome, style=outcome_style(record))
    return out


def breakdown(record: RollRecord) -> Text:
    """Every term of a roll: dice, base, modifiers with rules, target, odds, outcome."""
    out = Text()
    out.append(record.title, style="bold")
    out.append(f"  ({record.procedure})\n", style="dim")
    out.append("Dice: ")
    out.append_text(dice_text(record.dice))
    kept = [d.face for d in record.dice if d.kept]
    out.append(f"  kept total {sum(kept)}\n")
    if any(not d.kept for d in record.dice):
        out.append("  struck-through dice were dropped\n", style="dim")
    if any(d.replaced is not None for d in record.dice):
        out.append("  old→new: a re-rolled die\n", style="dim")
    if record.base is not None:
        out.append(f"Base: {record.base.label} {record.base.value}  ", style="")
        out.append(f"{record.base.rule}\n", style="dim")
    for m in record.modifiers:
        out.append(f"  {m.value:+d}  {m.label}  ")
        out.append(f"{m.rule}\n", style="dim")
    if record.target is not None:
        comparison = record.comparison or "vs"
        out.append(f"Needs: total {comparison} {record.target}\n")
    detail = record.detail or {}
    totals = detail.get("totals")
    if isinstance(totals, dict):
        out.append("Totals: " + ", ".join(f"{k} {v}" for k, v in totals.items()) + "\n")
    if record.probability:
        out.append(f"Chance before the roll: {percent(record.probability)}")
        out.append(f" ({record.probability.numerator}/{record.probability.denominator})\n", style="dim")
    if record.outcome:
        out.append("Outcome: ")
        out.append(record.outcome, style=outcome_style(record))
        out.append("\n")
    extra = {k: v for k, v in detail.items() if k not in ("totals",)}
    if extra:
        out.append("Detail: ", style="dim")
        out.append(", ".join(f"{k}={v}" for k, v in extra.items()), style="dim")
        out.append("\n")
    return out

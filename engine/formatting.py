"""Text for roll records: one line for the battle log, a full breakdown for the detail view.

Pure string building, shared by every rule system and by the dashboard.
"""

from __future__ import annotations

from .odds import percent
from .rolls import RollRecord


def possessive(name: str) -> str:
    """ "Pip's", "Ceorls'", "Iron Wolves'": a name ending in s takes only the apostrophe."""
    return f"{name}'" if name.endswith(("s", "S")) else f"{name}'s"


def dice_text(record: RollRecord) -> str:
    """ "3 [6] 2→5": dropped faces in brackets, re-rolled faces as old→new."""
    parts = []
    for d in record.dice:
        face = f"{d.replaced}→{d.face}" if d.replaced is not None else str(d.face)
        parts.append(face if d.kept else f"[{face}]")
    return " ".join(parts) if parts else "no dice"


def _comparison(record: RollRecord) -> str:
    if record.target is None or not record.comparison or record.comparison == "opposed":
        return ""
    return f" vs {record.comparison}{record.target}"


def roll_line(record: RollRecord) -> str:
    """One line: dice, total, target, outcome and the chance that outcome had (the
    chance of success beside a success, of failure beside a failure)."""
    total = f" = {record.dice_total}" if record.dice else ""
    happened = record.probability if record.success else 1 - record.probability
    chance = f" (chance {percent(happened)})" if record.comparison else ""
    return f"{dice_text(record)}{total}{_comparison(record)}: {record.outcome}{chance}"


def roll_breakdown(record: RollRecord) -> list[str]:
    """Every line of the roll: the base stat, each modifier with its rule, the dice, the outcome."""
    lines = [record.title]
    if record.base is not None:
        lines.append(f"  {record.base.label:<44} {record.base.value:>3}   {record.base.rule}")
    for m in record.modifiers:
        lines.append(f"  {m.label:<44} {m.value:>+3}   {m.rule}")
    if record.target is not None and record.comparison and record.comparison != "opposed":
        lines.append(f"  {'needed':<44} {record.comparison}{record.target}")
    lines.append(f"  dice: {dice_text(record)}" + (f"  total {record.dice_total}" if record.dice else ""))
    for r in record.detail.get("rerolls", ()):
        lines.append(f"  re-roll ({r.get('by', '')}): die {r['die'] + 1} {r['old']}→{r['new']}")
    p = record.probability
    lines.append(f"  chance before the roll (of success): {p.numerator}/{p.denominator} = {percent(p)}")
    lines.append(f"  outcome: {record.outcome}")
    return lines

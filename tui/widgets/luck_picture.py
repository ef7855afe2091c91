"""Dice luck as a picture in the terminal: for each side, the successes the exact odds
promised against those rolled as two bars (Unicode eighth blocks), and the exact chance of
every number of successes as a row of columns with the side's own count marked.

Pure drawing (Rich ``Text``): the numbers come from ``engine.luck`` (``SideLuck`` and its
``chances``); nothing here knows a rule system."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Sequence

from rich.text import Text

from engine.luck import success_distribution, tail_chances
from engine.odds import percent

if TYPE_CHECKING:
    from engine.luck import SideLuck

WIDTH = 40
"""Cells of the longest bar; the distribution row is at most this wide too (fewer where
the picture is given fewer columns: ``luck_picture``'s ``width``)."""
LABEL = 10
"""Cells of a row's label ("expected", "rolled", "chance"), after a 2-cell indent."""
FEWEST = 8
"""Cells a bar keeps however narrow the picture."""
EIGHTHS = " ▏▎▍▌▋▊▉"
COLUMNS = " ▁▂▃▄▅▆▇█"


def bar(value: float, scale: float, width: int = WIDTH) -> str:
    """``value`` of ``scale`` as full blocks and one partial (eighths of a cell)."""
    eighths = round(max(0.0, value) / scale * width * 8) if scale > 0 else 0
    full, part = divmod(eighths, 8)
    return "█" * full + (EIGHTHS[part] if part else "")


def shown_range(dist: Sequence[Fraction], successes: int, width: int = WIDTH) -> tuple[int, int]:
    """The counts worth drawing: those at least 1/200 as likely as the likeliest, and the
    side's own; at most ``width`` of them, centred on the likeliest and the side's count."""
    peak = max(dist)
    ks = [k for k, p in enumerate(dist) if p * 200 >= peak] + [successes]
    lo, hi = min(ks), max(ks)
    while hi - lo + 1 > width:  # trim the less likely end
        if lo < successes and (hi == successes or dist[lo] <= dist[hi]):
            lo += 1
        else:
            hi -= 1
    return lo, hi


def distribution_row(dist: Sequence[Fraction], successes: int, style: str, width: int = WIDTH) -> tuple[Text, Text]:
    """(the columns, at most ``width`` cells; a marker line with ▲ under the side's count
    and the range's ends)."""
    lo, hi = shown_range(dist, successes, width)
    cell = max(1, min(4, width // (hi - lo + 1)))
    peak = max(dist)
    columns = Text()
    for k in range(lo, hi + 1):
        level = round(float(dist[k] / peak) * 8) if k < len(dist) else 0
        block = COLUMNS[max(level, 1 if dist[k] else 0)]
        columns.append(block * cell, style=style if k == successes else "dim")
    marks = Text()
    marks.append(" " * ((successes - lo) * cell + (cell - 1) // 2) + "▲", style=style)
    marks.append(f" {successes} of {lo}–{hi} shown", style="dim")
    return columns, marks


def luck_picture(names: Sequence[str], table: Sequence[SideLuck], width: int | None = None) -> Text:
    """Each side: expected and rolled successes as bars on one scale, then the chance of
    each count (the side's count lit, ▲ under it) and how rare it was.

    ``width``: the columns the picture has (None: as many as it needs); narrower, the bars
    and the row of chances are shorter and how rare the count was goes on its own line,
    so that no line wraps."""
    out = Text()
    rows = [(name, row) for name, row in zip(names, table)]
    if not any(row.rolls for _, row in rows):
        return Text("No rolls with odds yet.", style="dim")
    scale = max(max(float(row.expected), row.successes) for _, row in rows) or 1.0
    label = LABEL
    after = max(  # what follows a bar at its longest: the rolled numbers, or the ▲'s "… shown"
        max(
            len(f" {row.successes}  ({float(row.luck):+.2f})"),
            len(f" {row.successes} of {row.rolls}–{row.rolls} shown"),
        )
        for _, row in rows
    )
    cells = WIDTH if width is None else max(FEWEST, min(WIDTH, width - (label + 2) - after))
    for i, (name, row) in enumerate(rows):
        if i:
            out.append("\n")
        out.append(f"{name}\n", style="bold")
        if not row.rolls:
            out.append("  no rolls with odds\n", style="dim")
            continue
        good = row.successes >= row.expected
        style = "green" if good else "red"
        out.append(f"  {'expected':<{label}}", style="dim")
        out.append(bar(float(row.expected), scale, cells), style="blue")
        out.append(f" {float(row.expected):.2f}\n")
        out.append(f"  {'rolled':<{label}}", style="dim")
        out.append(bar(row.successes, scale, cells), style=style)
        out.append(f" {row.successes}  ({float(row.luck):+.2f})\n")
        dist = success_distribution(row.chances) if row.chances else ()
        if len(dist) != row.rolls + 1:  # a table without the chances: the bars only
            continue
        at_most, at_least = tail_chances(dist, row.successes)
        columns, marks = distribution_row(dist, row.successes, style, cells)
        out.append(f"  {'chance':<{label}}", style="dim")
        out.append_text(columns)
        rare = f"as many or more: {percent(at_least)}" if good else f"as few or fewer: {percent(at_most)}"
        beside = width is None or label + 2 + columns.cell_len + 2 + len(rare) <= width
        out.append(f"  {rare}\n" if beside else "\n")
        out.append(" " * (label + 2))
        out.append_text(marks)
        out.append("\n")
        if not beside:
            out.append(" " * (label + 2) + f"{rare}\n")
    return out

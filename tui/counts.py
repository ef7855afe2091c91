"""One way to say how a side stands in the round, for every tracker, pane and help text:
"4/4 acted · 2 out" (acted of those in play; out of action or off the table apart). The
numbers come from each rule system's engine (``activation_counts``)."""

from __future__ import annotations

from engine.ruleset import ActivationCounts

HELP_LINE = (
    "Counts of who has acted read “acted/in play”: the models (or units) that have activated, of "
    "those still in play; the ones out of action or off the table are counted apart (“N out”), in "
    "neither number. The tracker, the panes and this help count the same way."
)
"""The help screens' line on the counts."""


def acted_text(counts: ActivationCounts, verb: str = "acted") -> str:
    """ "4/4 acted · 2 out" (no "out" part when nobody is out)."""
    text = f"{counts.acted}/{counts.in_play} {verb}"
    return text + (f" · {counts.out} out" if counts.out else "")


def fraction_text(counts: ActivationCounts) -> str:
    """ "4/4 (2 out)": the same numbers, short, for a line listing both sides."""
    return f"{counts.acted}/{counts.in_play}" + (f" ({counts.out} out)" if counts.out else "")

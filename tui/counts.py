"""One way to say how a side stands in the round, for every tracker, pane and help text:
"4/4 acted · 2 out" (acted of those in play; out of action or off the table apart). The
numbers come from each rule system's engine (``activation_counts``)."""

from __future__ import annotations

from engine.ruleset import ActivationCounts

HELP_LINE = (
    "Counts of who has acted read “acted/in play”: the models (or units) that have activated, of "
    "those still in play; the ones out of action are counted apart (“N out”), and those not on the "
    "table yet (waiting in Ambush, a wave still to come) as “N to arrive”, "
    "in neither number. The tracker, the panes and this help count the same way."
)
"""The help screens' line on the counts."""


def _apart(counts: ActivationCounts) -> list[str]:
    """The ones counted apart, in words: "2 out", "1 to arrive"."""
    return ([f"{counts.out} out"] if counts.out else []) + ([f"{counts.waiting} to arrive"] if counts.waiting else [])


def acted_text(counts: ActivationCounts, verb: str = "acted") -> str:
    """ "4/4 acted · 2 out · 1 to arrive" (no part for nobody)."""
    return " · ".join([f"{counts.acted}/{counts.in_play} {verb}", *_apart(counts)])


def fraction_text(counts: ActivationCounts) -> str:
    """ "4/4 (2 out, 1 to arrive)": the same numbers, short, for a line listing both sides."""
    apart = _apart(counts)
    return f"{counts.acted}/{counts.in_play}" + (f" ({', '.join(apart)})" if apart else "")

"""icepool as an independent oracle: the engine's exact odds must equal icepool's, outcome by
outcome, as ``Fraction``s. The product keeps its own odds code; icepool is a test dependency."""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Mapping

import icepool


def dist(die: icepool.Die[Any]) -> dict[Any, Fraction]:
    """icepool's distribution as outcome -> exact probability (outcomes of chance 0 left out)."""
    whole = die.denominator()
    return {outcome: Fraction(quantity, whole) for outcome, quantity in die.items() if quantity}


def nonzero(d: Mapping[Any, Fraction]) -> dict[Any, Fraction]:
    """The engine's distribution without outcomes of chance 0."""
    return {k: Fraction(v) for k, v in d.items() if v}


def chance(die: icepool.Die[Any], outcome: Any = True) -> Fraction:
    """P(``die`` shows ``outcome``), exactly."""
    return Fraction(die.quantity(outcome), die.denominator())

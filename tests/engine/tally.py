"""A property that submits commands counts how many were accepted, so it cannot pass by
refusing everything: ``Tally`` adds up one property's examples and checks the share."""
from __future__ import annotations

from dataclasses import dataclass, field

from hypothesis import event

from engine.battle import Accepted


@dataclass
class Tally:
    """Commands submitted and accepted over all the examples of one property run."""

    submitted: int = 0
    accepted: int = 0
    examples: list[tuple[int, int]] = field(default_factory=list)
    """(accepted, submitted) of each example."""

    def example(self, accepted: int, submitted: int) -> None:
        """Record one example's counts (also as a Hypothesis event, seen with --hypothesis-show-statistics)."""
        self.accepted += accepted
        self.submitted += submitted
        self.examples.append((accepted, submitted))
        share = accepted / submitted if submitted else 1.0
        event(f"accepted {10 * int(share * 10)}%+ of the commands")

    def check(self, at_least: float) -> None:
        """At least this share of all submitted commands was accepted."""
        assert self.submitted > 0, "no command was submitted"
        share = self.accepted / self.submitted
        print(f"\n{self.accepted} of {self.submitted} commands accepted ({share:.0%}) over {len(self.examples)} examples")
        assert share >= at_least, f"only {self.accepted} of {self.submitted} commands were accepted ({share:.0%})"


def accepted(result: object) -> int:
    """1 if ``result`` is an ``Accepted``, else 0."""
    return int(isinstance(result, Accepted))

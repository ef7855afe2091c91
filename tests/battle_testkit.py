"""Helpers every engine test uses: submit a command and insist it is accepted (``ok``) or
refused without changing anything (``refused``; ``snapshot`` and ``assert_unchanged`` compare a
battle by value), read what an accepted command did, and count a property's accepted commands
(``Tally``).

Importable from any test as ``from battle_testkit import ok, refused`` (``tests`` is on
pytest's ``pythonpath``); the rule systems' conftests add only their own factories.
"""

from __future__ import annotations

import pickle
from dataclasses import dataclass, field
from typing import Any, Iterable, NamedTuple

from hypothesis import currently_in_test_context
from hypothesis import event as hypothesis_event

from engine.battle import Accepted, Battle
from engine.dice import ScriptedDice
from engine.events import Event
from engine.ruleset import Rejected


def scripted(dice: Iterable[int] | None) -> ScriptedDice | None:
    """The GM's typed faces as a dice source (None: the battle's own seeded dice)."""
    return ScriptedDice(list(dice)) if dice is not None else None


def ok(battle: Battle, command: Any, dice: Iterable[int] | None = None) -> Accepted:
    """Submit and insist on acceptance (the failure shows the refusal)."""
    r = battle.submit(command, scripted(dice))
    assert isinstance(r, Accepted), f"{command} was refused: {r}"
    return r


class Snapshot(NamedTuple):
    """A battle by value, taken before a command: its state and its log (entries, the events
    that count, the events redo would bring back), pickled: a deep copy, quick to take."""

    state: bytes
    log: bytes
    count: int
    """How many entries the log had."""


def _log(battle: Battle) -> tuple[list[Event], tuple[Event, ...], tuple[Event, ...]]:
    return list(battle.entries), battle.active_events, battle.undone_events


def snapshot(battle: Battle) -> Snapshot:
    """The battle by value (a state or a logged payload changed in place later shows)."""
    return Snapshot(pickle.dumps(battle.state), pickle.dumps(_log(battle)), len(battle.entries))


def assert_unchanged(battle: Battle, before: Snapshot, what: str = "a refused command") -> None:
    """The battle equals, by value, the ``snapshot`` taken before ``what``."""
    assert battle.state == pickle.loads(before.state), f"{what} changed the state"
    assert _log(battle) == pickle.loads(before.log), f"{what} changed the log"


def refused(battle: Battle, command: Any, dice: Iterable[int] | None = None) -> Rejected:
    """Submit and insist on a rejection that changes nothing, compared by value (a state
    changed in place while still being the same object fails too)."""
    before = snapshot(battle)
    r = battle.submit(command, scripted(dice))
    assert isinstance(r, Rejected), f"{command} was accepted"
    assert_unchanged(battle, before, f"{command} was refused but")
    return r


def kinds(accepted: Accepted) -> list[str]:
    """The kinds of the events an accepted command made, in order."""
    return [e.kind for e in accepted.events]


def event(accepted: Accepted, kind: str) -> Event:
    """The first event of ``kind`` an accepted command made."""
    return next(e for e in accepted.events if e.kind == kind)


def rolls(accepted: Accepted) -> list[dict[str, Any]]:
    """Every roll record the accepted command's events carry."""
    return [r for e in accepted.events for r in e.payload.get("rolls", ())]


def accepted(result: object) -> int:
    """1 if ``result`` is an ``Accepted``, else 0 (to count a property's accepted commands)."""
    return int(isinstance(result, Accepted))


@dataclass
class Tally:
    """A property that submits commands counts how many were accepted, so it cannot pass by
    refusing everything: the commands submitted and accepted over all its examples."""

    submitted: int = 0
    accepted: int = 0
    examples: list[tuple[int, int]] = field(default_factory=list)
    """(accepted, submitted) of each example."""

    def example(self, accepted: int, submitted: int) -> None:
        """Record one example's counts (also as a Hypothesis event: --hypothesis-show-statistics)."""
        self.accepted += accepted
        self.submitted += submitted
        self.examples.append((accepted, submitted))
        share = accepted / submitted if submitted else 1.0
        if currently_in_test_context():
            hypothesis_event(f"accepted {10 * int(share * 10)}%+ of the commands")

    def check(self, at_least: float) -> None:
        """At least this share of all submitted commands was accepted."""
        assert self.submitted > 0, "no command was submitted"
        share = self.accepted / self.submitted
        print(
            f"\n{self.accepted} of {self.submitted} commands accepted ({share:.0%}) over {len(self.examples)} examples"
        )
        assert share >= at_least, f"only {self.accepted} of {self.submitted} commands were accepted ({share:.0%})"


def ends_anyway(battle: Battle, end: Any) -> Accepted:
    """Issue 17: ``end`` with something still open is a question, not a refusal (an
    ``ambiguous`` refusal that saves nothing, whose ``anyway`` is ``end`` with ``force``);
    "anyway" cancels what is open (a GM correction with the reason, first in the log) and
    ends. Replay, reopening, undo and redo give the same state exactly. The accepted end."""
    from engine.battle import replay
    from engine.corrections import GM_CORRECTION, MARK
    from engine.records import changed

    question = refused(battle, end)
    assert question.kind == "ambiguous" and "still open" in question.reason and "anyway" in question.reason
    assert question.anyway == changed(end, force=True)
    assert "anyway" in question.anyway_label and "cancelled" in question.anyway_label
    before = snapshot(battle)
    done = ok(battle, question.anyway)
    first = done.events[0]
    assert first.kind == GM_CORRECTION and first.text.startswith(MARK) and "anyway" in first.payload["reason"]
    assert len(done.events) >= 2, "the end itself follows the cancellation"
    assert replay(battle.ruleset, battle.initial, battle.active_events) == battle.state
    assert Battle(battle.header, [e.to_dict() for e in battle.entries]).state == battle.state
    after = pickle.dumps(battle.state)
    battle.undo()
    assert pickle.dumps(battle.state) == before.state, "undo did not restore the state exactly"
    battle.redo()
    assert pickle.dumps(battle.state) == after, "redo did not bring the end back exactly"
    return done

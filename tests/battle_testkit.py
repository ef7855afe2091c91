"""Helpers every engine test uses: submit a command and insist it is accepted (``ok``) or
refused without changing anything (``refused``), and read what an accepted command did.

Importable from any test as ``from battle_testkit import ok, refused`` (``tests`` is on
pytest's ``pythonpath``); the rule systems' conftests add only their own factories.
"""
from __future__ import annotations

import copy
from typing import Any, Iterable

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


def snapshot(battle: Battle) -> tuple[Any, ...]:
    """The battle by value: a deep copy of its state, its log, and its undo and redo events."""
    return copy.deepcopy(battle.state), list(battle.entries), battle.active_events, battle.undone_events


def refused(battle: Battle, command: Any, dice: Iterable[int] | None = None) -> Rejected:
    """Submit and insist on a rejection that changes nothing, compared by value (a state
    changed in place while still being the same object fails too)."""
    before = snapshot(battle)
    r = battle.submit(command, scripted(dice))
    assert isinstance(r, Rejected), f"{command} was accepted"
    after = snapshot(battle)
    assert after[0] == before[0], f"{command} was refused but changed the state"
    assert after[1:] == before[1:], f"{command} was refused but changed the log"
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

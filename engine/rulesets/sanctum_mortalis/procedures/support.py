"""Melee support (§8.3): from a contact graph, and from the supporting models.

Each model hostile to the target that is in contact with the target gives the roller
+1; the roller does not count itself. Both fighters work out their support this way
([SM-A2], setting ``defender_support``). Asysta: one supporter gives +2 instead of +1
(never more than one, and not from a sarcophagus model). Walka w tłumie: the
opponent of a crowd fighter gets 1 less support, not below 0.
"""

from __future__ import annotations

from typing import AbstractSet, Mapping, Sequence

from .. import tables as t
from ..roster import ModelSpec
from ..terms import skill_term
from .common import display_name, has_skill, setting


def _neighbours(contacts: Mapping[str, AbstractSet[str]], model: str) -> set[str]:
    """Contacts read both ways (a touches b iff b touches a)."""
    out = set(contacts.get(model, ()))
    out.update(other for other, touching in contacts.items() if model in touching)
    out.discard(model)
    return out


def _supporters(
    contacts: Mapping[str, AbstractSet[str]], sides: Mapping[str, str], roller: str, target: str, example: bool
) -> tuple[str, ...]:
    """Models hostile to ``target`` touching it, other than ``roller``.

    ``example`` is the "follow the book's example" reading of [SM-A1]: the example gives
    A no support from B when A attacks 1. That is self-contradictory; the only reading
    that reproduces every entry of the example is "a model in contact with more enemy
    models than the target is gives no support", so that is what the setting does.
    """
    around_target = _neighbours(contacts, target)
    out = []
    for m in sorted(around_target):
        if m == roller or sides.get(m) == sides.get(target):
            continue
        if example:
            busy = sum(1 for x in _neighbours(contacts, m) if sides.get(x) != sides.get(m))
            target_busy = sum(1 for x in around_target if sides.get(x) != sides.get(target))
            if busy > target_busy:
                continue
        out.append(m)
    return tuple(out)


def _value(supporters: Sequence[str], assist_ids: AbstractSet[str], opponent_crowd_fighter: bool) -> int:
    value = len(supporters)
    if any(s in assist_ids for s in supporters):
        value += t.ASSIST - t.SUPPORT
    if opponent_crowd_fighter:
        value = max(0, value - 1)
    return value


def support_counts(
    contacts: Mapping[str, AbstractSet[str]],
    sides: Mapping[str, str],
    attacker_id: str,
    defender_id: str,
    assist_ids: AbstractSet[str] = frozenset(),
    crowd_fighter_ids: AbstractSet[str] = frozenset(),
    settings: Mapping[str, str] | None = None,
) -> tuple[int, int, tuple[str, ...], tuple[str, ...]]:
    """(attacker's support, defender's support, attacker's supporters, defender's supporters).

    ``contacts``: model id -> ids it touches (either direction is enough); ``sides``:
    model id -> side; ``assist_ids``: models with Asysta (not in a sarcophagus);
    ``crowd_fighter_ids``: models with Walka w tłumie.
    """
    example = setting(settings, "support_example") == "example"
    a_sup = _supporters(contacts, sides, attacker_id, defender_id, example)
    d_sup = _supporters(contacts, sides, defender_id, attacker_id, example)
    if setting(settings, "defender_support") != "both":
        d_sup = ()
    a_val = _value(a_sup, assist_ids, defender_id in crowd_fighter_ids)
    d_val = _value(d_sup, assist_ids, attacker_id in crowd_fighter_ids)
    return a_val, d_val, a_sup, d_sup


def can_assist(model: ModelSpec) -> bool:
    """Asysta counts only for a model that has it and is not in a sarcophagus (§20.2)."""
    return has_skill(model, "assist") and model.armour != "sarcophagus"


def support_value(supporters: Sequence[ModelSpec], opponent: ModelSpec) -> tuple[int, str]:
    """The support bonus these models give against ``opponent``, and a label for it."""
    if not supporters:
        return 0, "Support"
    value = _value(
        [s.id for s in supporters], {s.id for s in supporters if can_assist(s)}, has_skill(opponent, "crowd-fighter")
    )
    names = ", ".join(display_name(s) for s in supporters)
    notes = []
    if any(can_assist(s) for s in supporters):
        notes.append(f"{skill_term('assist')} +2")
    if has_skill(opponent, "crowd-fighter"):
        notes.append(f"opponent's {skill_term('crowd-fighter')} −1")
    label = f"Support: {names}" + (f" ({'; '.join(notes)})" if notes else "")
    return value, label


__all__ = ["can_assist", "support_counts", "support_value"]

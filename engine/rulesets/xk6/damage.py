"""Damage against armour (§17), the wound track [XK-M4] and removal [XK-M1].

``wounds = floor(SL × DAM′ / Armour)``; stun on SL ≥ 1 whether or not a wound is caused.
A model whose card gives how many wounds it can take is out when it reaches them; a card
without that number leaves removal to the GM (``RemoveModel``).
"""

from __future__ import annotations

from engine.events import EventDraft
from engine.records import Record

from . import tables as t
from .state import BattleState


class Damage(Record):
    """What one successful (or failed) opposed test does to a model."""

    sl: int
    dam: int
    damage: int
    wounds: int
    stunned: bool
    burning: bool


def damage_of(sl: int, dam: int, armour: int, incendiary: bool = False) -> Damage:
    """§8.1 steps 6–9, §17: damage, wounds, stun and (SB) burning from an SL."""
    hit = sl >= 1
    damage = sl * dam if hit else 0
    return Damage(sl, dam, damage, t.wounds_from(damage, armour), hit, hit and incendiary)


def out_draft(state: BattleState, model_id: str, wounds_after: int, cause: str) -> EventDraft | None:
    """``model_out`` when the model reaches the wounds its card allows (None otherwise)."""
    m = state.model(model_id)
    cap = m.spec.wounds
    if cap is None or m.out or wounds_after < cap:
        return None
    return EventDraft(
        "model_out",
        {"model": m.id, "cause": cause, "wounds": wounds_after},
        actor=m.id,
        text=f"{m.name} has taken {wounds_after} wound{'s' * (wounds_after != 1)} (out at {cap}): out of play ([XK-M1]).",
    )


def wound_modifier(state: BattleState, model_id: str) -> int:
    """[XK-M4]: the model's modifier from its wounds (its roster track; none by default)."""
    m = state.model(model_id)
    return m.spec.wound_modifier(m.wounds)

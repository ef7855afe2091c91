"""Reducers of the grenade and Dispel events (§17.6, §20.4): pure, registered on the
battle's reducer table by ``evolve`` (``register``).

* ``grenade_thrown``: the grenade leaves the thrower's items for the rest of the battle
  (single use) and waits in the air (``BattleState.grenade``) for the GM to place its blast;
  its Accuracy roll becomes the last roll (``LastRoll`` kind "grenade").
* ``grenade_blast``: the grenade goes off; a stun grenade leaves each model in the blast
  one action, a Move; a smoke grenade puts a marker on the table and lets the models
  inside only Move. A frag grenade's hits are ``save_pending`` events of their own.
* ``smoke_left``: a Move took the model out of the smoke; it may act freely again.
* ``dispel_rolled``: the Dispel roll against a trick (its effect follows, or not, in the
  ``trick_cast`` event).
* ``lava_pool``: the models under Lawa's pool may only Move until they leave it (§21),
  round after round; ``lava_left``: a Move took one out of it.
"""

from __future__ import annotations

from typing import Any

from engine.records import changed
from engine.reducers import Reducers

from .state import BattleState, LastRoll, ThrownGrenade


def without_one(items: tuple[str, ...], item: str) -> tuple[str, ...]:
    """``items`` with one ``item`` crossed off (a model may carry two of the same)."""
    if item not in items:
        return items
    i = items.index(item)
    return items[:i] + items[i + 1 :]


def _grenade_thrown(s: BattleState, p: dict[str, Any]) -> BattleState:
    m = s.model(p["model"])
    s = s.with_model(m.id, spec=changed(m.spec, items=without_one(m.spec.items, p["grenade"])))
    last = LastRoll("grenade", m.id, p["roll"], {"grenade": p["grenade"]})  # the roll a re-roll may change (§2.2)
    return changed(s, grenade=ThrownGrenade(m.id, p["grenade"], bool(p["hit"])), last_roll=last)


def _grenade_blast(s: BattleState, p: dict[str, Any]) -> BattleState:
    s = changed(s, grenade=None)
    for model_id, effect in p.get("effects", {}).items():
        m = s.model(model_id)
        if effect == "stun":
            s = s.with_model(m.id, action_cap=min(m.action_cap, m.actions_used + 1), move_only="stun")
        elif effect == "smoke":
            s = s.with_model(m.id, move_only=m.move_only or "smoke")
    if p.get("grenade") == "smoke-grenade":
        s = changed(s, smoke=s.smoke + (str(p.get("marker", "smoke")),))
    return s


def _smoke_left(s: BattleState, p: dict[str, Any]) -> BattleState:
    m = s.model(p["model"])
    return s.with_model(m.id, move_only="") if m.move_only == "smoke" else s


def _dispel_rolled(s: BattleState, p: dict[str, Any]) -> BattleState:
    return s


def _lava_pool(s: BattleState, p: dict[str, Any]) -> BattleState:
    for model_id in p.get("models", ()):
        s = s.with_model(model_id, move_only="lava")
    return s


def _lava_left(s: BattleState, p: dict[str, Any]) -> BattleState:
    m = s.model(p["model"])
    return s.with_model(m.id, move_only="") if m.move_only == "lava" else s


def register(reducers: Reducers[BattleState]) -> None:
    """Add these reducers to the battle's table."""
    reducers.on("grenade_thrown")(_grenade_thrown)
    reducers.on("grenade_blast")(_grenade_blast)
    reducers.on("smoke_left")(_smoke_left)
    reducers.on("dispel_rolled")(_dispel_rolled)
    reducers.on("lava_pool")(_lava_pool)
    reducers.on("lava_left")(_lava_left)

"""How each Sanctum Mortalis event changes the battle state (pure reducers).

Events carry the facts decided by the rules (who, what, the dice); reducers only
apply them, so replaying the log never re-decides anything.
"""

from __future__ import annotations

from typing import Any, Iterable

from engine.events import Event, EventDraft
from engine.records import changed
from engine.reducers import Reducers

from . import tables as t
from .challenges import note_action, note_trick
from .challenges import taken as challenge_taken
from .special_marker import hand_over
from .special_marker import shared as special_shared
from .state import LEFT_TABLE, OUT_OF_ACTION, BattleState, LastRoll, ModelState, PendingSave

REDUCERS: Reducers[BattleState] = Reducers()
reducer = REDUCERS.on


def evolve(state: BattleState, event: Event) -> BattleState:
    """The state after ``event``. Notes change nothing; an unknown kind is an ``UnknownEvent``."""
    return REDUCERS.evolve(state, event)


def _new_round(m: ModelState) -> ModelState:
    spec = m.spec
    if any(a[3] == "round" for a in spec.adjustments):  # a GM's modifier for one round ends with it
        spec = changed(spec, adjustments=tuple(a for a in spec.adjustments if a[3] != "round"))
    return changed(
        m,
        spec=spec,
        activated=False,
        moves=0,
        others=0,
        action_cap=t.ACTIONS_PER_ROUND,
        first_action="",
        move_only="lava" if m.move_only == "lava" else "",  # Lawa's pool stays until the end (§21)
        climbed=False,
        jumped=False,
        no_shooting=False,
        aimed=False,
        bonus_action=False,
        salvo=None,
        charged=frozenset(),
        round_flags=frozenset(),
        next_move=0,
        barred=frozenset(),
        borrowed="",
        taunting=False,
        looking_pickup=False,
    )


@reducer("round_started")
def _round_started(s: BattleState, p: dict[str, Any]) -> BattleState:
    s = s.with_models(_new_round)
    if s.smoke:  # smoke markers go at the start of the next round (§17.6)
        s = changed(s, smoke=())
    phase = "choose-first" if p.get("chooser") else "activations"
    return s.with_order(
        round=p["round"],
        phase=phase,
        first=p.get("first"),
        reason=p.get("reason", ""),
        rolloff=p.get("rolloff"),
        chooser=p.get("chooser"),
        to_act=p.get("to_act"),
        active_model=None,
    )


@reducer("first_chosen")
def _first_chosen(s: BattleState, p: dict[str, Any]) -> BattleState:
    return s.with_order(
        first=p["side"], to_act=p["to_act"], phase="activations", chooser=None, reason=p.get("reason", s.order.reason)
    )


@reducer("activation_started")
def _activation_started(s: BattleState, p: dict[str, Any]) -> BattleState:
    return s.with_order(active_model=p["model"])


@reducer("activation_ended")
def _activation_ended(s: BattleState, p: dict[str, Any]) -> BattleState:
    if p.get("model"):
        s = s.with_model(p["model"], activated=True, salvo=None)
    return s.with_order(active_model=None, to_act=p.get("next"), phase=p.get("phase", s.order.phase))


@reducer("round_over")
def _round_over(s: BattleState, p: dict[str, Any]) -> BattleState:
    return s.with_order(phase="round-over", to_act=None, active_model=None)


@reducer("action")
def _action(s: BattleState, p: dict[str, Any]) -> BattleState:
    m = s.model(p["model"])
    kind = p["action"]
    changes: dict[str, Any] = {}
    if not p.get("free"):
        if kind == "move":
            changes["moves"] = m.moves + 1
        elif m.others >= 1 and m.bonus_action:
            changes["bonus_action"] = False
            changes["others"] = m.others + 1
        else:
            changes["others"] = m.others + 1
        if not m.first_action:
            changes["first_action"] = "move" if kind == "move" else "other"
    if p.get("climbed"):
        changes["climbed"] = True
    if p.get("jumped"):
        changes["jumped"] = True
    if p.get("aimed"):
        changes["aimed"] = True
    if p.get("jet_pack"):
        changes["once_used"] = m.once_used | {"jet-pack"}
    changes["looking_pickup"] = kind == "move" and bool(m.next_move)
    if kind == "move":
        changes["next_move"] = 0
    if p.get("borrowed"):
        changes["borrowed"] = ""
    if kind == "shoot":
        changes["salvo"] = (p["weapon"], 0)
    else:
        changes["salvo"] = None
    if p.get("engage"):
        changes["charged"] = m.charged | frozenset(p["engage"])
    if p.get("free") and kind == "pickup":
        changes["round_flags"] = m.round_flags | {"collector"}
    s = note_action(s, m, p)
    return s.with_model(m.id, **changes)


@reducer("shot")
def _shot(s: BattleState, p: dict[str, Any]) -> BattleState:
    m = s.model(p["shooter"])
    weapon, fired = m.salvo or (p["weapon"], 0)
    context = p.get("context", {})
    s = changed(s, last_roll=LastRoll("shot", m.id, p["roll"], dict(context)))
    aim = (p["target"], tuple(context.get("toggles", ())), tuple(context.get("declined", ())))
    return s.with_model(
        m.id,
        salvo=(weapon, fired + 1),
        salvo_aim=aim,
        salvo_targets=(m.salvo_targets if fired else ()) + (p["target"],),
        salvo_overwatch=bool(context.get("overwatch")) or (bool(fired) and m.salvo_overwatch),
        round_flags=m.round_flags | {f"fired:{p['weapon']}"},
    )


@reducer("save_rolled")
def _save_rolled(s: BattleState, p: dict[str, Any]) -> BattleState:
    s = changed(s, last_roll=LastRoll("save", p["model"], p["roll"], dict(p.get("context", {}))))
    if p.get("held"):
        s = _hold(s, p["model"], p["roll"])
    return s


def _hold(s: BattleState, model: str, roll: dict[str, Any]) -> BattleState:
    pending, done = [], False
    for pend in s.pending:
        if not done and pend.model == model:
            pend = changed(pend, context={**pend.context, "roll": roll})
            done = True
        pending.append(pend)
    return changed(s, pending=tuple(pending))


@reducer("rerolled")
def _rerolled(s: BattleState, p: dict[str, Any]) -> BattleState:
    last = s.last_roll
    if last is None:
        return s
    s = changed(s, last_roll=changed(last, record=p["roll"]))
    if last.kind == "save" and any(x.model == last.roller and "roll" in x.context for x in s.pending):
        s = _hold(s, last.roller, p["roll"])
    return s


@reducer("melee_rolled")
def _melee_rolled(s: BattleState, p: dict[str, Any]) -> BattleState:
    return changed(s, last_roll=LastRoll("melee", p["attacker"], p["roll"], dict(p.get("context", {}))))


@reducer("move_rolled")
def _move_rolled(s: BattleState, p: dict[str, Any]) -> BattleState:
    return changed(s, last_roll=LastRoll(p["kind"], p["model"], p["roll"], dict(p.get("context", {}))))


@reducer("salvo_ended")
def _salvo_ended(s: BattleState, p: dict[str, Any]) -> BattleState:
    m = s.model(p["model"])
    if p.get("fired") is None or m.salvo is None:
        return s.with_model(m.id, salvo=None)
    # shots lost at a target taken out; a second pistol's own shots are still to come (§10.5)
    lost = p["fired"] - m.salvo[1]
    return s.with_model(m.id, salvo=(m.salvo[0], p["fired"]), salvo_targets=m.salvo_targets + (p["target"],) * lost)


@reducer("marker_placed")
def _marker_placed(s: BattleState, p: dict[str, Any]) -> BattleState:
    m = s.model(p["model"])
    return s.with_model(m.id, markers=m.markers | {p["marker"]})


@reducer("marker_removed")
def _marker_removed(s: BattleState, p: dict[str, Any]) -> BattleState:
    m = s.model(p["model"])
    return s.with_model(m.id, markers=m.markers - {p["marker"]})


@reducer("save_pending")
def _save_pending(s: BattleState, p: dict[str, Any]) -> BattleState:
    pending = PendingSave(p["model"], p.get("attacker"), p["attack"], p.get("weapon", ""), dict(p.get("context", {})))
    return changed(s, pending=s.pending + (pending,))


@reducer("save_resolved")
def _save_resolved(s: BattleState, p: dict[str, Any]) -> BattleState:
    left, dropped = [], False
    for pend in s.pending:
        if not dropped and pend.model == p["model"]:
            dropped = True
            continue
        left.append(pend)
    return changed(s, pending=tuple(left))


@reducer("engaged")
def _engaged(s: BattleState, p: dict[str, Any]) -> BattleState:
    a, b = s.model(p["a"]), s.model(p["b"])
    s = s.with_model(a.id, engaged_with=a.engaged_with | {b.id})
    return s.with_model(b.id, engaged_with=b.engaged_with | {a.id})


@reducer("disengaged")
def _disengaged(s: BattleState, p: dict[str, Any]) -> BattleState:
    a, b = s.model(p["a"]), s.model(p["b"])
    s = s.with_model(a.id, engaged_with=a.engaged_with - {b.id})
    return s.with_model(b.id, engaged_with=b.engaged_with - {a.id})


def _leave_contacts(s: BattleState, m: ModelState) -> BattleState:
    for other in m.engaged_with:
        o = s.model(other)
        s = s.with_model(o.id, engaged_with=o.engaged_with - {m.id})
    return s.with_model(m.id, engaged_with=frozenset())


@reducer("model_removed")
def _model_removed(s: BattleState, p: dict[str, Any]) -> BattleState:
    m = s.model(p["model"])
    s, m = hand_over(s, m)  # a partner carrying the special marker with it carries on alone
    s = _leave_contacts(s, m)
    s = changed(
        s,
        markers_on_table=s.markers_on_table + m.tech_markers,
        special_marker_on_table=s.special_marker_on_table or m.special_marker,
        hidden_data_on_table=s.hidden_data_on_table | ({m.side} if m.hidden_data else set()),
        pending=tuple(x for x in s.pending if x.model != m.id),
    )
    s = s.with_model(
        m.id,
        status=OUT_OF_ACTION,
        removed_by=p.get("by"),
        removal_cause=p.get("cause", ""),
        markers=frozenset(),
        tech_markers=0,
        special_marker=False,
        hidden_data=False,
        salvo=None,
    )
    killer = p.get("by")
    if killer and s.has_model(killer):
        k = s.model(killer)
        s = s.with_model(k.id, kills=k.kills + (m.id,), xp_gained=k.xp_gained + int(p.get("xp", 0)))
    if s.order.active_model == m.id:
        s = s.with_order(active_model=None)
    return s


@reducer("tech_picked_up")
def _tech_picked_up(s: BattleState, p: dict[str, Any]) -> BattleState:
    m = s.model(p["model"])
    if p.get("hidden"):
        s = changed(s, hidden_data_on_table=s.hidden_data_on_table - {m.side})
        return s.with_model(m.id, hidden_data=True)
    if p.get("special"):
        s = changed(s, special_marker_on_table=False)
        return s.with_model(m.id, special_marker=True)
    s = changed(s, markers_on_table=max(0, s.markers_on_table - 1))
    return s.with_model(m.id, tech_markers=m.tech_markers + 1)


@reducer("model_left_table")
def _model_left(s: BattleState, p: dict[str, Any]) -> BattleState:
    m = s.model(p["model"])
    s = _leave_contacts(s, m)
    side = s.side(m.side) if m.side in ("A", "B") else None
    if p.get("special_dropped"):  # across another edge than the carrier's own (§23.5)
        s = changed(s, special_marker_on_table=True)
    if m.hidden_data and side is not None:
        s = s.with_side(side.key, hidden_data_taken=True)
        side = s.side(side.key)
    s = s.with_model(
        m.id,
        status=LEFT_TABLE,
        markers=frozenset(),
        tech_markers=0,
        special_marker=False,
        carry_partner=None,
        hidden_data=False,
        carried_off=int(p.get("carried", 0)),
        xp_gained=m.xp_gained + int(p.get("xp", 0)),
        salvo=None,
    )
    if side is not None:
        s = s.with_side(
            side.key,
            markers_collected=side.markers_collected + int(p.get("carried", 0)),
            vp=side.vp + int(p.get("vp", 0)),
        )
    if s.order.active_model == m.id:
        s = s.with_order(active_model=None)
    return s


@reducer("card_played")
def _card_played(s: BattleState, p: dict[str, Any]) -> BattleState:
    side = s.side(p["side"])
    s = s.with_side(side.key, cards_used=side.cards_used + (p["card"],))
    effect = p.get("effect", {})
    m = s.model(p["model"])
    changes: dict[str, Any] = {}
    if "action_cap" in effect:
        changes["action_cap"] = min(m.action_cap, int(effect["action_cap"]))
    if "lose_actions" in effect:  # Zwątpienie on a Move: that action is gone [SM-A43]
        changes["action_cap"] = max(m.actions_used, m.action_cap - int(effect["lose_actions"]))
    if effect.get("next_move"):
        changes["next_move"] = int(effect["next_move"])
    if effect.get("barred"):
        changes["barred"] = m.barred | {effect["barred"]}
    if effect.get("borrow"):
        changes["borrowed"] = effect["borrow"]
    if effect.get("taunt"):
        changes["taunting"] = True
    return s.with_model(m.id, **changes) if changes else s


@reducer("marker_taken")
def _marker_taken(s: BattleState, p: dict[str, Any]) -> BattleState:
    """Kradzież: the winner takes a technology marker from the loser."""
    loser, winner = s.model(p["from"]), s.model(p["to"])
    s = s.with_model(loser.id, tech_markers=max(0, loser.tech_markers - 1))
    return s.with_model(winner.id, tech_markers=winner.tech_markers + 1)


@reducer("trick_cast")
def _trick_cast(s: BattleState, p: dict[str, Any]) -> BattleState:
    m = s.model(p["model"])
    charges = tuple((k, n - 1 if k == p["trick"] else n) for k, n in m.trick_charges)
    s = note_trick(s.with_model(m.id, trick_charges=charges), m)
    target = p.get("target")
    effect = p.get("effect", {})
    if target and s.has_model(target):
        tm = s.model(target)
        changes: dict[str, Any] = {}
        if effect.get("infected"):
            changes["infected"] = True
        if effect.get("no_shooting"):
            changes["no_shooting"] = True
        if "lose_actions" in effect:
            changes["action_cap"] = max(0, tm.action_cap - int(effect["lose_actions"]))
        if "action_cap" in effect:
            changes["action_cap"] = min(tm.action_cap, int(effect["action_cap"]))
        if effect.get("bonus_action"):
            changes["bonus_action"] = True
        if changes:
            s = s.with_model(tm.id, **changes)
    return s


@reducer("actions_lost")
def _actions_lost(s: BattleState, p: dict[str, Any]) -> BattleState:
    m = s.model(p["model"])
    return s.with_model(m.id, action_cap=min(m.action_cap, m.actions_used), bonus_action=False)


@reducer("once_used")
def _once_used(s: BattleState, p: dict[str, Any]) -> BattleState:
    m = s.model(p["model"])
    return s.with_model(m.id, once_used=m.once_used | {p["what"]})


@reducer("setting_changed")
def _setting_changed(s: BattleState, p: dict[str, Any]) -> BattleState:
    return changed(s, settings={**s.settings, p["key"]: p["value"]})


@reducer("challenge_taken")
def _challenge_taken(s: BattleState, p: dict[str, Any]) -> BattleState:
    return challenge_taken(s, p)


@reducer("special_shared")
def _special_shared(s: BattleState, p: dict[str, Any]) -> BattleState:
    return special_shared(s, p)


@reducer("vp_awarded")
def _vp_awarded(s: BattleState, p: dict[str, Any]) -> BattleState:
    side = s.side(p["side"])
    return s.with_side(side.key, vp=side.vp + int(p["vp"]))


@reducer("xp_awarded")
def _xp_awarded(s: BattleState, p: dict[str, Any]) -> BattleState:
    m = s.model(p["model"])
    return s.with_model(m.id, xp_gained=m.xp_gained + int(p["xp"]))


@reducer("markers_collected")
def _markers_collected(s: BattleState, p: dict[str, Any]) -> BattleState:
    side = s.side(p["side"])
    s = changed(s, markers_on_table=max(0, s.markers_on_table - int(p.get("count", 0))))
    return s.with_side(
        side.key, markers_collected=side.markers_collected + int(p.get("count", 0)), vp=side.vp + int(p.get("vp", 0))
    )


@reducer("battle_ended")
def _battle_ended(s: BattleState, p: dict[str, Any]) -> BattleState:
    s = changed(s, ended=True, result=dict(p.get("result", {})))
    return s.with_order(phase="ended", to_act=None, active_model=None)


def preview(state: BattleState, drafts: Iterable[EventDraft]) -> BattleState:
    """The state these drafts would lead to (to decide what follows from them)."""
    return REDUCERS.preview(state, drafts)


def _register_corrections() -> None:
    from .corrections import CORRECTIONS  # GM corrections: one event kind, ``gm_correction``

    CORRECTIONS.register(REDUCERS)


_register_corrections()


def _register_gear() -> None:
    from .gear_events import register  # grenades, gap jumps, tricks' effects (§7.4, §17.6, §21)

    register(REDUCERS)


_register_gear()

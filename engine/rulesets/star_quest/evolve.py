"""How each Star Quest event changes the battle state (pure reducers).

Events carry the facts the rules decided (who, what, the dice, the numbers); reducers
only apply them, so replaying the log never re-decides anything. Wound allocation
([SQ-A12]: on one model until it dies) is deterministic and done here.
"""

from __future__ import annotations

from typing import Any, Iterable

from engine.events import Event, EventDraft
from engine.records import changed
from engine.reducers import Reducers

from .corrections import STAT_VALUE
from .state import (
    Activation,
    AIWalk,
    BattleState,
    HitGroup,
    Melee,
    Offer,
    PendingAttack,
    RoundState,
    SpellModifier,
    UnitState,
)

REDUCERS: Reducers[BattleState] = Reducers(log_only=())
reducer = REDUCERS.on


@reducer("test_rolled")
def _test_rolled(s: BattleState, p: dict[str, Any]) -> BattleState:
    """A stat test's roll: its effects follow as their own events; dangerous terrain
    counts the models of the activating unit that rolled ([SQ-A22](b)) — rolled before it
    moved, it activated there (§14)."""
    act = s.activation
    if p.get("purpose") != "dangerous" or act is None or act.unit != p["unit"]:
        return s
    if not act.moved:
        s = s.with_unit(act.unit, in_dangerous=True)
    return _act(s, dangerous=act.dangerous + int(p.get("models", 1)))


def _moved(s: BattleState, *units: str) -> BattleState:
    """The units moved: what the GM said about dangerous terrain where they stood is void."""
    for uid in units:
        if s.has_unit(uid) and s.unit(uid).in_dangerous is not None:
            s = s.with_unit(uid, in_dangerous=None)
    return s


def evolve(state: BattleState, event: Event) -> BattleState:
    """The state after ``event``. Log-only kinds (notes, test rolls) change nothing; any other unknown kind is an
    ``UnknownEvent``."""
    return REDUCERS.evolve(state, event)


def preview(state: BattleState, drafts: Iterable[EventDraft]) -> BattleState:
    """The state these drafts would lead to (to decide what follows from them)."""
    return REDUCERS.preview(state, drafts)


def _act(s: BattleState, **changes: Any) -> BattleState:
    return changed(s, activation=changed(s.activation, **changes)) if s.activation else s


# -- settings and rounds ------------------------------------------------------------------------
@reducer("setting_changed")
def _setting(s: BattleState, p: dict[str, Any]) -> BattleState:
    return changed(s, settings={**s.settings, p["key"]: p["value"]})


@reducer("round_started")
def _round_started(s: BattleState, p: dict[str, Any]) -> BattleState:
    s = s.with_units(lambda u: _round_over(changed(u, activated=False, cast_round=())))
    return changed(s, turn=RoundState(number=int(p["number"]), phase="heroes"))


def _round_over(u: UnitState) -> UnitState:
    """A GM's modifier for one round ends with it (``corrections``)."""
    if not any(a[3] == "round" for a in u.adjustments):
        return u
    spec = u.spec
    for stat, value, _, until in u.adjustments:
        if until == "round":
            spec = changed(spec, **{stat: STAT_VALUE[stat](spec) - value})
    return changed(u, spec=spec, adjustments=tuple(a for a in u.adjustments if a[3] != "round"))


@reducer("phase_changed")
def _phase(s: BattleState, p: dict[str, Any]) -> BattleState:
    return changed(s, turn=changed(s.turn, phase=p["phase"]))


@reducer("round_ended")
def _round_ended(s: BattleState, p: dict[str, Any]) -> BattleState:
    """Fatigue and the spells' round-long modifiers end (§5 step 4)."""
    s = s.with_units(
        lambda u: changed(u, fatigued=False, spell_mods=tuple(m for m in u.spell_mods if m.until != "round"))
    )
    return changed(s, turn=changed(s.turn, phase="end"))


@reducer("terrain_declared")
def _terrain(s: BattleState, p: dict[str, Any]) -> BattleState:
    return changed(s, dangerous_terrain=bool(p["dangerous"]))


@reducer("tokens_gained")
def _tokens(s: BattleState, p: dict[str, Any]) -> BattleState:
    return s.with_unit(p["unit"], tokens=int(p["tokens"]))


@reducer("tokens_spent")
def _tokens_spent(s: BattleState, p: dict[str, Any]) -> BattleState:
    return s.with_unit(p["unit"], tokens=max(0, s.unit(p["unit"]).tokens - int(p["amount"])))


@reducer("wave_deployed")
def _wave(s: BattleState, p: dict[str, Any]) -> BattleState:
    arrivals = p.get("arrivals", {})
    for uid in p["units"]:
        s = s.with_unit(uid, on_table=uid not in arrivals, arrives=arrivals.get(uid))
    return s


@reducer("set_aside")
def _set_aside(s: BattleState, p: dict[str, Any]) -> BattleState:
    return s.with_unit(p["unit"], on_table=False)


@reducer("unit_arrived")
def _arrived(s: BattleState, p: dict[str, Any]) -> BattleState:
    return _moved(s.with_unit(p["unit"], on_table=True, arrives=None), p["unit"])


# -- activations ----------------------------------------------------------------------------------
@reducer("activation_started")
def _activation_started(s: BattleState, p: dict[str, Any]) -> BattleState:
    s = s.with_units(lambda u: changed(u, took=0, fear=0, loss_before=u.loss if u.alive else u.start))
    if p.get("ai_order"):
        s = changed(s, turn=changed(s.turn, ai_order=tuple(p["ai_order"])))
    return changed(
        s,
        activation=Activation(
            unit=p["unit"],
            side=p["side"],
            statuses=tuple(p.get("statuses", ())),
            shaken_recovery=bool(p.get("shaken_recovery")),
        ),
    )


@reducer("activation_over")
def _over(s: BattleState, p: dict[str, Any]) -> BattleState:
    return _act(s, over=True)


@reducer("activation_ending")
def _ending(s: BattleState, p: dict[str, Any]) -> BattleState:
    return _act(s, ending=True)


@reducer("activation_ended")
def _activation_ended(s: BattleState, p: dict[str, Any]) -> BattleState:
    s = s.with_unit(p["unit"], activated=True)
    return changed(s, activation=None, ai=None, turn=changed(s.turn, order=s.turn.order + (p["unit"],)))


@reducer("action_taken")
def _action(s: BattleState, p: dict[str, Any]) -> BattleState:
    a = s.activation
    assert a is not None
    if p.get("moved"):
        s = _moved(s, p["unit"])
    return _act(
        s,
        actions=a.actions + (p["action"],),
        extras=a.extras + (1 if p.get("extra") else 0),
        skill_credits=a.skill_credits + (1 if p["action"] == "skill" else 0),
        moved=a.moved or bool(p.get("moved")),
        over=a.over or p["action"] == "rest",
    )


@reducer("skill_used")
def _skill_used(s: BattleState, p: dict[str, Any]) -> BattleState:
    a = s.activation
    assert a is not None
    if p["slot"] == "free":
        return _act(s, skill_used=True)
    return _act(s, skill_credits=max(0, a.skill_credits - 1))


@reducer("status_applied")
def _status_applied(s: BattleState, p: dict[str, Any]) -> BattleState:
    u = s.unit(p["unit"])
    return s.with_unit(u.id, statuses=u.statuses + ((p["status"],) if p["status"] not in u.statuses else ()))


@reducer("status_removed")
def _status_removed(s: BattleState, p: dict[str, Any]) -> BattleState:
    u = s.unit(p["unit"])
    s = s.with_unit(u.id, statuses=tuple(x for x in u.statuses if x != p["status"]))
    return _status_checked(s, p)


@reducer("status_checked")
def _status_checked(s: BattleState, p: dict[str, Any]) -> BattleState:
    if s.activation and s.activation.unit == p["unit"]:
        return _act(s, statuses=tuple(x for x in s.activation.statuses if x != p["status"]))
    return s


# -- power, wounds, revival -------------------------------------------------------------------------
@reducer("power_spent")
def _power_spent(s: BattleState, p: dict[str, Any]) -> BattleState:
    return s.with_unit(p["unit"], pp=max(0, s.unit(p["unit"]).pp - int(p["taken"])))


@reducer("power_restored")
def _power_restored(s: BattleState, p: dict[str, Any]) -> BattleState:
    return s.with_unit(p["unit"], pp=int(p["to"]))


def allocate(u: UnitState, amount: int, deadly: bool, cap: bool) -> UnitState:
    """[SQ-A12]: wounds on one model until it dies, then the next; Deadly wounds stay on
    one model (§17). A hero falls unconscious at Tough, its wounds capped [SQ-A16]."""
    tough = u.spec.tough
    took = u.took + amount
    if u.hero and not u.wounds:  # a hero the GM took off the table (a correction): no model to wound
        return changed(u, took=took)
    if u.hero:
        w = u.wounds[0] + amount
        w = min(w, tough) if cap else w
        return changed(u, wounds=(w,), unconscious=u.unconscious or w >= tough, took=took)
    wounds = list(u.wounds)
    if deadly and wounds:
        wounds[0] += amount
        if wounds[0] >= tough:
            wounds.pop(0)
        return changed(u, wounds=tuple(wounds), took=took)
    left = amount
    while left > 0 and wounds:
        room = tough - wounds[0]
        if left >= room:
            wounds.pop(0)
            left -= room
        else:
            wounds[0] += left
            left = 0
    return changed(u, wounds=tuple(wounds), took=took)


@reducer("wounds_taken")
def _wounds(s: BattleState, p: dict[str, Any]) -> BattleState:
    u = allocate(s.unit(p["unit"]), int(p["amount"]), bool(p.get("deadly")), s.setting("wound_cap") != "no-cap")
    return changed(s, units=tuple(u if x.id == u.id else x for x in s.units))


@reducer("model_killed")
def _model_killed(s: BattleState, p: dict[str, Any]) -> BattleState:
    u = s.unit(p["unit"])
    return s.with_unit(u.id, wounds=u.wounds[1:], took=u.took + 1)


@reducer("revived")
def _revived(s: BattleState, p: dict[str, Any]) -> BattleState:
    u = s.unit(p["unit"])
    return s.with_unit(u.id, wounds=(max(0, u.wounds[0] - int(p["healed"])),), unconscious=False, revived_round=s.round)


@reducer("fear_applied")
def _fear(s: BattleState, p: dict[str, Any]) -> BattleState:
    return s.with_unit(p["unit"], fear=max(s.unit(p["unit"]).fear, int(p["fear"])))


@reducer("limited_used")
def _limited(s: BattleState, p: dict[str, Any]) -> BattleState:
    u = s.unit(p["unit"])
    return s.with_unit(u.id, limited_used=u.limited_used + (p["weapon"],))


# -- offers ---------------------------------------------------------------------------------------
@reducer("offer_made")
def _offer(s: BattleState, p: dict[str, Any]) -> BattleState:
    return changed(s, offer=Offer(p["kind"], p["unit"], int(p["cost"]), p["text"], dict(p.get("detail", {}))))


@reducer("offer_answered")
def _offer_answered(s: BattleState, p: dict[str, Any]) -> BattleState:
    return changed(s, offer=None)


# -- attacks and melee -------------------------------------------------------------------------------
@reducer("attack_started")
def _attack_started(s: BattleState, p: dict[str, Any]) -> BattleState:
    a = PendingAttack(
        attacker=p["attacker"],
        target=p["target"],
        weapon=p["weapon"],
        kind=p["kind"],
        attacks=int(p["attacks"]),
        stage=p.get("stage", "hits"),
        moved=bool(p.get("moved")),
        stealth=bool(p.get("stealth")),
        cover=bool(p.get("cover")),
        cover_from=str(p.get("cover_from", "inside")),
        charging=bool(p.get("charging")),
        blast_models=p.get("blast_models"),
        blast_units=tuple(p.get("blast_units", ())),
        groups=tuple(HitGroup(*g) for g in p.get("groups", ())),
        fall_ap=int(p.get("fall_ap", 0)),
        wounds=int(p.get("wounds", 0)),
    )
    if a.kind == "fall":  # placed 2" from the bottom (§15.2)
        s = _moved(s, a.target)
    if s.attack is not None:  # one open at a time: the next waits its turn
        return changed(s, queued=s.queued + (a,))
    s = changed(s, attack=a)
    act = s.activation
    if act and act.unit == a.attacker and a.kind in ("shoot", "melee", "impact"):
        fired = act.fired + ((a.weapon,) if a.kind == "shoot" else ())
        s = _act(s, attacked=True, fired=fired, shot_target=a.target if a.kind == "shoot" else act.shot_target)
    return s


@reducer("hits_rolled")
def _hits(s: BattleState, p: dict[str, Any]) -> BattleState:
    a = s.attack
    assert a is not None
    return changed(s, attack=changed(a, stage="blocks", groups=tuple(HitGroup(*g) for g in p["groups"])))


@reducer("blocks_rolled")
def _blocks(s: BattleState, p: dict[str, Any]) -> BattleState:
    a = s.attack
    assert a is not None
    if p.get("regenerate"):
        return changed(s, attack=changed(a, stage="regeneration", wounds=int(p["wounds"])))
    return changed(s, attack=changed(a, groups=a.groups[1:], dealt=a.dealt + int(p["wounds"])))


@reducer("regeneration_rolled")
def _regen(s: BattleState, p: dict[str, Any]) -> BattleState:
    a = s.attack
    assert a is not None
    return changed(
        s, attack=changed(a, stage="blocks", groups=a.groups[1:], wounds=0, dealt=a.dealt + int(p["wounds"]))
    )


@reducer("attack_resolved")
def _attack_resolved(s: BattleState, p: dict[str, Any]) -> BattleState:
    """The next queued attack opens; one at a unit no longer on its feet is dropped."""
    queued = s.queued
    while queued and not s.unit(queued[0].target).alive:
        queued = queued[1:]
    return changed(s, attack=queued[0] if queued else None, queued=queued[1:])


@reducer("melee_started")
def _melee_started(s: BattleState, p: dict[str, Any]) -> BattleState:
    s = changed(s, melee=Melee(p["charger"], p["defender"], int(p["charger_models"]), int(p["defender_models"])))
    s = _moved(s, p["charger"], p["defender"])  # the defenders move up to 3" into contact (§11.1 step 3)
    return _act(s, charged=True, attacked=True)


@reducer("melee_advanced")
def _melee_advanced(s: BattleState, p: dict[str, Any]) -> BattleState:
    m = s.melee
    assert m is not None
    return changed(s, melee=changed(m, stage=p["stage"], index=int(p["index"])))


@reducer("counter_attacked")
def _counter_attacked(s: BattleState, p: dict[str, Any]) -> BattleState:
    a = s.activation
    assert a is not None
    return _act(s, counter_attackers=a.counter_attackers + (p["unit"],)) if p["unit"] not in a.counter_attackers else s


@reducer("melee_ended")
def _melee_ended(s: BattleState, p: dict[str, Any]) -> BattleState:
    return changed(s, melee=None)


# -- morale and fatigue --------------------------------------------------------------------------------
@reducer("morale_queued")
def _morale_queued(s: BattleState, p: dict[str, Any]) -> BattleState:
    return changed(s, morale=tuple(p["units"]))


@reducer("morale_rolled")
def _morale_rolled(s: BattleState, p: dict[str, Any]) -> BattleState:
    return changed(s, morale=tuple(u for u in s.morale if u != p["unit"]))


@reducer("shaken")
def _shaken(s: BattleState, p: dict[str, Any]) -> BattleState:
    return s.with_unit(p["unit"], shaken=True)


@reducer("shaken_removed")
def _unshaken(s: BattleState, p: dict[str, Any]) -> BattleState:
    return s.with_unit(p["unit"], shaken=False)


@reducer("fatigued")
def _fatigued(s: BattleState, p: dict[str, Any]) -> BattleState:
    return s.with_units(lambda u: changed(u, fatigued=True) if u.id in p["units"] else u)


# -- casting, skills ---------------------------------------------------------------------------------
@reducer("spell_tried")
def _spell(s: BattleState, p: dict[str, Any]) -> BattleState:
    u = s.unit(p["unit"])
    s = s.with_unit(u.id, cast_round=u.cast_round + (p["spell"],))
    return _act(s, cast=s.activation.cast + (p["spell"],)) if s.activation else s


@reducer("spell_modifier")
def _spell_modifier(s: BattleState, p: dict[str, Any]) -> BattleState:
    """A spell's modifier to Quality or Defense rolls; the same spell cast again on the unit
    replaces its own (it does not add up)."""
    m = SpellModifier(p["stat"], int(p["value"]), p["spell"], p["caster"], p.get("until", "round"))
    u = s.unit(p["unit"])
    kept = tuple(x for x in u.spell_mods if (x.stat, x.spell, x.caster) != (m.stat, m.spell, m.caster))
    return s.with_unit(u.id, spell_mods=kept + (m,))


@reducer("token_revealed")
def _revealed(s: BattleState, p: dict[str, Any]) -> BattleState:
    return changed(s, revealed=s.revealed + (p["token"],))


# -- AI flow chart ---------------------------------------------------------------------------------------
@reducer("ai_started")
def _ai_started(s: BattleState, p: dict[str, Any]) -> BattleState:
    return changed(s, ai=AIWalk(unit=p["unit"], node=p["node"]))


@reducer("ai_answered")
def _ai_answered(s: BattleState, p: dict[str, Any]) -> BattleState:
    ai = s.ai
    assert ai is not None
    if p["node"] == "dangerous" and p["by"] == "gm":  # where it activates (§14): kept until it moves
        s = s.with_unit(ai.unit, in_dangerous=p["answer"] == "yes")
    return changed(s, ai=changed(ai, path=ai.path + ((p["node"], p["answer"], p["by"]),), node=p["next"]))


@reducer("unit_pushed")
def _pushed(s: BattleState, p: dict[str, Any]) -> BattleState:
    return _moved(s, p["pushed"])


@reducer("ai_proposed")
def _ai_proposed(s: BattleState, p: dict[str, Any]) -> BattleState:
    ai = s.ai
    assert ai is not None
    return changed(s, ai=changed(ai, proposal=p["action"]))


@reducer("ai_action_chosen")
def _ai_chosen(s: BattleState, p: dict[str, Any]) -> BattleState:
    return _act(s, ai_action=p["action"])


def _register_corrections() -> None:
    from .corrections import CORRECTIONS  # GM corrections: one event kind, ``gm_correction``

    CORRECTIONS.register(REDUCERS)


_register_corrections()

"""Fatigue (§4): markers, the moments it is gained, and the opponent spending it.

Gain: T1/T2 after a second Movement/Shooting in the unit's own turn, T3 after each
melee, T4 when a friendly unit within S is destroyed in melee. Spend: the opponent
removes one marker for one of four effects, each at most once per move, shot or
melee (§4.5). Fatigue never goes below 0.
"""

from __future__ import annotations

from typing import Sequence

from engine.dice import DiceSource
from engine.events import EventDraft
from engine.formatting import possessive
from engine.records import Record
from engine.ruleset import Rejected

from . import tables as t
from .commands import AdjustFatigue, SpendFatigue
from .melee_state import ATTACKER, DEFENDER, other
from .state import MOVE_OR_SHOOT, BattleState, opponent
from .terms import band as band_term

Decision = Rejected | Sequence[EventDraft]
FILLED = "●"
EMPTY = "○"


def fatigue_markers(fatigue: int, limit: int) -> str:
    """Markers with the limit: ``fatigue_markers(2, 3) == "●●○"``; past the limit every
    marker shows (there is no maximum, §4.1)."""
    fatigue = max(0, fatigue)
    return FILLED * fatigue + EMPTY * max(0, limit - fatigue)


def gain(state: BattleState, unit_id: str, trigger: t.Trigger, note: str = "") -> EventDraft:
    """One fatigue marker for ``unit_id`` from ``trigger``."""
    u = state.unit(unit_id)
    after = u.fatigue + 1
    flag = " — exhausted" if after >= u.limit else ""
    return EventDraft(
        "fatigue_gained",
        {"unit": unit_id, "trigger": trigger.key, "rule": trigger.rule, "note": note},
        actor=unit_id,
        text=f"{u.name} gains 1 fatigue ({trigger.name}, §4.2"
        f"{'; ' + note if note else ''}): "
        f"{fatigue_markers(after, u.limit)} {after}/{u.limit}{flag}.",
    )


def tiring(state: BattleState, unit_id: str, kind: str, causes_fatigue: bool = False) -> tuple[EventDraft | None, str]:
    """T1/T2 after the unit's current Movement (``kind`` move/charge) or Shooting: the
    fatigue event (or None) and the rule that applied, for the log [SAGA-A9]."""
    u = state.unit(unit_id)
    trigger = t.T2 if kind == "shoot" else t.T1
    earlier = u.activations[:-1]
    if u.side != state.turn.active and not causes_fatigue:
        return None, "no fatigue in the opponent's turn (§4.2)"
    if state.setting("t1_counts") == "any-activation":
        counted = bool(earlier)
        reading = "any earlier activation counts [SAGA-A9]"
    else:
        counted = any(a.kind in MOVE_OR_SHOOT for a in earlier)
        reading = "only an earlier Movement or Shooting counts [SAGA-A9]"
    if not counted:
        return None, f"first Movement or Shooting this turn, no fatigue (§4.2; {reading})"
    note = reading + ("; the ability causes fatigue" if u.side != state.turn.active else "")
    return gain(state, unit_id, trigger, note), f"{trigger.name} (§4.2; {reading})"


class SpendOption(Record):
    """A fatigue spend open now: side ``by`` may remove one marker of enemy ``unit`` for
    ``use``; ``for_unit`` is who benefits; ``effect`` says what it does."""

    by: str
    unit: str
    use: str
    effect: str
    rule: str
    for_unit: str | None = None


def _melee_options(state: BattleState) -> list[SpendOption]:
    m = state.melee
    if m is None or m.stage not in ("abilities-attacker", "abilities-defender"):
        return []
    role = ATTACKER if m.stage == "abilities-attacker" else DEFENDER
    by = m.side_of(role)
    once_per_melee = state.setting("enemy_armour_limit") != "per-enemy-unit"
    used = m.spends_by(by)
    out: list[SpendOption] = []
    for pool in m.pools_of(other(role)):
        enemy = state.unit(pool.unit)
        if enemy.fatigue < 1 or not enemy.alive:
            continue
        mine = m.target_of(enemy.id)  # the unit of ours these enemy dice attack [SAGA-M3]
        if not any(s.use == t.OWN_ARMOUR.key and s.unit == enemy.id for s in used):
            out.append(
                SpendOption(
                    by,
                    enemy.id,
                    t.OWN_ARMOUR.key,
                    f"+1 Armour to {state.unit(mine).name} against {possessive(enemy.name)} attack dice",
                    t.OWN_ARMOUR.rule,
                    mine,
                )
            )
        minus_used = [s for s in used if s.use == t.ENEMY_ARMOUR.key and (once_per_melee or s.unit == enemy.id)]
        if not minus_used:
            out.append(
                SpendOption(
                    by,
                    enemy.id,
                    t.ENEMY_ARMOUR.key,
                    f"−1 to {possessive(enemy.name)} Armour",
                    t.ENEMY_ARMOUR.rule
                    + (" [SAGA-A11: once per melee]" if once_per_melee else " [SAGA-A11: once per enemy unit]"),
                    enemy.id,
                )
            )
    return out


def spend_options(state: BattleState) -> tuple[SpendOption, ...]:
    """Every fatigue spend open at this moment, and to whom (§4.5)."""
    out: list[SpendOption] = []
    mv = state.move
    if mv is not None:
        u = state.unit(mv.unit)
        if u.fatigue >= 1 and not mv.slowed and t.band_index(mv.band) > 0:
            to = t.reduced_band(mv.band, mv.broken)
            out.append(
                SpendOption(
                    opponent(u.side),
                    u.id,
                    t.SLOW_MOVE.key,
                    f"{u.name} moves {band_term(to)} instead of {band_term(mv.band)}"
                    + (" (broken terrain)" if mv.broken else ""),
                    t.SLOW_MOVE.rule + " [SAGA-A12]",
                )
            )
    sh = state.shot
    if sh is not None and sh.stage == "declared":
        u = state.unit(sh.shooter)
        target = state.unit(sh.target)
        if u.fatigue >= 1 and not sh.spends:
            out.append(
                SpendOption(
                    target.side,
                    u.id,
                    t.SHOOTING_ARMOUR.key,
                    f"+1 Armour to {target.name} against this shooting",
                    t.SHOOTING_ARMOUR.rule,
                    target.id,
                )
            )
    out.extend(_melee_options(state))
    return tuple(out)


def _context(state: BattleState) -> str:
    return state.busy


def spend(state: BattleState, cmd: SpendFatigue, dice: DiceSource) -> Decision:
    """§4.5: remove one marker of an enemy unit for one effect, if it is open now."""
    if cmd.use not in t.SPEND_USES:
        return Rejected(f"unknown fatigue use '{cmd.use}' (one of: {', '.join(t.SPEND_USES)})", kind="malformed")
    if not state.has_unit(cmd.unit):
        return Rejected(f"no unit '{cmd.unit}'", kind="malformed")
    use = t.SPEND_USES[cmd.use]
    u = state.unit(cmd.unit)
    if cmd.by == u.side:
        return Rejected(f"{possessive(u.name)} fatigue is spent by the opponent, not by its own side", "§4.5")
    if u.fatigue < 1:
        return Rejected(f"{u.name} has no fatigue to spend", "§4.5")
    if _context(state) != use.context:
        return Rejected(f"'{use.name}' is spent during a {use.context}; none is open for it now", use.rule)
    options = spend_options(state)
    match = [o for o in options if o.by == cmd.by and o.unit == cmd.unit and o.use == cmd.use]
    if not match:
        return spend_refusal(state, cmd)
    option = match[0]
    for_unit = (cmd.for_unit or option.for_unit) if cmd.use == t.OWN_ARMOUR.key else option.for_unit
    if cmd.use == t.OWN_ARMOUR.key and state.melee is not None:
        role = state.melee.role_of_side(cmd.by)
        if for_unit not in [p.unit for p in state.melee.pools_of(role)]:
            return Rejected(
                f"'{for_unit}' is not one of {possessive(state.side_name(cmd.by))} units in this melee",
                kind="malformed",
            )
    left = u.fatigue - 1
    payload = {"by": cmd.by, "unit": u.id, "use": cmd.use, "for_unit": for_unit, "context": use.context}
    return [
        EventDraft(
            "fatigue_spent",
            payload,
            actor=cmd.by,
            text=f"{state.side_name(cmd.by)} spends 1 of {possessive(u.name)} fatigue: {option.effect} "
            f"({use.rule}); {u.name} {fatigue_markers(left, u.limit)} {left}/{u.limit}.",
        )
    ]


def spend_refusal(state: BattleState, cmd: SpendFatigue) -> Rejected:
    """The real reason a spend of an enemy unit that has fatigue is not open now: not this
    side's moment, not a unit of this move, shot or melee, or that effect already bought."""
    use = t.SPEND_USES[cmd.use]
    u = state.unit(cmd.unit)
    by = state.side_name(cmd.by)
    m, mv, sh = state.melee, state.move, state.shot
    if m is not None:
        if not m.stage.startswith("abilities"):
            return Rejected("fatigue is spent in step 3 of the melee", "§4.5 ways 3–4")
        declaring = m.attacker if m.stage == "abilities-attacker" else m.defender
        if cmd.by != declaring:
            whose = "Attacker" if declaring == m.attacker else "Defender"
            return Rejected(f"the {whose} is declaring now; the other side spends after it", "§3 step 3")
        if m.pool(u.id) is None:
            return Rejected(f"{u.name} is not taking part in this melee", use.rule)
        spent = [s for s in m.spends_by(cmd.by) if s.use == cmd.use]
        if cmd.use == t.OWN_ARMOUR.key and any(s.unit == u.id for s in spent):
            return Rejected(
                f"{by} has already bought +1 Armour against {possessive(u.name)} attack dice in this melee "
                "(once per melee against each enemy unit)",
                use.rule,
            )
        if cmd.use == t.ENEMY_ARMOUR.key and spent:
            once = state.setting("enemy_armour_limit") != "per-enemy-unit"
            return Rejected(
                f"{by} has already lowered "
                + (
                    "an enemy unit's Armour by 1 in this melee (at most once per melee [SAGA-A11])"
                    if once
                    else f"{possessive(u.name)} Armour by 1 in this melee (once per enemy unit [SAGA-A11])"
                ),
                use.rule,
            )
    elif mv is not None and cmd.use == t.SLOW_MOVE.key:
        if mv.unit != u.id:
            return Rejected(f"only the moving unit's fatigue slows its move; {u.name} is not moving", use.rule)
        if mv.slowed:
            return Rejected(
                f"{possessive(u.name)} move is already slowed: one spend per move "
                f"(two spends never take {band_term('M')} to {band_term('VS')})",
                use.rule,
            )
        if t.band_index(mv.band) == 0:
            return Rejected(
                f"{u.name} moves {band_term(mv.band)}, the shortest band: there is nothing to slow",
                use.rule + " [SAGA-A12]",
            )
    elif sh is not None and cmd.use == t.SHOOTING_ARMOUR.key:
        if sh.shooter != u.id:
            return Rejected(
                f"only the shooting unit's fatigue is spent against a shooting; {u.name} is not shooting", use.rule
            )
        if sh.stage != "declared":
            return Rejected("the spend is made at step 2 of the shooting, before the attack roll", use.rule)
        if sh.spends:
            return Rejected("+1 Armour against this shooting has already been bought (once per shooting)", use.rule)
        if cmd.by != state.unit(sh.target).side:
            return Rejected(
                f"only the target's side, {state.side_name(state.unit(sh.target).side)}, spends it", use.rule
            )
    return Rejected(
        f"'{use.name}' on {u.name} is not open now (each use at most once per "
        f"{use.context}, and only the opponent's side spends)",
        use.rule,
    )


def adjust(state: BattleState, cmd: AdjustFatigue, dice: DiceSource) -> Decision:
    """A fatigue change that is not a Rest or a spend: a SAGA ability (§4.4) or a GM fix."""
    if not state.has_unit(cmd.unit):
        return Rejected(f"no unit '{cmd.unit}'", kind="malformed")
    if cmd.delta == 0:
        return Rejected("a change of 0 changes nothing", kind="malformed")
    u = state.unit(cmd.unit)
    if u.fatigue + cmd.delta < 0:
        return Rejected(f"{u.name} has only {u.fatigue} fatigue; fatigue never goes below 0", "§4.1")
    after = u.fatigue + cmd.delta
    return [
        EventDraft(
            "fatigue_adjusted",
            {"unit": u.id, "delta": cmd.delta, "reason": cmd.reason},
            actor=u.id,
            text=f"{u.name}: {cmd.delta:+d} fatigue ({cmd.reason or 'GM'}; not a Rest): "
            f"{fatigue_markers(after, u.limit)} {after}/{u.limit}.",
        )
    ]

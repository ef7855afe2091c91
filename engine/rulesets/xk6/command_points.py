"""Command points (§15): a commander spends a point, for itself or a friendly model within
6", on a re-roll of a test or an activation. Spent points never come back. Readings of
cost, friendliness, re-rolling a re-roll and the bought activation are [XK-A17] settings.
"""

from __future__ import annotations

from typing import Any, Sequence

from engine.dice import DiceSource
from engine.events import EventDraft
from engine.formatting import plural, possessive
from engine.records import changed
from engine.ruleset import Rejected

from . import tables as t
from .attack_records import hit_record, pair_record
from .commands import SpendCommandPoint
from .procedures import faces_for
from .state import BattleState

Decision = Rejected | Sequence[EventDraft]


def cost(state: BattleState) -> int:
    return int(state.setting("cp_cost") or 1)


def _check(state: BattleState, cmd: SpendCommandPoint) -> Rejected | None:
    if cmd.use not in t.CP_USES:
        return Rejected(f"use must be one of {', '.join(t.CP_USES)}", kind="malformed")
    for mid in (cmd.commander, cmd.model):
        if not state.has_model(mid):
            return Rejected(f"no model '{mid}'", kind="malformed")
    c, m = state.model(cmd.commander), state.model(cmd.model)
    if not c.in_play or c.spec.command_points <= 0:
        return Rejected(f"{c.name} is not a commander in play", "§15")
    if c.command_points < cost(state):
        return Rejected(
            f"{c.name} has {plural(c.command_points, 'command point')} left; the effect costs {cost(state)}",
            "§15 [XK-A17](a)",
        )
    if m.side != c.side and state.setting("cp_friendly") != "any":
        return Rejected(f"{m.name} is not a friendly model", "§15 [XK-A17](b)")
    if m.id != c.id and not cmd.within_6:
        return Rejected(f'{m.name} must be within {t.COMMAND_RANGE_INCHES}" of {c.name}', "§15")
    if not m.in_play:
        return Rejected(f"{m.name} is out of play", "§17")
    return None


def spend(state: BattleState, cmd: SpendCommandPoint, dice: DiceSource) -> Decision:
    problem = _check(state, cmd)
    if problem:
        return problem
    return _reroll(state, cmd, dice) if cmd.use == "reroll" else _activation(state, cmd)


def _spent(state: BattleState, cmd: SpendCommandPoint, what: str) -> EventDraft:
    c = state.model(cmd.commander)
    left = c.command_points - cost(state)
    return EventDraft(
        "command_point_spent",
        {"commander": c.id, "use": cmd.use, "model": cmd.model, "cost": cost(state), "left": left},
        actor=c.id,
        text=f"{c.name} spends {cost(state)} command point{'s' * (cost(state) != 1)} ({left} left): {what} (§15).",
    )


def _with_rerolls(
    state: BattleState,
    cmd: SpendCommandPoint,
    record: dict[str, Any],
    old: Sequence[int],
    new: Sequence[int],
    pool: str,
) -> dict[str, Any]:
    """``record`` (a dict) with ``detail["rerolls"]``: each die the point rolled again, old and
    new face, and what allowed it ("Boss's command point", with the pool when it is the
    defender's), as every rule system's re-rolls are shown in a roll's breakdown."""
    label = f"{possessive(state.model(cmd.commander).name)} command point" + (f" ({pool})" if pool else "")
    rerolls = [
        {"die": i, "old": a, "new": b, "by": "command-point", "label": label} for i, (a, b) in enumerate(zip(old, new))
    ]
    return {**record, "detail": {**record.get("detail", {}), "rerolls": rerolls}}


def _activation(state: BattleState, cmd: SpendCommandPoint) -> Decision:
    m = state.model(cmd.model)
    if state.turn.phase != "activations":
        return Rejected("an activation can be bought during a turn's activations", "§15")
    if state.attack is not None:
        return Rejected("finish the attack first", "§8")
    if m.id in state.turn.bonus:
        return Rejected(f"{m.name} already has a bought activation waiting", "§15")
    if state.setting("cp_activation") == "replaces":
        if state.turn.active is not None or state.turn.next_side != m.side or state.turn.bonus:
            return Rejected(
                f"under this setting the point replaces {possessive(state.side_name(m.side))} next normal "
                "activation: spend it when that side is about to activate",
                "§15 [XK-A17](d)",
            )
    return [_spent(state, cmd, f"an activation for {m.name}" + (" (it has already activated)" if m.activated else ""))]


def _stealth_reroll(state: BattleState, cmd: SpendCommandPoint, dice: DiceSource) -> Decision:
    """A failed Stealth die rolled again (§15, §16): above X now, the attack is avoided."""
    from .attack_records import stealth_record

    a = state.attack
    assert a is not None
    m = state.model(cmd.model)
    x = a.target(m.id)
    if x is None or x.stealth_face is None:
        return Rejected(f"{m.name} rolled no Stealth die in this attack", "§16")
    if x.avoided:
        return Rejected(f"{possessive(m.name)} Stealth already avoided the attack", "§16")
    if x.stealth_rerolled:
        return Rejected("a re-rolled test may not be re-rolled again", "§15 [XK-A17](c)")
    face = faces_for(cmd.faces, 1, dice, f"{possessive(m.name)} re-rolled Stealth die")[0]
    record, avoided = stealth_record(state, m.id, face)
    payload = {
        "model": m.id,
        "which": "stealth",
        "faces": [face],
        "replaced": [x.stealth_face],
        "avoided": avoided,
        "rolls": [_with_rerolls(state, cmd, record.to_dict(), [x.stealth_face], [face], "")],
    }
    return [
        _spent(state, cmd, f"{m.name} re-rolls its Stealth die"),
        EventDraft(
            "test_rerolled",
            payload,
            actor=m.id,
            text=f"{m.name} re-rolls its Stealth die {x.stealth_face} → {face}. The new result stands.",
        ),
    ]


def _medic_reroll(state: BattleState, cmd: SpendCommandPoint, dice: DiceSource) -> Decision:
    """This activation's failed Medic die rolled again (§15, §16): above X now, it heals."""
    from .activation import medic_mods
    from .procedures import one_die_record

    act = state.turn.active
    m = state.model(cmd.model)
    if act is None or act.model != m.id or act.failed_heal is None:
        return Rejected(f"{m.name} has no failed Medic die to re-roll in this activation", "§15 §16")
    target_id, old = act.failed_heal
    target = state.model(target_id)
    above = m.spec.medic if m.spec.medic is not None else 6
    face = faces_for(cmd.faces, 1, dice, f"{possessive(m.name)} re-rolled Medic die")[0]
    record, healed = one_die_record(
        "xk6.medic",
        f"{m.name}: Medic {above} heals {target.name} (re-roll)",
        face,
        medic_mods(state, m.id),
        above,
        "heals 1 wound",
        "fails",
    )
    return [
        _spent(state, cmd, f"{m.name} re-rolls its Medic die"),
        EventDraft(
            "heal_rerolled",
            {
                "medic": m.id,
                "target": target.id,
                "healed": healed,
                "replaced": old,
                "roll": _with_rerolls(state, cmd, record.to_dict(), [old], [face], ""),
            },
            actor=m.id,
            text=f"{m.name} re-rolls its Medic die {old} → {face}: "
            + (f"{target.name} heals 1 wound." if healed else "no healing.")
            + " The new result stands.",
        ),
    ]


def _reroll(state: BattleState, cmd: SpendCommandPoint, dice: DiceSource) -> Decision:
    a = state.attack
    m = state.model(cmd.model)
    if cmd.test == "medic":
        return _medic_reroll(state, cmd, dice)
    if a is None:
        return Rejected("no test is open to re-roll (re-roll right after an attack's roll)", "§15")
    if cmd.test not in ("", "stealth", "medic"):
        return Rejected("test must be '' (Att or Def), 'stealth' or 'medic'", kind="malformed")
    again = state.setting("cp_reroll_again") == "on"
    if m.id == a.attacker:
        if a.kind == "indirect" and a.stage != "landed":
            return Rejected("the indirect-fire hit test is re-rolled before the GM says where it landed", "§15")
        if not a.faces:
            return Rejected(f"{m.name} made no roll in this attack", "§15")
        if a.rerolled and not again:
            return Rejected("a re-rolled test may not be re-rolled again", "§15 [XK-A17](c)")
        faces = faces_for(cmd.faces, a.att_dice, dice, f"{possessive(m.name)} re-rolled Att dice")
        new = changed(a, faces=faces, replaced=a.faces)
        payload: dict[str, Any] = {"model": m.id, "which": "attack", "faces": list(faces), "replaced": list(a.faces)}
        if a.kind == "indirect":
            record, sl = hit_record(state, new)
            scatter = a.scatter
            if sl < 1 and scatter is None:
                scatter = faces_for(None, 1, dice, "the scatter die")[0]
            new = changed(new, hit=sl >= 1, scatter=scatter)
            record, _ = hit_record(state, new)
            payload.update(hit=sl >= 1, scatter=scatter, rolls=[record.to_dict()])
        else:
            payload["rolls"] = [
                pair_record(state, new, x, rerolled="attack")[0].to_dict() for x in new.targets if not x.avoided
            ]
        payload["rolls"] = [_with_rerolls(state, cmd, r, a.faces, faces, "") for r in payload["rolls"]]
    elif cmd.test == "stealth":
        return _stealth_reroll(state, cmd, dice)
    else:
        x = a.target(m.id)
        if x is None or not x.faces:
            return Rejected(f"{m.name} made no test in this attack to re-roll", "§15")
        if x.rerolled and not again:
            return Rejected("a re-rolled test may not be re-rolled again", "§15 [XK-A17](c)")
        faces = faces_for(cmd.faces, x.def_dice, dice, f"{possessive(m.name)} re-rolled Def dice")
        new_x = changed(x, faces=faces, replaced=x.faces)
        new = changed(a, targets=tuple(new_x if y.model == m.id else y for y in a.targets))
        payload = {
            "model": m.id,
            "which": "defence",
            "faces": list(faces),
            "replaced": list(x.faces),
            "rolls": [
                _with_rerolls(
                    state,
                    cmd,
                    pair_record(state, new, new_x, rerolled="defence")[0].to_dict(),
                    x.faces,
                    faces,
                    f"{possessive(m.name)} Def dice",
                )
            ],
        }
    outcome = "" if payload["rolls"] else ": no pair to compare"  # a pair's outcome: its roll line
    return [
        _spent(state, cmd, f"{m.name} re-rolls its test"),
        EventDraft(
            "test_rerolled",
            payload,
            actor=m.id,
            text=f"{m.name} re-rolls {' '.join(map(str, payload['replaced']))} → "
            f"{' '.join(map(str, faces))}{outcome}. The new result stands.",
        ),
    ]

"""Indirect fire after the hit test (§9 steps 2–4): the GM lists the models where the shot
landed ([XK-M9]: possibly none) and the scatter direction ([XK-M8]); each defends with
its Def against the attacker's *unmodified* result."""

from __future__ import annotations

from typing import Sequence

from engine.dice import DiceSource
from engine.events import EventDraft
from engine.records import changed
from engine.ruleset import Rejected

from .attack import def_faces, roll_defenders, stealth_problem, target_problem
from .attack_records import pair_record
from .codec import target_to_dict
from .commands import Land
from .odds import pool_result
from .state import BattleState

Decision = Rejected | Sequence[EventDraft]


def land_problem(state: BattleState, cmd: Land) -> Rejected | None:
    """Why ``cmd`` would be refused now (None if it would not); no die is rolled."""
    a = state.attack
    if a is None or a.kind != "indirect" or a.stage != "landed":
        return Rejected("no indirect fire is waiting for where it landed", "§9")
    att = state.model(a.attacker)
    area = a.radius > 0
    if len(cmd.targets) > 1 and not area:
        return Rejected(
            "without an area only one model can be hit where the shot lands", "§9 [XK-M9]", kind="malformed"
        )
    ids = [x.model for x in cmd.targets]
    if len(set(ids)) != len(ids):
        return Rejected("a model is listed twice", kind="malformed")
    for x in cmd.targets:
        # [XK-A11](d): on a scatter the centre is where it lands, so friends may be hit even as the centre.
        problem = target_problem(state, att.side, x, centre=not area and bool(a.hit), kind="indirect", attacker=att.id)
        if problem:
            return problem
    return stealth_problem(state, a, cmd.targets)


def land(state: BattleState, cmd: Land, dice: DiceSource) -> Decision:
    problem = land_problem(state, cmd)
    if problem:
        return problem
    a = state.attack
    assert a is not None
    att = state.model(a.attacker)
    rolls, stealth = roll_defenders(state, a, cmd.targets, None, dice)
    targets = tuple(def_faces(state, rolls, cmd.targets, dice))
    after = changed(a, targets=targets, stage="rolled")
    records = [pair_record(state, after, x)[0].to_dict() for x in targets if not x.avoided]
    where = "on the aim point" if a.hit else f'{a.scatter}" away' + (f" ({cmd.direction})" if cmd.direction else "")
    hit = ", ".join(state.model(r["detail"]["defender_id"]).name for r in records) or "no model hit"
    return [
        EventDraft(
            "indirect_landed",
            {
                "targets": [target_to_dict(x) for x in targets],
                "direction": cmd.direction,
                "rolls": records,
                "stealth": stealth,
            },
            actor=att.id,
            text=f"The shot lands {where}: {hit} (the damage step uses the unmodified result "
            f"{pool_result(a.faces)}, §9 step 2).",
        )
    ]

"""Reducers of the melee events: each applies the numbers its step recorded."""

from __future__ import annotations

from typing import Any

from engine.records import changed

from .evolve import reducer
from .melee_state import ATTACKER, DEFENDER, Ability, Melee, Pool, dice_from
from .state import BattleState


def _in_melee(s: BattleState) -> Melee:
    """The melee a melee event applies to: one is open, or the log is not this battle's."""
    if s.melee is None:
        raise ValueError("a melee event with no melee open")
    return s.melee


def _set(s: BattleState, **changes: Any) -> BattleState:
    return changed(s, melee=changed(s.melee, **changes)) if s.melee is not None else s


@reducer("melee_started")
def _started(s: BattleState, p: dict[str, Any]) -> BattleState:
    pools = tuple(Pool(x["unit"], x["role"], int(x["models"]), joined=bool(x.get("joined"))) for x in p["pools"])
    return changed(
        s,
        melee=Melee(
            attacker=p["attacker"],
            defender=p["defender"],
            stage=p["stage"],
            pools=pools,
            building=p.get("building"),
            charge=p.get("charge"),
            candidates=tuple(p.get("candidates", ())),
        ),
    )


@reducer("melee_defender_chosen")
def _defender_chosen(s: BattleState, p: dict[str, Any]) -> BattleState:
    m = _in_melee(s)
    return _set(s, pools=m.pools + (Pool(p["unit"], DEFENDER, int(p["models"])),), candidates=(), stage="participants")


@reducer("melee_joined")
def _joined(s: BattleState, p: dict[str, Any]) -> BattleState:
    pool = Pool(p["unit"], p["role"], int(p["models"]), joined=True, target=p.get("target"))
    return _set(s, pools=_in_melee(s).pools + (pool,))


@reducer("melee_aimed")
def _aimed(s: BattleState, p: dict[str, Any]) -> BattleState:
    return changed(s, melee=_in_melee(s).with_pool(p["unit"], target=p["target"]))


@reducer("melee_participants")
def _participants(s: BattleState, p: dict[str, Any]) -> BattleState:
    dice = p.get("dice")
    return changed(
        s, melee=_in_melee(s).with_pool(p["unit"], models=int(p["models"]), entered=None if dice is None else int(dice))
    )


@reducer("melee_cover")
def _cover(s: BattleState, p: dict[str, Any]) -> BattleState:
    return _set(s, cover=(int(p["in_contact"]), int(p["covered"])))


@reducer("melee_step1")
def _step1(s: BattleState, p: dict[str, Any]) -> BattleState:
    m = _in_melee(s)
    for row in p["pools"]:
        m = m.with_pool(row["unit"], step1=int(row["after"]), halved=int(row["halved"]), step3=int(row["after"]))
    return changed(s, melee=changed(m, stage="trade"))


@reducer("melee_trade")
def _trade(s: BattleState, p: dict[str, Any]) -> BattleState:
    m = _in_melee(s)
    for unit, dice in p["pools"]:
        m = m.with_pool(unit, step3=int(dice))
    return changed(
        s, melee=changed(m, traded=bool(p["trade"]), trade_bonus=int(p["bonus"]), stage="abilities-attacker")
    )


@reducer("melee_ability")
def _ability(s: BattleState, p: dict[str, Any]) -> BattleState:
    return _set(s, abilities=_in_melee(s).abilities + (Ability.from_dict(p["ability"]),))


@reducer("melee_declarations_closed")
def _declarations_closed(s: BattleState, p: dict[str, Any]) -> BattleState:
    return _set(s, stage="abilities-defender")


@reducer("melee_step3")
def _step3(s: BattleState, p: dict[str, Any]) -> BattleState:
    m = _in_melee(s)
    for row in p["pools"]:
        m = m.with_pool(row["unit"], final=int(row["final"]), lost_to_cap=int(row["lost"]))
    return changed(s, melee=changed(m, stage="attack-roll"))


@reducer("melee_attack_rolled")
def _attack_rolled(s: BattleState, p: dict[str, Any]) -> BattleState:
    m = _in_melee(s)
    return _set(
        s,
        attack={**m.attack, p["unit"]: dice_from(p["roll"]["dice"])},
        armour={**m.armour, p["unit"]: int(p["armour"])},
    )


@reducer("melee_attacks_done")
def _attacks_done(s: BattleState, p: dict[str, Any]) -> BattleState:
    return _set(s, hits=dict(p["hits"]), stage="defence-roll")


@reducer("melee_rerolled")
def _rerolled(s: BattleState, p: dict[str, Any]) -> BattleState:
    m = _in_melee(s)
    role, phase = p["role"], p["phase"]
    used = {**m.rerolls_used, f"{role}.{phase}": m.rerolls_used.get(f"{role}.{phase}", 0) + int(p["count"])}
    dice = dice_from(p["roll"]["dice"])
    if phase == "attack":
        return _set(
            s, attack={**m.attack, p["unit"]: dice}, hits={**m.hits, role: int(p["role_hits"])}, rerolls_used=used
        )
    return _set(
        s,
        defence={**m.defence, role: dice},
        uncancelled={**m.uncancelled, role: int(p["uncancelled"])},
        rerolls_used=used,
    )


@reducer("melee_defence_rolled")
def _defence_rolled(s: BattleState, p: dict[str, Any]) -> BattleState:
    m, role = _in_melee(s), p["role"]
    return _set(
        s,
        defence={**m.defence, role: dice_from(p["roll"]["dice"])},
        save_on={**m.save_on, role: int(p["save_on"])},
        uncancelled={**m.uncancelled, role: int(p["uncancelled"])},
    )


@reducer("melee_defences_done")
def _defences_done(s: BattleState, p: dict[str, Any]) -> BattleState:
    return _set(s, lost=_in_melee(s).lost + tuple(p.get("lost", ())), stage="casualties")


@reducer("melee_casualties")
def _casualties(s: BattleState, p: dict[str, Any]) -> BattleState:
    within = tuple(p.get("within_s", ()))
    return _set(
        s,
        casualties={ATTACKER: int(p["casualties"][ATTACKER]), DEFENDER: int(p["casualties"][DEFENDER])},
        destroyed=tuple(p.get("destroyed", ())),
        within_s=within,
        stage="within-s" if within else _in_melee(s).stage,
    )


@reducer("melee_within_s")
def _within_s(s: BattleState, p: dict[str, Any]) -> BattleState:
    return _set(s, within_s=tuple(u for u in _in_melee(s).within_s if u != p["destroyed"]))


@reducer("melee_stage")
def _stage(s: BattleState, p: dict[str, Any]) -> BattleState:
    return _set(s, stage=p["stage"])


@reducer("melee_ended")
def _ended(s: BattleState, p: dict[str, Any]) -> BattleState:
    return changed(s, melee=None)

"""Reducers of the melee events: each applies the numbers its step recorded."""
from __future__ import annotations

from dataclasses import replace

from .evolve import reducer
from .melee_state import ATTACKER, DEFENDER, Ability, Melee, Pool, dice_from
from .state import BattleState


def _set(s: BattleState, **changes) -> BattleState:
    return replace(s, melee=replace(s.melee, **changes)) if s.melee is not None else s


@reducer("melee_started")
def _started(s: BattleState, p: dict) -> BattleState:
    pools = tuple(Pool(x["unit"], x["role"], int(x["models"]), joined=bool(x.get("joined"))) for x in p["pools"])
    return replace(s, melee=Melee(attacker=p["attacker"], defender=p["defender"], stage=p["stage"], pools=pools,
                                  building=p.get("building"), charge=p.get("charge"),
                                  candidates=tuple(p.get("candidates", ()))))


@reducer("melee_defender_chosen")
def _defender_chosen(s: BattleState, p: dict) -> BattleState:
    m = s.melee
    return _set(s, pools=m.pools + (Pool(p["unit"], DEFENDER, int(p["models"])),), candidates=(),
                stage="participants")


@reducer("melee_joined")
def _joined(s: BattleState, p: dict) -> BattleState:
    return _set(s, pools=s.melee.pools + (Pool(p["unit"], p["role"], int(p["models"]), joined=True),))


@reducer("melee_participants")
def _participants(s: BattleState, p: dict) -> BattleState:
    dice = p.get("dice")
    return replace(s, melee=s.melee.with_pool(p["unit"], models=int(p["models"]),
                                              entered=None if dice is None else int(dice)))


@reducer("melee_cover")
def _cover(s: BattleState, p: dict) -> BattleState:
    return _set(s, cover=(int(p["in_contact"]), int(p["covered"])))


@reducer("melee_step1")
def _step1(s: BattleState, p: dict) -> BattleState:
    m = s.melee
    for row in p["pools"]:
        m = m.with_pool(row["unit"], step1=int(row["after"]), halved=int(row["halved"]), step3=int(row["after"]))
    return replace(s, melee=replace(m, stage="trade"))


@reducer("melee_trade")
def _trade(s: BattleState, p: dict) -> BattleState:
    m = s.melee
    for unit, dice in p["pools"]:
        m = m.with_pool(unit, step3=int(dice))
    return replace(s, melee=replace(m, traded=bool(p["trade"]), trade_bonus=int(p["bonus"]),
                                    stage="abilities-attacker"))


@reducer("melee_ability")
def _ability(s: BattleState, p: dict) -> BattleState:
    return _set(s, abilities=s.melee.abilities + (Ability.from_dict(p["ability"]),))


@reducer("melee_declarations_closed")
def _declarations_closed(s: BattleState, p: dict) -> BattleState:
    return _set(s, stage="abilities-defender")


@reducer("melee_step3")
def _step3(s: BattleState, p: dict) -> BattleState:
    m = s.melee
    for row in p["pools"]:
        m = m.with_pool(row["unit"], final=int(row["final"]), lost_to_cap=int(row["lost"]))
    return replace(s, melee=replace(m, stage="attack-roll"))


@reducer("melee_attacks_rolled")
def _attacks_rolled(s: BattleState, p: dict) -> BattleState:
    attack = {r["unit"]: dice_from(r["roll"]["dice"]) for r in p["rolls"]}
    armour = {r["unit"]: int(r["armour"]) for r in p["rolls"]}
    return _set(s, attack=attack, armour=armour, hits=dict(p["hits"]), stage="defence-roll")


@reducer("melee_rerolled")
def _rerolled(s: BattleState, p: dict) -> BattleState:
    m = s.melee
    role, phase = p["role"], p["phase"]
    used = {**m.rerolls_used, f"{role}.{phase}": m.rerolls_used.get(f"{role}.{phase}", 0) + int(p["count"])}
    if phase == "attack":
        attack = dict(m.attack)
        for g in p["groups"]:
            attack[g["unit"]] = dice_from(g["roll"]["dice"])
        hits = {**m.hits, role: sum(int(g["hits"]) for g in p["groups"])}
        return _set(s, attack=attack, hits=hits, rerolls_used=used)
    g = p["groups"][0]
    return _set(s, defence={**m.defence, role: dice_from(g["roll"]["dice"])},
                uncancelled={**m.uncancelled, role: int(g["uncancelled"])}, rerolls_used=used)


@reducer("melee_defence_rolled")
def _defence_rolled(s: BattleState, p: dict) -> BattleState:
    rows = {r["role"]: r for r in p["rows"]}
    return _set(s, defence={k: dice_from(r["roll"]["dice"]) for k, r in rows.items()},
                save_on={k: int(r["save_on"]) for k, r in rows.items()},
                uncancelled={k: int(r["uncancelled"]) for k, r in rows.items()},
                lost=s.melee.lost + tuple(p.get("lost", ())), stage="casualties")


@reducer("melee_casualties")
def _casualties(s: BattleState, p: dict) -> BattleState:
    within = tuple(p.get("within_s", ()))
    return _set(s, casualties={ATTACKER: int(p["casualties"][ATTACKER]), DEFENDER: int(p["casualties"][DEFENDER])},
                destroyed=tuple(p.get("destroyed", ())), within_s=within,
                stage="within-s" if within else s.melee.stage)


@reducer("melee_within_s")
def _within_s(s: BattleState, p: dict) -> BattleState:
    return _set(s, within_s=tuple(u for u in s.melee.within_s if u != p["destroyed"]))


@reducer("melee_stage")
def _stage(s: BattleState, p: dict) -> BattleState:
    return _set(s, stage=p["stage"])


@reducer("melee_ended")
def _ended(s: BattleState, p: dict) -> BattleState:
    return replace(s, melee=None)

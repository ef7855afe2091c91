"""Melee steps 1–3 (§3): who engages whom, attack dice, the Defender's trade, abilities
and fatigue spending with the doubling cap. Steps 4–8 are in ``melee_roll.py``.

Each command advances ``state.melee`` by one recorded event carrying its numbers.
"""

from __future__ import annotations

from typing import Any, Sequence

from engine.dice import DiceSource
from engine.events import EventDraft
from engine.formatting import possessive
from engine.ruleset import Rejected

from . import tables as t
from .commands import (
    AimPool,
    ChooseDefender,
    ConfirmAttackDice,
    DeclareAbility,
    EndDeclarations,
    Engage,
    JoinMelee,
    SetMeleeCover,
    SetParticipants,
    TradeDice,
)
from .fatigue import gain
from .melee_numbers import cap_base, dice_source, final_dice, hard_cover, step1, trade_pools
from .melee_state import ATTACKER, DEFENDER, Ability, Melee, other
from .state import BattleState

Decision = Rejected | Sequence[EventDraft]
M2 = "the GM answers for the engaging move's legality [SAGA-M2]"


def _pool(unit: str, role: str, models: int, joined: bool = False) -> dict[str, Any]:
    return {"unit": unit, "role": role, "models": models, "joined": joined}


def start_drafts(state: BattleState, attacker: str, target: str, charge: bool) -> list[EventDraft]:
    """The melee begins: ``attacker`` engages ``target`` (a unit, or a building, §6)."""
    a = state.unit(attacker)
    building = state.building(target)
    pools = [_pool(a.id, ATTACKER, a.models)]
    candidates: list[str] = []
    if building is not None:
        enemies = [u for u in state.occupants(building.id) if u.side != a.side]
        if len(enemies) == 1:
            pools.append(_pool(enemies[0].id, DEFENDER, enemies[0].models))
        else:
            candidates = [u.id for u in enemies]
        defender_side = enemies[0].side
        what = f"the building {building.name}"
    else:
        d = state.unit(target)
        pools.append(_pool(d.id, DEFENDER, d.models))
        defender_side = d.side
        what = d.name
    stage = "choose-defender" if candidates else "participants"
    payload = {
        "attacker": a.side,
        "defender": defender_side,
        "building": building.id if building else None,
        "charge": a.id if charge else None,
        "pools": pools,
        "candidates": candidates,
        "stage": stage,
    }
    nxt = (
        "the Defender chooses which unit inside defends (§6)"
        if candidates
        else "Step 1: attack dice — enter the models taking part [SAGA-A2]"
    )
    how = "engages" if charge else f"engages (no Move to engage; {M2})"
    return [EventDraft("melee_started", payload, actor=a.id, text=f"Melee: {a.name} {how} {what}. {nxt}.")]


def _melee(state: BattleState, *stages: str) -> Melee | Rejected:
    m = state.melee
    if m is None:
        return Rejected("no melee is being resolved", "§3")
    if stages and m.stage not in stages:
        return Rejected(f"the melee is at step {m.step} ({m.stage}); that is not open now", "§3")
    return m


def engage_problem(state: BattleState, attacker: str) -> Rejected | None:
    """Why ``attacker`` may not engage now, whatever the target (None: it may)."""
    if not state.has_unit(attacker):
        return Rejected(f"no unit '{attacker}'", kind="malformed")
    if state.turn.phase != "turn":
        return Rejected("start a player turn first", "[SAGA-M5]")
    if state.busy:
        return Rejected(f"finish the {state.busy} first", "§3")
    a = state.unit(attacker)
    if not a.alive:
        return Rejected(f"{a.name} has been destroyed", "§3 step 6")
    return None


def engage(state: BattleState, cmd: Engage, dice: DiceSource) -> Decision:
    problem = engage_problem(state, cmd.attacker)
    if problem:
        return problem
    a = state.unit(cmd.attacker)
    target = cmd.defender
    if state.has_unit(target):
        d = state.unit(target)
        if d.side == a.side or not d.alive:
            return Rejected(f"{d.name} is not an enemy unit on the table", "§3.0")
        target = d.building or d.id
    elif state.building(target) is None:
        return Rejected(f"no unit or building '{target}'", kind="malformed")
    building = state.building(target)
    if building and not any(u.side != a.side for u in state.occupants(target)):
        return Rejected(f"no enemy unit is inside {building.name}", "§6")
    return start_drafts(state, a.id, target, charge=False)


def choose_defender(state: BattleState, cmd: ChooseDefender, dice: DiceSource) -> Decision:
    m = _melee(state, "choose-defender")
    if isinstance(m, Rejected):
        return m
    if cmd.unit not in m.candidates:
        names = ", ".join(state.unit(c).name for c in m.candidates)
        return Rejected(f"the defending unit must be one inside the building ({names})", kind="malformed")
    u = state.unit(cmd.unit)
    return [
        EventDraft(
            "melee_defender_chosen",
            {"unit": u.id, "models": u.models},
            actor=u.side,
            text=f"{state.side_name(u.side)} chooses {u.name} to defend the building (§6); "
            f"all {u.models} models take part [SAGA-A15].",
        )
    ]


def join(state: BattleState, cmd: JoinMelee, dice: DiceSource) -> Decision:
    m = _melee(state, "participants")
    if isinstance(m, Rejected):
        return m
    if not state.has_unit(cmd.unit):
        return Rejected(f"no unit '{cmd.unit}'", kind="malformed")
    u = state.unit(cmd.unit)
    if not u.alive or m.pool(u.id) is not None:
        return Rejected(f"{u.name} cannot join: destroyed or already in this melee", kind="illegal")
    role = m.role_of_side(u.side)
    enemies = [p.unit for p in m.pools_of(other(role))]
    target = cmd.target or enemies[0]
    if target not in enemies:
        return Rejected(
            f"{u.name} attacks an enemy unit in this melee, not '{target}'", "§3.0 [SAGA-M3]", kind="malformed"
        )
    return [
        EventDraft(
            "melee_joined",
            {"unit": u.id, "role": role, "models": u.models, "target": target},
            actor=u.id,
            text=f"{u.name} joins the {role.title()} and attacks {state.unit(target).name} (GM's call: joining "
            "rules not in source text [SAGA-M3]; its dice roll against that unit's Armour).",
        )
    ]


def aim(state: BattleState, cmd: AimPool, dice: DiceSource) -> Decision:
    """[SAGA-M3]: which enemy unit a unit's attack dice go against (they roll against its Armour)."""
    m = _melee(state, "participants")
    if isinstance(m, Rejected):
        return m
    pool = m.pool(cmd.unit)
    if pool is None:
        return Rejected(f"'{cmd.unit}' is not in this melee", kind="malformed")
    enemies = [p.unit for p in m.pools_of(other(pool.role))]
    if cmd.target not in enemies:
        names = ", ".join(state.unit(e).name for e in enemies)
        return Rejected(
            f"{state.unit(cmd.unit).name} attacks one of the enemy units in this melee ({names})", "§3.0 [SAGA-M3]"
        )
    t_unit = state.unit(cmd.target)
    value, _ = state.profile(cmd.target, "armour_melee")
    return [
        EventDraft(
            "melee_aimed",
            {"unit": cmd.unit, "target": cmd.target},
            actor=cmd.unit,
            text=f"{possessive(state.unit(cmd.unit).name)} attack dice go against {t_unit.name} (Armour {value}) [SAGA-M3].",
        )
    ]


def set_participants(state: BattleState, cmd: SetParticipants, dice: DiceSource) -> Decision:
    m = _melee(state, "participants")
    if isinstance(m, Rejected):
        return m
    pool = m.pool(cmd.unit)
    if pool is None:
        return Rejected(f"'{cmd.unit}' is not in this melee", kind="malformed")
    u = state.unit(cmd.unit)
    models = pool.models if cmd.models is None else cmd.models
    if not 0 <= models <= u.models:
        return Rejected(f"{u.name} has {u.models} models; {models} cannot take part", kind="malformed")
    if cmd.dice is not None and cmd.dice < 0:
        return Rejected("attack dice cannot be negative", kind="malformed")
    how = f"{cmd.dice} attack dice typed" if cmd.dice is not None else f"{models} models take part"
    return [
        EventDraft(
            "melee_participants",
            {"unit": u.id, "models": models, "dice": cmd.dice},
            actor=u.id,
            text=f"Step 1: {u.name}: {how} [SAGA-M1] [SAGA-A2].",
        )
    ]


def set_cover(state: BattleState, cmd: SetMeleeCover, dice: DiceSource) -> Decision:
    m = _melee(
        state, "participants", "trade", "abilities-attacker", "abilities-defender", "attack-roll", "defence-roll"
    )
    if isinstance(m, Rejected):
        return m
    if m.building:
        return Rejected("defenders of a building always have hard cover, with no 2/3 test", "§6")
    if cmd.in_contact < 1 or not 0 <= cmd.covered <= cmd.in_contact:
        return Rejected(
            "give the defending models in contact (1 or more) and how many of them are covered", kind="malformed"
        )
    ok = t.hard_cover_in_melee(cmd.in_contact, cmd.covered)
    need = -(-2 * cmd.in_contact // 3)
    return [
        EventDraft(
            "melee_cover",
            {"in_contact": cmd.in_contact, "covered": cmd.covered, "hard": ok},
            text=f"Cover in melee: {cmd.covered} of {cmd.in_contact} defending models in contact behind "
            f"hard cover ({need} needed): {'hard cover, cancels on 4+' if ok else 'no cover'} (§3.9).",
        )
    ]


def confirm_attack_dice(state: BattleState, cmd: ConfirmAttackDice, dice: DiceSource) -> Decision:
    m = _melee(state, "participants")
    if isinstance(m, Rejected):
        return m
    rows, parts = [], []
    for pool in m.pools:
        s1 = step1(state, m, pool)
        rows.append(
            {
                "unit": s1.unit,
                "dice": s1.dice,
                "per_model": s1.per_model,
                "exhausted": s1.exhausted,
                "halved": s1.halved,
                "after": s1.after,
                "rule": s1.rule,
            }
        )
        name = state.unit(pool.unit).name
        how = dice_source(pool.models, s1.per_model)
        parts.append(
            f"{name} {s1.dice} ({how})" + (f", exhausted: −{s1.halved} → {s1.after} ({s1.rule})" if s1.halved else "")
        )
    return [
        EventDraft(
            "melee_step1",
            {"pools": rows},
            text="Step 1 attack dice: " + "; ".join(parts) + ". Step 2: the Defender may trade.",
        )
    ]


def trade(state: BattleState, cmd: TradeDice, dice: DiceSource) -> Decision:
    m = _melee(state, "trade")
    if isinstance(m, Rejected):
        return m
    n = sum(p.step1 for p in m.pools_of(DEFENDER))
    if not cmd.trade:
        return [
            EventDraft(
                "melee_trade",
                {
                    "trade": False,
                    "n": n,
                    "removed": 0,
                    "kept": n,
                    "bonus": 0,
                    "pools": [[p.unit, p.step1] for p in m.pools_of(DEFENDER)],
                },
                actor=m.defender,
                text=f"Step 2: the Defender keeps its {n} attack dice. Step 3: the Attacker declares abilities.",
            )
        ]
    removed, kept, bonus = t.trade(n)
    return [
        EventDraft(
            "melee_trade",
            {
                "trade": True,
                "n": n,
                "removed": removed,
                "kept": kept,
                "bonus": bonus,
                "pools": [list(x) for x in trade_pools(m)],
            },
            actor=m.defender,
            text=f"Step 2: the Defender trades: {n} attack dice − {removed} = {kept}, and sets aside "
            f"{bonus} defence dice for step 5 [SAGA-A1]. Step 3: the Attacker declares abilities.",
        )
    ]


def declare(state: BattleState, cmd: DeclareAbility, dice: DiceSource) -> Decision:
    m = _melee(state, "abilities-attacker", "abilities-defender")
    if isinstance(m, Rejected):
        return m
    role = ATTACKER if m.stage == "abilities-attacker" else DEFENDER
    unit = cmd.unit or m.primary(role)
    if unit not in [p.unit for p in m.pools_of(role)]:
        return Rejected(f"'{unit}' is not one of the {possessive(role.title())} units in this melee", kind="malformed")
    if cmd.acts_in not in (3, 4, 5):
        return Rejected("an ability acts in step 3, 4 or 5", kind="malformed")
    counts = (cmd.attack_dice, cmd.defence_dice, cmd.reroll_attack, cmd.reroll_defence, cmd.saga_dice)
    if any(c < 0 for c in counts) or not cmd.name.strip():
        return Rejected("an ability needs a name and no negative dice counts", kind="malformed")
    for f in cmd.fatigue_to:
        if not state.has_unit(f):
            return Rejected(f"no unit '{f}'", kind="malformed")
    ability = Ability(
        cmd.name.strip(),
        role,
        unit,
        cmd.acts_in,
        cmd.attack_dice,
        cmd.defence_dice,
        cmd.reroll_attack,
        cmd.reroll_defence,
        cmd.own_armour,
        cmd.enemy_armour,
        tuple(cmd.fatigue_to),
        cmd.saga_dice,
    )
    effects = [
        f"{v:+d} {label}"
        for v, label in (
            (cmd.attack_dice, "attack dice"),
            (cmd.defence_dice, "defence dice"),
            (cmd.own_armour, "own Armour"),
            (-abs(cmd.enemy_armour), "enemy Armour"),
        )
        if v
    ] + [
        f"re-roll {v} {label}"
        for v, label in ((cmd.reroll_attack, "attack dice"), (cmd.reroll_defence, "defence dice"))
        if v
    ]
    drafts = [
        EventDraft(
            "melee_ability",
            {"ability": ability.to_dict()},
            actor=m.side_of(role),
            text=f"Step 3: the {role.title()} declares {ability.name} ({', '.join(effects) or 'no effect entered'}"
            f"; acts in step {ability.acts_in}" + (f"; {cmd.saga_dice} SAGA dice" if cmd.saga_dice else "") + ").",
        )
    ]
    if cmd.acts_in == 3:
        drafts += [gain(state, f, t.ABILITY_FATIGUE, ability.name) for f in cmd.fatigue_to]
    return drafts


def end_declarations(state: BattleState, cmd: EndDeclarations, dice: DiceSource) -> Decision:
    m = _melee(state, "abilities-attacker", "abilities-defender")
    if isinstance(m, Rejected):
        return m
    if m.stage == "abilities-attacker":
        return [
            EventDraft(
                "melee_declarations_closed",
                {"role": ATTACKER},
                actor=m.attacker,
                text="Step 3: the Attacker is done; the Defender declares and may spend the Attacker's fatigue.",
            )
        ]
    rows, parts = [], []
    for pool in m.pools:
        final, lost = final_dice(state, m, pool)
        base = cap_base(state, pool)
        bonus = final - pool.step3 + lost
        rows.append(
            {"unit": pool.unit, "before": pool.step3, "bonus": bonus, "base": base, "final": final, "lost": lost}
        )
        text = f"{state.unit(pool.unit).name} {pool.step3}" + (f" +{bonus}" if bonus else "")
        text += f" → {final}" if final != pool.step3 else ""  # dice lead to their total by an arrow
        if lost:
            text += f" (capped at 2× {base}: {lost} lost)"
        parts.append(text)
    rule = "cap base: " + (
        "the Defender's dice before step 2 [SAGA-A3]"
        if state.setting("defender_cap_base") == "before-step2"
        else "dice at the start of step 3 [SAGA-A3]"
    )
    cover, why = hard_cover(state, m)
    return [
        EventDraft(
            "melee_step3",
            {"pools": rows, "rule": rule, "hard_cover": cover},
            text="Step 3 closed; no more SAGA abilities. Attack dice: "
            + "; ".join(parts)
            + f" ({rule}). Defender: {why}. Step 4: both sides roll.",
        )
    ]

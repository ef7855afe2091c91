"""The numbers of a melee for the current choices: attack dice through steps 1–3,
effective Armour, defence dice and thresholds, and the exact odds of casualties.

Pure functions of the state: the step handlers record what they return, the view
shows them before each roll, and they update as the choices change.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Mapping

from engine.formatting import possessive
from engine.odds import remap, shift
from engine.records import Record
from engine.rolls import Modifier

from . import odds
from . import tables as t
from .melee_state import ATTACKER, DEFENDER, ROLES, Melee, Pool, other
from .state import BattleState


class Step1(Record):
    """One pool at the end of step 1: dice from models (or typed), exhaustion loss."""

    unit: str
    dice: int
    per_model: int | None
    exhausted: bool
    halved: int
    after: int
    rule: str


def step1(state: BattleState, m: Melee, pool: Pool) -> Step1:
    """[SAGA-M1] attack dice, then §4.6 exhaustion halving ([SAGA-A5] rounding, [SAGA-A6] which units)."""
    u = state.unit(pool.unit)
    per_model, _ = state.profile(u.id, "attack_dice")
    dice = pool.entered if pool.entered is not None else pool.models * per_model
    halves = pool.role == DEFENDER or state.setting("exhausted_attacker_halved") == "on"
    rounding = state.setting("exhaustion_rounding") or "lose-up"
    lost = t.exhaustion_loss(dice, rounding) if (u.exhausted and halves) else 0
    if u.exhausted and halves:
        rule = (
            "§4.6 [SAGA-A5] loses half rounded "
            + ("down" if rounding == "lose-down" else "up")
            + ("" if pool.role == DEFENDER else " [SAGA-A6] exhausted Attacker halved")
        )
    elif u.exhausted:
        rule = "§4.6 [SAGA-A6] an exhausted Attacker keeps its dice"
    else:
        rule = ""
    return Step1(u.id, dice, None if pool.entered is not None else per_model, u.exhausted, lost, dice - lost, rule)


def dice_source(models: int, per_model: int | None) -> str:
    """Where step 1's attack dice come from, in words: "8 models, 1 die each"; "typed by the
    GM" when they were typed [SAGA-M1]."""
    if per_model is None:
        return "typed by the GM"
    return f"{models} model{'s' * (models != 1)}, {per_model} {'die' if per_model == 1 else 'dice'} each"


def ability_bonus(m: Melee, unit: str) -> int:
    return sum(a.attack_dice for a in m.abilities if a.unit == unit)


def cap_base(state: BattleState, pool: Pool) -> int:
    """[SAGA-A3]: the doubling cap's base — dice at the start of step 3, or for the Defender
    (setting) its dice before step 2."""
    if pool.role == DEFENDER and state.setting("defender_cap_base") == "before-step2":
        return pool.step1
    return pool.step3


def final_dice(state: BattleState, m: Melee, pool: Pool) -> tuple[int, int]:
    """(final attack dice, dice lost to the cap) for the abilities declared so far."""
    bonus = ability_bonus(m, pool.unit)
    final = t.capped_attack(pool.step3, bonus, cap_base(state, pool))
    return final, pool.step3 + bonus - final


def current_dice(state: BattleState, m: Melee, pool: Pool, trade: bool | None = None) -> int:
    """A pool's attack dice as the choices stand (what step 4 would roll)."""
    if m.stage in ("choose-defender", "participants"):
        return step1(state, m, pool).after
    if m.stage == "trade":
        if trade and pool.role == DEFENDER:
            return _traded(m, pool.unit)
        return pool.step1
    if m.stage in ("abilities-attacker", "abilities-defender"):
        return final_dice(state, m, pool)[0]
    return pool.final


def _traded(m: Melee, unit: str) -> int:
    """A defending pool's dice after trading (removed dice come off the primary first)."""
    total = sum(p.step1 for p in m.pools_of(DEFENDER))
    removed = t.trade(total)[0]
    for p in m.pools_of(DEFENDER):
        take = min(removed, p.step1)
        if p.unit == unit:
            return p.step1 - take
        removed -= take
    return 0


def trade_pools(m: Melee) -> tuple[tuple[str, int], ...]:
    return tuple((p.unit, _traded(m, p.unit)) for p in m.pools_of(DEFENDER))


def armour(state: BattleState, m: Melee, unit: str) -> tuple[int, tuple[Modifier, ...], Modifier]:
    """The effective Armour ``unit``'s attack dice roll against (the enemy unit it attacks,
    [SAGA-M3]): (value, modifiers, base)."""
    role = m.pool_of_unit(unit).role
    target = m.target_of(unit)
    value, house = state.profile(target, "armour_melee")
    base = Modifier(
        f"{possessive(state.unit(target).name)} Armour" + (" (house default)" if house else ""),
        value,
        "§3 step 4 [SAGA-M4]",
    )
    mods: list[Modifier] = []
    for a in m.abilities_of(other(role)):
        if a.own_armour and a.unit == target:
            mods.append(Modifier(f"ability {a.name}", a.own_armour, "§3 step 3 [SAGA-M5]"))
    for a in m.abilities_of(role):
        if a.enemy_armour:
            mods.append(Modifier(f"ability {a.name}", -abs(a.enemy_armour), "§3 step 3 [SAGA-M5]"))
    for s in m.spends:
        if s.use == t.OWN_ARMOUR.key and s.unit == unit and s.for_unit == target:
            mods.append(
                Modifier(
                    f"{possessive(state.unit(unit).name)} fatigue spent: +1 own Armour",
                    1,
                    t.OWN_ARMOUR.rule,
                    "own_armour",
                )
            )
        if s.use == t.ENEMY_ARMOUR.key and s.unit == target and s.by == m.side_of(role):
            mods.append(
                Modifier(
                    f"{possessive(state.unit(target).name)} fatigue spent: −1 Armour",
                    -1,
                    t.ENEMY_ARMOUR.rule,
                    "enemy_armour",
                )
            )
    return value + sum(x.value for x in mods), tuple(mods), base


def hard_cover(state: BattleState, m: Melee) -> tuple[bool, str]:
    """§3.9 / §6: does the Defender cancel on 4+? (and why)."""
    if m.building:
        return True, "in a building: hard cover without the 2/3 test (§6)"
    if m.cover is None:
        return False, "no hard cover entered (§3.9)"
    in_contact, covered = m.cover
    need = -(-2 * in_contact // 3)
    ok = t.hard_cover_in_melee(in_contact, covered)
    return ok, f"{covered} of {in_contact} in contact behind hard cover, {need} needed (§3.9)"


def save_on(state: BattleState, m: Melee, role: str) -> int:
    """Step 5 threshold: 5+, the Defender 4+ behind hard cover; never the Attacker."""
    if role == DEFENDER and hard_cover(state, m)[0]:
        return t.HARD_COVER_SAVE
    return t.DEFENCE_SAVE


def extra_defence(m: Melee, role: str) -> int:
    """Defence dice beyond one per hit: abilities, and the Defender's set-aside dice [SAGA-A1]."""
    extra = sum(a.defence_dice for a in m.abilities_of(role))
    return extra + (m.trade_bonus if role == DEFENDER else 0)


class MeleeOdds(Record):
    """Exact odds for the current choices: ``losses[role]`` the distribution of the
    casualties that role suffers; ``retreat`` who must retreat ("attacker", "defender",
    "none"), before any "cannot retreat" ruling."""

    losses: Mapping[str, Mapping[int, Fraction]]
    retreat: Mapping[str, Fraction]
    dice: Mapping[str, int]
    armour: Mapping[str, int]
    save_on: Mapping[str, int]
    extra_defence: Mapping[str, int]


def _after_attack(m: Melee, role: str, rerolls: int) -> dict[int, Fraction]:
    """Hits once the attack dice are rolled: the hits so far plus what the re-rolls left
    can add (failed dice not yet re-rolled, best chance first)."""
    hits = m.hits.get(role, 0)
    misses = [
        (
            sum(1 for d in m.attack.get(p.unit, ()) if d.face < m.armour.get(p.unit, 7) and d.replaced is None),
            m.armour.get(p.unit, 7),
        )
        for p in m.pools_of(role)
    ]
    return shift(odds.reroll_gain(misses, rerolls), hits)


def _after_defence(m: Melee, victim: str, rerolls: int) -> dict[int, Fraction]:
    """Uncancelled hits once the defence dice are rolled, with the re-rolls left."""
    hits = m.hits.get(other(victim), 0)
    target = m.save_on.get(victim, t.DEFENCE_SAVE)
    dice = m.defence.get(victim, ())
    done = sum(1 for d in dice if d.face >= target)
    failed = sum(1 for d in dice if d.face < target and d.replaced is None)
    return remap(odds.reroll_gain([(failed, target)], rerolls), lambda gain: hits - min(hits, done + gain))


def melee_odds(state: BattleState, trade: bool | None = None) -> MeleeOdds | None:
    """The exact distribution of each side's casualties for the current choices
    (``trade``: what the Defender would get by trading, during step 2)."""
    m = state.melee
    if m is None or m.stage in ("choose-defender", "within-s", "retreat"):
        return None
    losses: dict[str, Mapping[int, Fraction]] = {}
    dice, armours, saves, extras = {}, {}, {}, {}
    for role in ROLES:
        pools = m.pools_of(role)
        victim = other(role)
        models = sum(state.unit(p.unit).models for p in m.pools_of(victim))
        extra = extra_defence(m, victim)
        if trade and victim == DEFENDER and m.stage == "trade":
            extra += t.trade(sum(p.step1 for p in pools))[2]
        saves[victim], extras[victim] = save_on(state, m, victim), extra
        defence_rerolls = max(0, m.rerolls_allowed(victim, "defence"))
        if m.stage == "casualties":
            dist = _after_defence(m, victim, defence_rerolls)
        elif m.stage == "defence-roll":
            hits = _after_attack(m, role, max(0, m.rerolls_allowed(role, "attack")))
            dist = odds.uncancelled_distribution(hits, saves[victim], extra, defence_rerolls)
        else:
            spec = [(current_dice(state, m, p, trade), armour(state, m, p.unit)[0]) for p in pools]
            hits = odds.pooled_hits(spec, max(0, m.rerolls_allowed(role, "attack")))
            dist = odds.uncancelled_distribution(hits, saves[victim], extra, defence_rerolls)
        losses[victim] = odds.capped(dist, models)
        dice[role] = sum(current_dice(state, m, p, trade) for p in pools)
        armours[role] = armour(state, m, pools[0].unit)[0]
    held = (
        any(u.side == m.defender and u.id != m.primary(DEFENDER) for u in state.occupants(m.building))
        if m.building
        else False
    )
    retreat = odds.retreat_odds(
        losses[ATTACKER],
        losses[DEFENDER],
        sum(state.unit(p.unit).models for p in m.pools_of(ATTACKER)),
        sum(state.unit(p.unit).models for p in m.pools_of(DEFENDER)),
        building=bool(m.building),
        other_occupants=held,
    )
    return MeleeOdds(losses, retreat, dice, armours, saves, extras)

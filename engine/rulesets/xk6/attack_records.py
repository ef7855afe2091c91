"""Roll records of the pending attack: each attacker–defender pair as one opposed record
(both pools, every modifier, the SL distribution and the wound distribution), the
indirect-fire hit test, and the Stealth roll."""

from __future__ import annotations

from engine.records import changed
from engine.rolls import Modifier, RollRecord, total

from . import odds
from . import tables as t
from .damage import Damage, damage_of
from .procedures import one_die_record, opposed_record, result, threshold_record
from .state import BattleState, PendingAttack, TargetRoll


def pair_damage(state: BattleState, a: PendingAttack, x: TargetRoll) -> Damage:
    """The SL of one pair and what it does (§8.1 steps 6–9; §9 steps 2–4)."""
    mods = () if a.kind == "indirect" else x.att_mods
    sl = result(a.faces, mods) - result(x.faces, x.def_mods)
    weapon = state.weapon_spec(a.attacker, a.weapon)
    return damage_of(sl, a.dam, state.model(x.model).spec.armour, weapon.has("SB"))


def damage_text(d: Damage) -> str:
    if d.sl < 1:
        return f"{t.sl_shown(d.sl)}: fails, no damage, no stun"
    parts = [t.sl_shown(d.sl), f"{d.damage} damage", f"{d.wounds} wound{'s' * (d.wounds != 1)}", "stunned"]
    return ": ".join(parts[:1]) + ": " + ", ".join(parts[1:]) + (", starts burning" if d.burning else "")


def applied_text(name: str, d: Damage, already_stunned: bool = False) -> str:
    """What a resolved hit does to the model, as the log says it once the roll's own line
    has given the SL and the damage: the wounds taken, the stun, burning."""
    wounds = f"{d.wounds} wound{'s' * (d.wounds != 1)}" if d.wounds else "no wound"
    stun = "stunned" + (" (already stunned: still one stun, §13)" if already_stunned else "")
    return f"{name} takes {wounds}, {stun}" + (", starts burning" if d.burning else "") + "."


def pair_record(state: BattleState, a: PendingAttack, x: TargetRoll, rerolled: str = "") -> tuple[RollRecord, Damage]:
    """One pair as an opposed record; the indirect-fire damage step uses the unmodified result.
    ``rerolled`` "attack" | "defence": that pool was just rolled again with a command point and
    the other pool's result stands (§15): the chances are the re-roll's, given the kept dice."""
    att, dfn = state.model(a.attacker), state.model(x.model)
    weapon = state.weapon_spec(a.attacker, a.weapon)
    indirect = a.kind == "indirect"
    d = pair_damage(state, a, x)
    att_mod = 0 if indirect else total(x.att_mods)
    if rerolled and a.faces and x.faces:
        kept = (
            odds.pool_result(x.faces) + total(x.def_mods)
            if rerolled == "attack"
            else odds.pool_result(a.faces) + att_mod
        )
        sl_dist = odds.rerolled_sl(rerolled, a.att_dice, att_mod, x.def_dice, total(x.def_mods), kept)
    else:
        sl_dist = odds.opposed_sl(a.att_dice, att_mod, x.def_dice, total(x.def_mods))
    extra = {
        "side": att.id,  # the roller (dice luck): the attacker, whoever re-rolls a pool
        "attacker_id": att.id,
        "defender_id": dfn.id,
        "weapon": weapon.id,
        "dam": a.dam,
        "armour": dfn.spec.armour,
        "damage": d.damage,
        "wounds": d.wounds,
        "stunned": d.stunned,
        "burning": d.burning,
        "damage_distribution": odds.as_text(odds.damage_distribution(sl_dist, a.dam)),
        "wound_distribution": odds.as_text(odds.wound_distribution(sl_dist, a.dam, dfn.spec.armour)),
        "cover": x.cover,
    }
    if indirect and a.faces:  # step 1 is rolled: only the Def pool is left to chance (§9 step 2)
        given = odds.against_result(odds.pool_result(a.faces), x.def_dice, total(x.def_mods))
        p = odds.success(given)
        extra["given_result"] = {
            "unmodified": odds.pool_result(a.faces),
            "sl_distribution": odds.as_text(given),
            "chance": f"{p.numerator}/{p.denominator}",
        }
    kind = {"direct": "direct fire", "melee": "melee", "indirect": "indirect fire, damage step"}[a.kind]
    record, _ = opposed_record(
        f"xk6.{a.kind}",
        f"{att.name} ({weapon.name}, {kind}) against {dfn.name}",
        a.faces,
        a.hit_mods if indirect else x.att_mods,
        x.faces,
        x.def_mods,
        att.name,
        dfn.name,
        x.def_dice,
        att_replaced=a.replaced,
        def_replaced=x.replaced,
        unmodified_attack=indirect,
        rerolled=rerolled,
        extra=extra,
    )
    return changed(record, outcome=damage_text(d)), d


def hit_record(state: BattleState, a: PendingAttack) -> tuple[RollRecord, int]:
    """§9 step 1: threshold test, threshold 4, with the hit modifiers."""
    att = state.model(a.attacker)
    weapon = state.weapon_spec(a.attacker, a.weapon)
    record, sl = threshold_record(
        "xk6.indirect.hit",
        f"{att.name} ({weapon.name}): indirect fire hit test",
        a.faces,
        a.hit_mods,
        t.IF_THRESHOLD,
        att.name,
        replaced=a.replaced,
        extra={"scatter": a.scatter, "aim": a.aim, "side": att.id},
    )
    where = "lands on the aim point" if sl >= 1 else f'misses: scatters {a.scatter}"' if a.scatter else "misses"
    return changed(record, outcome=f"{t.sl_shown(sl)}: {where}"), sl


def stealth_record(state: BattleState, model_id: str, face: int) -> tuple[RollRecord, bool]:
    """§16 Stealth X: one die above X avoids the attack; stunned −1 under [XK-A15]."""
    m = state.model(model_id)
    if m.spec.stealth is None:
        raise ValueError(f"{m.name} has no Stealth trait to roll")  # callers ask stealth_may_roll first
    mods = (
        (Modifier(f"{m.name} stunned", -1, "§13 [XK-A15]", "stun"),)
        if m.stunned and state.setting("stun_one_die") != "none"
        else ()
    )
    record, ok = one_die_record(
        "xk6.stealth",
        f"{m.name}: Stealth {m.spec.stealth}",
        face,
        mods,
        m.spec.stealth,
        "attack avoided",
        "the attack goes ahead",
    )
    return changed(record, detail={**record.detail, "side": m.id}), ok  # the defender rolls it, in the attack's event

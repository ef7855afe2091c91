"""The modifier catalogue (§4.4) applied to one attack: the hit test, extra hits from
natural 6s, the Defense test of each hit, and the attack's exact odds.

Every term is a ``Modifier(label, value, rule)``; Reliable changes the target (not a
modifier), fatigue makes only natural 6s hit, Unstoppable drops the negative terms.
"""

from __future__ import annotations

from fractions import Fraction

from engine.formatting import possessive
from engine.rolls import Modifier

from . import odds
from . import tables as t
from .roster import WeaponSpec
from .stat_test import IMPAIRED_MOD, Test, natural_applies, spell_modifiers
from .state import BattleState, PendingAttack, UnitState

MELEE_KINDS = ("melee", "counter")


def roll_rule(a: PendingAttack, shooting: str) -> str:
    """Where an attack's roll is in the book: a melee strike's in the melee procedure
    (§11.1: step 4 the Counter strike, step 5 the charger's Impact and weapons, step 6
    the defender's counter-attack), anything else at ``shooting`` (§9)."""
    if a.kind == "counter":
        return "§11.1 step 4, §17 Counter"
    if a.kind == "impact" or (a.kind == "melee" and a.charging):
        return "§11.1 step 5"
    if a.kind == "melee":
        return "§11.1 step 6"
    return shooting


def weapon_of(state: BattleState, a: PendingAttack) -> WeaponSpec | None:
    return state.unit(a.attacker).spec.weapon(a.weapon) if a.kind not in ("impact", "fall", "spell", "wounds") else None


def has(state: BattleState, a: PendingAttack, rule: str) -> bool:
    """A weapon rule on the weapon, or on the whole unit."""
    w = weapon_of(state, a)
    return bool(w and (w.has(rule) or state.unit(a.attacker).spec.has(rule)))


def x_of(state: BattleState, a: PendingAttack, rule: str) -> int:
    w = weapon_of(state, a)
    return (w.x(rule) or state.unit(a.attacker).spec.x(rule)) if w else 0


def hit_test(state: BattleState, a: PendingAttack) -> Test:
    """The Quality test of each attack die (§9 step 2, §11.3)."""
    atk = state.unit(a.attacker)
    if a.kind == "impact":
        base = Modifier("Impact: each die hits on", t.IMPACT_HITS_ON, "§17 Impact")
        return Test("sq.impact", f"{atk.name}: Impact dice", base, (), natural_applies(state.settings, False))
    if has(state, a, "Reliable"):
        base = Modifier("Reliable: attacks at Quality", 2, "§17 Reliable")
    else:
        base = Modifier(f"{possessive(atk.name)} Quality", atk.spec.quality, roll_rule(a, "§9 step 2"))
    mods: list[Modifier] = []
    if a.kind == "shoot" and a.moved and has(state, a, "Indirect"):
        mods.append(Modifier("Indirect, shooting after moving", -1, "§17 Indirect", "indirect_moved"))
    if a.kind == "shoot" and a.stealth and state.unit(a.target).spec.has("Stealth"):
        mods.append(Modifier('target has Stealth, shot from more than 9"', -1, "§17 Stealth", "stealth"))
    if t.IMPAIRED in atk.statuses:
        mods.append(IMPAIRED_MOD)
    mods += spell_modifiers(atk.spell_mods, t.QUALITY)
    if a.kind == "melee" and a.charging and has(state, a, "Thrust"):
        mods.append(Modifier("Thrust, charging", 1, "§17 Thrust", "thrust"))
    if has(state, a, "Unstoppable"):
        mods = [m for m in mods if m.value >= 0]
    only_six = a.kind in MELEE_KINDS and atk.fatigued_now
    w = weapon_of(state, a)
    title = f"{atk.name}: {w.name if w else a.weapon} hit rolls against {state.unit(a.target).name}"
    return Test("sq.hit", title, base, tuple(mods), True, only_six)


def extra_on_six(state: BattleState, a: PendingAttack) -> tuple[int, tuple[str, ...]]:
    """Extra hits per natural 6 to hit (§9 step 3), and the rules that give them."""
    rules = []
    if has(state, a, "Surge"):
        rules.append("Surge")
    if a.kind == "melee" and a.charging and has(state, a, "Furious"):
        rules.append("Furious")
    act = state.activation
    if a.kind == "shoot" and act and act.held and has(state, a, "Relentless"):
        rules.append("Relentless")
    return len(rules), tuple(rules)


def rending(state: BattleState, a: PendingAttack) -> bool:
    return has(state, a, "Rending")


def blast_multiplier(state: BattleState, a: PendingAttack) -> int:
    """§17 Blast: X capped at the enemy models in the target unit and within 3"."""
    x = x_of(state, a, "Blast")
    if not x:
        return 1
    models = a.blast_models if a.blast_models is not None else state.unit(a.target).models
    return max(1, min(x, models))


def ap_of(state: BattleState, a: PendingAttack, rending_hit: bool = False) -> tuple[int, str]:
    w = weapon_of(state, a)
    ap = a.fall_ap if a.kind in ("fall", "spell") else (w.ap if w else 0)
    rule = {"fall": "§15.2 falling", "spell": f"§17 Caster: {a.weapon}"}.get(a.kind, "§17 AP")
    if a.kind == "melee" and a.charging and has(state, a, "Thrust"):
        ap, rule = ap + 1, "§17 AP, Thrust +1"
    if rending_hit:
        if state.setting("rending_ap") == "add":
            ap, rule = ap + t.RENDING_AP, "§17 Rending: weapon AP + 4 [SQ-A13]"
        else:
            ap, rule = max(ap, t.RENDING_AP), "§17 Rending: AP(4) or the weapon's, the higher [SQ-A13]"
    return ap, rule


def block_test(state: BattleState, a: PendingAttack, unit: UnitState, rending_hit: bool = False) -> Test:
    """The Defense roll against one hit (§9 step 5)."""
    base = Modifier(f"{possessive(unit.name)} Defense", unit.spec.defense, roll_rule(a, "§9 step 5"))
    mods: list[Modifier] = []
    ignores_cover = has(state, a, "Blast") or (
        has(state, a, "Unstoppable") and state.setting("unstoppable") == "hit-penalties-and-cover"
    )
    if a.kind == "shoot" and a.cover and a.cover_from == "behind" and has(state, a, "Indirect"):
        ignores_cover = True  # Indirect ignores cover from line-of-sight blockers only (§14, §17 Indirect)
    if a.kind == "shoot" and a.cover and not ignores_cover:
        where = "inside terrain" if a.cover_from == "inside" else "behind line-of-sight blockers"
        mods.append(Modifier(f"cover against shooting ({where})", 1, "§14 Cover", "cover"))
    ap, rule = ap_of(state, a, rending_hit)
    if ap:
        mods.append(Modifier(f"AP({ap})" + (" of a Rending hit" if rending_hit else ""), -ap, rule, "ap"))
    if t.IMPAIRED in unit.statuses:
        mods.append(IMPAIRED_MOD)
    mods += spell_modifiers(unit.spell_mods, t.DEFENSE)
    what = "Rending hit" if rending_hit else "hit"
    return Test("sq.block", f"{unit.name}: Defense roll against each {what}", base, tuple(mods))


def bane(state: BattleState, a: PendingAttack) -> str:
    if not has(state, a, "Bane"):
        return "none"
    return "repeat" if state.setting("bane_reroll") == "repeat" else "once"


def regenerates(state: BattleState, a: PendingAttack, unit: UnitState) -> bool:
    """§17 Regeneration, unless the weapon has Bane, Rending or Unstoppable."""
    return unit.spec.has("Regeneration") and not any(has(state, a, r) for r in t.IGNORES_REGENERATION)


def regeneration_test(state: BattleState, unit: UnitState) -> Test:
    base = Modifier("Regeneration ignores a wound on", t.REGENERATION_ON, "§17 Regeneration")
    return Test("sq.regeneration", f"{unit.name}: Regeneration", base, (), natural_applies(state.settings, False))


def deadly(state: BattleState, a: PendingAttack) -> int:
    return max(1, x_of(state, a, "Deadly"))


def regeneration_profile(state: BattleState, a: PendingAttack, unit: UnitState) -> odds.AttackProfile:
    """The odds profile of the Regeneration rolls ``unit`` makes against ``a``: its chance,
    Deadly and the order of the two [SQ-A15]; no hit or Defense dice are left to roll."""
    return odds.AttackProfile(
        attacks=0,
        hit_chance=Fraction(0),
        deadly=deadly(state, a),
        regeneration=True,
        regeneration_chance=regeneration_test(state, unit).chance,
        regenerate_first=state.setting("deadly_regeneration") == "regenerate-first",
    )


def profile(state: BattleState, a: PendingAttack, unit: UnitState | None = None) -> odds.AttackProfile:
    """The exact-odds profile of this attack against ``unit`` (default: its target)."""
    unit = unit or state.unit(a.target)
    test = hit_test(state, a)
    extra, _ = extra_on_six(state, a)
    b = bane(state, a)
    block = block_test(state, a, unit)
    rend = block_test(state, a, unit, True)
    return odds.AttackProfile(
        attacks=a.attacks,
        hit_chance=test.chance,
        six_hits=True,
        extra_on_six=extra,
        rending=rending(state, a),
        blast=blast_multiplier(state, a),
        block=odds.block_chance(block.target, block.net, b),
        block_rending=odds.block_chance(rend.target, rend.net, b),
        deadly=deadly(state, a),
        regeneration=regenerates(state, a, unit),
        regeneration_chance=regeneration_test(state, unit).chance,
        regenerate_first=state.setting("deadly_regeneration") == "regenerate-first",
    )

"""The Toughness roll (§9): every modifier, exact odds, resolving the dice.

Pass iff 2k6 ≤ Tmod and 2k6 ≤ 10 (11–12 always fail). ``Tmod`` = profile O (already
with post-battle wounds and Infection) + armour and its mods + shield + Defensive
stance + the attack's ΔT + skills. Heroic plays and tricks: "I co mi zrobisz?!" sets T
to 7 exactly; "Woohoo!" rolls 3 dice and drops the highest; "Nic mi nie jest!" and the
Captain re-roll one die after a failure; Tarcza ochronna (vs shooting) passes with no
roll; Adrenalina turns a failed roll into a pass.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Mapping

from engine.dice import DiceSource
from engine.records import Record, changed, field
from engine.rolls import Modifier, RollRecord

from .. import tables as t
from ..roster import ModelSpec
from ..terms import card_term, skill_term, term, trick_term
from .common import (
    SENTINEL_HEIGHT,
    Option,
    ProcedureRefused,
    active,
    auto,
    display_name,
    has_skill,
    heroic_refusal,
    modifiers_of,
    profile_of,
    ranged_weapon,
    setting,
    sum_of,
    toggle,
)
from .kernel import DROP_HIGHEST, MODE_NAMES, PLAIN, success_chance
from .reroll import group, group_total, register_evaluator, roll_group
from .shooting import ShotSituation

ATTACKS = ("shooting", "melee", "other")
WHAT = "what-are-you-gonna-do"
WOOHOO = "woohoo"
IM_FINE = "im-fine"


class ToughnessSituation(Record):
    """A model about to make a Toughness roll.

    ``attack``: ``"shooting"`` (ranged weapons, the thrown knife and Spięcie, [SM-A26]),
    ``"melee"`` or ``"other"`` (frag grenade, Atak Drona, Lava...). ``attacker``: the
    shooter or the melee winner (its weapon, ammunition and skills change the roll).
    ``weapon``: for shooting the ranged weapon key (``"thrown-knife"``,
    ``"short-circuit"``); for ``other`` a cause such as ``"drone-strike"`` (no shield) or
    ``"frag-grenade"``; ignored in melee (the winner's melee weapons count).
    ``extra_terms``: terms the caller adds (melee: Pokaż kotku −2, Zabójczy cios −1).
    ``engaged``: the model is in melee (no Ochrona, no Tarcza ochronna).
    ``overwatch``: the hit came from an Overwatch shot (Woohoo!). ``shooter_height_above``:
    how much higher the shooter stands (Wartownik), None if unknown. ``used_plays``:
    heroic plays its player has used this battle.
    """

    model: ModelSpec
    attack: str = "other"
    attacker: ModelSpec | None = None
    weapon: str | None = None
    extra_terms: tuple[Modifier, ...] = ()
    defensive_stance: bool = False
    engaged: bool = False
    overwatch: bool = False
    infected: bool = False
    shooter_height_above: float | None = None
    toggles: frozenset[str] = frozenset()
    declined: frozenset[str] = frozenset()
    settings: Mapping[str, str] = field(default_factory=dict)
    used_plays: frozenset[str] = frozenset()


def toughness_for_shot(
    shot: ShotSituation,
    *,
    target: ModelSpec | None = None,
    defensive_stance: bool = False,
    toggles: frozenset[str] = frozenset(),
    declined: frozenset[str] = frozenset(),
    used_plays: frozenset[str] = frozenset(),
    infected: bool | None = None,
) -> ToughnessSituation:
    """The save after a hit from ``shot`` (``target``: the model that saves, for a crowd)."""
    model = shot.target if target is None else target
    return ToughnessSituation(
        model=model,
        attack="shooting",
        attacker=shot.shooter,
        weapon=shot.weapon,
        defensive_stance=defensive_stance,
        engaged=shot.target_engaged or shot.into_crowd,
        overwatch=shot.overwatch,
        infected=shot.target_infected if infected is None else infected,
        shooter_height_above=shot.height_above_target,
        toggles=toggles,
        declined=declined,
        settings=shot.settings,
        used_plays=used_plays,
    )


def melee_weapon_terms(winner: ModelSpec, settings: Mapping[str, str] | None) -> list[tuple[str, str, int, str]]:
    """(key, label, ΔT, rule) of the melee winner's weapon against the loser (§8.5, §17.4, [SM-A3])."""
    if winner.pet:
        return [("melee_weapon", "War pet's attack (no change)", t.PET_ATTACK_TOUGHNESS, "§15.6")]
    out = []
    blade = "two-handed" in winner.melee or "hand-weapon" in winner.melee
    if "two-handed" in winner.melee:
        out.append(
            ("melee_weapon", t.MELEE_WEAPONS["two-handed"].name, t.MELEE_WEAPONS["two-handed"].toughness, "§8.5")
        )
    elif "hand-weapon" in winner.melee:
        out.append(
            ("melee_weapon", t.MELEE_WEAPONS["hand-weapon"].name, t.MELEE_WEAPONS["hand-weapon"].toughness, "§8.5")
        )
    elif winner.ranged and setting(settings, "guns_as_hand_weapons") == "on":
        out.append(
            ("melee_weapon", "Gun used as a hand weapon", t.MELEE_WEAPONS["hand-weapon"].toughness, "§8.5 [SM-A3]")
        )
    else:
        out.append(("melee_weapon", "No listed melee weapon (no change)", 0, "§8.5 [SM-A3]"))
    if blade:
        for mod in ("nano-blade", "impact-pattern"):
            if mod in winner.mods:
                out.append(("melee_weapon_mod", t.ITEMS[mod].name, -1, "§17.4"))
                break
    return out


def toughness_options(sit: ToughnessSituation) -> tuple[Option, ...]:
    """Every modifier that could apply to this Toughness roll (see ``Option``).

    Keys: armour, armoured_fibres, force_field, polychitin, shield, defensive_stance,
    weapon, piercing_rounds, melee_weapon, melee_weapon_mod, sentinel, protection, the
    ``extra_terms`` keys (modifiers); what-are-you-gonna-do (set T=7); woohoo (dice);
    im-fine, captain_reroll (declared re-rolls); protective_shield, adrenaline (auto-pass).
    """
    m, a, on, off = sit.model, sit.attacker, sit.toggles, sit.declined
    shooting, melee = sit.attack == "shooting", sit.attack == "melee"
    out: list[Option] = []
    armour = t.ARMOURS.get(m.armour)
    if armour is not None and armour.toughness:
        if armour.key == "sarcophagus" and melee and a is not None and has_skill(a, "soft-spot-strike"):
            out.append(
                auto(
                    "armour",
                    f"{armour.name} ({skill_term('soft-spot-strike')}: +2)",
                    t.SOFT_SPOT_SARCOPHAGUS,
                    "§20.2",
                    off,
                )
            )
        else:
            out.append(auto("armour", armour.name, armour.toughness, "§9.2", off))
    if "armoured-fibres" in m.mods and m.armour == "light":
        out.append(auto("armoured_fibres", "Armoured fibres", t.ARMOURED_FIBRES, "§17.4", off))
    if shooting and "force-field" in m.mods and m.armour == "light":
        out.append(auto("force_field", "Force field (shooting hit)", t.FORCE_FIELD, "§17.4 [SM-A26]", off))
    if shooting and "polychitin" in m.mods and m.armour == "powered":
        out.append(auto("polychitin", "Polychitin (shooting hit)", t.POLYCHITIN, "§17.4 [SM-A26]", off))
    if m.shield:
        if sit.weapon == "drone-strike":
            out.append(auto("shield", f"Shield (cancelled: {trick_term('drone-strike')})", 0, "§21", off))
        elif melee and a is not None and has_skill(a, "feint"):
            out.append(auto("shield", f"Shield (cancelled: {skill_term('feint')})", 0, "§20.2", off))
        elif shooting and a is not None and has_skill(a, "past-the-shield"):
            value = 0 if setting(sit.settings, "past_the_shield") == "zero" else t.SHIELD_TOUGHNESS
            out.append(
                auto("shield", f"Shield ({skill_term('past-the-shield')}: +{value})", value, "§20.3 [SM-A5]", off)
            )
        else:
            out.append(auto("shield", "Shield", t.SHIELD_TOUGHNESS, "§9.2", off))
    if sit.defensive_stance:
        out.append(auto("defensive_stance", term("Defensive stance"), t.DEFENSIVE_STANCE_TOUGHNESS, "§11.2", off))
    trick = False
    if shooting and sit.weapon:
        weapon = ranged_weapon(sit.weapon)
        trick = weapon.family == "trick"
        rule = {"thrown-knife": "§12.2", "short-circuit": "§21", "flamer": "§10.7"}.get(weapon.key, "§10.5")
        if weapon.template and a is not None and "high-pressure-tanks" in a.items:
            out.append(auto("weapon", f"{weapon.name} (cancelled: High-pressure tanks)", 0, "§17.3", off))
        elif weapon.toughness:
            out.append(auto("weapon", weapon.name, weapon.toughness, rule, off))
        if a is not None and "piercing-rounds" in a.items and weapon.key in t.ITEMS["piercing-rounds"].fits:
            out.append(auto("piercing_rounds", "Piercing rounds", t.PIERCING_TOUGHNESS, "§17.3", off))
    if melee and a is not None:
        for key, label, value, rule in melee_weapon_terms(a, sit.settings):
            out.append(auto(key, label, value, rule, off))
    if shooting and not trick and a is not None and has_skill(a, "sentinel"):
        label = f'{skill_term("sentinel")}: shooter at least 2" higher'
        if sit.shooter_height_above is None:
            out.append(toggle("sentinel", label, t.SENTINEL_TOUGHNESS, "§20.3", on, off))
        elif sit.shooter_height_above >= SENTINEL_HEIGHT:
            out.append(auto("sentinel", label, t.SENTINEL_TOUGHNESS, "§20.3", off))
    if shooting and not sit.engaged:
        out.append(
            toggle(
                "protection",
                f'{skill_term("protection")}: a shield-bearer within 1"',
                t.PROTECTION,
                "§20.2 [SM-A26]",
                on,
                off,
            )
        )
    for i, extra in enumerate(sit.extra_terms):
        out.append(auto(extra.key or f"extra_{i}", extra.label, extra.value, extra.rule, off))
    if shooting and a is not None and heroic_refusal(m, WHAT, sit.used_plays, sit.settings) is None:
        out.append(
            toggle(
                WHAT,
                "What are you gonna do?! (I co mi zrobisz?!)",  # its value says it: "=7"
                t.WHAT_ARE_YOU_GONNA_DO_T,
                "§12.2 [SM-A13]",
                on,
                off,
                kind="set",
            )
        )
    if shooting and sit.overwatch and heroic_refusal(m, WOOHOO, sit.used_plays, sit.settings) is None:
        out.append(toggle(WOOHOO, "“Woohoo!”: 3 dice, drop the highest", 0, "§12.2", on, off, kind="dice"))
    if heroic_refusal(m, IM_FINE, sit.used_plays, sit.settings) is None:
        out.append(
            toggle(
                IM_FINE, f"{card_term('im-fine')}: re-roll one die after a failure", 0, "§12.2", on, off, kind="reroll"
            )
        )
    if m.captain:
        out.append(
            toggle(
                "captain_reroll",
                f"{term('Captain')}: a re-roll (once per battle)",
                0,
                "§15.2 [SM-A9]",
                on,
                off,
                kind="reroll",
            )
        )
    if shooting and "protective-shield" in m.tricks and not sit.engaged:
        label = f"{trick_term('protective-shield')}: the test passes automatically"
        if setting(sit.settings, "protective_shield_optional") == "on":
            out.append(toggle("protective_shield", label, 0, "§21 [SM-A29]", on, off, kind="auto-pass"))
        else:
            out.append(auto("protective_shield", label, 0, "§21 [SM-A29]", off, kind="auto-pass"))
    out.append(
        toggle(
            "adrenaline",
            f"{trick_term('adrenaline')}: a failed test passes",
            0,
            "§21",
            on,
            off,
            kind="auto-pass",
        )
    )
    return tuple(out)


def save_refusal(sit: ToughnessSituation, options: tuple[Option, ...] | None = None) -> ProcedureRefused | None:
    """Why the declared plays / tricks cannot be used on this roll (None if all is well)."""
    if sit.attack not in ATTACKS:
        return ProcedureRefused(f"unknown kind of attack '{sit.attack}'", "§9.1", "malformed")
    keys = {o.key for o in (toughness_options(sit) if options is None else options)}
    for key, rule, why in (
        (WHAT, "§12.2", f"{card_term('what-are-you-gonna-do')} is for a hit by an enemy shooter"),
        (WOOHOO, "§12.2", f"{card_term('woohoo')} is for a model taking an {term('Overwatch')} shot"),
        (IM_FINE, "§12.2", f"{card_term('im-fine')} cannot be used"),
        ("captain_reroll", "§15.2", "only the Captain has the Captain's re-roll"),
        (
            "protective_shield",
            "§21",
            f"{trick_term('protective-shield')} works for its Technomancer against shooting, unengaged",
        ),
    ):
        if key in sit.toggles and key not in sit.declined and key not in keys:
            card = t.EVENT_CARDS.get(key)
            heroic = heroic_refusal(sit.model, key, sit.used_plays, sit.settings) if card else None
            return ProcedureRefused(heroic or why, "§12.1" if heroic else rule)
    return None


def _check(sit: ToughnessSituation) -> tuple[Option, ...]:
    options = toughness_options(sit)
    refusal = save_refusal(sit, options)
    if refusal is not None:
        raise refusal
    return options


def modified_toughness(sit: ToughnessSituation, options: tuple[Option, ...] | None = None) -> int:
    """Tmod: 7 with "I co mi zrobisz?!", else profile O plus every active modifier.
    Raises ``ProcedureRefused`` when a declared play or trick cannot be used."""
    options = _check(sit) if options is None else options
    if active(options, WHAT):
        return t.WHAT_ARE_YOU_GONNA_DO_T
    return profile_of(sit.model, sit.infected).O.value + sum_of(options)


def _rerolls(sit: ToughnessSituation, options: tuple[Option, ...]) -> tuple[int, int, list[str]]:
    die = whole = 0
    declared = []
    if active(options, IM_FINE):
        die += 1
        declared.append(IM_FINE)
    if active(options, "captain_reroll"):
        declared.append("captain")
        if setting(sit.settings, "captain_reroll") == "whole":
            whole += 1
        else:
            die += 1
    return die, whole, declared


def _auto_pass(options: tuple[Option, ...]) -> bool:
    return active(options, "protective_shield") or active(options, "adrenaline")


def toughness_chance(sit: ToughnessSituation) -> Fraction:
    """P(the save passes), exact, counting declared re-rolls and automatic passes."""
    return _chance(sit, _check(sit))


def _chance(sit: ToughnessSituation, options: tuple[Option, ...]) -> Fraction:
    if _auto_pass(options):
        return Fraction(1)
    tmod = modified_toughness(sit, options)
    mode = DROP_HIGHEST if active(options, WOOHOO) else PLAIN
    die, whole, _ = _rerolls(sit, options)
    return success_chance("<=", min(tmod, t.TOUGHNESS_ALWAYS_FAILS - 1), mode, die, whole)


def toughness_roll(sit: ToughnessSituation, dice: DiceSource) -> RollRecord:
    """Roll the save and read it: ``success`` is a pass (the model stays)."""
    options = _check(sit)
    title = f"{display_name(sit.model)} — Toughness roll ({sit.attack})"
    what = active(options, WHAT)
    o = profile_of(sit.model, sit.infected).O
    base = (
        Modifier(f"{card_term('what-are-you-gonna-do')}: Toughness is 7", t.WHAT_ARE_YOU_GONNA_DO_T, "§12.2")
        if what
        else Modifier("Toughness", o.value, "§3.1")
    )
    mods = () if what else modifiers_of(options)
    tmod = modified_toughness(sit, options)
    detail: dict[str, Any] = {
        "attack": sit.attack,
        "weapon": sit.weapon,
        "attacker": sit.attacker.id if sit.attacker else None,
        "tmod": tmod,
        "always_fails_from": t.TOUGHNESS_ALWAYS_FAILS,
        "profile": o.explain(),
        "ignored": [m.label for m in modifiers_of(options)] if what else [],
        "adrenaline": active(options, "adrenaline"),
        "adrenaline_used": False,
    }
    if active(options, "protective_shield"):
        return RollRecord(
            "sm.toughness",
            title,
            (),
            mods,
            base,
            tmod,
            "<=",
            Fraction(1),
            f"saved ({trick_term('protective-shield')})",
            True,
            {**detail, "automatic": "protective_shield"},
        )
    mode = DROP_HIGHEST if active(options, WOOHOO) else PLAIN
    die, whole, declared = _rerolls(sit, options)
    rolled = roll_group(dice, mode, "Toughness roll")
    detail.update({"groups": [group(0, mode[0], mode)], "dice_mode": MODE_NAMES[mode], "rerolls_declared": declared})
    record = RollRecord("sm.toughness", title, rolled, mods, base, tmod, "<=", _chance(sit, options), "", False, detail)
    return _evaluate_toughness(record)


@register_evaluator("sm.toughness")
def _evaluate_toughness(record: RollRecord) -> RollRecord:
    d = record.detail
    if d.get("automatic"):
        return record
    total = group_total(record, d["groups"][0])
    passed = record.target is not None and total <= record.target and total < d["always_fails_from"]
    used = not passed and bool(d.get("adrenaline"))
    outcome = "saved" if passed else (f"saved ({trick_term('adrenaline')})" if used else "removed")
    return changed(
        record, outcome=outcome, success=passed or used, detail={**d, "total": total, "adrenaline_used": used}
    )


def fail_chance(sit: ToughnessSituation) -> Fraction:
    """P(the save fails and the model is removed)."""
    return 1 - toughness_chance(sit)


__all__ = [
    "ATTACKS",
    "ToughnessSituation",
    "fail_chance",
    "melee_weapon_terms",
    "modified_toughness",
    "save_refusal",
    "toughness_chance",
    "toughness_for_shot",
    "toughness_options",
    "toughness_roll",
]

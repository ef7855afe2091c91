"""The hit roll (§10): every Accuracy modifier, exact odds, and resolving the dice.

Hit iff 2k6 < modified Accuracy (strict, §10.2). Variants: Wymierzony strzał (3 dice,
drop per [SM-A6]), Mistrzowski strzał (a natural double 1 removes the target with no save), the flamer
(no hit roll: an automatic hit, §10.7), shooting into a crowd (§10.4, ``crowd_pick``).
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Mapping

from engine.formatting import plural
from engine.dice import DiceSource
from engine.records import Record, changed, field
from engine.rolls import Modifier, RollRecord

from .. import tables as t
from ..roster import ModelSpec
from ..terms import card_term, skill_term, term, trick_term
from .common import (
    CAUTION_FROM,
    HIGH_ENERGY_BATTERIES_RANGE,
    NATURAL_DOUBLE_ONE,
    Option,
    ProcedureRefused,
    active,
    auto,
    display_name,
    has_skill,
    heroic_refusal,
    modifiers_of,
    natural_plain,
    profile_of,
    ranged_weapon,
    setting,
    sum_of,
    toggle,
)
from .crowd import CrowdPick, crowd_pick, crowd_pick_chance  # re-exported: callers import them from here
from .kernel import DROP_HIGHEST, DROP_LOWEST, MODE_NAMES, PLAIN, Mode, natural_pair_chance, success_chance
from .reroll import group, group_kept_faces, group_mode, group_rerolled, group_total, register_evaluator, roll_group

if TYPE_CHECKING:
    from .toughness import ToughnessSituation

ACTIVITIES = ("idle", "moved", "acted", "moved+acted")


class ShotSituation(Record):
    """One shot, as the battle state and the GM describe it.

    ``weapon``: a ``tables.RANGED_WEAPONS`` key, ``"thrown-knife"`` (Głowa w dół!) or
    ``"short-circuit"`` (the Spięcie trick: C as if 12, all shooting modifiers, §21).
    ``shot_index``: 1-based shot of this weapon in the action (its per-shot penalty).
    ``distance``: inches, or None when the GM typed none (then long range, point-blank
    and the Precision sight become toggles). ``shooter_moved``: the shooter used a Move
    action this round. ``shooter_moved_this_activation``: for the "activation" reading of
    [SM-A36] (None = same as ``shooter_moved``). ``target_activity``: for Protokół
    maskujący — ``idle``, ``moved``, ``acted`` or ``moved+acted`` [SM-A16].
    ``height_above_target``: how much higher the shooter stands (Wartownik), None if
    unknown. ``target_engaged_with_friend``: the target fights one of the shooter's band
    (only Głowa w dół! may shoot it, §10.4). ``into_crowd``: shooting at a whole melee of
    hostile models (§10.4, second way). ``used_plays``: heroic plays the shooter's player
    has used. ``toggles`` / ``declined``: GM switches (see ``shooting_options``).
    """

    shooter: ModelSpec
    target: ModelSpec
    weapon: str
    shot_index: int = 1
    distance: float | None = None
    shooter_moved: bool = False
    target_engaged: bool = False
    target_activity: str = "idle"
    overwatch: bool = False
    toggles: frozenset[str] = frozenset()
    declined: frozenset[str] = frozenset()
    settings: Mapping[str, str] = field(default_factory=dict)
    shooter_infected: bool = False
    target_infected: bool = False
    shooter_moved_this_activation: bool | None = None
    height_above_target: float | None = None
    target_engaged_with_friend: bool = False
    into_crowd: bool = False
    shooter_engaged: bool = False
    shooter_carries_special: bool = False
    used_plays: frozenset[str] = frozenset()


def _far(sit: ShotSituation) -> bool:
    """The shooter is more than 12" away (Ostrożność): the distance, or the long-range toggle."""
    if sit.distance is not None:
        return sit.distance > CAUTION_FROM
    return "long_range" in sit.toggles and "long_range" not in sit.declined


def _weapon_range(sit: ShotSituation, weapon: t.RangedWeapon) -> int:
    extra = (
        HIGH_ENERGY_BATTERIES_RANGE
        if (weapon.family == "energy" and "high-energy-batteries" in sit.shooter.mods)
        else 0
    )
    return weapon.range + extra


def _heavy_moved(sit: ShotSituation) -> bool:
    if setting(sit.settings, "heavy_after_move") == "round" or sit.shooter_moved_this_activation is None:
        return sit.shooter_moved
    return sit.shooter_moved_this_activation


def shot_refusal(sit: ShotSituation) -> ProcedureRefused | None:
    """Why this shot may not be taken (None if it may). Never raises."""
    try:
        weapon = ranged_weapon(sit.weapon)
    except ProcedureRefused as err:
        return err
    knife = weapon is t.THROWN_KNIFE
    trick = weapon.family == "trick"
    who = display_name(sit.shooter)
    if knife:
        why = heroic_refusal(sit.shooter, "heads-down", sit.used_plays, sit.settings)
        if why:
            return ProcedureRefused(why, "§12.1")
        if not sit.target_engaged_with_friend:
            return ProcedureRefused(
                f"{card_term('heads-down')} throws only at the opponent of a fighting friend", "§12.2"
            )
    elif trick:
        if "short-circuit" not in sit.shooter.tricks:
            return ProcedureRefused(f"{who} does not know {trick_term('short-circuit')}", "§21", "malformed")
        if sit.shooter_engaged:
            return ProcedureRefused("a model engaged in melee cannot cast tricks", "§21")
    elif sit.weapon not in sit.shooter.ranged:
        return ProcedureRefused(f"{who} carries no {weapon.name}", "§10.5", "malformed")
    if sit.shooter_engaged and not knife and not trick:
        return ProcedureRefused("an engaged model may not shoot", "§8.1")
    if sit.shooter_carries_special and not knife:
        return ProcedureRefused("a model carrying the special marker may not use ranged weapons or tricks", "§23.5")
    if sit.target_engaged_with_friend and not knife:
        return ProcedureRefused(
            f"you may not shoot at a model engaged with your own models (only {card_term('heads-down')} may)", "§10.4"
        )
    if not weapon.template and not 1 <= sit.shot_index <= weapon.shots:
        return ProcedureRefused(
            f"the {weapon.name} has {plural(weapon.shots, 'shot')} per action, not a shot number {sit.shot_index}",
            "§10.5",
            "malformed",
        )
    if sit.distance is not None and sit.distance > _weapon_range(sit, weapon):
        return ProcedureRefused(
            f'the target is out of range ({sit.distance:g}" > {_weapon_range(sit, weapon)}")', "§10.1"
        )
    if weapon.heavy and _heavy_moved(sit) and not has_skill(sit.shooter, "hip-fire"):
        return ProcedureRefused(
            f"a heavy weapon cannot fire after a Move action this round ({skill_term('hip-fire')} allows it at −2)",
            "§10.6 [SM-A36]",
        )
    if sit.shooter_moved and "aimed_shot" in sit.toggles and "aimed_shot" not in sit.declined:
        return ProcedureRefused(f"{skill_term('aimed-shot')} needs a model that has not moved", "§20.3")
    return None


def check_shot(sit: ShotSituation) -> t.RangedWeapon:
    """The weapon, or ``ProcedureRefused`` if the shot is not allowed."""
    refusal = shot_refusal(sit)
    if refusal is not None:
        raise refusal
    return ranged_weapon(sit.weapon)


def base_accuracy(sit: ShotSituation) -> Modifier:
    """The number the roll starts from: the shooter's C (profile, wounds, infection), or 12 for Spięcie."""
    if sit.weapon == "short-circuit":
        return Modifier(f"{trick_term('short-circuit')}: Accuracy as if 12", t.SHORT_CIRCUIT_C, "§21")
    c = profile_of(sit.shooter, sit.shooter_infected).C
    return Modifier("Accuracy", c.value, "§3.1")


def shooting_options(sit: ShotSituation) -> tuple[Option, ...]:
    """Every modifier that could apply to this shot, with its state (see ``Option``).

    Keys: per_shot, shot_after_move, hip_fire, long_range, obstacle, cover, large_target,
    camouflage, masking_protocol, lucky, precision_sight, hunter (modifiers);
    aimed_shot (dice); master_shot (info). No re-roll is declared before the roll: Strzał z
    bliska, the Captain and Błąd matrycy are offered after the result (``rerolls``).
    """
    weapon = ranged_weapon(sit.weapon)
    if weapon.template:
        return ()
    s, tg, on, off = sit.shooter, sit.target, sit.toggles, sit.declined
    knife, trick = weapon is t.THROWN_KNIFE, weapon.family == "trick"
    real_weapon = not knife and not trick
    out: list[Option] = []
    if weapon.shot_penalties and 1 <= sit.shot_index <= weapon.shots:
        p = weapon.shot_penalties[sit.shot_index - 1]
        if p:
            nth = {2: "2nd", 3: "3rd"}.get(sit.shot_index, f"{sit.shot_index}th")
            out.append(auto("per_shot", f"{nth} shot of the {weapon.name}", p, "§10.5", off))
    if sit.shooter_moved:
        if weapon.heavy:
            if has_skill(s, "hip-fire"):
                steady = has_skill(s, "steady-hand")
                out.append(
                    auto(
                        "hip_fire",
                        f"{skill_term('hip-fire')}: heavy weapon after a Move"
                        + (f", {skill_term('steady-hand')}" if steady else ""),
                        t.HIP_FIRE_STEADY if steady else t.HIP_FIRE,
                        "§20.3",
                        off,
                    )
                )
        elif has_skill(s, "steady-hand"):
            out.append(
                auto("shot_after_move", f"Shot after Move (cancelled: {skill_term('steady-hand')})", 0, "§20.3", off)
            )
        elif real_weapon and "shot-stabiliser" in s.mods:
            out.append(auto("shot_after_move", "Shot after Move (cancelled: Shot stabiliser)", 0, "§17.3", off))
        else:
            out.append(auto("shot_after_move", "Shot after Move", t.SHOT_AFTER_MOVE, "§10.3", off))
    ignore_long = weapon.no_long_range_penalty or has_skill(s, "good-eye")
    why_not = weapon.name if weapon.no_long_range_penalty else skill_term("good-eye")
    long_value, long_label = (
        (0, f'Long range, over 12" (cancelled: {why_not})') if ignore_long else (t.LONG_RANGE, 'Long range, over 12"')
    )
    if sit.distance is None:
        out.append(toggle("long_range", long_label, long_value, "§10.3", on, off))
    elif sit.distance > t.LONG_RANGE_FROM:
        out.append(auto("long_range", long_label, long_value, "§10.3", off))
    homing = sit.weapon == "rocket-launcher" and "homing-missiles" in s.items
    crowd = sit.into_crowd
    obstacle_label = (
        "Obstacle to at least one model of the group" if crowd else 'Obstacle (not within 1" of the target)'
    )
    if homing:
        out.append(toggle("obstacle", obstacle_label + " (cancelled: Homing missiles)", 0, "§17.3", on, off))
    else:
        out.append(toggle("obstacle", obstacle_label, t.OBSTACLE, "§10.4" if crowd else "§10.3", on, off))
    cover, cover_rule, notes = t.COVER, "§10.3", []
    if homing:
        cover, cover_rule = t.HOMING_COVER, "§17.3"
        notes.append("Homing missiles")
    caution = not crowd and has_skill(tg, "caution") and _far(sit)
    if caution:
        cover -= t.COVER - t.CAUTION_COVER
        cover_rule = "§20.2"
        notes.append(f'{skill_term("caution")}, shooter over 12" away')
    cover_label = "Cover from terrain (the crowd gives none)" if crowd else 'Cover (within 1" of the target)'
    if notes:
        cover_label += f" ({', '.join(notes)})"
    out.append(toggle("cover", cover_label, cover, "§10.4" if crowd else cover_rule, on, off))
    if not crowd:
        armour = t.ARMOURS.get(tg.armour)
        if armour is not None and armour.large_target:
            out.append(auto("large_target", "Large target", t.LARGE_TARGET_ACCURACY, "§3.3", off))
        detector = "bio-detector" in s.items
        if "camouflage" in tg.items:
            out.append(
                auto(
                    "camouflage",
                    "Camouflage (cancelled: Bio-detector)" if detector else "Camouflage",
                    0 if detector else t.CAMOUFLAGE,
                    "§17.7",
                    off,
                )
            )
        if "masking-protocol" in tg.items:
            activity = sit.target_activity
            if activity == "moved+acted":
                activity = "acted" if setting(sit.settings, "masking_both") == "acted" else "moved"
            value = t.MASKING_PROTOCOL.get(activity, t.MASKING_PROTOCOL["idle"])
            label = {
                "idle": "Masking protocol (target has not acted)",
                "moved": "Masking protocol (target moved)",
                "acted": "Masking protocol (target took another action)",
            }.get(activity, "Masking protocol")
            out.append(
                auto(
                    "masking_protocol",
                    label + (" (cancelled: Bio-detector)" if detector else ""),
                    0 if detector else value,
                    "§17.7 [SM-A16]",
                    off,
                )
            )
        if has_skill(tg, "lucky") and not sit.target_engaged:
            out.append(auto("lucky", f"{skill_term('lucky')}: target not engaged", t.LUCKY, "§20.2", off))
    if real_weapon and not weapon.heavy and "precision-sight" in s.mods:
        if sit.distance is None:
            out.append(
                toggle("precision_sight", 'Precision sight (target under 12")', t.PRECISION_SIGHT, "§17.3", on, off)
            )
        elif sit.distance < t.LONG_RANGE_FROM:
            out.append(auto("precision_sight", 'Precision sight (target under 12")', t.PRECISION_SIGHT, "§17.3", off))
    if sit.overwatch and has_skill(s, "hunter"):
        out.append(auto("hunter", f"{skill_term('hunter')}: from {term('Overwatch')}", t.HUNTER, "§20.3", off))
    if real_weapon and has_skill(s, "aimed-shot") and not sit.shooter_moved:
        drop = setting(sit.settings, "aimed_shot_drop")
        out.append(
            toggle(
                "aimed_shot",
                f"{skill_term('aimed-shot')}: 3 dice, drop the {drop} (uses both actions)",
                0,
                "§20.3 [SM-A6]",
                on,
                off,
                kind="dice",
            )
        )
    if not trick and has_skill(s, "master-shot"):
        out.append(
            auto(
                "master_shot",
                f"{skill_term('master-shot')}: a natural double 1 removes the target",
                0,
                "§20.3 [SM-A28]",
                off,
                kind="info",
            )
        )
    return tuple(out)


def _dice_mode(sit: ShotSituation, options: tuple[Option, ...]) -> Mode:
    if active(options, "aimed_shot"):
        return DROP_HIGHEST if setting(sit.settings, "aimed_shot_drop") == "highest" else DROP_LOWEST
    return PLAIN


def hit_dice(sit: ShotSituation, options: tuple[Option, ...]) -> int | None:
    """How many dice the shot's command rolls: 0 for a template (an automatic hit), 2 or
    3 (Wymierzony strzał) for a hit roll; None when it depends on the roll (a hit into a
    crowd rolls one more die to pick the model that must save, §10.4)."""
    if check_shot(sit).template:
        return 0
    if sit.into_crowd:
        return None
    return _dice_mode(sit, options)[0]


def modified_accuracy(sit: ShotSituation, options: tuple[Option, ...] | None = None) -> int:
    """Cmod: the base plus every active modifier."""
    options = shooting_options(sit) if options is None else options
    return base_accuracy(sit).value + sum_of(options)


def hit_chance(sit: ShotSituation) -> Fraction:
    """P(the shot hits) — exact (re-rolls come after the roll); 1 for the flamer.
    Raises ``ProcedureRefused`` for a shot the rules forbid."""
    weapon = check_shot(sit)
    return _hit_chance(sit, weapon, () if weapon.template else shooting_options(sit))


def _hit_chance(sit: ShotSituation, weapon: t.RangedWeapon, options: tuple[Option, ...]) -> Fraction:
    if weapon.template:
        return Fraction(1)
    return success_chance("<", modified_accuracy(sit, options), _dice_mode(sit, options))


def master_shot_chance(sit: ShotSituation) -> Fraction:
    """P(Mistrzowski strzał removes the target outright): a natural double 1 ([SM-A28])."""
    weapon = check_shot(sit)
    return _master_chance(sit, weapon, () if weapon.template else shooting_options(sit))


def _master_chance(sit: ShotSituation, weapon: t.RangedWeapon, options: tuple[Option, ...]) -> Fraction:
    if weapon.template or not active(options, "master_shot"):
        return Fraction(0)
    return natural_pair_chance(NATURAL_DOUBLE_ONE, _dice_mode(sit, options), natural_plain(sit.settings))


def hit_roll(sit: ShotSituation, dice: DiceSource) -> RollRecord:
    """Roll the hit and read it: ``success`` is a hit (a Master-shot removal counts as a hit;
    ``detail["removed"]`` says the target goes with no save; ``probability`` is the chance
    of ``success``). Re-rolls are a separate step: ``apply_reroll``."""
    weapon = check_shot(sit)
    title = f"{display_name(sit.shooter)} shoots {display_name(sit.target)} — {weapon.name}"
    base_detail = {
        "weapon": weapon.key,
        "shot_index": sit.shot_index,
        "distance": sit.distance,
        "into_crowd": sit.into_crowd,
        "overwatch": sit.overwatch,
    }
    if weapon.template:
        return RollRecord(
            "sm.hit",
            title,
            (),
            (),
            None,
            None,
            "",
            Fraction(1),
            "hit (automatic: flamer)",
            True,
            {**base_detail, "automatic": True, "removed": False},
        )
    options = shooting_options(sit)
    base = base_accuracy(sit)
    cmod = base.value + sum_of(options)
    mode = _dice_mode(sit, options)
    dice_rolled = roll_group(dice, mode, "hit roll")
    detail = {
        **base_detail,
        "automatic": False,
        "cmod": cmod,
        "groups": [group(0, mode[0], mode)],
        "dice_mode": MODE_NAMES[mode],
        "master_shot": active(options, "master_shot"),
        "natural_plain": natural_plain(sit.settings),
        "profile": profile_of(sit.shooter, sit.shooter_infected).C.explain(),
    }
    p_success = success_chance("<", cmod, mode)
    if cmod <= 2:  # nothing hits, but a Master-shot natural double 1 still removes the target
        p_success += _master_chance(sit, weapon, options)
    record = RollRecord(
        "sm.hit", title, dice_rolled, modifiers_of(options), base, cmod, "<", p_success, "", False, detail
    )
    return _evaluate_hit(record)


@register_evaluator("sm.hit")
def _evaluate_hit(record: RollRecord) -> RollRecord:
    d = record.detail
    if d.get("automatic"):
        return record
    g = d["groups"][0]
    total = group_total(record, g)
    plain = group_mode(g) == PLAIN and not group_rerolled(record, g)
    natural = group_kept_faces(record, g) == (NATURAL_DOUBLE_ONE, NATURAL_DOUBLE_ONE) and (
        plain or not d.get("natural_plain", True)
    )
    removed = bool(d.get("master_shot")) and natural
    hit = record.target is not None and total < record.target
    outcome = f"removed ({skill_term('master-shot')})" if removed else ("hit" if hit else "miss")
    detail = {**d, "total": total, "natural_double_one": natural, "removed": removed}
    return changed(record, outcome=outcome, success=hit or removed, detail=detail)


# --------------------------------------------------------------------------- kill chance
def kill_chance(shot: ShotSituation, save: ToughnessSituation | None = None) -> Fraction:
    """P(this shot removes the target): P(natural double 1 with Master shot) + P(other hit) ×
    P(failed save). ``save``: the target's ``ToughnessSituation`` (default:
    ``toughness_for_shot(shot)``)."""
    from .toughness import toughness_chance, toughness_for_shot

    save = toughness_for_shot(shot) if save is None else save
    weapon = check_shot(shot)
    options = () if weapon.template else shooting_options(shot)
    p_hit = _hit_chance(shot, weapon, options)
    p_master = _master_chance(shot, weapon, options)
    if p_master and modified_accuracy(shot, options) > 2:  # a natural 2 is also a hit: count it once
        p_hit -= p_master
    return p_master + p_hit * (1 - toughness_chance(save))


__all__ = [
    "ACTIVITIES",
    "CrowdPick",
    "ShotSituation",
    "base_accuracy",
    "check_shot",
    "crowd_pick",
    "crowd_pick_chance",
    "hit_chance",
    "hit_dice",
    "hit_roll",
    "kill_chance",
    "master_shot_chance",
    "modified_accuracy",
    "shooting_options",
    "shot_refusal",
]

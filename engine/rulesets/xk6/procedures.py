"""The xK6 tests as roll records (§3, §4): a pool roll, an opposed test, a threshold test,
a one-die roll. Each record carries every face, each modifier with its rule, the exact
probability before the roll, and (for pools) the exact success-level distribution.
"""

from __future__ import annotations

from typing import Any, Sequence

from engine.dice import DiceEntryError, DiceSource, wrong_dice_count
from engine.rolls import Die, Modifier, RollRecord, plain, total

from . import odds
from . import tables as t


def faces_for(typed: Sequence[int] | None, count: int, dice: DiceSource, purpose: str) -> tuple[int, ...]:
    """The faces the GM typed for this roll (checked), else ``count`` faces from ``dice``."""
    if typed is None:
        return tuple(dice.roll(count, purpose=purpose))
    if len(typed) != count:
        raise DiceEntryError(f"{purpose}: {wrong_dice_count(typed, count)}")
    for f in typed:
        if not 1 <= int(f) <= 6:
            raise DiceEntryError(f"{f} is not a face of a d6 (1–6)")
    return tuple(int(f) for f in typed)


def dice_of(faces: Sequence[int], replaced: Sequence[int] = ()) -> tuple[Die, ...]:
    """Dice for a record; a re-rolled pool keeps its old faces visible."""
    if replaced and len(replaced) == len(faces):
        return tuple(Die(f, replaced=o) for f, o in zip(faces, replaced))
    return plain(faces)


def result(faces: Sequence[int], mods: Sequence[Modifier]) -> int:
    """§3: the pool result plus the modifiers."""
    return odds.pool_result(faces) + total(mods)


def opposed_record(
    procedure: str,
    title: str,
    att_faces: Sequence[int],
    att_mods: Sequence[Modifier],
    def_faces: Sequence[int],
    def_mods: Sequence[Modifier],
    att_label: str,
    def_label: str,
    def_dice: int,
    *,
    att_replaced: Sequence[int] = (),
    def_replaced: Sequence[int] = (),
    unmodified_attack: bool = False,
    rerolled: str = "",
    extra: dict[str, Any] | None = None,
) -> tuple[RollRecord, int]:
    """§4.1 opposed test as one record: the attacker's pool in ``dice``, the defender's pool as a
    nested record in ``detail["defender"]``. ``unmodified_attack``: the indirect-fire damage
    step (§9 step 2), where the attacker's modifiers do not count. ``rerolled`` "attack" |
    "defence": a command point rolled that pool again and the other pool's result stands
    (§15), so the chance is the re-rolled pool's against the kept result. Returns (record, SL)."""
    att_dice = len(att_faces)
    counted = () if unmodified_attack else tuple(att_mods)
    a_mod, d_mod = total(counted), total(def_mods)
    a_res = result(att_faces, counted)
    d_res = result(def_faces, def_mods) if def_faces else None
    if rerolled and d_res is not None:
        kept = d_res if rerolled == "attack" else a_res
        sl_dist = odds.rerolled_sl(rerolled, att_dice, a_mod, def_dice, d_mod, kept)
    else:
        sl_dist = odds.opposed_sl(att_dice, a_mod, def_dice, d_mod)
    p = odds.success(sl_dist)
    sl = a_res - d_res if d_res is not None else 0
    won = sl >= 1
    defender = RollRecord(
        "xk6.defence",
        f"{def_label}: Def {def_dice} dice",
        dice_of(def_faces, def_replaced),
        tuple(def_mods),
        Modifier("Def (dice)", def_dice, t.POOL_RULE),
        None,
        "opposed",
        1 - p,
        f"result {d_res}",
        not won,
        {
            "result": d_res,
            "unmodified": odds.pool_result(def_faces) if def_faces else None,
            "distribution": odds.as_text(odds.result_distribution(def_dice, d_mod)),
        },
    )
    detail: dict[str, Any] = {
        "attacker_result": a_res,
        "unmodified": odds.pool_result(att_faces),
        "defender_result": d_res,
        "sl": sl,
        "sl_distribution": odds.as_text(sl_dist),
        "defender": defender.to_dict(),
        "attacker_distribution": odds.as_text(odds.result_distribution(att_dice, a_mod)),
        "rule": t.OPPOSED_RULE,
    }
    if rerolled:
        detail["rerolled"] = rerolled
    if unmodified_attack:
        detail["not_counted"] = [m.to_dict() for m in att_mods]
    detail.update(extra or {})
    record = RollRecord(
        procedure,
        title,
        dice_of(att_faces, att_replaced),
        counted,
        Modifier(f"{att_label}: Att (dice)", att_dice, t.POOL_RULE),
        d_res,
        "opposed",
        p,
        t.sl_shown(sl) + ("" if won else ": fails"),
        won,
        detail,
    )
    return record, sl


def threshold_record(
    procedure: str,
    title: str,
    faces: Sequence[int],
    mods: Sequence[Modifier],
    threshold: int,
    label: str,
    *,
    replaced: Sequence[int] = (),
    extra: dict[str, Any] | None = None,
) -> tuple[RollRecord, int]:
    """§4.2 threshold test: SL = result − threshold; returns (record, SL)."""
    dist = odds.threshold_sl(len(faces), total(mods), threshold)
    res = result(faces, mods)
    sl = res - threshold
    detail = {
        "result": res,
        "unmodified": odds.pool_result(faces),
        "sl": sl,
        "sl_distribution": odds.as_text(dist),
        "rule": t.THRESHOLD_RULE,
    }
    detail.update(extra or {})
    return RollRecord(
        procedure,
        title,
        dice_of(faces, replaced),
        tuple(mods),
        Modifier(f"{label}: Att (dice)", len(faces), t.POOL_RULE),
        threshold,
        ">",
        odds.success(dist),
        t.sl_shown(sl) + ("" if sl >= 1 else ": fails"),
        sl >= 1,
        detail,
    ), sl


def one_die_record(
    procedure: str, title: str, face: int, mods: Sequence[Modifier], above: int, outcome_ok: str, outcome_fail: str
) -> tuple[RollRecord, bool]:
    """§4.3 one die above a value (Medic, Stealth): success if face + modifiers > ``above``."""
    ok = face + total(mods) > above
    p = odds.one_die_above(above, total(mods))
    return RollRecord(
        procedure,
        title,
        plain((face,)),
        tuple(mods),
        None,
        above,
        ">",
        p,
        outcome_ok if ok else outcome_fail,
        ok,
        {"rule": t.ONE_DIE_RULE},
    ), ok

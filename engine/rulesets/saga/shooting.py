"""Shooting — a HOUSE procedure: the source marks the shooting chapter MISSING [SAGA-M9].

Only two things survive in the source: the target's owner may spend 1 fatigue of the
shooting unit at "step 2 of shooting" for +1 Armour (§4.5 way 2), and cover comes in
light and hard. The house procedure: (1) declare, (2) fatigue spend, (3) attack dice
(models × shooting dice per model) against the target's shooting Armour plus cover
(settings), (4) one defence die per hit, cancelling on the setting's value,
(5) casualties; then T2 fatigue for the shooter. Every roll record says so.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Mapping, Sequence

from engine.dice import DiceSource
from engine.events import EventDraft
from engine.formatting import plural, possessive
from engine.records import Record
from engine.rolls import Modifier, RollRecord, plain
from engine.ruleset import Rejected

from . import odds
from . import tables as t
from .commands import Activate, RollShot, RollShotDefence
from .evolve import preview
from .fatigue import tiring
from .melee_roll import faces_for
from .state import BattleState, PendingShot
from .terrain import line_of_sight

Decision = Rejected | Sequence[EventDraft]
HOUSE_LABEL = "house default: the shooting procedure is not in the source text [SAGA-M9]"


def declare(state: BattleState, cmd: Activate) -> list[EventDraft]:
    """Step 1 of the house procedure (the Shooting activation is already recorded)."""
    if cmd.target is None:
        raise ValueError("a Shooting activation names its target")  # refused before it is recorded
    u = state.unit(cmd.unit)
    target = state.unit(cmd.target)
    per_model, _ = state.profile(u.id, "shooting_dice")
    dice = cmd.dice if cmd.dice is not None else u.models * per_model
    cover = "hard" if target.building else cmd.cover
    clear, why = line_of_sight(cmd.los, state.setting("los_inside_high_area") or "not-blocked")
    sight = why if clear else f"the GM rules it clear (the line {why}; §5.2)"
    payload = {
        "shooter": u.id,
        "target": target.id,
        "dice": dice,
        "cover": cover,
        "source": cmd.source,
        "causes_fatigue": cmd.causes_fatigue,
        "house_default": True,
        "los": [list(piece) for piece in cmd.los],
        "los_reading": sight,
    }
    where = (
        " inside a building (hard cover, §6)" if target.building else (f" in {cover} cover" if cover != "none" else "")
    )
    return [
        EventDraft(
            "shot_declared",
            payload,
            actor=u.id,
            text=f"{u.name} shoots at {target.name}{where} with {dice} dice ({HOUSE_LABEL}); line of sight "
            f"{sight}{_from_building(state, u.building, target.building)}. Step 2: "
            + (
                f"{state.side_name(target.side)} may spend 1 of {possessive(u.name)} fatigue for +1 Armour."
                if u.fatigue >= 1
                else f"{u.name} has no fatigue to spend (§4.5 way 2)."
            ),
        )
    ]


def _from_building(state: BattleState, shooter_in: str | None, target_in: str | None) -> str:
    """§6: occupants draw LoS and measure range from any part of their building; a shot at
    an occupied building may be drawn to any part of it."""
    notes = []
    for way, building_id in (("from", shooter_in), ("to", target_in)):
        b = state.building(building_id) if building_id else None
        if b is not None:
            notes.append(f"{way} any part of {b.name} (§6)")
    return (", measured " + " and ".join(notes)) if notes else ""


def shot_armour(state: BattleState, shot: PendingShot) -> tuple[int, Modifier, tuple[Modifier, ...]]:
    """(effective Armour, base, modifiers) of the target against this shooting."""
    value, house = state.profile(shot.target, "armour_shooting")
    base = Modifier(
        f"{possessive(state.unit(shot.target).name)} Armour against shooting" + (" (house default)" if house else ""),
        value,
        "§2.1 [SAGA-M4]",
    )
    mods: list[Modifier] = []
    if shot.cover != "none":
        bonus = int(state.setting(f"shooting_cover.{shot.cover}") or t.SHOOTING_COVER_ARMOUR[shot.cover])
        mods.append(Modifier(f"{shot.cover} cover ({t.HOUSE_NOTE})", bonus, "§5.1 [SAGA-M9]", f"cover_{shot.cover}"))
    if shot.spends:
        mods.append(
            Modifier(
                f"{possessive(state.unit(shot.shooter).name)} fatigue spent",
                1,
                t.SHOOTING_ARMOUR.rule,
                "shooting_armour",
            )
        )
    return value + sum(m.value for m in mods), base, tuple(mods)


def save_target(state: BattleState) -> int:
    return int(state.setting("shooting_save") or t.SHOOTING_SAVE)


def roll_shot(state: BattleState, cmd: RollShot, dice: DiceSource) -> Decision:
    shot = state.shot
    if shot is None or shot.stage != "declared":
        return Rejected("no shooting is waiting for its attack roll", "§4.5 [SAGA-M9]")
    value, base, mods = shot_armour(state, shot)
    faces = faces_for(cmd.faces, shot.dice, dice, "the shooting attack dice")
    hits = sum(1 for f in faces if f >= value)
    record = RollRecord(
        "saga.shooting.attack",
        f"{state.unit(shot.shooter).name} shoots: attack dice against Armour {value}",
        plain(faces),
        mods,
        base,
        value,
        ">=",
        odds.p_success(value),
        f"{hits} hit{'s' * (hits != 1)}",
        hits > 0,
        {"house_default": True, "label": HOUSE_LABEL, "hits": hits, "successes": hits, "probability_is": "per die"},
    )
    drafts = [
        EventDraft(
            "shot_rolled",
            {"roll": record.to_dict(), "hits": hits, "armour": value},
            actor=shot.shooter,
            text=f"Shooting attack: {' '.join(map(str, faces)) or 'no dice'} against "
            f"Armour {value}: {plural(hits, 'hit')} ({HOUSE_LABEL}).",
        )
    ]
    if hits == 0:
        drafts += _finish(preview(state, drafts), shot, 0)
    return drafts


def roll_shot_defence(state: BattleState, cmd: RollShotDefence, dice: DiceSource) -> Decision:
    shot = state.shot
    if shot is None or shot.stage != "rolled":
        return Rejected("no shooting is waiting for its defence roll", "§4.5 [SAGA-M9]")
    target = save_target(state)
    faces = faces_for(cmd.faces, shot.hits, dice, "the shooting defence dice")
    ok = sum(1 for f in faces if f >= target)
    left = shot.hits - min(ok, shot.hits)
    record = RollRecord(
        "saga.shooting.defence",
        f"{state.unit(shot.target).name}: defence dice, cancel on {target}+",
        plain(faces),
        (),
        None,
        target,
        ">=",
        odds.p_success(target),
        f"{min(ok, shot.hits)} cancelled, {left} uncancelled",
        left == 0,
        {
            "house_default": True,
            "label": HOUSE_LABEL,
            "successes": ok,
            "uncancelled": left,
            "probability_is": "per die",
            "side": shot.target,  # the target's side rolls it
        },
    )
    shown = " ".join(map(str, faces)) or "no dice"
    rolled = EventDraft(
        "shot_defence_rolled",
        {"roll": record.to_dict(), "unit": shot.target, "shooter": shot.shooter, "uncancelled": left},
        actor=shot.target,
        text=f"Shooting defence: {state.unit(shot.target).name} rolls {shown} on {target}+: {record.outcome}.",
    )
    return [rolled, *_finish(state, shot, left)]  # the dice first, then the models they cost


def _finish(state: BattleState, shot: PendingShot, left: int) -> list[EventDraft]:
    """Casualties, the end of the shooting, then T2 for the shooter (after resolution).
    The defence roll is its own entry before them (``shot_defence_rolled``); a save
    recorded before it had one carries that roll in ``shot_resolved``."""
    u = state.unit(shot.target)
    count = min(left, u.models)
    drafts: list[EventDraft] = []
    if count:
        gone = count >= u.models
        drafts.append(
            EventDraft(
                "casualties_removed",
                {"unit": u.id, "count": count, "cause": "shooting"},
                actor=u.id,
                text=f"{u.name} loses {plural(count, 'model')}, {u.models - count} left"
                + (" — destroyed by shooting: no fatigue for its friends (§4.2 T4)" if gone else "")
                + ".",
            )
        )
    tired, rule = tiring(state, shot.shooter, "shoot", shot.causes_fatigue)
    payload = {
        "casualties": count,
        "house_default": True,
        "fatigue_rule": rule,
    }
    drafts.append(
        EventDraft(
            "shot_resolved",
            payload,
            actor=shot.shooter,
            text=f"The shooting is resolved: {count} casualt{'y' if count == 1 else 'ies'}.",
        )
    )
    if tired is not None:
        drafts.append(tired)
    return drafts


class ShotOdds(Record):
    """Exact odds of the pending shooting: casualties to the target, and the numbers used."""

    casualties: Mapping[int, Fraction]
    dice: int
    armour: int
    save_on: int
    house_default: bool = True


def shot_odds(state: BattleState) -> ShotOdds | None:
    shot = state.shot
    if shot is None:
        return None
    value = shot_armour(state, shot)[0] if shot.stage == "declared" else shot.armour
    save = save_target(state)
    models = state.unit(shot.target).models
    if shot.stage == "declared":
        dist = odds.casualty_distribution(shot.dice, value, save, models=models)
    else:
        dist = odds.capped(odds.uncancelled_distribution({shot.hits: Fraction(1)}, save), models)
    return ShotOdds(dist, shot.dice, value, save)

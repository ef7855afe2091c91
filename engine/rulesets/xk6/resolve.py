"""Resolving the rolled attack: damage against armour, stun, burning, the ammunition
check (§12.1) on the unmodified result, LA rounds, and removal at the wound limit."""

from __future__ import annotations

from fractions import Fraction
from typing import Sequence

from engine.dice import DiceSource
from engine.events import EventDraft
from engine.formatting import possessive
from engine.ruleset import Rejected

from . import odds
from . import tables as t
from .attack_records import applied_text, pair_damage
from .commands import ResolveAttack
from .damage import out_draft
from .state import BattleState, PendingAttack

Decision = Rejected | Sequence[EventDraft]


def empties(state: BattleState, a: PendingAttack) -> bool:
    """§12.1 [XK-A13](a): the unmodified result (or, by the other reading, any die) ≤ the row's value."""
    if not a.checks_ammo or not a.faces:
        return False
    if state.setting("ammo_result") == "any-die":
        return min(a.faces) <= a.empties_on
    return odds.pool_result(a.faces) <= a.empties_on


def empty_chance(state: BattleState, a: PendingAttack) -> Fraction:
    if state.setting("ammo_result") == "any-die":
        return odds.any_die_depletion(a.att_dice, a.empties_on)
    return odds.depletion(a.att_dice, a.empties_on)


def _ammo_text(state: BattleState, a: PendingAttack, p: Fraction, empty: bool, weapon: str) -> str:
    """ "Ammunition, ROF not used: the magazine empties on an unmodified result of 1 (chance
    1/216). Att dice 6 6 6: unmodified result 8 (5 + 3 sixes) — not empty. (§12.1)"."""
    values = "1" if a.empties_on == 1 else f"1–{a.empties_on}"
    dice = " ".join(map(str, a.faces))
    if state.setting("ammo_result") == "any-die":
        when, read = f"when any Att die shows {values}", f"Att dice {dice}"
    else:
        sixes = a.faces.count(6)
        how = f" ({t.SIX_BASE} + {sixes} sixes)" if sixes > 1 else ""
        when, read = (
            f"on an unmodified result of {values}",
            f"Att dice {dice}: unmodified result {odds.pool_result(a.faces)}{how}",
        )
    return (
        f"Ammunition, {t.AMMO_ROW_LABELS[a.ammo_row]}: the magazine empties {when} "
        f"(chance {p.numerator}/{p.denominator}). {read} — "
        + (f"{possessive(weapon)} magazine is empty." if empty else "not empty.")
        + f" ({t.AMMO_RULE})"
    )


def _ammo(state: BattleState, a: PendingAttack, empty: bool) -> list[EventDraft]:
    m = state.model(a.attacker)
    weapon = state.weapon_spec(m.id, a.weapon)
    drafts = []
    if a.checks_ammo and a.faces:
        p = empty_chance(state, a)
        unmodified = odds.pool_result(a.faces)
        drafts.append(
            EventDraft(
                "ammo_checked",
                {
                    "model": m.id,
                    "weapon": weapon.id,
                    "empty": empty,
                    "unmodified": unmodified,
                    "empties_on": a.empties_on,
                    "row": a.ammo_row,
                    "rof_used": a.rof_dam + a.rof_area,
                    "rof": weapon.rof,
                    "probability": [p.numerator, p.denominator],
                },
                actor=m.id,
                text=_ammo_text(state, a, p, empty, weapon.name),
            )
        )
    if weapon.limited:
        left = (m.weapon_state(weapon.id).rounds or 0) - 1
        drafts.append(
            EventDraft(
                "round_used",
                {"model": m.id, "weapon": weapon.id, "left": left},
                actor=m.id,
                text=f"{weapon.name} (LA): 1 round used, {left} left (§12.2).",
            )
        )
    return drafts


def resolve_attack(state: BattleState, cmd: ResolveAttack, dice: DiceSource) -> Decision:
    a = state.attack
    if a is None:
        return Rejected("no attack is waiting to be resolved", "§8")
    if a.stage != "rolled":
        return Rejected("say where the indirect fire landed first (who is hit, possibly nobody)", "§9 [XK-M9]")
    empty = empties(state, a)
    void = empty and state.setting("ammo_emptying_attack") == "void"
    drafts: list[EventDraft] = []
    wounds = {m.id: m.wounds for m in state.models}
    for x in a.targets:
        m = state.model(x.model)
        if x.avoided:
            drafts.append(
                EventDraft(
                    "note",
                    {"model": m.id, "stealth": True},
                    actor=m.id,
                    text=f"{m.name} avoided the attack (Stealth, §16).",
                )
            )
            continue
        d = pair_damage(state, a, x)
        if void:
            drafts.append(
                EventDraft(
                    "note",
                    {"model": m.id},
                    actor=m.id,
                    text=f"The magazine ran dry: no effect on {m.name} ([XK-A13](c) setting).",
                )
            )
            continue
        if d.sl < 1:
            drafts.append(EventDraft("note", {"model": m.id, "sl": d.sl}, actor=m.id, text=f"No effect on {m.name}."))
            continue
        burning = d.burning and not m.burning
        drafts.append(
            EventDraft(
                "damage_dealt",
                {
                    "model": m.id,
                    "sl": d.sl,
                    "dam": d.dam,
                    "damage": d.damage,
                    "armour": m.spec.armour,
                    "wounds": d.wounds,
                    "stunned": True,
                    "burning": burning,
                },
                actor=m.id,
                text=applied_text(m.name, d, m.stunned),
            )
        )
        wounds[m.id] += d.wounds
        gone = out_draft(state, m.id, wounds[m.id], "wounds") if d.wounds else None
        if gone:
            drafts.append(gone)
    drafts += _ammo(state, a, empty)
    drafts.append(
        EventDraft(
            "attack_resolved",
            {"attacker": a.attacker, "weapon": a.weapon},
            actor=a.attacker,
            text="The attack is resolved.",
        )
    )
    return drafts

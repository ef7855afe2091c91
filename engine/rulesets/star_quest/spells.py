"""What a cast spell does (§17 Caster: "the spell takes effect on a target in line of
sight"). The source lists no spells [SQ-M5]: each comes from the roster with its text
and, when the roster gives one, a ``SpellEffect`` the engine applies to the target the
GM picked on the board — hits with their AP (the target's Defense rolls, as for a shot,
through the usual attack stages), wounds, a status condition, spell tokens, power
points, a move the GM makes, or a modifier to its Quality or Defense rolls for the rest
of the round (ended with it, §5 step 4) or of the battle. A spell without one is text
only: the GM resolves it.
"""

from __future__ import annotations

from engine.events import EventDraft
from engine.formatting import plural, possessive
from engine.ruleset import Rejected

from . import tables as t
from .evolve import preview
from .power import hurt_drafts
from .roster import SpellSpec
from .state import BattleState

RULE = "§17 Caster"


def spell_targets(state: BattleState, caster: str, spell: SpellSpec) -> tuple[str, ...]:
    """The units ``spell`` may take effect on: its kind of target (enemy, friend, self),
    on the table and alive; an enemy also conscious. Empty for a text-only spell."""
    u = state.unit(caster)
    kind = spell.target
    if kind is None:
        return ()
    if kind == "self":
        return (u.id,)
    if kind == "friend":
        return tuple(x.id for x in state.units if x.side == u.side and x.alive and x.on_table)
    return tuple(x.id for x in state.units if x.side != u.side and x.active)


def target_problem(state: BattleState, caster: str, spell: SpellSpec, target: str | None) -> Rejected | None:
    """Why ``target`` cannot be this spell's target (None: it can, or none is needed)."""
    if spell.target in (None, "self"):
        return None
    if target is None:
        return Rejected(f"{spell.name} takes effect on a target: choose it from the board", RULE, "malformed")
    if target not in spell_targets(state, caster, spell):
        what = "an enemy on the table" if spell.target == "enemy" else "a unit of its own side"
        name = state.unit(target).name if state.has_unit(target) else target
        return Rejected(f"{name} is not a target for {spell.name} ({what})", RULE)
    return None


def effect_drafts(state: BattleState, caster: str, spell: SpellSpec, target: str | None) -> list[EventDraft]:
    """The events of ``spell`` taking effect: tokens, PP, a status, wounds and a move at
    once; hits last, as an attack whose Defense rolls come next."""
    u = state.unit(caster)
    does = spell.does
    if does is None:
        return [
            EventDraft(
                "note",
                {"unit": caster, "spell": spell.name, "text_only": True},
                actor=caster,
                text=f"{spell.name} has only a text in the roster, so the app applies nothing: the GM resolves it "
                f"— {(spell.effect or 'no text').rstrip('.')} [SQ-M5]. A change to a stat for the round can be "
                "recorded as a GM correction (a Quality or Defense modifier for the rest of this round).",
            )
        ]
    tid = caster if does.target == "self" else target
    if tid is None or target_problem(state, caster, spell, tid if does.target != "self" else None):
        return [
            EventDraft(
                "note",
                {"unit": caster, "spell": spell.name, "no_target": True},
                actor=caster,
                text=f"{spell.name}: no valid target was named, so the GM resolves it — {spell.effect} [SQ-M5].",
            )
        ]
    tgt = state.unit(tid)
    cause = f"{possessive(u.name)} {spell.name}"
    drafts: list[EventDraft] = []
    if does.tokens:
        new = min(t.MAX_TOKENS, tgt.tokens + does.tokens)
        drafts.append(
            EventDraft(
                "tokens_gained",
                {"unit": tid, "tokens": new, "gained": new - tgt.tokens},
                actor=caster,
                text=f"{cause}: {tgt.name} {tgt.tokens} → {new} spell tokens (at most {t.MAX_TOKENS}, {RULE}).",
            )
        )
    if does.pp and tgt.hero:
        new = min(tgt.spec.power_max, tgt.pp + does.pp)
        drafts.append(
            EventDraft(
                "power_restored",
                {"unit": tid, "to": new},
                actor=caster,
                text=f"{cause}: {tgt.name} {tgt.pp} → {new} PP (at most {tgt.spec.power_max}).",
            )
        )
    if does.status and does.status not in tgt.statuses:
        drafts.append(
            EventDraft(
                "status_applied",
                {"unit": tid, "status": does.status, "cause": cause},
                actor=caster,
                text=f"{cause}: {tgt.name} is {t.STATUS_NAMES[does.status]} (§18).",
            )
        )
    for stat, value in does.modifiers:
        lasts = "until the end of the round (§5 step 4)" if does.until == "round" else "for the rest of the battle"
        drafts.append(
            EventDraft(
                "spell_modifier",
                {"unit": tid, "stat": stat, "value": value, "spell": spell.name, "caster": u.name, "until": does.until},
                actor=caster,
                text=f"{cause}: {tgt.name} {value:+d} to {t.STAT_NAMES[stat]} rolls {lasts}.",
            )
        )
    if does.move:
        drafts.append(
            EventDraft(
                "note",
                {"unit": tid, "spell": spell.name, "move": does.move},
                actor=caster,
                text=f'{cause}: the GM moves {tgt.name} up to {does.move}" on the table.',
            )
        )
    if does.wounds:
        drafts += hurt_drafts(preview(state, drafts), tid, does.wounds, cause, RULE)  # Regeneration first
    if does.hits and preview(state, drafts).unit(tid).alive:
        payload = {
            "attacker": caster,
            "target": tid,
            "weapon": spell.name,
            "kind": "spell",
            "attacks": 0,
            "stage": "blocks",
            "groups": [[tid, does.hits, 0]],
            "fall_ap": does.ap,
        }
        drafts.append(
            EventDraft(
                "attack_started",
                payload,
                actor=caster,
                text=f"{cause}: {tgt.name} takes {plural(does.hits, 'hit')}"
                + (f" with AP({does.ap})" if does.ap else "")
                + ". Defense rolls next.",
            )
        )
    return drafts

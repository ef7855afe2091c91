"""Attacks (§9, §11, §15.2): shooting, a melee strike, Impact dice or a fall hit, resolved
in stages — hit rolls, Defense rolls (one group of hits per unit, Blast split), then
Regeneration — each a roll record with every modifier and its exact chance.

Order inside the Defense roll: Rending hits first (their own AP), then the others.
Deadly multiplies the unblocked hits and puts them on one model (§17, [SQ-A15]).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Sequence

from engine.dice import DiceSource
from engine.events import EventDraft
from engine.formatting import plural, possessive
from engine.rolls import Die
from engine.ruleset import Rejected

from . import modifiers as mod
from . import tables as t
from .commands import RollBlocks, RollHits, RollRegeneration, Shoot
from .evolve import preview
from .power import wound_drafts
from .stat_test import faces_for, none_left, take
from .state import BattleState, HitGroup, PendingAttack

Decision = Rejected | Sequence[EventDraft]


def _frac(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}"


def acting_problem(state: BattleState, unit_id: str) -> Rejected | None:
    """The checks every in-activation command shares."""
    if not state.has_unit(unit_id):
        return Rejected(f"no unit '{unit_id}'", kind="malformed")
    act = state.activation
    if act is None or act.unit != unit_id:
        return Rejected(f"{state.unit(unit_id).name} is not the unit activating now", "§5")
    if state.busy:
        return Rejected(f"answer the open {state.busy} first", "§5")
    if state.melee:
        return Rejected("finish the melee first", "§11.1")
    if state.unit(unit_id).unconscious:
        return Rejected(
            f"{state.unit(unit_id).name} is unconscious: it stays idle until revived; end its activation", "§10"
        )
    if act.statuses:
        return Rejected(
            "resolve the status conditions first: " + ", ".join(t.STATUS_NAMES[s] for s in act.statuses), "§18"
        )
    if act.ending:
        return Rejected("the activation is ending", "§5")
    if act.shaken_recovery:
        return Rejected(f"{state.unit(unit_id).name} is Shaken: this activation is spent removing it", "§12.3")
    if act.over:
        return Rejected("the activation is over: end it", "§6.1, §15.2")
    return None


def shoot(state: BattleState, cmd: Shoot, dice: DiceSource) -> Decision:
    problem = acting_problem(state, cmd.unit)
    if problem:
        return problem
    u, act = state.unit(cmd.unit), state.activation
    assert act is not None  # acting_problem: this unit is activating
    w = u.spec.weapon(cmd.weapon)
    if w is None or w.melee:
        names = ", ".join(x.name for x in u.spec.weapons if not x.melee) or "none"
        return Rejected(f"{u.name} has no ranged weapon '{cmd.weapon}' (ranged: {names})", kind="malformed")
    shots = sum(1 for a in act.actions if a in t.MAY_SHOOT)
    if not shots:
        return Rejected(f"{u.name} may shoot only after a Hold or Advance action", "§6.1, §9 step 1")
    if act.fired.count(w.name) >= shots:
        return Rejected(f"{u.name} has already fired its {w.name} in this action", "§9 step 1")
    if (w.has("Limited") or u.spec.has("Limited")) and w.name in u.limited_used:
        return Rejected(f"{w.name} is Limited and was used in this mission", "§17 Limited")
    if not state.has_unit(cmd.target):
        return Rejected(f"no unit '{cmd.target}'", kind="malformed")
    target = state.unit(cmd.target)
    if target.side == u.side or not target.active:
        return Rejected(f"{target.name} is not an enemy that can be shot now", "§9, §10")
    if state.setting("targets") == "per-unit" and act.shot_target not in (None, target.id):
        return Rejected(f"one target per unit [SQ-A11]: {u.name} shot at {state.unit(act.shot_target).name}", "§9")
    models = u.models if cmd.models is None else cmd.models
    if not 1 <= models <= u.models:
        return Rejected(f"{u.name} has {u.models} models, not {models}", kind="malformed")
    if cmd.cover_from not in ("inside", "behind"):
        return Rejected('cover comes from "inside" terrain or from "behind" blockers', "§14", "malformed")
    for other in cmd.blast_units:
        if not state.has_unit(other) or state.unit(other).side != target.side:
            return Rejected(f"'{other}' is not an enemy unit near the target", kind="malformed")
    payload = {
        "attacker": u.id,
        "target": target.id,
        "weapon": w.name,
        "kind": "shoot",
        "attacks": w.attacks * models,
        "moved": act.moved,
        "stealth": cmd.stealth_range,
        "cover": cmd.cover,
        "cover_from": cmd.cover_from,
        "blast_models": cmd.blast_models,
        "blast_units": list(cmd.blast_units),
    }
    drafts = [
        EventDraft(
            "attack_started",
            payload,
            actor=u.id,
            text=f"{u.name} shoots {w.name} at {target.name}: {plural(w.attacks * models, 'attack')}"
            + (
                ""
                if not cmd.cover
                else ", target in cover inside terrain"
                if cmd.cover_from == "inside"
                else ", target in cover behind line-of-sight blockers"
            )
            + ".",
        )
    ]
    if w.has("Limited") or u.spec.has("Limited"):
        drafts.append(
            EventDraft(
                "limited_used",
                {"unit": u.id, "weapon": w.name},
                actor=u.id,
                text=f"{w.name} is Limited: used for this mission (§17).",
            )
        )
    return drafts


def start_drafts(state: BattleState, payload: dict[str, Any], text: str) -> list[EventDraft]:
    """Start an attack (melee strike, Impact, fall); one with no dice resolves at once."""
    drafts = [EventDraft("attack_started", payload, actor=payload["attacker"], text=text)]
    return drafts


def _split(
    state: BattleState, a: PendingAttack, total: int, given: tuple[tuple[str, int], ...]
) -> list[tuple[str, int]]:
    units = [a.target] + [u for u in a.blast_units if u != a.target]
    if given:
        return [(u, int(n)) for u, n in given]
    share, extra = divmod(total, len(units))
    return [(u, share + (1 if i < extra else 0)) for i, u in enumerate(units)]


def roll_hits(state: BattleState, cmd: RollHits, dice: DiceSource) -> Decision:
    a = state.attack
    if a is None or a.stage != "hits":
        return Rejected("no attack is waiting for its hit rolls", "§9 step 2")
    test = mod.hit_test(state, a)
    faces = faces_for(cmd.faces, a.attacks, dice, "the hit rolls")
    extra, extra_rules = mod.extra_on_six(state, a)
    rend = mod.rending(state, a)
    normal = rending = 0
    for f in faces:
        if test.passes(f):
            if f == 6 and rend:
                rending += 1
            else:
                normal += 1
            if f == 6:
                normal += extra
    mult = mod.blast_multiplier(state, a)
    normal, rending = normal * mult, rending * mult
    total = normal + rending
    split = _split(state, a, total, cmd.split)
    if sum(n for _, n in split) != total or any(not state.has_unit(u) for u, _ in split):
        return Rejected(f"the Blast split must name units and share all {total} hits", "§17 Blast", "malformed")
    counts = [n for _, n in split]
    if len(split) > 1 and state.setting("blast_split") == "even" and max(counts) - min(counts) > 1:
        return Rejected(
            "the Blast hits must be shared as evenly as possible (differ by at most 1) [SQ-A28]", "§17 Blast"
        )
    groups, left_rending = [], rending
    for unit, n in split:
        r = min(n, left_rending)
        left_rending -= r
        if n:
            groups.append([unit, n, r])
    odds = mod.profile(state, a)
    from .odds import attack_odds

    dist = attack_odds(odds)
    notes = []
    if extra:
        notes.append(f"+{extra} hit per natural 6 ({', '.join(extra_rules)})")
    if mult > 1:
        notes.append(f"Blast ×{mult}")
    detail = {
        "hits": total,
        "rending": rending,
        "blast": mult,
        "extra_rules": list(extra_rules),
        "hits_distribution": {str(k): _frac(p) for k, p in sorted(dist.hits.items())},
    }
    record = test.record(faces, detail, ("hit", "miss"), "hit")
    payload = {"roll": record.to_dict(), "groups": groups, "hits": total}
    drafts = [
        EventDraft(
            "hits_rolled",
            payload,
            actor=a.attacker,
            text=f"Hit rolls {' '.join(map(str, faces)) or '—'} against {test.against}: {plural(total, 'hit')}"
            + (f" ({'; '.join(notes)})" if notes else "")
            + ".",
        )
    ]
    if not groups:
        drafts += finish_drafts(preview(state, drafts))
    return drafts


def _bane_dice(faces: tuple[int, ...], mode: str, typed: list[int] | None, dice: DiceSource) -> tuple[Die, ...]:
    """Bane: each natural 6 is re-rolled (once, or until it is not a 6 [SQ-A14]); the
    re-roll faces come off ``typed`` in order when the GM typed the dice."""
    out = []
    for f in faces:
        if mode == "none" or f != 6:
            out.append(Die(f))
            continue
        new, tries = f, 0
        while new == 6 and tries < (1 if mode == "once" else 50):
            new = take(typed, 1, dice, "the Bane re-roll of a natural 6")[0]
            tries += 1
        out.append(Die(new, replaced=6))
    return tuple(out)


def roll_blocks(state: BattleState, cmd: RollBlocks, dice: DiceSource) -> Decision:
    a = state.attack
    if a is None or a.stage != "blocks" or not a.groups:
        return Rejected("no hits are waiting for Defense rolls", "§9 step 5")
    g: HitGroup = a.groups[0]
    unit = state.unit(g.unit)
    mode = mod.bane(state, a)
    typed, rerolls = cmd.faces, cmd.rerolls
    if typed is not None and mode != "none" and rerolls is None:
        typed, rerolls = typed[: g.hits], typed[g.hits :]  # the Defense dice, then the Bane re-rolls in order
    faces = faces_for(typed, g.hits, dice, f"{possessive(unit.name)} Defense rolls")
    queue = list(rerolls) if rerolls is not None else None
    rolled = _bane_dice(faces, mode, queue, dice)
    none_left(queue, "only a natural 6 is re-rolled (Bane)")
    tests = [mod.block_test(state, a, unit, i < g.rending) for i in range(g.hits)]
    blocked = sum(1 for d, test in zip(rolled, tests) if test.passes(d.face))
    unblocked = g.hits - blocked
    x = mod.deadly(state, a)
    regen = mod.regenerates(state, a, unit) and unblocked > 0
    first = state.setting("deadly_regeneration") == "regenerate-first"
    wounds = unblocked if (regen and first) else unblocked * x
    from .odds import block_chance

    test = tests[-1]
    detail = {
        "unit": unit.id,
        "blocked": blocked,
        "unblocked": unblocked,
        "bane": mode,
        "deadly": x,
        "rending_hits": g.rending,
        "block_chance": _frac(block_chance(test.target, test.net, mode)),
    }
    if g.rending:
        rt = tests[0]
        detail["rending_block_chance"] = _frac(block_chance(rt.target, rt.net, mode))
    record = test.record(tuple(d.face for d in rolled), detail, ("block", "wound"), "blocked", dice=rolled)
    payload = {"roll": record.to_dict(), "unit": unit.id, "wounds": wounds, "regenerate": regen}
    against = test.against
    if 0 < g.rending < g.hits:  # the Rending hits' dice first, at their own AP
        against = f"{tests[0].against} (the {g.rending} Rending), {test.against} (the others)"
    text = (
        f"{unit.name} Defense {' '.join(str(d.face) if d.replaced is None else f'6→{d.face}' for d in rolled)}"
        f" against {against}:"
        f" {blocked} blocked, {unblocked} unblocked"
        + (f" × Deadly({x}) = {unblocked * x} wounds" if x > 1 and not (regen and first) else "")
        + (" — Regeneration rolls next" if regen and not (first and x > 1) else "")
        + (
            f" — Regeneration rolls for each, then Deadly({x}) multiplies what stands"
            if regen and first and x > 1
            else ""
        )
        + "."
    )
    drafts = [EventDraft("blocks_rolled", payload, actor=unit.id, text=text)]
    if regen:
        return drafts
    return drafts + _wounds_then_next(preview(state, drafts), a, unit.id, wounds, x > 1)


def roll_regeneration(state: BattleState, cmd: RollRegeneration, dice: DiceSource) -> Decision:
    a = state.attack
    if a is None or a.stage != "regeneration":
        return Rejected("no wounds are waiting for Regeneration rolls", "§17 Regeneration")
    unit = state.unit(a.groups[0].unit)
    test = mod.regeneration_test(state, unit)
    faces = faces_for(cmd.faces, a.wounds, dice, "the Regeneration rolls")
    ignored = sum(1 for f in faces if test.passes(f))
    x = mod.deadly(state, a)
    left = a.wounds - ignored
    if state.setting("deadly_regeneration") == "regenerate-first":
        left *= x
    record = test.record(faces, {"ignored": ignored}, ("ignored", "wound"), "ignored")
    drafts = [
        EventDraft(
            "regeneration_rolled",
            {"roll": record.to_dict(), "unit": unit.id, "wounds": left},
            actor=unit.id,
            text=f"{unit.name} Regeneration {' '.join(map(str, faces))}: {ignored} ignored, {plural(left, 'wound')} {'stands' if left == 1 else 'stand'}.",
        )
    ]
    return drafts + _wounds_then_next(preview(state, drafts), a, unit.id, left, x > 1, already_popped=True)


def _wounds_then_next(
    state: BattleState, a: PendingAttack, unit_id: str, wounds: int, deadly: bool, already_popped: bool = False
) -> list[EventDraft]:
    cause = {
        "shoot": f"shot by {possessive(state.unit(a.attacker).name)} {a.weapon}",
        "fall": "a fall",
        "spell": f"{possessive(state.unit(a.attacker).name)} {a.weapon}",
        "wounds": a.weapon,
    }.get(a.kind, f"{possessive(state.unit(a.attacker).name)} {a.weapon} in melee")
    rule = {"shoot": "§9", "fall": "§15.2", "impact": "§17 Impact", "spell": "§17 Caster", "wounds": "§10"}.get(
        a.kind, "§11.1"
    )
    drafts = wound_drafts(state, unit_id, wounds, cause, rule, deadly)
    fear = state.unit(a.attacker).spec.x("Fear") if a.kind != "fall" else 0
    if drafts and fear and a.kind in ("melee", "counter", "impact"):
        drafts.append(
            EventDraft(
                "fear_applied",
                {"unit": unit_id, "fear": fear},
                actor=a.attacker,
                text=f"Fear({fear}): counts as {plural(fear, 'more wound')} for {possessive(state.unit(unit_id).name)} "
                "morale check (§17 Fear).",
            )
        )
    after = preview(state, drafts)
    if after.attack and not after.attack.groups:
        drafts += finish_drafts(after)
    return drafts


def finish_drafts(state: BattleState) -> list[EventDraft]:
    """The attack is over; a melee goes on with its next strike."""
    a = state.attack
    assert a is not None
    drafts = [
        EventDraft(
            "attack_resolved",
            {"attacker": a.attacker, "weapon": a.weapon, "dealt": a.dealt},
            actor=a.attacker,
            text=f"{a.weapon}: {plural(a.dealt, 'wound')} in all.",
        )
    ]
    after = preview(state, drafts)
    if after.melee is not None:
        from .melee import advance

        drafts += advance(after)
    return drafts

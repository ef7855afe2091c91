"""Melee steps 4–8 (§3): attack and defence rolls with re-rolls, casualties (Defender
first, T4 checklist), fatigue for everyone involved, and the retreat."""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Mapping, Sequence

from engine.dice import DiceEntryError, DiceSource, wrong_dice_count
from engine.events import EventDraft
from engine.formatting import plural, possessive
from engine.records import changed
from engine.rolls import Die, RollRecord, plain
from engine.ruleset import Rejected

from . import odds
from . import tables as t
from .commands import MarkWithinS, RemoveCasualties, Reroll, ResolveRetreat, RollAttacks, RollDefence
from .evolve import preview
from .fatigue import gain
from .melee_numbers import armour, extra_defence, hard_cover, save_on
from .melee_state import ATTACKER, DEFENDER, ROLES, Melee, other
from .state import BattleState
from .terms import band as band_term

Decision = Rejected | Sequence[EventDraft]


def _melee(state: BattleState, stage: str) -> Melee | Rejected:
    m = state.melee
    if m is None:
        return Rejected("no melee is being resolved", "§3")
    if m.stage != stage:
        return Rejected(f"the melee is at step {m.step} ({m.stage}); that is not open now", "§3")
    return m


def faces_for(typed: tuple[int, ...] | None, count: int, dice: DiceSource, purpose: str) -> tuple[int, ...]:
    """The faces the GM typed for this roll (checked), else ``count`` faces from ``dice``."""
    if typed is None:
        return dice.roll(count, purpose=purpose)
    if len(typed) != count:
        raise DiceEntryError(f"{purpose}: {wrong_dice_count(typed, count)}")
    for f in typed:
        if not 1 <= f <= 6:
            raise DiceEntryError(f"{f} is not a face of a d6 (1–6)")
    return tuple(typed)


def _frac(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}"


def attack_record(state: BattleState, m: Melee, unit: str, dice: tuple[Die, ...]) -> tuple[RollRecord, int]:
    """One pool's step-4 roll as a record: each die against the opposing Armour."""
    value, mods, base = armour(state, m, unit)
    hits = sum(1 for d in dice if d.kept and d.face >= value)
    detail = {
        "unit": unit,
        "target": m.target_of(unit),
        "hits": hits,
        "successes": hits,
        "probability_is": "per die",
        "hits_distribution": {str(k): _frac(p) for k, p in odds.hits_distribution(len(dice), value).items()},
    }
    if not 2 <= value <= 6:
        detail["warning"] = (
            f"effective Armour {value} is outside 2–6: "
            + ("every die hits" if value <= 1 else "no die can hit")
            + " [SAGA-A4]"
        )
    return RollRecord(
        "saga.melee.attack",
        f"{state.unit(unit).name}: attack dice against "
        + (f"{possessive(state.unit(m.target_of(unit)).name)} " if m.several else "")
        + f"Armour {value}",
        dice,
        mods,
        base,
        value,
        ">=",
        odds.p_success(value),
        f"{hits} hit{'s' * (hits != 1)}",
        hits > 0,
        detail,
    ), hits


def defence_record(
    state: BattleState, m: Melee, role: str, dice: tuple[Die, ...], target: int
) -> tuple[RollRecord, int]:
    hits = m.hits.get(other(role), 0)
    ok = sum(1 for d in dice if d.face >= target)
    left = hits - min(ok, hits)
    why = hard_cover(state, m)[1] if role == DEFENDER else "the Attacker never has cover (§3.9)"
    return RollRecord(
        "saga.melee.defence",
        f"{fighters(state, m, role)}: defence dice, cancel on {target}+",
        dice,
        (),
        None,
        target,
        ">=",
        odds.p_success(target),
        f"{min(ok, hits)} cancelled, {left} uncancelled",
        left == 0,
        {
            "role": role,
            "successes": ok,
            "opponent_hits": hits,
            "uncancelled": left,
            "cover": why,
            "probability_is": "per die",
        },
    ), left


def roll_attacks(state: BattleState, cmd: RollAttacks, dice: DiceSource) -> Decision:
    """Step 4: one roll record per unit, each against the opposing Armour."""
    m = _melee(state, "attack-roll")
    if isinstance(m, Rejected):
        return m
    drafts, hits = [], {ATTACKER: 0, DEFENDER: 0}
    for role, typed in ((ATTACKER, cmd.attacker), (DEFENDER, cmd.defender)):
        pools = m.pools_of(role)
        faces = faces_for(typed, sum(p.final for p in pools), dice, f"the {possessive(role.title())} attack dice")
        for p in pools:
            record, h = attack_record(state, m, p.unit, plain(faces[: p.final]))
            shown = " ".join(map(str, faces[: p.final])) or "no dice"
            faces = faces[p.final :]
            hits[role] += h
            drafts.append(
                EventDraft(
                    "melee_attack_rolled",
                    {"unit": p.unit, "role": role, "armour": record.target, "hits": h, "roll": record.to_dict()},
                    actor=p.unit,
                    text=f"Step 4: {state.unit(p.unit).name} rolls {shown} against "
                    + (f"{possessive(state.unit(m.target_of(p.unit)).name)} " if m.several else "")
                    + f"Armour {record.target}: {record.outcome}.",
                )
            )
    drafts.append(
        EventDraft(
            "melee_attacks_done",
            {"hits": hits},
            text=f"Step 4: {fighters(state, m, ATTACKER)} (attacking) score {plural(hits[ATTACKER], 'hit')}, "
            f"{fighters(state, m, DEFENDER)} (defending) {hits[DEFENDER]}. Step 5: defence rolls.",
        )
    )
    for a in m.abilities:
        if a.acts_in == 4:
            drafts += [gain(state, f, t.ABILITY_FATIGUE, a.name) for f in a.fatigue_to]
    return drafts


def reroll(state: BattleState, cmd: Reroll, dice: DiceSource) -> Decision:
    """Re-roll dice a declared ability allows; a re-rolled die is never re-rolled again."""
    stage = {"attack": "defence-roll", "defence": "casualties"}.get(cmd.phase)
    if stage is None:
        return Rejected("re-roll 'attack' or 'defence' dice", kind="malformed")
    m = _melee(state, stage)
    if isinstance(m, Rejected):
        return Rejected(f"{cmd.phase} dice are re-rolled right after they are rolled", "§3 steps 4–5")
    if cmd.side not in (m.attacker, m.defender):
        return Rejected(f"unknown side '{cmd.side}'", kind="malformed")
    role = m.role_of_side(cmd.side)
    if cmd.phase == "attack":
        groups = [(p.unit, m.attack.get(p.unit, ())) for p in m.pools_of(role)]
    else:
        groups = [(role, m.defence.get(role, ()))]
    flat = [(g, d) for g, ds in groups for d in ds]
    idx = tuple(cmd.indices)
    if not flat:
        return Rejected(f"the {role.title()} has no {cmd.phase} dice to re-roll", "§3 steps 4–5")
    if not idx or len(set(idx)) != len(idx) or any(not 0 <= i < len(flat) for i in idx):
        return Rejected(f"pick distinct dice numbered 0–{len(flat) - 1}", kind="malformed")
    allowed = m.rerolls_allowed(role, cmd.phase)
    if len(idx) > allowed:
        return Rejected(
            f"the {possessive(role.title())} declared abilities allow {max(0, allowed)} more {cmd.phase} {'re-roll' if max(0, allowed) == 1 else 're-rolls'}",
            "§3 step 3 [SAGA-M5]",
        )
    if any(flat[i][1].replaced is not None for i in idx):
        return Rejected("a die that has already been re-rolled can never be re-rolled again", "§3 step 4")
    new = faces_for(cmd.faces, len(idx), dice, f"the {possessive(role.title())} re-rolled {cmd.phase} dice")
    changed = dict(zip(idx, new))
    out: dict[str, tuple[Die, ...]] = {}
    swaps: dict[str, list[tuple[int, int]]] = {}
    where: dict[str, list[int]] = {}  # each re-rolled die's place in its own pool
    for n, (g, d) in enumerate(flat):
        if n in changed:
            swaps.setdefault(g, []).append((d.face, changed[n]))
            where.setdefault(g, []).append(len(out.get(g, ())))
        out[g] = out.get(g, ()) + ((Die(changed[n], replaced=d.face),) if n in changed else (d,))
    field_name = "reroll_attack" if cmd.phase == "attack" else "reroll_defence"
    allowed_by = " and ".join(a.name for a in m.abilities_of(role) if getattr(a, field_name)) or "an ability"
    hits = {g: attack_record(state, m, g, ds)[1] for g, ds in out.items()} if cmd.phase == "attack" else {}
    drafts = []
    for g, pairs in swaps.items():
        ds = out[g]
        olds = " ".join(str(a) for a, _ in pairs)
        news = " ".join(str(b) for _, b in pairs)
        payload: dict[str, Any] = {"role": role, "phase": cmd.phase, "group": g, "count": len(pairs)}
        said = [(i, a, b) for i, (a, b) in zip(where[g], pairs)]
        if cmd.phase == "attack":
            record, h = attack_record(state, m, g, ds)
            payload.update(
                unit=g, hits=h, role_hits=sum(hits.values()), roll=_new_dice(record, said, allowed_by).to_dict()
            )
            result = f"{state.unit(g).name} {record.outcome}"
        else:
            record, left = defence_record(state, m, role, ds, m.save_on.get(role, t.DEFENCE_SAVE))
            payload.update(uncancelled=left, roll=_new_dice(record, said, allowed_by).to_dict())
            result = record.outcome
        drafts.append(
            EventDraft(
                "melee_rerolled",
                payload,
                actor=cmd.side,
                text=f"The {role} re-rolls {cmd.phase} dice {olds} → {news} (a re-rolled die is "
                f"never re-rolled again, §3 step 4): {result}.",
            )
        )
    return drafts


def _new_dice(record: RollRecord, swaps: list[tuple[int, int, int]], allowed_by: str) -> RollRecord:
    """A re-roll's record lists the whole pool; dice luck counts only its new dice (the
    others were counted with the roll): ``detail["new_dice"]``. ``swaps``: (place in the
    pool, old face, new face) of each die rolled again, kept as ``detail["rerolls"]`` with
    the declared abilities that allowed it (``allowed_by``), for the roll's breakdown."""
    target = record.target if record.target is not None else 7
    wins = sum(1 for _, _, face in swaps if face >= target)
    rerolls = [{"die": i, "old": a, "new": b, "by": "ability", "label": allowed_by} for i, a, b in swaps]
    new_dice = {"tries": len(swaps), "successes": wins}
    return changed(record, detail={**record.detail, "new_dice": new_dice, "rerolls": rerolls})


def roll_defence(state: BattleState, cmd: RollDefence, dice: DiceSource) -> Decision:
    """Step 5: each side rolls one die per hit against it plus extras, capped at 2× hits."""
    m = _melee(state, "defence-roll")
    if isinstance(m, Rejected):
        return m
    drafts, lost = [], []
    for role, typed in ((ATTACKER, cmd.attacker), (DEFENDER, cmd.defender)):
        opp = m.hits.get(other(role), 0)
        extra = extra_defence(m, role)
        count = t.defence_dice(opp, extra)
        target = save_on(state, m, role)
        faces = faces_for(typed, count, dice, f"the {possessive(role.title())} defence dice")
        record, left = defence_record(state, m, role, plain(faces), target)
        over = opp + extra - count
        if opp == 0:
            for a in m.abilities_of(role):
                if a.defence_dice or a.reroll_defence:
                    lost.append(f"{a.name}: no hits to defend against — benefit lost, SAGA dice not returned")
            if role == DEFENDER and m.trade_bonus:
                lost.append(f"{m.trade_bonus} set-aside defence dice lost: no hits (§3 step 5)")
        payload = {
            "role": role,
            "opponent_hits": opp,
            "extra": extra,
            "dice": count,
            "over_cap": over,
            "save_on": target,
            "uncancelled": left,
            "roll": record.to_dict(),
        }
        drafts.append(
            EventDraft(
                "melee_defence_rolled",
                payload,
                actor=m.side_of(role),
                text=f"Step 5: the {role.title()} rolls {count} defence dice"
                + (f" (capped at 2×{opp}: {over} removed)" if over else "")
                + f" {' '.join(map(str, faces))} on {target}+: {record.outcome}.",
            )
        )
    drafts.append(
        EventDraft(
            "melee_defences_done",
            {"lost": lost},
            text="Step 5 done." + (" " + " ".join(lost) if lost else "") + " Step 6: casualties, the Defender first.",
        )
    )
    for a in m.abilities:
        if a.acts_in == 5:
            drafts += [gain(state, f, t.ABILITY_FATIGUE, a.name) for f in a.fatigue_to]
    return drafts


def casualty_plan(
    state: BattleState, m: Melee, role: str, split: Mapping[str, int], count: int | None = None
) -> list[tuple[str, int]] | Rejected:
    """How ``role``'s uncancelled hits (or ``count``) fall on its units: as its owner split
    them (``split``: unit -> models), else the first unit first [SAGA-M3]; refused when the split
    does not remove exactly the casualties due."""
    count = m.uncancelled.get(role, 0) if count is None else count
    units = [p.unit for p in m.pools_of(role)]
    total = sum(state.unit(u).models for u in units)
    take = min(count, total)
    mine = {u: n for u, n in split.items() if u in units}
    if not mine:
        out, left = [], take
        for u in units:
            n = min(left, state.unit(u).models)
            left -= n
            out.append((u, n))
        return out
    if sum(mine.values()) != take or any(n < 0 or n > state.unit(u).models for u, n in mine.items()):
        return Rejected(
            f"the {role.title()} must remove exactly {plural(take, 'model')}, none more than a unit has",
            kind="malformed",
        )
    return [(u, mine.get(u, 0)) for u in units]


def remove_casualties(state: BattleState, cmd: RemoveCasualties, dice: DiceSource) -> Decision:
    m = _melee(state, "casualties")
    if isinstance(m, Rejected):
        return m
    split = dict(cmd.split)
    if any(m.pool(u) is None for u in split):
        return Rejected("split casualties only among the units in this melee", kind="malformed")
    drafts: list[EventDraft] = []
    taken = {ATTACKER: 0, DEFENDER: 0}
    destroyed: list[str] = []
    for role in (DEFENDER, ATTACKER):
        plan = casualty_plan(state, m, role, split)
        if isinstance(plan, Rejected):
            return plan
        for unit, n in plan:
            u = state.unit(unit)
            if n:
                drafts.append(
                    EventDraft(
                        "casualties_removed",
                        {"unit": unit, "count": n, "cause": "melee"},
                        actor=unit,
                        text=f"Step 6: {u.name} loses {plural(n, 'model')}, {u.models - n} "
                        f"left{' — destroyed' if n >= u.models else ''} "
                        f"(keep formation [SAGA-M6]).",
                    )
                )
            taken[role] += n
            if n and n >= u.models:
                destroyed.append(unit)
    after = preview(state, drafts)
    asks = [d for d in destroyed if any(u.id != d for u in after.units_of(state.unit(d).side))]
    drafts.append(
        EventDraft(
            "melee_casualties",
            {"casualties": taken, "destroyed": destroyed, "within_s": asks},
            text=f"Step 6: {fighters(state, m, DEFENDER)} (defending) lost {taken[DEFENDER]}, "
            f"{fighters(state, m, ATTACKER)} (attacking) {taken[ATTACKER]}."
            + (
                f" Which friendly units were within {band_term(t.T4_RADIUS)} of the destroyed unit? (T4 [SAGA-A10])"
                if asks
                else ""
            ),
        )
    )
    if not asks:
        drafts += step7(preview(state, drafts))
    return drafts


def mark_within_s(state: BattleState, cmd: MarkWithinS, dice: DiceSource) -> Decision:
    m = _melee(state, "within-s")
    if isinstance(m, Rejected):
        return m
    gone = state.unit(m.within_s[0])
    friends = {u.id for u in state.units_of(gone.side)} - {gone.id}
    if any(u not in friends for u in cmd.units) or len(set(cmd.units)) != len(cmd.units):
        return Rejected(f"tick units of {state.side_name(gone.side)} still on the table", kind="malformed")
    drafts = [gain(state, u, t.T4, f"{gone.name} destroyed in melee") for u in cmd.units]
    drafts.append(
        EventDraft(
            "melee_within_s",
            {"destroyed": gone.id, "units": list(cmd.units)},
            text=f"{plural(len(cmd.units), 'unit')} {'was' if len(cmd.units) == 1 else 'were'} within {band_term(t.T4_RADIUS)} of {gone.name} (§4.2).",
        )
    )
    if len(m.within_s) == 1:
        drafts += step7(preview(state, drafts))
    return drafts


def step7(state: BattleState) -> list[EventDraft]:
    """Every unit involved that survived gains one fatigue (T3); then step 8."""
    m = state.melee
    assert m is not None
    drafts = [gain(state, p.unit, t.T3) for p in m.pools if state.unit(p.unit).alive]
    drafts.append(EventDraft("melee_stage", {"stage": "retreat"}, text="Step 8: who retreats?"))
    return drafts


CHECKLIST = (
    f"move each model {band_term(t.RETREAT_BAND)} away from the melee",
    f"end outside {band_term(t.MELEE_REACH)} of every enemy model",
    "end in formation [SAGA-M6]",
    "as far as possible from the enemies fought [SAGA-A8]",
)


def fighters(state: BattleState, m: Melee, role: str) -> str:
    """The units fighting as ``role`` (Attacker or Defender) by name: "Hirdmen and Ceorls"."""
    return " and ".join(state.unit(p.unit).name for p in m.pools_of(role))


def resolve_retreat(state: BattleState, cmd: ResolveRetreat, dice: DiceSource) -> Decision:
    m = _melee(state, "retreat")
    if isinstance(m, Rejected):
        return m
    lost = {r: m.casualties.get(r, 0) for r in ROLES}
    wiped = {r: all(not state.unit(p.unit).alive for p in m.pools_of(r)) for r in ROLES}
    held = any(u.side == m.defender for u in state.occupants(m.building)) if m.building else False
    winner = loser = retreating = None
    not_a_retreat = False
    if m.building and held and not wiped[ATTACKER]:
        loser, winner = ATTACKER, DEFENDER
        reason = "the building is still occupied by the enemy: the Attacker retreats regardless of casualties (§6)"
    elif wiped[ATTACKER] or wiped[DEFENDER]:
        reason = "a side was wiped out (§3 step 8)"
    else:
        loser = DEFENDER if lost[DEFENDER] > lost[ATTACKER] else ATTACKER
        winner = other(loser)
        reason = (
            f"casualties inflicted: {fighters(state, m, ATTACKER)} {lost[DEFENDER]}, "
            f"{fighters(state, m, DEFENDER)} {lost[ATTACKER]}"
            + (" — a tie: the Attacker retreats" if lost[DEFENDER] == lost[ATTACKER] else "")
            + " (§3 step 8)"
        )
    if loser is not None:
        retreating = loser
        if not cmd.loser_can_retreat:
            if m.building and loser == ATTACKER and held:
                if cmd.ruling not in ("defenders-leave", "no-retreat"):
                    return Rejected(
                        "the Attacker must leave the building but cannot; the text is silent. Rule "
                        "'defenders-leave' (the general rule: the winner retreats instead) or "
                        "'no-retreat'",
                        "§6 [SAGA-A16]",
                        kind="ambiguous",
                    )
                retreating, not_a_retreat = (winner, True) if cmd.ruling == "defenders-leave" else (None, False)
                reason += f"; the Attacker cannot retreat: GM ruling '{cmd.ruling}' [SAGA-A16]"
            elif cmd.winner_can_retreat:
                retreating, not_a_retreat = winner, True
                reason += (
                    "; the loser cannot retreat, so the winner retreats instead (not a retreat for SAGA abilities)"
                )
            else:
                retreating = None
                reason += "; no legal retreat for either side: both stay (GM ruling [SAGA-A7])"
    who = f"{fighters(state, m, retreating)} ({state.side_name(m.side_of(retreating))})" if retreating else "no one"
    payload: dict[str, Any] = {
        "inflicted": {ATTACKER: lost[DEFENDER], DEFENDER: lost[ATTACKER]},
        "winner": winner,
        "loser": loser,
        "retreating": retreating,
        "units": [p.unit for p in m.pools_of(retreating)] if retreating else [],
        "not_a_retreat": not_a_retreat,
        "reason": reason,
        "checklist": list(CHECKLIST) if retreating else [],
    }
    drafts = [
        EventDraft(
            "melee_result",
            payload,
            text=f"Step 8: {who} retreats — {reason}." + (" Retreat gives no fatigue." if retreating else ""),
        )
    ]
    if retreating == DEFENDER and m.building:
        drafts += [
            EventDraft(
                "building_left",
                {"unit": u, "building": m.building},
                actor=u,
                text=f"{state.unit(u).name} leaves the building.",
            )
            for u in payload["units"]
            if state.unit(u).alive
        ]
    drafts.append(EventDraft("melee_ended", {}, text="The melee is over."))
    return drafts

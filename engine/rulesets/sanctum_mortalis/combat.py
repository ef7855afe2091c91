"""Shooting (§10), Toughness saves (§9), re-rolls (§2.2) and melee (§8) in the battle:
situations built from state, rolled by the procedures, turned into events."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from engine.dice import DiceSource
from engine.events import EventDraft
from engine.formatting import possessive, roll_line
from engine.records import changed
from engine.rolls import Modifier, RollRecord
from engine.ruleset import Rejected

from . import tables as t
from .actions import removal, with_end_check
from .activation import SHOOT, take_action
from .cards import card_drafts
from .procedures.common import ProcedureRefused
from .procedures.reroll import REROLL_SOURCES as REROLL_NAMES
from .procedures.reroll import apply_reroll
from .procedures.shooting import ShotSituation, crowd_pick, hit_roll
from .procedures.toughness import ToughnessSituation, toughness_options, toughness_roll
from .rerolls import matrix_caster, odds_after, offers_for, reroll_problem
from .salvo import overwatch_shot, salvo_problem
from .state import DEFENSIVE_STANCE, OVERWATCH, BattleState, LastRoll, ModelState, PendingSave
from .terms import card_term, skill_term, term, trick_term

if TYPE_CHECKING:  # the command classes load on first use (not to draw the battle screen)
    from .commands import Attack, EndSalvo, Reroll, Save, Shoot

Decision = Rejected | Sequence[EventDraft]
SPECIAL_WEAPONS = {"thrown-knife": "heads-down", "short-circuit": "short-circuit"}


def _get(state: BattleState, model_id: str) -> ModelState | Rejected:
    if not state.has_model(model_id):
        return Rejected(f"no model '{model_id}'", kind="malformed")
    return state.model(model_id)


def _activity(m: ModelState) -> str:
    if m.moves and m.others:
        return "moved+acted"
    return "moved" if m.moves else ("acted" if m.others else "idle")


def salvo_size(m: ModelState, weapon: str) -> int:
    """Shots in one Shooting action: the weapon's shots, doubled for a second pistol (§10.5)."""
    w = t.RANGED_WEAPONS.get(weapon)
    if w is None:
        return 1
    return w.shots * max(1, m.spec.ranged.count(weapon)) if w.key in t.PISTOLS else max(1, w.shots)


def open_salvo(m: ModelState) -> tuple[str, int, int] | None:
    """(weapon, shots fired, shots in the action) while ``m`` is part-way through a
    multi-shot Shooting action (§10.5), else None."""
    if m.salvo and m.salvo[1] < salvo_size(m, m.salvo[0]):
        return m.salvo[0], m.salvo[1], salvo_size(m, m.salvo[0])
    return None


def next_shot_index(m: ModelState, weapon: str) -> tuple[int, bool]:
    """(1-based shot number for the weapon's penalty, whether this continues the current action)."""
    w = t.RANGED_WEAPONS.get(weapon)
    if m.salvo and m.salvo[0] == weapon and m.salvo[1] < salvo_size(m, weapon):
        per = w.shots if w else 1
        return m.salvo[1] % max(1, per) + 1, True
    return 1, False


def borrowed_shot(m: ModelState, weapon: str) -> bool:
    """Gryź to! (§12.2): a shot from the beaten enemy's weapon, which ``m`` does not carry:
    the salvo it may start (``ModelState.borrowed``) or is firing."""
    if weapon in m.spec.ranged:
        return False
    return m.borrowed == weapon or (m.salvo is not None and m.salvo[0] == weapon)


def shot_situation(state: BattleState, cmd: Shoot, target_id: str | None = None) -> ShotSituation:
    """The procedures' view of a shot from the battle state and the GM's toggles."""
    s, tg = state.model(cmd.shooter), state.model(target_id or cmd.target)
    index, _ = next_shot_index(s, cmd.weapon)
    friend_engaged = any(state.model(o).side == s.side for o in tg.engaged_with)
    borrowed = borrowed_shot(s, cmd.weapon)  # slipped behind its enemy: not held by the melee
    return ShotSituation(
        shooter=changed(s.spec, ranged=(*s.spec.ranged, cmd.weapon)) if borrowed else s.spec,
        target=tg.spec,
        weapon=cmd.weapon,
        shot_index=index,
        distance=cmd.distance,
        shooter_moved=s.moves > 0,
        target_engaged=tg.engaged,
        target_activity=_activity(tg),
        overwatch=overwatch_shot(s, cmd),
        toggles=frozenset(cmd.toggles),
        declined=frozenset(cmd.declined),
        settings=state.settings,
        shooter_infected=s.infected,
        target_infected=tg.infected,
        target_engaged_with_friend=friend_engaged,
        into_crowd=bool(cmd.crowd),
        shooter_engaged=s.engaged and not borrowed,
        shooter_carries_special=s.special_marker or s.carry_partner is not None,
        used_plays=frozenset(state.side(s.side).cards_used) if s.side in ("A", "B") else frozenset(),
    )


TAUNT = "your-mother-too"
"""In ``Shoot.declined``: the GM says the taunting model is not in sight or range."""


def taunt_refusal(state: BattleState, cmd: Shoot) -> Rejected | None:
    """ "I Twoją matkę też!" (§12.2, [SM-A12]): an enemy that taunted this round must be
    shot, or no one; the GM may overrule (it is out of the shooter's sight or range)."""
    s, tg = state.model(cmd.shooter), state.model(cmd.target)
    taunter = next((m for m in state.on_table(tg.side) if m.taunting and m.id != tg.id), None)
    if taunter is None or tg.taunting or TAUNT in cmd.declined:
        return None
    return Rejected(
        f"{taunter.name} played {card_term('your-mother-too')}: {s.name} must shoot {taunter.name} or not at all",
        "§12.2",
        kind="ambiguous",
        anyway=changed(cmd, declined=cmd.declined | {TAUNT}),
        anyway_label=f"{taunter.name} is out of {possessive(s.name)} sight or range: shoot {tg.name}",
    )


def shoot(state: BattleState, cmd: Shoot, dice: DiceSource) -> Decision:
    s = _get(state, cmd.shooter)
    if isinstance(s, Rejected):
        return s
    tg = _get(state, cmd.target)
    if isinstance(tg, Rejected):
        return tg
    if not tg.on_table:
        return Rejected(f"{tg.name} is not on the table", "§10.1")
    from .flamer import template_problem

    flamed = template_problem(state, cmd)  # §10.7: the models named under the template
    if flamed is not None:
        return flamed
    if tg.side == s.side:
        return Rejected(f"{tg.name} is on {possessive(s.name)} own side", "§10.1")
    if state.pending:
        return Rejected(
            f"{possessive(state.model(state.pending[0].model).name)} Toughness roll is pending; roll it first", "§9"
        )
    problem = salvo_problem(state, s, cmd)
    if problem is not None:
        return problem
    taunted = taunt_refusal(state, cmd)
    if taunted is not None:
        return taunted
    try:
        sit = shot_situation(state, cmd)
        from .procedures.shooting import check_shot

        check_shot(sit)
    except ProcedureRefused as err:
        return err.as_rejected()
    drafts: list[EventDraft] = []
    special = SPECIAL_WEAPONS.get(cmd.weapon)
    if cmd.dispeller is not None:
        if special != "short-circuit" or next_shot_index(s, cmd.weapon)[1]:
            return Rejected(
                f"{skill_term('dispel')} rolls against a trick as it is cast: the shot of {trick_term('short-circuit')}",
                "§20.4",
                "malformed",
            )
        from .tricks import dispeller_problem

        refused = dispeller_problem(state, s.id, cmd.dispeller)
        if refused is not None:
            return refused
    if special == "heads-down":
        drafts += card_drafts(state, s.side, "heads-down", s.id)
    elif cmd.overwatch:
        _, continuing = next_shot_index(s, cmd.weapon)
        if not continuing:
            if OVERWATCH not in s.markers:
                return Rejected(f"{s.name} has no {term('Overwatch')} marker", "§11.3")
            drafts.append(
                EventDraft(
                    "marker_removed",
                    {"model": s.id, "marker": OVERWATCH, "reason": "Overwatch shot"},
                    actor=s.id,
                    text=f"{s.name} loses the {term('Overwatch')} marker (§11.3).",
                )
            )
            drafts.append(
                EventDraft(
                    "action",
                    {"model": s.id, "action": "shoot", "weapon": cmd.weapon, "free": True},
                    actor=s.id,
                    text=f"{s.name} fires from {term('Overwatch')}: a free action [SM-A15].",
                )
            )
    elif borrowed_shot(s, cmd.weapon):
        _, continuing = next_shot_index(s, cmd.weapon)
        if not continuing:
            if s.borrowed != cmd.weapon:
                return Rejected(
                    f"{card_term('bite-this')} gave {s.name} one salvo from that weapon, now fired", "§12.2"
                )
            drafts.append(
                EventDraft(
                    "action",
                    {"model": s.id, "action": "shoot", "weapon": cmd.weapon, "free": True, "borrowed": True},
                    actor=s.id,
                    text=f"{s.name} fires its beaten enemy's {cmd.weapon}: a full salvo, no action ({card_term('bite-this')}).",
                )
            )
    else:
        _, continuing = next_shot_index(s, cmd.weapon)
        if not continuing:
            w = t.RANGED_WEAPONS.get(cmd.weapon)
            label = w.name if w else cmd.weapon
            aimed = "aimed_shot" in cmd.toggles and "aimed_shot" not in cmd.declined
            acting = take_action(
                state, s.id, SHOOT, f"{s.name} shoots with the {label} (§10).", weapon=cmd.weapon, aimed=aimed
            )
            if isinstance(acting, Rejected):
                return acting
            drafts += acting
            if special == "short-circuit":
                if s.charges("short-circuit") <= 0:
                    return Rejected(f"{trick_term('short-circuit')} has no charges left this battle", "§21")
                cast = EventDraft(
                    "trick_cast",
                    {"model": s.id, "trick": "short-circuit", "target": tg.id, "effect": {}},
                    actor=s.id,
                    text=f"{s.name} casts {trick_term('short-circuit')}.",
                )
                if cmd.dispeller is None:
                    drafts.append(cast)
                else:
                    from .tricks import dispel_drafts

                    rolled, dispelled = dispel_drafts(state, cmd.dispeller, s.id, "short-circuit", cast, dice)
                    drafts += rolled
                    if dispelled:  # no shot: the action and the charge are spent (§20.4)
                        drafts.append(
                            EventDraft(
                                "salvo_ended",
                                {"model": s.id},
                                actor=s.id,
                                text=f"{possessive(s.name)} {trick_term('short-circuit')} makes no shot.",
                            )
                        )
                        return with_end_check(state, drafts)
    try:
        record = hit_roll(sit, dice)
    except ProcedureRefused as err:
        return err.as_rejected()
    w = t.RANGED_WEAPONS.get(cmd.weapon)
    shots = salvo_size(s, cmd.weapon)
    index, continuing = next_shot_index(s, cmd.weapon)
    fired = s.salvo[1] if continuing and s.salvo else 0
    context = {
        "target": tg.id,
        "weapon": cmd.weapon,
        "overwatch": sit.overwatch,
        "crowd": list(cmd.crowd),
        "template": list(cmd.template),
        "distance": cmd.distance,
        "toggles": sorted(cmd.toggles),
        "declined": sorted(cmd.declined),
    }
    text = f"{s.name} → {tg.name}, {(w.name if w else cmd.weapon)} shot {fired + 1}/{shots}: {roll_line(record)}"
    drafts.append(
        EventDraft(
            "shot",
            {
                "shooter": s.id,
                "target": tg.id,
                "weapon": cmd.weapon,
                "shot_index": index,
                "roll": record.to_dict(),
                "context": context,
            },
            actor=s.id,
            text=text,
        )
    )
    drafts += hit_consequences(state, s, tg, record, cmd.crowd, dice, context)
    if sit.overwatch and state.setting("overwatch_salvo") == "single":
        drafts.append(
            EventDraft(
                "salvo_ended",
                {"model": s.id},
                actor=s.id,
                text=f"{possessive(s.name)} {term('Overwatch')} shot is one shot (setting SM-A15).",
            )
        )
    return with_end_check(state, drafts)


def hit_consequences(
    state: BattleState,
    s: ModelState,
    tg: ModelState,
    record: RollRecord,
    crowd: Sequence[str],
    dice: DiceSource,
    context: dict[str, Any],
) -> list[EventDraft]:
    """A hit makes the target (or a random member of the crowd) save; a Master shot removes it."""
    if not record.success:
        return []
    if record.detail.get("removed"):
        return removal(state, tg.id, s.id, f"{skill_term('master-shot')}: natural double 1, no save (§20.3)")
    victims = [tg.id]
    out: list[EventDraft] = []
    if record.detail.get("automatic"):
        others = [*crowd, *context.get("template", ())]
        victims += [m for m in dict.fromkeys(others) if m != tg.id and state.has_model(m) and state.model(m).on_table]
    elif crowd:
        pick = crowd_pick([m for m in crowd if state.has_model(m)], dice)
        victims = [pick.chosen]
        out.append(
            EventDraft(
                "note",
                {"crowd_pick": pick.to_dict()},
                actor=s.id,
                text=f"Into the crowd: {state.model(pick.chosen).name} must save (§10.4).",
            )
        )
    for v in victims:
        out.append(
            EventDraft(
                "save_pending",
                {"model": v, "attacker": s.id, "attack": "shooting", "weapon": context["weapon"], "context": context},
                actor=v,
                text=f"{state.model(v).name} is hit and must make a Toughness roll (§9).",
            )
        )
    return out


def end_salvo(state: BattleState, cmd: EndSalvo, dice: DiceSource) -> Decision:
    m = _get(state, cmd.model)
    if isinstance(m, Rejected):
        return m
    if not m.salvo:
        return Rejected(f"{m.name} is not firing", kind="illegal")
    return [EventDraft("salvo_ended", {"model": m.id}, actor=m.id, text=f"{m.name} stops firing.")]


# ------------------------------------------------------------------ saves
def pending_for(state: BattleState, model_id: str) -> PendingSave | None:
    return next((p for p in state.pending if p.model == model_id), None)


def save_situation(
    state: BattleState, pend: PendingSave, toggles: frozenset[str] = frozenset(), declined: frozenset[str] = frozenset()
) -> ToughnessSituation:
    m = state.model(pend.model)
    attacker = state.model(pend.attacker) if pend.attacker and state.has_model(pend.attacker) else None
    extra = tuple(Modifier.from_dict(x) for x in pend.context.get("extra_terms", ()))
    used = frozenset(state.side(m.side).cards_used) if m.side in ("A", "B") else frozenset()
    return ToughnessSituation(
        model=m.spec,
        attack=pend.attack,
        attacker=attacker.spec if attacker else None,
        weapon=pend.weapon or None,
        extra_terms=extra,
        defensive_stance=DEFENSIVE_STANCE in m.markers,
        engaged=m.engaged,
        overwatch=bool(pend.context.get("overwatch")),
        infected=m.infected,
        toggles=toggles,
        declined=declined,
        settings=state.settings,
        used_plays=used,
    )


def _adrenaline_caster(state: BattleState, m: ModelState) -> ModelState | None:
    return next((x for x in state.on_table(m.side) if x.charges("adrenaline") > 0), None)


def save(state: BattleState, cmd: Save, dice: DiceSource) -> Decision:
    m = _get(state, cmd.model)
    if isinstance(m, Rejected):
        return m
    pend = pending_for(state, m.id)
    if pend is None:
        return Rejected(f"{m.name} has no Toughness roll to make", "§9")
    if "roll" in pend.context:  # a held failure: the GM accepts it
        return with_end_check(state, _failed(state, m, pend, RollRecord.from_dict(pend.context["roll"])))
    toggles = set(cmd.toggles) | ({cmd.card} if cmd.card else set())
    sit = save_situation(state, pend, frozenset(toggles), frozenset(cmd.declined))
    drafts: list[EventDraft] = []
    options = {o.key: o for o in toughness_options(sit)}
    if options.get("adrenaline") and options["adrenaline"].active:
        caster = _adrenaline_caster(state, m)
        if caster is None:
            return Rejected(f"no friendly Technomancer with an {trick_term('adrenaline')} charge", "§21")
    try:
        record = toughness_roll(sit, dice)
    except ProcedureRefused as err:
        return err.as_rejected()
    for key in ("what-are-you-gonna-do", "woohoo"):
        if key in options and options[key].active:
            drafts += card_drafts(state, m.side, key, m.id)
    if record.detail.get("automatic") == "protective_shield":
        drafts.append(
            EventDraft(
                "trick_cast",
                {"model": m.id, "trick": "protective-shield", "target": m.id, "effect": {}},
                actor=m.id,
                text=f"{m.name} raises {trick_term('protective-shield')}.",
            )
        )
    if record.detail.get("adrenaline_used"):
        caster = _adrenaline_caster(state, m)
        assert caster is not None
        drafts.append(
            EventDraft(
                "trick_cast",
                {"model": caster.id, "trick": "adrenaline", "target": m.id, "effect": {}},
                actor=caster.id,
                text=f"{caster.name} casts {trick_term('adrenaline')} on {m.name}.",
            )
        )
    held = (
        not record.success
        and cmd.hold
        and bool(offers_for(state, LastRoll("save", m.id, record.to_dict(), {}), _spent(drafts)))
    )
    drafts.append(
        EventDraft(
            "save_rolled",
            {
                "model": m.id,
                "roll": record.to_dict(),
                "held": held,
                "context": {
                    "attacker": pend.attacker,
                    "attack": pend.attack,
                    "weapon": pend.weapon,
                },  # Z drogi! after a melee
            },
            actor=m.id,
            text=f"{m.name} Toughness: {roll_line(record)}",
        )
    )
    if record.success:
        drafts.append(
            EventDraft("save_resolved", {"model": m.id, "passed": True}, actor=m.id, text=f"{m.name} fights on.")
        )
    elif not held:
        drafts += _failed(state, m, pend, record)
    return with_end_check(state, drafts)


def _failed(state: BattleState, m: ModelState, pend: PendingSave, record: RollRecord) -> list[EventDraft]:
    cause = f"failed Toughness roll ({pend.attack})"
    return [
        EventDraft("save_resolved", {"model": m.id, "passed": False}, actor=m.id, text=f"{m.name} fails the save."),
        *removal(state, m.id, pend.attacker, cause),
    ]


# ------------------------------------------------------------------ re-rolls
REROLL_SOURCES = {"captain", "im-fine", "point-blank", "duellist", "dirty-tricks", "matrix-error"}


def reroll(state: BattleState, cmd: Reroll, dice: DiceSource) -> Decision:
    last = state.last_roll
    if last is None:
        return Rejected("there is no roll to re-roll", "§2.2")
    if cmd.source not in REROLL_SOURCES:
        return Rejected(
            f"unknown re-roll source '{cmd.source}' (one of: {', '.join(sorted(REROLL_SOURCES))})", kind="malformed"
        )
    m = _get(state, cmd.model)
    if isinstance(m, Rejected):
        return m
    problem = reroll_problem(state, m.id, cmd.source, cmd.die)
    if problem is not None:
        why, rule = problem
        return Rejected(why, rule, kind="malformed" if "no die number" in why else "illegal")
    drafts: list[EventDraft] = []
    whole = False
    if cmd.source == "captain":
        whole = state.setting("captain_reroll") == "whole"
        drafts.append(
            EventDraft(
                "once_used",
                {"model": m.id, "what": "captain-reroll"},
                actor=m.id,
                text=f"{m.name} re-rolls as {term('Captain')} (once per battle).",
            )
        )
    elif cmd.source == "im-fine":
        drafts += card_drafts(state, m.side, "im-fine", m.id)
    elif cmd.source == "matrix-error":
        caster = matrix_caster(state, m)
        if caster is None:
            return Rejected(f"no enemy Technomancer with a {trick_term('matrix-error')} charge", "§21")
        whole = state.setting("captain_reroll") == "whole"
        drafts.append(
            EventDraft(
                "trick_cast",
                {"model": caster.id, "trick": "matrix-error", "target": m.id, "effect": {}},
                actor=caster.id,
                text=f"{caster.name} casts Matrix error (Błąd matrycy).",
            )
        )
    old = RollRecord.from_dict(last.record)
    try:
        new = apply_reroll(old, cmd.die, dice, cmd.source, whole=whole)
    except ProcedureRefused as err:
        return err.as_rejected()
    # the re-roll's own chance before it (the one its dialog offered), not the first roll's
    new = changed(new, probability=odds_after(old, cmd.die, cmd.source, _succeeds, whole))
    drafts.append(
        EventDraft(
            "rerolled",
            {"kind": last.kind, "roller": last.roller, "roll": new.to_dict(), "source": cmd.source},
            actor=m.id,
            text=f"Re-roll ({REROLL_NAMES.get(cmd.source, cmd.source)}): {roll_line(new)}",
        )
    )
    drafts += _reroll_consequences(state, last, old, new, dice, frozenset({cmd.source}))
    return with_end_check(state, drafts)


def _succeeds(record: RollRecord) -> bool:
    return bool(record.success)


def _spent(drafts: list[EventDraft]) -> frozenset[str]:
    """Heroic plays played in this very command (not yet in the state)."""
    return frozenset(d.payload.get("card", "") for d in drafts if d.kind == "card_played")


def _reroll_consequences(
    state: BattleState,
    last: LastRoll,
    old: RollRecord,
    new: RollRecord,
    dice: DiceSource,
    spent: frozenset[str] = frozenset(),
) -> list[EventDraft]:
    if last.kind == "shot":
        s, tg = state.model(last.roller), state.model(last.context["target"])
        if new.success and not old.success:
            return hit_consequences(state, s, tg, new, last.context.get("crowd", ()), dice, last.context)
        if old.success and not new.success:
            return [
                EventDraft(
                    "save_resolved",
                    {"model": p.model, "passed": True},
                    actor=p.model,
                    text=f"{state.model(p.model).name} is no longer hit.",
                )
                for p in state.pending
                if p.attacker == s.id
            ]
        return []
    if last.kind == "save":
        pend = pending_for(state, last.roller)
        if pend is not None and new.success:
            return [
                EventDraft(
                    "save_resolved",
                    {"model": last.roller, "passed": True},
                    actor=last.roller,
                    text=f"{state.model(last.roller).name} fights on.",
                )
            ]
        if (
            pend is not None
            and "roll" in pend.context
            and not offers_for(state, changed(last, record=new.to_dict()), spent)
        ):
            return _failed(state, state.model(last.roller), pend, new)  # no re-roll left: the failure applies
        if pend is None and old.success and not new.success:  # a passed save forced again by Błąd matrycy
            attack = last.context.get("attack", "other")
            ghost = PendingSave(last.roller, last.context.get("attacker"), attack, last.context.get("weapon", ""))
            return _failed(state, state.model(last.roller), ghost, new)
        return []
    if last.kind in ("jump", "fall") and not new.success and (old.success or last.context.get("held")):
        from .movement_actions import roll_consequences

        if old.success or not offers_for(state, changed(last, record=new.to_dict()), spent):
            return roll_consequences(state, last, new, dice, spent)  # a held failure with no re-roll left applies
        return []  # still held: another re-roll is offered
    if last.kind == "melee":
        from .melee_actions import melee_reroll_consequences

        return melee_reroll_consequences(state, last, old, new)
    return []


def attack(state: BattleState, cmd: Attack, dice: DiceSource) -> Decision:  # replaced by melee_actions.attack
    from .melee_actions import attack as _attack

    return _attack(state, cmd, dice)

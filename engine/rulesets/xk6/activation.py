"""Activations (§5.2): the five options, the start-of-activation steps (stun removed,
burning rolled) and the end of an activation with the alternation (§5.1).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Sequence

from engine.dice import DiceSource
from engine.events import EventDraft
from engine.formatting import plural, possessive
from engine.records import changed
from engine.rolls import Modifier, RollRecord, plain
from engine.ruleset import Rejected

from . import tables as t
from .commands import Activate, AdjustWounds, Designate, EndActivation, Heal, RemoveModel, SkillAction
from .damage import out_draft
from .evolve import preview
from .procedures import faces_for, one_die_record
from .state import Activation, BattleState, ModelState
from .turn import next_side_after

Decision = Rejected | Sequence[EventDraft]


def activation_problem(state: BattleState, cmd: Activate) -> Rejected | None:
    """Why ``cmd`` would be refused now (None if it would not); no die is rolled."""
    if cmd.option not in t.OPTIONS:
        return Rejected(f"unknown option '{cmd.option}' (one of: {', '.join(t.OPTIONS)})", kind="malformed")
    if not state.has_model(cmd.model):
        return Rejected(f"no model '{cmd.model}'", kind="malformed")
    if cmd.terrain not in t.TERRAIN_FACTOR:
        return Rejected(f"terrain must be one of {', '.join(t.TERRAIN_FACTOR)}", kind="malformed")
    if state.turn.phase != "activations":
        return Rejected("no turn is under way: start a turn and choose who activates first", "§5.1")
    if state.attack is not None or state.reaction is not None:
        return Rejected("finish the attack or reaction first", "§8")
    if state.turn.active is not None:
        return Rejected(f"{state.model(state.turn.active.model).name} is still activated; end its activation", "§5.1")
    m = state.model(cmd.model)
    if not m.in_play:
        return Rejected(f"{m.name} is out of play", "§17")
    if state.turn.bonus:
        queued = state.model(state.turn.bonus[0])
        if queued.id != m.id:
            return Rejected(
                f"{possessive(queued.name)} activation bought with a command point comes first", "§15 [XK-A17]"
            )
    elif state.turn.next_side is None:
        return Rejected("no side is due to activate", "§5.1")
    elif m.side != state.turn.next_side:
        return Rejected(f"it is {possessive(state.side_name(state.turn.next_side))} activation", "§5.1")
    elif m.activated:
        return Rejected(f"{m.name} has already activated this turn", "§5.1")
    if cmd.option in t.MOVING_OPTIONS:
        if cmd.speed is None:
            return Rejected(f"choose a speed: {', '.join(s.name for s in m.spec.speeds)}", "§6.1", kind="ambiguous")
        if m.spec.speed(cmd.speed) is None:
            return Rejected(
                f"{m.name} has no speed '{cmd.speed}' (one of: {', '.join(s.name for s in m.spec.speeds)})",
                kind="malformed",
            )
    elif cmd.speed is not None:
        return Rejected(f'{t.OPTIONS[cmd.option]} is not a move; it uses the 0" column ([XK-A6])', "§5.2")
    if cmd.option == t.RELOAD:
        return _reload_problem(state, cmd)
    if cmd.option == t.SKILL and m.spec.medic is None and not m.spec.skills:
        return Rejected(f"{m.name} has no skill that grants an action", "§5.2 [XK-M5]")
    if cmd.burn_face is not None and not m.burning:
        return Rejected(f"{m.name} is not burning: there is no burning die to roll", "§16 SB", kind="malformed")
    return None


def _reload_problem(state: BattleState, cmd: Activate) -> Rejected | None:
    m = state.model(cmd.model)
    if cmd.weapon is None:
        return Rejected("say which weapon to reload", "§12.2", kind="ambiguous")
    spec, w = m.spec.weapon(cmd.weapon), m.weapon(cmd.weapon)
    if spec is None or w is None:
        return Rejected(f"{m.name} has no weapon '{cmd.weapon}'", kind="malformed")
    if not spec.magazine:
        why = "limited ammunition (LA) never needs reloading" if spec.limited else "it has no magazine"
        return Rejected(f"{spec.name}: {why}", "§12.2")
    if w.loaded:
        return Rejected(f"{possessive(spec.name)} magazine is not empty", "§12.2")
    if state.setting("reload_uses_mags") != "no" and (w.mags or 0) <= 0:
        return Rejected(f"{spec.name} has no magazines left", "§12.2 [XK-A14](a)")
    return None


def burning_chance() -> Fraction:
    """§16 SB: the chance the fire goes out (1–4 on one die; no modifier, it is not a test [XK-A15])."""
    return Fraction(t.BURN_OUT_MAX, 6)


def _burning(state: BattleState, cmd: Activate, dice: DiceSource) -> list[EventDraft]:
    m = state.model(cmd.model)
    face = faces_for(None if cmd.burn_face is None else (cmd.burn_face,), 1, dice, "the burning die")[0]
    out = face <= t.BURN_OUT_MAX
    lost = 0 if out else t.BURN_WOUNDS
    record = RollRecord(
        "xk6.burning",
        f"{m.name} is burning (SB)",
        plain((face,)),
        (),
        None,
        t.BURN_OUT_MAX,
        "<=",
        burning_chance(),
        "the fire goes out" if out else "loses 1 wound, keeps burning",
        out,
        {"rule": "§16 SB", "not_a_test": True},
    )
    drafts = [
        EventDraft(
            "burning_rolled",
            {"model": m.id, "face": face, "out": out, "wounds": lost, "roll": record.to_dict()},
            actor=m.id,
            text=f"{m.name} burns: rolls {face} — "
            + ("the fire goes out." if out else "loses 1 wound (Armour does not count) and keeps burning (§16 SB)."),
        )
    ]
    gone = out_draft(state, m.id, m.wounds + lost, "burning")
    return drafts + ([gone] if gone else [])


def activate(state: BattleState, cmd: Activate, dice: DiceSource) -> Decision:
    problem = activation_problem(state, cmd)
    if problem:
        return problem
    m = state.model(cmd.model)
    bonus = bool(state.turn.bonus)
    speed = m.spec.speed(cmd.speed) if cmd.speed else None
    text = f"{m.name} activates{' (command point)' if bonus else ''}: {t.OPTIONS[cmd.option]}"
    payload = {
        "model": m.id,
        "option": cmd.option,
        "speed": cmd.speed,
        "bonus": bonus,
        "terrain": cmd.terrain,
        "stun_removed": m.stunned,
    }
    if speed is not None:
        allowed = t.terrain_speed(speed.inches, cmd.terrain)
        payload["distance"] = f"{float(allowed):g}"
        att = "no attack (–)" if speed.att is None else f"Att {speed.att:+d}"
        where = "" if cmd.terrain == "normal" else " " + cmd.terrain
        # §6.1: the 0" column is standing still, not a move "up to 0""
        how = (
            f"standing still ({speed.name}"
            if speed.inches == 0
            else f'at {speed.name} (up to {float(allowed):g}"{where}'
        )
        text += f" {how}; {att}, Def {speed.defence:+d} until its next activation)"
    if m.stunned:
        text += "; its stun is removed (§13)"
    drafts = [EventDraft("model_activated", payload, actor=m.id, text=text + ".")]
    if m.burning:
        drafts += _burning(state, cmd, dice)
    if cmd.option == t.RELOAD:
        assert cmd.weapon is not None  # _reload_problem: a weapon was named
        w = m.weapon_state(cmd.weapon)
        uses = state.setting("reload_uses_mags") != "no"
        left = (w.mags or 0) - 1 if uses else w.mags
        drafts.append(
            EventDraft(
                "reloaded",
                {"model": m.id, "weapon": w.id, "mags": left},
                actor=m.id,
                text=f"{m.name} reloads {state.weapon_spec(m.id, w.id).name}"
                + (f" ({left} magazine{'s' * (left != 1)} left, [XK-A14](a))." if uses else "."),
            )
        )
    return drafts


def end_activation(state: BattleState, cmd: EndActivation, dice: DiceSource) -> Decision:
    act = state.turn.active
    if act is None:
        return Rejected("no activation is under way", "§5.1")
    if state.attack is not None or state.reaction is not None:  # the GM is asked; "anyway" cancels it
        from .corrections import CORRECTIONS

        is_open = "attack" if state.attack is not None else "reaction"
        return CORRECTIONS.end_anyway(
            state,
            cmd.force,
            changed(cmd, force=True),
            "end the activation",
            is_open,
            "§8",
            lambda s: end_activation(s, cmd, dice),
            preview,
        )
    m = state.model(act.model)
    after = preview(state, [EventDraft("activation_ended", {"model": m.id})])
    if act.bonus and state.setting("cp_activation") != "replaces":
        nxt = state.turn.next_side  # a bonus activation does not take the side's turn [XK-A17](d)
        if nxt is not None and not after.waiting(nxt):
            nxt = next_side_after(after, nxt)
    else:
        nxt = next_side_after(after, m.side)
    drafts = [
        EventDraft(
            "activation_ended",
            {"model": m.id, "next_side": nxt, "bonus": act.bonus},
            actor=m.id,
            text=f"{possessive(m.name)} activation ends." + (f" Next: {state.side_name(nxt)}." if nxt else ""),
        )
    ]
    if nxt is None and not state.turn.bonus:
        drafts.append(
            EventDraft(
                "turn_ended",
                {"number": state.turn.number},
                text=f"Every model has activated: turn {state.turn.number} ends ([XK-A2](e)).",
            )
        )
    return drafts


def acting_problem(state: BattleState, option: str) -> Rejected | None:
    """Why no model may take its ``option`` action (designate, skill) now, or None."""
    act = _acting(state, option)
    return act if isinstance(act, Rejected) else None


def _acting(state: BattleState, option: str) -> Activation | Rejected:
    """The activation that may take its ``option`` action now, or why not."""
    act = state.turn.active
    if act is None or act.option != option:
        return Rejected(f"only a model activated to {t.OPTIONS[option]} can do that", "§5.2")
    if act.acted:
        return Rejected("the activation's action is already done", "§5.2")
    if state.attack is not None:
        return Rejected("finish the attack first", "§8")
    return act


def designate(state: BattleState, cmd: Designate, dice: DiceSource) -> Decision:
    act = _acting(state, t.MOVE_DESIGNATE)
    if isinstance(act, Rejected):
        return act
    if not cmd.target and not cmd.point:
        return Rejected("designate a target model or a point", "§5.2 [XK-A3]", kind="ambiguous")
    if cmd.target and not state.has_model(cmd.target):
        return Rejected(f"no model '{cmd.target}'", kind="malformed")
    m = state.model(act.model)
    what = state.model(cmd.target).name if cmd.target else cmd.point
    return [
        EventDraft(
            "designated",
            {"model": m.id, "side": m.side, "target": cmd.target, "point": cmd.point},
            actor=m.id,
            text=f"{m.name} designates {what} for indirect fire ([XK-A3]).",
        )
    ]


def heal_problem(state: BattleState, cmd: Heal) -> Rejected | None:
    """Why ``cmd`` would be refused now (None if it would not); no die is rolled."""
    checked = _healing(state, cmd)
    return checked if isinstance(checked, Rejected) else None


def _healing(state: BattleState, cmd: Heal) -> tuple[ModelState, int, ModelState] | Rejected:
    """(the Medic, its Medic value, the model it heals) when ``cmd`` may roll now, or why not."""
    act = _acting(state, t.SKILL)
    if isinstance(act, Rejected):
        return act
    medic = state.model(act.model)
    if medic.spec.medic is None:
        return Rejected(f"{medic.name} is not a Medic", "§16")
    if not state.has_model(cmd.target):
        return Rejected(f"no model '{cmd.target}'", kind="malformed")
    target = state.model(cmd.target)
    if target.side != medic.side or not target.in_play:
        return Rejected(f"{target.name} is not a friendly model in play", "§16 Medic")
    if target.id == medic.id and state.setting("medic_self") == "off":
        return Rejected("a Medic may not heal itself under this setting", "§16 [XK-M12]")
    if not cmd.in_contact:
        return Rejected(f"{target.name} must be in base contact with the Medic", "§16 [XK-M12]")
    if target.wounds <= 0:
        return Rejected(f"{target.name} has no wounds to heal", "§16 Medic")
    return medic, medic.spec.medic, target


def medic_mods(state: BattleState, medic_id: str) -> tuple[Modifier, ...]:
    """The Medic die's modifiers: stunned −1 when one-die rolls count as tests ([XK-A15] setting)."""
    medic = state.model(medic_id)
    return (
        (Modifier("stunned", -1, "§13 [XK-A15]", "stun"),)
        if medic.stunned and state.setting("stun_one_die") != "none"
        else ()
    )


def heal(state: BattleState, cmd: Heal, dice: DiceSource) -> Decision:
    checked = _healing(state, cmd)
    if isinstance(checked, Rejected):
        return checked
    medic, above, target = checked
    face = faces_for(None if cmd.face is None else (cmd.face,), 1, dice, "the Medic die")[0]
    record, ok = one_die_record(
        "xk6.medic",
        f"{medic.name}: Medic {above} heals {target.name}",
        face,
        medic_mods(state, medic.id),
        above,
        "heals 1 wound",
        "fails",
    )
    return [
        EventDraft(
            "heal_rolled",
            {"medic": medic.id, "target": target.id, "healed": ok, "roll": record.to_dict()},
            actor=medic.id,
            text=f"{medic.name} (Medic {medic.spec.medic}) rolls {face}: "
            + (f"{target.name} heals 1 wound." if ok else "no healing."),
        )
    ]


def skill_action(state: BattleState, cmd: SkillAction, dice: DiceSource) -> Decision:
    act = _acting(state, t.SKILL)
    if isinstance(act, Rejected):
        return act
    m = state.model(act.model)
    effect = dict(m.spec.skills).get(cmd.name)
    if effect is None:
        return Rejected(f"{m.name} has no skill '{cmd.name}'", "§16 [XK-M5]", kind="malformed")
    return [
        EventDraft(
            "skill_used",
            {"model": m.id, "skill": cmd.name, "effect": effect, "note": cmd.note},
            actor=m.id,
            text=f"{m.name} uses {cmd.name}: {effect}" + (f" ({cmd.note})" if cmd.note else ""),
        )
    ]


def remove_model(state: BattleState, cmd: RemoveModel, dice: DiceSource) -> Decision:
    if not state.has_model(cmd.model):
        return Rejected(f"no model '{cmd.model}'", kind="malformed")
    m = state.model(cmd.model)
    if m.out:
        return Rejected(f"{m.name} is already out of play")
    if state.attack is not None:
        return Rejected("finish the attack first", "§8")
    return [
        EventDraft(
            "model_out",
            {"model": m.id, "cause": "gm", "reason": cmd.reason},
            actor=m.id,
            text=f"The GM takes {m.name} out of play" + (f": {cmd.reason}." if cmd.reason else "."),
        )
    ]


def adjust_wounds(state: BattleState, cmd: AdjustWounds, dice: DiceSource) -> Decision:
    if not state.has_model(cmd.model):
        return Rejected(f"no model '{cmd.model}'", kind="malformed")
    m = state.model(cmd.model)
    if cmd.delta == 0 or m.wounds + cmd.delta < 0:
        return Rejected(f"{m.name} has {plural(m.wounds, 'wound')}; that change is not possible", kind="malformed")
    drafts = [
        EventDraft(
            "wounds_adjusted",
            {"model": m.id, "delta": cmd.delta, "reason": cmd.reason},
            actor=m.id,
            text=f"GM: {m.name} {cmd.delta:+d} {'wound' if abs(cmd.delta) == 1 else 'wounds'}"
            + (f" ({cmd.reason})." if cmd.reason else "."),
        )
    ]
    gone = out_draft(state, m.id, m.wounds + cmd.delta, "gm")
    return drafts + ([gone] if gone else [])

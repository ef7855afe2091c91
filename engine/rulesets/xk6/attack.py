"""Making an attack (§8–§11): the checks, the declared ROF split, Stealth, and the rolls.

Direct fire and melee roll everything at once (Stealth, the attacker's pool, each
defender's pool) and wait for ``ResolveAttack`` so a command point can re-roll a test
first. Indirect fire rolls its hit test (and the scatter die on a miss); the GM then
lists the models where it landed (``Land``, in ``indirect.py``).
"""

from __future__ import annotations

from typing import Any, Sequence

from engine.dice import DiceSource
from engine.events import EventDraft
from engine.formatting import possessive
from engine.records import changed
from engine.ruleset import Rejected

from . import tables as t
from .attack_records import hit_record, pair_record, stealth_record
from .codec import attack_to_dict
from .commands import Attack, Target
from .modifiers import attack_mods, defence_mods, hit_mods
from .procedures import faces_for
from .roster import WeaponSpec
from .state import BattleState, PendingAttack, TargetRoll

Decision = Rejected | Sequence[EventDraft]
KINDS = ("direct", "melee", "indirect")


def radius_of(state: BattleState, weapon: WeaponSpec, rof_area: int) -> int:
    """§10–§11 [XK-A11](b): AE n plus the ROF put into radius (or the larger of the two)."""
    if state.setting("area_radius") == "larger":
        return max(weapon.ae, rof_area)
    return weapon.ae + rof_area


def _who_may_attack(state: BattleState, cmd: Attack) -> Rejected | None:
    m = state.model(cmd.attacker)
    if state.reaction == m.id:
        if cmd.kind == "melee" and state.setting("reaction_shoot") != "any-attack":
            return Rejected('a reaction "shoot" is a ranged attack, not melee', "§14 [XK-A16](e)")
        return None
    act = state.turn.active
    if act is None or act.model != m.id:
        return Rejected(f"{m.name} is not activated (or reacting) now", "§5.2")
    if act.option != t.MOVE_ATTACK:
        return Rejected(f"{m.name} was activated to {t.OPTIONS[act.option]}, not to move and attack", "§5.2")
    if act.attacks:
        if state.setting("attacks_per_activation") != "one-per-weapon":
            return Rejected(f"{m.name} has already attacked in this activation", "§5.2 [XK-A4]")
        if cmd.weapon in act.attacks:
            return Rejected(f"{m.name} has already attacked with this weapon in this activation", "§5.2 [XK-A4]")
    return None


def _weapon_problem(state: BattleState, cmd: Attack, weapon: WeaponSpec) -> Rejected | None:
    w = state.model(cmd.attacker).weapon_state(weapon.id)
    if weapon.magazine and not w.loaded:
        return Rejected(f"{possessive(weapon.name)} magazine is empty: reload it first (one activation)", "§12.2")
    if weapon.limited and (w.rounds or 0) <= 0:
        return Rejected(f"{weapon.name} has no rounds left (LA)", "§12.2 [XK-M10]")
    if cmd.rof_dam < 0 or cmd.rof_area < 0 or cmd.rof_dam + cmd.rof_area > weapon.rof:
        return Rejected(
            f"ROF used ({cmd.rof_dam} to DAM + {cmd.rof_area} to radius) must be within "
            f"{possessive(weapon.name)} ROF {weapon.rof}",
            "§11",
            kind="malformed",
        )
    if cmd.kind == "melee" and not weapon.has("M"):
        return Rejected(f"{weapon.name} has no M trait: it cannot be used in melee", "§16 [XK-M7]")
    if cmd.kind == "indirect" and not weapon.has("IF"):
        return Rejected(f"{weapon.name} has no IF trait: it cannot fire indirectly", "§9")
    if cmd.kind == "direct" and weapon.optimal is None and not weapon.has("FT"):
        return Rejected(f"{weapon.name} has no range: it is a melee weapon", "§18 [XK-M7]")
    ranged = cmd.kind != "melee" and not weapon.has("FT")
    if ranged and weapon.optimal is not None and cmd.range not in weapon.range_bands:
        return Rejected(
            f'{weapon.name} has no maximum range, only an optimal {weapon.optimal:g}": a target past it is '
            "beyond range",
            "§18 [XK-A19]",
        )
    if ranged and cmd.range == "beyond" and not cmd.override_range and state.setting("beyond_range") != "allow":
        return Rejected("the target is beyond the weapon's range (the GM may override)", "§18 [XK-A19]")
    return None


def _target_problem(state: BattleState, cmd: Attack, area: bool) -> Rejected | None:
    att = state.model(cmd.attacker)
    if cmd.kind != "indirect" and not cmd.targets:
        return Rejected("name the model attacked", "§8.1", kind="ambiguous")
    if cmd.kind == "indirect" and len(cmd.targets) > 1:
        return Rejected(
            "indirect fire aims at one model or a point; list who is hit after it lands", "§9 [XK-M9]", kind="malformed"
        )
    if len(cmd.targets) > 1 and not area:
        return Rejected("several targets need an area attack (AE, ROF into radius, or FT)", "§10", kind="malformed")
    ids = [x.model for x in cmd.targets]
    if len(set(ids)) != len(ids):
        return Rejected("a model is listed twice", kind="malformed")
    for i, x in enumerate(cmd.targets):
        problem = target_problem(state, att.side, x, centre=i == 0, kind=cmd.kind, attacker=att.id)
        if problem:
            return problem
    return None


def target_problem(state: BattleState, side: str, x: Target, centre: bool, kind: str, attacker: str) -> Rejected | None:
    """One listed target: known, in play, visible for a direct attack, enemy unless in an area."""
    if not state.has_model(x.model):
        return Rejected(f"no model '{x.model}'", kind="malformed")
    if x.cover not in t.COVERS:
        return Rejected(f"cover must be one of {', '.join(t.COVERS)}", kind="malformed")
    m = state.model(x.model)
    if x.model == attacker:
        return Rejected("a model does not attack itself", "§8", kind="malformed")
    if not m.in_play:
        return Rejected(f"{m.name} is out of play", "§17")
    if m.spec.defence < 1:
        return Rejected(f"{m.name}: skill level 0: no dice for its Def test", "§3 [XK-A1]")
    if x.cover == "hidden" and kind != "indirect":
        return Rejected(f"{m.name} is not visible: only indirect fire may attack it", "§7")
    if m.side == side and (centre or state.setting("area_friendly") == "excluded"):
        return Rejected(f"{m.name} is a friendly model", "§10 [XK-A11](a)")
    return None


def check(state: BattleState, cmd: Attack) -> Rejected | None:
    """Every §8.1 step-1 check, in the order a GM would want to hear them."""
    if cmd.kind not in KINDS:
        return Rejected(f"kind must be one of {', '.join(KINDS)}", kind="malformed")
    if cmd.range not in t.RANGE_BANDS:
        return Rejected(f"range must be one of {', '.join(t.RANGE_BANDS)}", kind="malformed")
    if not state.has_model(cmd.attacker):
        return Rejected(f"no model '{cmd.attacker}'", kind="malformed")
    m = state.model(cmd.attacker)
    weapon = m.spec.weapon(cmd.weapon)
    if weapon is None:
        return Rejected(f"{m.name} has no weapon '{cmd.weapon}'", kind="malformed")
    if state.turn.phase != "activations":
        return Rejected("attacks happen during activations", "§5")
    if state.attack is not None:
        return Rejected("another attack is being resolved", "§8")
    if not m.in_play:
        return Rejected(f"{m.name} is out of play", "§17")
    problem = _who_may_attack(state, cmd)
    if problem:
        return problem
    if m.spec.att < 1:
        return Rejected(f"{m.name}: skill level 0: no dice", "§3 [XK-A1]")
    col = state.column(m.id)
    if (
        col is not None
        and not col.can_attack
        and (cmd.kind != "indirect" or state.setting("if_needs_att_cell") != "off")
    ):
        return Rejected(f'{m.name} moved at {col.name}: "–" in the Att row, no attack at that speed', "§6.1 [XK-A3]")
    problem = _weapon_problem(state, cmd, weapon) or _target_problem(
        state, cmd, radius_of(state, weapon, cmd.rof_area) > 0 or weapon.has("FT")
    )
    if problem:
        return problem
    if cmd.kind == "indirect" and state.setting("if_spotter") == "on":
        aimed = cmd.targets[0].model if cmd.targets else cmd.aim
        if (m.side, aimed) not in state.turn.designations:
            return Rejected("indirect fire needs a target designated this turn (setting)", "§5.2 [XK-A3]")
    return None


def _pending(state: BattleState, cmd: Attack, stage: str) -> PendingAttack:
    weapon = state.weapon_spec(cmd.attacker, cmd.weapon)
    used = cmd.rof_dam + cmd.rof_area
    la_checks = state.setting("la_depletion") == "on"
    return PendingAttack(
        attacker=cmd.attacker,
        weapon=weapon.id,
        kind=cmd.kind,
        stage=stage,
        dam=weapon.dam + cmd.rof_dam,
        rof_dam=cmd.rof_dam,
        rof_area=cmd.rof_area,
        radius=radius_of(state, weapon, cmd.rof_area),
        att_dice=state.model(cmd.attacker).spec.att,
        aim=cmd.aim or (state.model(cmd.targets[0].model).name if cmd.targets else ""),
        reaction=state.reaction == cmd.attacker,
        empties_on=t.empties_on(weapon.rof, used),
        ammo_row=t.ammo_row(weapon.rof, used),
        checks_ammo=weapon.magazine or (weapon.limited and la_checks),
    )


def stealth_may_roll(state: BattleState, a: PendingAttack, index: int, model_id: str) -> bool:
    """[XK-A18]: the centre model only; not against an area under "none"; not against IF by default."""
    if state.model(model_id).spec.stealth is None or index != 0:
        return False
    if a.kind == "indirect" and state.setting("stealth_vs_if") != "on":
        return False
    weapon = state.weapon_spec(a.attacker, a.weapon)
    area = a.radius > 0 or weapon.has("FT")
    return not (area and state.setting("stealth_area") == "none")


def stealth_problem(
    state: BattleState, a: PendingAttack, targets: Sequence[Target], aiming: bool = False
) -> Rejected | None:
    """A Stealth die typed for a model that may not roll one now ([XK-A18]): refused with the
    reason rather than dropped. ``aiming``: indirect fire before its hit test (no Stealth die
    yet: it is rolled where the shot lands)."""
    for i, x in enumerate(targets):
        if x.stealth_face is None or (not aiming and stealth_may_roll(state, a, i, x.model)):
            continue
        m = state.model(x.model)
        if m.spec.stealth is None:
            why = f"{m.name} has no Stealth"
        elif aiming:
            why = "for indirect fire it is rolled where the shot lands, after the hit test"
        elif i != 0:
            why = "only the model the attack is aimed at rolls Stealth"
        elif a.kind == "indirect":
            why = "Stealth does not avoid indirect fire in this battle (setting stealth_vs_if)"
        else:
            why = "Stealth does not avoid an area attack in this battle (setting stealth_area)"
        return Rejected(f"{possessive(m.name)} Stealth die cannot be rolled: {why}", "§16 [XK-A18]", kind="malformed")
    return None


def roll_defenders(
    state: BattleState, a: PendingAttack, targets: Sequence[Target], cmd: Attack | None, dice: DiceSource
) -> tuple[list[TargetRoll], list[dict[str, Any]]]:
    """Stealth first (centre model), then each defender's Def pool; returns rolls and Stealth records."""
    cmd = cmd or Attack(a.attacker, a.weapon, kind=a.kind)
    out, stealth = [], []
    for i, x in enumerate(targets):
        m = state.model(x.model)
        avoided, face = False, None
        if stealth_may_roll(state, a, i, m.id):
            face = faces_for(
                None if x.stealth_face is None else (x.stealth_face,), 1, dice, f"{possessive(m.name)} Stealth die"
            )[0]
            record, avoided = stealth_record(state, m.id, face)
            stealth.append(record.to_dict())
        att = () if a.kind == "indirect" else attack_mods(state, cmd, x)
        dfn = defence_mods(state, cmd, x, a.kind)
        out.append(
            TargetRoll(
                model=m.id,
                cover=x.cover,
                att_mods=att,
                def_mods=dfn,
                def_dice=m.spec.defence,
                avoided=avoided,
                stealth_face=face,
            )
        )
    return out, stealth


def def_faces(
    state: BattleState, rolls: list[TargetRoll], targets: Sequence[Target], dice: DiceSource
) -> list[TargetRoll]:
    typed = {x.model: x.faces for x in targets}
    return [
        x
        if x.avoided
        else changed(
            x,
            faces=faces_for(typed.get(x.model), x.def_dice, dice, f"{possessive(state.model(x.model).name)} Def dice"),
        )
        for x in rolls
    ]


def attack(state: BattleState, cmd: Attack, dice: DiceSource) -> Decision:
    problem = check(state, cmd)
    if problem:
        return problem
    m = state.model(cmd.attacker)
    weapon = state.weapon_spec(m.id, cmd.weapon)
    if cmd.kind == "indirect":
        a = _pending(state, cmd, "landed")
        refused = stealth_problem(state, a, cmd.targets, aiming=True)
        if refused:
            return refused
        a = changed(
            a,
            hit_mods=hit_mods(state, cmd),
            faces=faces_for(cmd.faces, a.att_dice, dice, f"{possessive(m.name)} Att dice"),
        )
        record, sl = hit_record(state, a)
        if sl < 1:
            a = changed(
                a,
                scatter=faces_for(
                    None if cmd.scatter_face is None else (cmd.scatter_face,), 1, dice, "the scatter die"
                )[0],
            )
            record, sl = hit_record(state, a)
        a = changed(a, hit=sl >= 1)
        text = (
            f"{m.name} fires {weapon.name} indirectly at {a.aim or 'a point'}. "
            "The GM lists the models where it lands (§9 [XK-M9])."
        )
        return [
            EventDraft(
                "attack_rolled", {"attack": attack_to_dict(a), "rolls": [record.to_dict()]}, actor=m.id, text=text
            )
        ]
    a = _pending(state, cmd, "rolled")
    refused = stealth_problem(state, a, cmd.targets)
    if refused:
        return refused
    rolls, stealth = roll_defenders(state, a, cmd.targets, cmd, dice)
    all_avoided = all(x.avoided for x in rolls)
    if not (all_avoided and not (a.checks_ammo and state.setting("stealth_ammo") != "off")):
        a = changed(a, faces=faces_for(cmd.faces, a.att_dice, dice, f"{possessive(m.name)} Att dice"))
    a = changed(a, targets=tuple(def_faces(state, rolls, cmd.targets, dice)))
    records = [pair_record(state, a, x)[0].to_dict() for x in a.targets if not x.avoided]
    names = ", ".join(state.model(x.model).name + (" (Stealth: avoided)" if x.avoided else "") for x in a.targets)
    how = {"direct": "fires", "melee": "strikes"}[cmd.kind]
    rof = f", {t.rof_use(a.rof_dam, a.rof_area)}," if a.rof_dam or a.rof_area else ""
    text = f"{m.name} {how} with {weapon.name}{rof} at {names}."  # each pair's outcome: its roll line
    return [
        EventDraft(
            "attack_rolled", {"attack": attack_to_dict(a), "rolls": records, "stealth": stealth}, actor=m.id, text=text
        )
    ]

"""Every modifier of an attack (§8.2, §9, §13, [XK-M4]), each with its label, value, rule
and a stable key the GM can switch off. Modifiers change the result, never the dice (§19).
"""

from __future__ import annotations

from engine.formatting import possessive
from engine.rolls import Modifier

from . import tables as t
from .commands import Adjust, Attack, Target
from .damage import wound_modifier
from .roster import WeaponSpec
from .state import BattleState


def _rv(value: t.RuleValue, label: str | None = None) -> Modifier:
    return Modifier(label or value.label, value.value, value.rule, value.key)


def _speed(state: BattleState, model_id: str, row: str) -> list[Modifier]:
    col = state.column(model_id)
    if col is None:
        return []
    value = col.att if row == "att" else col.defence
    if value is None:
        return []
    who = state.model(model_id).name
    return [Modifier(f"{who} moving at {col.name} ({row.title()} row)", value, t.MOVE_RULE, f"{row}_speed")]


def own_state(state: BattleState, model_id: str, row: str) -> list[Modifier]:
    """The modifiers a model carries into any test: its speed column's row, stun, wounds."""
    m = state.model(model_id)
    out = _speed(state, model_id, row)
    if m.stunned:
        out.append(_rv(t.STUN, f"{m.name} stunned"))
    w = wound_modifier(state, model_id)
    if w:
        out.append(
            Modifier(f"{possessive(m.name)} wounds ({m.wounds})", w, "§8.2 [XK-M4] (roster wound track)", "wounds")
        )
    return out


def _range(weapon: WeaponSpec, band: str) -> list[Modifier]:
    if weapon.optimal is None:
        return []
    rv = t.RANGE["maximum" if band == "beyond" else band]
    label = rv.label + (" (beyond range, GM override)" if band == "beyond" else "")
    return [_rv(rv, label)]


def _acc(weapon: WeaponSpec) -> list[Modifier]:
    return [Modifier(f"{weapon.name} accuracy (Acc)", weapon.acc, "§8.2 [XK-M3]", "acc")]


def _gm(adjust: tuple[Adjust, ...], side: str, model: str | None) -> list[Modifier]:
    return [
        Modifier(a.label, a.value, "GM", "gm")
        for a in adjust
        if a.side == side and (a.model is None or a.model == model)
    ]


def _drop(mods: list[Modifier], off: tuple[str, ...]) -> tuple[Modifier, ...]:
    return tuple(m for m in mods if not (m.key and m.key in off and m.key != "gm"))


def cover_counts(state: BattleState, kind: str) -> bool:
    """§7 [XK-A8](b)(c): cover in melee (on by default) and against indirect fire (off)."""
    if kind == "melee":
        return state.setting("cover_in_melee") != "off"
    if kind == "indirect":
        return state.setting("cover_vs_if") == "on"
    return True


def attack_mods(state: BattleState, cmd: Attack, target: Target) -> tuple[Modifier, ...]:
    """The attacker's modifiers against one defender in a direct or melee attack (§8.2)."""
    weapon = state.weapon_spec(cmd.attacker, cmd.weapon)
    out = own_state(state, cmd.attacker, "att")
    if cmd.kind == "direct" and not weapon.has("FT"):
        out += _range(weapon, cmd.range)
    out += _acc(weapon)
    if target.cover in t.COVER and cover_counts(state, cmd.kind):
        out.append(_rv(t.COVER[target.cover]))
    if cmd.kind == "direct" and target.within_3 and not weapon.has("M"):
        out.append(_rv(t.CLOSE_RANGE))
    out += _gm(cmd.adjust, "attack", target.model)
    return _drop(out, cmd.off)


def defence_mods(state: BattleState, cmd: Attack, target: Target, kind: str | None = None) -> tuple[Modifier, ...]:
    """The defender's modifiers (§8.2); indirect fire: its own state only [XK-A10]."""
    kind = kind or cmd.kind
    if kind == "indirect" and state.setting("if_defender_mods") == "none":
        out: list[Modifier] = []
    else:
        out = own_state(state, target.model, "def")
    if kind != "indirect":
        if target.crossfire:
            out.append(_rv(t.CROSSFIRE))
        if target.rear:
            out.append(_rv(t.REAR))
    out += _gm(cmd.adjust, "defence", target.model)
    return _drop(out, cmd.off)


def hit_mods(state: BattleState, cmd: Attack) -> tuple[Modifier, ...]:
    """§9 step 1: movement, range, wounds, stun, Acc; the hidden −2 [XK-A8](d); cover only if the
    setting says so [XK-A8](c) (the aimed model's)."""
    weapon = state.weapon_spec(cmd.attacker, cmd.weapon)
    out = own_state(state, cmd.attacker, "att") + _range(weapon, cmd.range) + _acc(weapon)
    aimed = cmd.targets[0] if cmd.targets else None
    hidden = cmd.hidden or (aimed is not None and aimed.cover == "hidden")
    if hidden and state.setting("hidden_if_penalty") != "none":
        out.append(_rv(t.HIDDEN))
    if aimed is not None and aimed.cover in t.COVER and cover_counts(state, "indirect"):
        out.append(_rv(t.COVER[aimed.cover]))
    out += _gm(cmd.adjust, "attack", None)
    return _drop(out, cmd.off)

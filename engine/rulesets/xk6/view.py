"""What a dashboard shows for an xK6 battle: pure queries of the state, plain data only.

* ``model_lines(state)``: one line per model: skills, armour, wounds and their modifier,
  stun, burning, held action, speed column in force, magazines, command points.
* ``turn_view(state)``: turn, phase, who chooses or activates next, what to do next.
* ``attack_preview(state, attack)``: both pools with every modifier and rule, the exact SL,
  damage and wound distributions per defender, the ammunition chance, Stealth, the
  indirect-fire hit chance — before anything is rolled.
* ``pending_view(state)``: the attack being resolved (its records and what is open).
* ``legal_options``, ``crossfire_suggested``, ``settings_in_force``.
* ``attack_options(state, model)``: each weapon and kind of attack, with why not now;
  ``rof_splits``: every ROF declaration with its DAM, radius and ammunition row;
  ``initiative_preview``: each side's Command and the exact initiative odds;
  ``cp_options``: what each commander may spend a point on now, with why not;
  ``reroll_chances``: the exact odds of a point's re-roll of Att or Def dice, the other
  pool's result standing.
* ``burning_preview``, ``heal_preview``, ``landing_preview`` (``roll_previews``): the exact
  odds of the burning die, the Medic's die and the Def dice where indirect fire landed.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Mapping, Sequence

from engine.records import Record
from engine.rolls import Modifier, RollRecord, total
from engine.ruleset import Rejected

from . import odds
from . import tables as t
from .attack import check, radius_of, stealth_may_roll
from .attack_records import hit_record, pair_record
from .commands import Attack, Target
from .modifiers import attack_mods, defence_mods, hit_mods
from .resolve import empty_chance
from .roll_previews import burning_preview, heal_preview, landing_cover_note, landing_preview
from .roster import WeaponSpec
from .settings import SETTINGS_BY_KEY
from .state import BattleState, PendingAttack


class WeaponLine(Record):
    """A carried weapon: ``status`` "loaded" | "EMPTY" | "no magazine" | "N rounds" (LA)."""

    id: str
    name: str
    loaded: bool
    mags: int | None
    rounds: int | None
    status: str
    profile: str


class ModelLine(Record):
    """One model as the dashboard lists it."""

    id: str
    side: str
    name: str
    att: int
    defence: int
    armour: int
    wounds: int
    wound_limit: int | None
    wound_modifier: int
    stunned: bool
    burning: bool
    held: bool
    activated: bool
    out: bool
    speed: str | None
    speed_att: int | None
    speed_def: int | None
    command: int
    command_points: int
    weapons: tuple[WeaponLine, ...]
    markers: str
    can: tuple[str, ...]
    acting: str | None = None
    """What the model is doing now: "activated" (its activation is under way, the option
    and speed in ``acting_option``), "reacting" (its held action), or None."""
    acting_option: str | None = None
    """The option of the activation under way (``tables.OPTIONS``), with its speed if any."""


def acting_now(state: BattleState, model_id: str) -> tuple[str | None, str | None]:
    """("activated", its option and speed) while ``model_id``'s activation is under way,
    ("reacting", None) while it reacts with its held action, else (None, None)."""
    if state.reaction == model_id:
        return "reacting", None
    act = state.turn.active
    if act is None or act.model != model_id:
        return None, None
    return "activated", t.OPTIONS.get(act.option, act.option) + (f" at {act.speed}" if act.speed else "")


def _weapon_line(state: BattleState, model_id: str, weapon_id: str) -> WeaponLine:
    m = state.model(model_id)
    spec, w = state.weapon_spec(model_id, weapon_id), m.weapon_state(weapon_id)
    if spec.limited:
        status = f"{w.rounds} rounds"
    elif spec.magazine:
        status = ("loaded" if w.loaded else "EMPTY") + f", {w.mags} mag{'s' * (w.mags != 1)}"
    else:
        status = "no magazine"
    rng = (
        f'{spec.optimal:g}"' + (f'/{spec.maximum:g}"' if spec.maximum is not None else "")
        if spec.optimal is not None
        else "template"
        if spec.has("FT")
        else "in base contact"  # [XK-M7]: an M weapon attacks a model in base contact
    )
    traits = list(spec.traits) + ([f"AE {spec.ae}"] if spec.ae else [])
    col = {k: x.shown for k, x in t.WEAPON_COLUMNS.items()}
    profile = " · ".join(
        [rng, f"{col['Acc']} {spec.acc:+d}", f"{col['DAM']} {spec.dam}", f"{col['ROF']} {spec.rof}"]
        + [t.trait_shown(x) for x in traits]
    )
    return WeaponLine(spec.id, spec.name, w.loaded, w.mags, w.rounds, status, profile)


def legal_options(state: BattleState, model_id: str) -> tuple[str, ...]:
    """Activation options the model may take now (targets aside)."""
    m = state.model(model_id)
    if state.turn.phase != "activations" or state.turn.active or state.attack or state.reaction or not m.in_play:
        return ()
    if state.turn.bonus:
        if state.turn.bonus[0] != m.id:
            return ()
    elif m.side != state.turn.next_side or m.activated:
        return ()
    out = [t.MOVE_ATTACK, t.MOVE_DESIGNATE, t.HOLD]
    if any(s.magazine and not m.weapon_state(s.id).loaded for s in m.spec.weapons):
        out.append(t.RELOAD)
    if m.spec.medic is not None or m.spec.skills:
        out.append(t.SKILL)
    return tuple(out)


def model_lines(state: BattleState, side: str | None = None) -> tuple[ModelLine, ...]:
    out = []
    for m in state.models:
        if side is not None and m.side != side:
            continue
        col = state.column(m.id)
        marks = (
            ("✖ out " if m.out else "")
            + ("★ stunned " if m.stunned else "")
            + ("🔥 burning " if m.burning else "")
            + ("◎ held " if m.held else "")
            + ("✓ " if m.activated else "")
        )
        out.append(
            ModelLine(
                m.id,
                m.side,
                m.name,
                m.spec.att,
                m.spec.defence,
                m.spec.armour,
                m.wounds,
                m.spec.wounds,
                m.spec.wound_modifier(m.wounds),
                m.stunned,
                m.burning,
                m.held,
                m.activated,
                m.out,
                col.name if col else None,
                col.att if col else None,
                col.defence if col else None,
                m.spec.command,
                m.command_points,
                tuple(_weapon_line(state, m.id, w.id) for w in m.weapons),
                marks.strip(),
                legal_options(state, m.id),
                *acting_now(state, m.id),
            )
        )
    return tuple(out)


def model_text(line: ModelLine) -> str:
    """ "Sgt. Vance  Att 3 Def 2 Arm 4  wounds 1/3 (−1)  CP 2  [★ stunned]"."""
    cap = f"/{line.wound_limit}" if line.wound_limit is not None else ""
    mod = f" ({line.wound_modifier:+d})" if line.wound_modifier else ""
    cp = f"  CP {line.command_points}" if line.command_points else ""
    return f"{line.name}  Att {line.att} Def {line.defence} Arm {line.armour}  wounds {line.wounds}{cap}{mod}{cp}" + (
        f"  [{line.markers}]" if line.markers else ""
    )


class TurnView(Record):
    """The top bar: ``prompt`` says what to do next."""

    number: int
    phase: str
    chooser: str | None
    next_side: str | None
    active: str | None
    bonus: tuple[str, ...]
    initiative: Mapping[str, int]
    prompt: str


def turn_view(state: BattleState) -> TurnView:
    tn = state.turn
    name = state.side_name
    prompts = {
        "setup": "StartTurn: roll initiative (1d6 + highest Command each)",
        "between": f"turn {tn.number} is over: StartTurn for the next",
        "initiative": "initiative tied: RollInitiative again",
        "choose": f"{name(tn.chooser) if tn.chooser else '?'} chooses who activates first: ChooseFirst",
    }
    prompt = prompts.get(tn.phase, "")
    if tn.phase == "activations":
        if state.attack is not None:
            prompt = (
                "indirect fire: Land (who is hit)"
                if state.attack.stage == "landed"
                else "ResolveAttack (or SpendCommandPoint to re-roll a test)"
            )
        elif state.reaction:
            prompt = f"{state.model(state.reaction).name} reacts: Attack or EndReaction"
        elif tn.active:
            prompt = (
                f"{state.model(tn.active.model).name} is activated ({t.OPTIONS[tn.active.option]}): act, then "
                "EndActivation"
            )
        elif tn.bonus:
            prompt = f"bought activation: Activate {state.model(tn.bonus[0]).name}"
        else:
            prompt = f"{name(tn.next_side)}: Activate a model" if tn.next_side else "no model left to activate"
    active = state.model(tn.active.model).name if tn.active else None
    return TurnView(tn.number, tn.phase, tn.chooser, tn.next_side, active, tn.bonus, dict(tn.initiative), prompt)


def crossfire_suggested(state: BattleState, defender: str, attacker: str) -> bool:
    """[XK-A9]: another model has already attacked this defender this turn (the GM confirms > 90°)."""
    return any(d == defender and a != attacker for d, a in state.turn.attacked)


class PairPreview(Record):
    """One attacker–defender pair before the roll: both pools, every modifier, exact odds."""

    target: str
    att_dice: int
    att_mods: tuple[Modifier, ...]
    def_dice: int
    def_mods: tuple[Modifier, ...]
    att_distribution: Mapping[int, Fraction]
    def_distribution: Mapping[int, Fraction]
    sl_distribution: Mapping[int, Fraction]
    p_success: Fraction
    damage_distribution: Mapping[int, Fraction]
    wound_distribution: Mapping[int, Fraction]
    stealth_chance: Fraction | None
    crossfire_suggested: bool


class AttackPreview(Record):
    """The roll dialog's numbers. ``problem``: why the attack would be refused ("" if allowed);
    ``hit_*``: the indirect-fire hit test; ``p_empty``: the chance the magazine runs dry."""

    problem: str
    dam: int
    radius: int
    pairs: tuple[PairPreview, ...]
    empties_on: int
    ammo_row: str
    p_empty: Fraction
    hit_mods: tuple[Modifier, ...] = ()
    hit_sl_distribution: Mapping[int, Fraction] | None = None
    p_hit: Fraction | None = None


def _stealth_chance(state: BattleState, model_id: str, index: int, pending: PendingAttack) -> Fraction | None:
    m = state.model(model_id)
    if m.spec.stealth is None or not stealth_may_roll(state, pending, index, model_id):
        return None
    mod = -1 if m.stunned and state.setting("stun_one_die") != "none" else 0
    return odds.one_die_above(m.spec.stealth, mod)


def attack_preview(state: BattleState, cmd: Attack) -> AttackPreview | None:
    """Exact odds of ``cmd`` before rolling; None when the attacker, weapon or a target is unknown."""
    if not state.has_model(cmd.attacker) or any(not state.has_model(x.model) for x in cmd.targets):
        return None
    m = state.model(cmd.attacker)
    weapon = m.spec.weapon(cmd.weapon)
    if weapon is None:
        return None
    problem = check(state, cmd)
    used = cmd.rof_dam + cmd.rof_area
    dam = weapon.dam + cmd.rof_dam
    pending = PendingAttack(
        m.id,
        weapon.id,
        cmd.kind,
        "preview",
        dam,
        cmd.rof_dam,
        cmd.rof_area,
        radius_of(state, weapon, cmd.rof_area),
        m.spec.att,
        empties_on=t.empties_on(weapon.rof, used),
        ammo_row=t.ammo_row(weapon.rof, used),
    )
    p_empty = (
        empty_chance(state, pending)
        if (weapon.magazine or (weapon.limited and state.setting("la_depletion") == "on"))
        else Fraction(0)
    )
    pairs = []
    for i, x in enumerate(cmd.targets if cmd.kind != "indirect" else cmd.targets[:1]):
        d = state.model(x.model)
        am = () if cmd.kind == "indirect" else attack_mods(state, cmd, x)
        dm = defence_mods(state, cmd, x)
        sl = odds.opposed_sl(m.spec.att, total(am), d.spec.defence, total(dm)) if m.spec.att and d.spec.defence else {}
        pairs.append(
            PairPreview(
                d.id,
                m.spec.att,
                am,
                d.spec.defence,
                dm,
                odds.result_distribution(m.spec.att, total(am)) if m.spec.att else {},
                odds.result_distribution(d.spec.defence, total(dm)) if d.spec.defence else {},
                sl,
                odds.success(sl),
                odds.damage_distribution(sl, dam),
                odds.wound_distribution(sl, dam, d.spec.armour),
                _stealth_chance(state, d.id, i, pending),
                crossfire_suggested(state, d.id, m.id),
            )
        )
    extra: dict[str, Any] = {}
    if cmd.kind == "indirect" and m.spec.att:
        hm = hit_mods(state, cmd)
        dist = odds.threshold_sl(m.spec.att, total(hm), t.IF_THRESHOLD)
        extra = {"hit_mods": hm, "hit_sl_distribution": dist, "p_hit": odds.success(dist)}
    return AttackPreview(
        str(problem) if problem else "",
        dam,
        pending.radius,
        tuple(pairs),
        pending.empties_on,
        pending.ammo_row,
        p_empty,
        **extra,
    )


class PendingView(Record):
    """The attack being resolved: its records (every pool and modifier) and the command open."""

    attacker: str
    weapon: str
    kind: str
    stage: str
    records: tuple[RollRecord, ...]
    avoided: tuple[str, ...]
    commands: tuple[str, ...]


def pending_view(state: BattleState) -> PendingView | None:
    a = state.attack
    if a is None:
        return None
    if a.stage == "landed":
        records: Sequence[RollRecord] = (hit_record(state, a)[0],)
        commands = ("SpendCommandPoint", "Land")
    else:
        records = tuple(pair_record(state, a, x)[0] for x in a.targets if not x.avoided)
        commands = ("SpendCommandPoint", "ResolveAttack")
    return PendingView(
        a.attacker, a.weapon, a.kind, a.stage, tuple(records), tuple(x.model for x in a.targets if x.avoided), commands
    )


def settings_in_force(state: BattleState, keys: Sequence[str] = ()) -> tuple[tuple[str, str, str], ...]:
    """(ref, title, chosen reading) of the given settings (all, if none given)."""
    specs = [SETTINGS_BY_KEY[k] for k in keys] if keys else list(SETTINGS_BY_KEY.values())
    return tuple((s.ref, s.title, s.label_of(state.setting(s.key))) for s in specs)


class AttackOption(Record):
    """A weapon and a kind of attack (direct | melee | indirect) the model could make;
    ``problem``: why not now ("" if it may, targets aside)."""

    weapon: str
    name: str
    kind: str
    profile: str
    status: str
    problem: str


def _kinds(weapon: WeaponSpec) -> tuple[str, ...]:
    out = []
    if weapon.optimal is not None or weapon.has("FT"):
        out.append("direct")
    if weapon.has("IF"):
        out.append("indirect")
    if weapon.has("M"):
        out.append("melee")
    return tuple(out)


def attack_options(state: BattleState, model_id: str) -> tuple[AttackOption, ...]:
    """Every weapon × kind of attack of the model, each with the reason the engine would refuse
    it now (the check of ``Attack`` with the targets left out)."""
    m = state.model(model_id)
    out = []
    for spec in m.spec.weapons:
        line = _weapon_line(state, m.id, spec.id)
        for kind in _kinds(spec):
            problem = check(state, Attack(m.id, spec.id, kind=kind))
            why = "" if problem is None or problem.kind == "ambiguous" else str(problem)
            out.append(AttackOption(spec.id, spec.name, kind, line.profile, line.status, why))
    return tuple(out)


class RofSplit(Record):
    """One way to declare a weapon's ROF (§11): to DAM and to radius, with the resulting DAM,
    radius and the ammunition row ([XK-A13](b): empties on an unmodified 1..``empties_on``)."""

    rof_dam: int
    rof_area: int
    dam: int
    radius: int
    empties_on: int
    ammo_row: str
    row_label: str


def rof_splits(state: BattleState, model_id: str, weapon_id: str) -> tuple[RofSplit, ...]:
    """Every legal ROF declaration of the weapon, none first."""
    spec = state.weapon_spec(model_id, weapon_id)
    out = []
    for used in range(spec.rof + 1):
        for rof_area in range(used + 1):
            rof_dam = used - rof_area
            row = t.ammo_row(spec.rof, used)
            out.append(
                RofSplit(
                    rof_dam,
                    rof_area,
                    spec.dam + rof_dam,
                    radius_of(state, spec, rof_area),
                    t.empties_on(spec.rof, used),
                    row,
                    t.AMMO_ROW_LABELS[row],
                )
            )
    return tuple(out)


class InitiativePreview(Record):
    """§5.1: each side's highest Command in play and the exact chances of the 1d6 + Command roll."""

    commands: Mapping[str, int]
    p_a: Fraction
    p_tie: Fraction
    p_b: Fraction


def initiative_preview(state: BattleState) -> InitiativePreview:
    from .turn import highest_command

    commands = {s: highest_command(state, s) for s in t.SIDES}
    win, tie, lose = odds.initiative_odds(commands["A"], commands["B"])
    return InitiativePreview(commands, win, tie, lose)


class CPOption(Record):
    """A command point ``commander`` could spend now: ``use`` reroll | activation for ``model``;
    ``problem``: why the engine would refuse it ("" if it would not; within 6" is the GM's call)."""

    commander: str
    use: str
    model: str
    problem: str
    test: str = ""
    """"stealth" / "medic": a re-roll of its failed Stealth / Medic die; "": its Att or Def test."""


class RerollChance(Record):
    """One test a command point's re-roll of ``model``'s Att or Def dice decides (§15): the
    attacker's chance of success ``before`` the first roll and ``after`` the re-roll, the
    other pool's result standing; ``defender`` is "" for the indirect-fire hit test."""

    defender: str
    before: Fraction
    after: Fraction
    kept: int | None
    """The other pool's (modified) result that stands; None for a threshold test."""


def reroll_chances(state: BattleState, model_id: str) -> tuple[RerollChance, ...]:
    """The exact odds of re-rolling ``model_id``'s Att or Def dice in the open attack, given the
    dice that stay (§15): one entry per pair the re-roll decides."""
    a = state.attack
    if a is None:
        return ()
    if a.stage == "landed":
        if model_id != a.attacker:
            return ()
        p = hit_record(state, a)[0].probability or Fraction(0)
        return (RerollChance("", p, p, None),)
    out = []
    for x in a.targets:
        if x.avoided or not (model_id == a.attacker or model_id == x.model):
            continue
        which = "attack" if model_id == a.attacker else "defence"
        before, _ = pair_record(state, a, x)
        after, _ = pair_record(state, a, x, rerolled=which)
        detail = before.detail or {}
        kept = detail.get("defender_result") if which == "attack" else detail.get("attacker_result")
        out.append(RerollChance(x.model, before.probability or Fraction(0), after.probability or Fraction(0), kept))
    return tuple(out)


def medic_reroll_chance(state: BattleState, model_id: str) -> Fraction:
    """The exact chance that a re-rolled Medic die of ``model_id`` heals (§16)."""
    from .activation import medic_mods
    from .procedures import one_die_record

    m = state.model(model_id)
    above = m.spec.medic if m.spec.medic is not None else 6
    return one_die_record("xk6.medic", "", 1, medic_mods(state, m.id), above, "", "")[0].probability or Fraction(0)


def stealth_reroll_chance(state: BattleState, model_id: str) -> Fraction:
    """The exact chance that a re-rolled Stealth die of ``model_id`` avoids the attack (§16)."""
    from .attack_records import stealth_record

    return stealth_record(state, model_id, 1)[0].probability or Fraction(0)


def cp_options(state: BattleState) -> tuple[CPOption, ...]:
    """With an attack open: re-rolls of the tests made in it; otherwise: bought activations.
    One option per commander in play with points and each model of its side (of any side under
    [XK-A17](b) "any"); the engine's own check of ``SpendCommandPoint`` gives each problem."""
    from .command_points import spend
    from .commands import SpendCommandPoint

    a = state.attack
    if a is not None:
        tested = {
            **({a.attacker: a.att_dice} if a.faces else {}),
            **{x.model: x.def_dice for x in a.targets if x.faces and not x.avoided},
        }
    else:
        tested = {m.id: 0 for m in state.models if m.in_play}
    out = []
    for c in state.models:
        if not c.in_play or c.spec.command_points <= 0:
            continue
        for mid, count in tested.items():
            if state.model(mid).side != c.side and state.setting("cp_friendly") != "any":
                continue
            use = "reroll" if a is not None else "activation"
            probe = SpendCommandPoint(c.id, use, mid, faces=(1,) * count if a is not None else None)
            decided = spend(state, probe, _NO_DICE)
            out.append(CPOption(c.id, use, mid, str(decided) if isinstance(decided, Rejected) else ""))
        act = state.turn.active
        if a is None and act is not None and act.failed_heal is not None:
            medic = state.model(act.model)
            if medic.side == c.side or state.setting("cp_friendly") == "any":
                probe = SpendCommandPoint(c.id, "reroll", medic.id, faces=(1,), test="medic")
                decided = spend(state, probe, _NO_DICE)
                problem = str(decided) if isinstance(decided, Rejected) else ""
                out.append(CPOption(c.id, "reroll", medic.id, problem, "medic"))
        for x in a.targets if a is not None else ():
            if x.stealth_face is None or x.avoided:
                continue  # only a failed Stealth die is worth re-rolling
            if state.model(x.model).side != c.side and state.setting("cp_friendly") != "any":
                continue
            probe = SpendCommandPoint(c.id, "reroll", x.model, faces=(1,), test="stealth")
            decided = spend(state, probe, _NO_DICE)
            out.append(
                CPOption(c.id, "reroll", x.model, str(decided) if isinstance(decided, Rejected) else "", "stealth")
            )
    return tuple(out)


class _NoDice:
    """A dice source for probing a command with typed faces: it never rolls."""

    def roll(self, count: int, sides: int = 6, purpose: str = "") -> tuple[int, ...]:
        return (1,) * count


_NO_DICE = _NoDice()


__all__ = [
    "AttackOption",
    "AttackPreview",
    "CPOption",
    "InitiativePreview",
    "RerollChance",
    "RofSplit",
    "burning_preview",
    "heal_preview",
    "landing_cover_note",
    "landing_preview",
    "attack_options",
    "cp_options",
    "initiative_preview",
    "rof_splits",
    "ModelLine",
    "PairPreview",
    "PendingView",
    "Target",
    "TurnView",
    "WeaponLine",
    "attack_preview",
    "crossfire_suggested",
    "legal_options",
    "model_lines",
    "model_text",
    "pending_view",
    "reroll_chances",
    "settings_in_force",
    "turn_view",
]

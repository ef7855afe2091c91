"""What the dashboard shows for a SAGA battle: pure queries of the state.

* ``unit_lines(state)``: one line per unit, fatigue markers with the limit.
* ``pending_step(state)``: the open move, shot or melee step with its numbers, who
  decides now and the commands open.
* ``fatigue_step(state)``: melee step 7 (the fatigue every unit involved gained) for its page.
* ``fatigue_offers(state)``: the fatigue spends open now, and to which side.
* ``odds(state, trade=None)``: exact casualty odds for the current choices.
* ``settings_in_force(state)``: the readings that apply to the step on screen.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Mapping, Sequence

from engine.formatting import plural, possessive
from engine.records import Record
from engine.ruleset import Rejected

from . import tables as t
from .fatigue import SpendOption, fatigue_markers, spend_options, tiring
from .melee_numbers import (
    MeleeOdds,
    armour,
    current_dice,
    dice_source,
    extra_defence,
    hard_cover,
    melee_odds,
    save_on,
    step1,
)
from .melee_roll import casualty_plan
from .melee_state import ATTACKER, DEFENDER, ROLES, Melee, other
from .settings import SETTINGS_BY_KEY
from .shooting import HOUSE_LABEL, ShotOdds, shot_armour, shot_odds
from .state import BattleState, opponent
from .terms import band as band_term
from .terrain import building_reminders


class UnitLine(Record):
    """One unit as the dashboard lists it. ``house_defaults``: profile fields taken from
    the per-class settings (label them "house default"); ``can``: activations open now."""

    id: str
    side: str
    name: str
    cls: str
    models: int
    fatigue: int
    limit: int
    markers: str
    exhausted: bool
    armour_melee: int
    armour_shooting: int
    attack_dice: int
    shooting_dice: int
    move: str
    house_defaults: tuple[str, ...]
    building: str | None
    activations: tuple[str, ...]
    can: tuple[str, ...]


def legal_activations(state: BattleState, unit_id: str) -> tuple[str, ...]:
    """Activation kinds the unit may take now in a normal activation (targets aside)."""
    u = state.unit(unit_id)
    if state.turn.phase != "turn" or state.busy or not u.alive or u.side != state.turn.active:
        return ()
    out = [] if u.activations else ["rest"]
    if not u.exhausted:
        out = ["move", "charge", "shoot"] + out
    return tuple(out)


def unit_lines(state: BattleState, side: str | None = None) -> tuple[UnitLine, ...]:
    out = []
    for u in state.units:
        if side is not None and u.side != side:
            continue
        values = {f: state.profile(u.id, f) for f in t.PROFILE_FIELDS}
        out.append(
            UnitLine(
                u.id,
                u.side,
                u.name,
                u.cls,
                u.models,
                u.fatigue,
                u.limit,
                fatigue_markers(u.fatigue, u.limit),
                u.exhausted,
                values["armour_melee"][0],
                values["armour_shooting"][0],
                values["attack_dice"][0],
                values["shooting_dice"][0],
                u.spec.move_band,
                tuple(f for f, (_, house) in values.items() if house),
                u.building,
                tuple(a.kind for a in u.activations),
                legal_activations(state, u.id),
            )
        )
    return tuple(out)


def unit_text(line: UnitLine) -> str:
    """ "Hirdmen (Hearthguard) 4 models  ●●○○ 2/4" (+ "EXHAUSTED")."""
    return (
        f"{line.name} ({t.CLASS_NAMES[line.cls]}) {line.models} model{'s' * (line.models != 1)}  "
        f"{line.markers} {line.fatigue}/{line.limit}" + ("  EXHAUSTED" if line.exhausted else "")
    )


class StepView(Record):
    """The open step: ``kind`` move | shot | melee; ``decider`` the side that acts now;
    ``commands`` the command names open; ``lines`` the numbers, each with its rule."""

    kind: str
    step: int
    title: str
    decider: str | None
    lines: tuple[str, ...]
    commands: tuple[str, ...]
    notes: tuple[str, ...] = ()


def fatigue_offers(state: BattleState, side: str | None = None) -> tuple[SpendOption, ...]:
    """Fatigue spends open now (to ``side`` only, if given)."""
    return tuple(o for o in spend_options(state) if side is None or o.by == side)


def odds(state: BattleState, trade: bool | None = None) -> MeleeOdds | ShotOdds | None:
    """Exact odds for the open melee or shot, for the current choices."""
    return melee_odds(state, trade) if state.melee else shot_odds(state)


def _move_view(state: BattleState) -> StepView:
    mv = state.move
    assert mv is not None
    u = state.unit(mv.unit)
    band = mv.result_band
    lines = [
        f"{u.name}: Movement — {band_term(mv.band)}" + (" through broken terrain" if mv.broken else ""),
        f"moves {band_term(band)}" + (" (slowed, §4.5)" if mv.slowed else "")
        if band
        else "through broken terrain: enter the band moved ([SAGA-M8], p. 17 not in source)",
    ]
    if mv.target:
        lines.append(f"to engage {state.unit(mv.target).name if state.has_unit(mv.target) else mv.target}")
    lines += building_reminders(state, u.id, mv.target)
    tired, rule = tiring(state, u.id, mv.kind, mv.causes_fatigue)
    lines.append(f"after the move: {'+1 fatigue' if tired else 'no fatigue'} — {rule}")
    return StepView(
        "move",
        0,
        "Movement",
        opponent(u.side) if fatigue_offers(state) else u.side,
        tuple(lines),
        ("SpendFatigue", "CompleteMove") if fatigue_offers(state) else ("CompleteMove",),
    )


def _shot_view(state: BattleState) -> StepView:
    sh = state.shot
    assert sh is not None
    value, base, mods = shot_armour(state, sh)
    terms = " ".join(f"{m.value:+d} {m.label}" for m in mods)
    lines = [
        f"{state.unit(sh.shooter).name}: {sh.dice} attack dice",
        f"against Armour {value} = {base.value} {base.label} {terms}".rstrip(),
        HOUSE_LABEL,
    ]
    if sh.stage == "declared":
        nxt: tuple[str, ...]
        if fatigue_offers(state):
            title, decider, nxt = "Shooting: step 2, fatigue", state.unit(sh.target).side, ("SpendFatigue", "RollShot")
        else:  # nothing to spend: the shooter's side rolls on (§4.5 way 2)
            title, decider, nxt = "Shooting: step 2, no fatigue to spend", state.unit(sh.shooter).side, ("RollShot",)
        return StepView("shot", 2, title, decider, tuple(lines), nxt, (HOUSE_LABEL,))
    lines.append(f"{plural(sh.hits, 'hit')}: {sh.hits} defence dice cancelling on {state.setting('shooting_save')}+")
    return StepView(
        "shot",
        4,
        "Shooting: defence roll",
        state.unit(sh.target).side,
        tuple(lines),
        ("RollShotDefence",),
        (HOUSE_LABEL,),
    )


def _pool_line(state: BattleState, m: Melee, unit: str) -> str:
    p = m.pool_of_unit(unit)
    name = state.unit(unit).name
    if m.stage in ("participants", "choose-defender"):
        s1 = step1(state, m, p)
        how = dice_source(p.models, s1.per_model)
        aim = f" → attacks {state.unit(m.target_of(unit)).name}" if m.several else ""
        return (
            f"{name}: {s1.dice} attack dice ({how})"
            + (f", exhausted −{s1.halved} = {s1.after} ({s1.rule})" if s1.halved else "")
            + aim
        )
    value, mods, base = armour(state, m, unit)
    terms = "".join(f" {x.value:+d} {x.label}" for x in mods)
    warn = " [SAGA-A4: outside 2–6]" if not 2 <= value <= 6 else ""
    whose = f"{possessive(state.unit(m.target_of(unit)).name)} " if m.several else ""
    line = f"{name}: {current_dice(state, m, p)} attack dice against {whose}Armour {value} ({base.value}{terms}){warn}"
    if m.stage in ("defence-roll", "casualties"):
        faces = " ".join(f"{d.face}" + (f"(was {d.replaced})" if d.replaced else "") for d in m.attack.get(unit, ()))
        line += f": [{faces}]"
    return line


def _melee_lines(state: BattleState, m: Melee) -> list[str]:
    lines = [_pool_line(state, m, p.unit) for p in m.pools] if m.stage != "choose-defender" else []
    if m.stage == "trade":
        n = sum(p.step1 for p in m.pools_of(DEFENDER))
        removed, kept, bonus = t.trade(n)
        lines.append(
            f"trade: {n} − {removed} = {kept} attack dice, +{bonus} defence dice [SAGA-A1: rolled in step 5]"
            if n
            else "nothing to trade (0 attack dice)"
        )
    if m.stage.startswith("abilities"):
        lines += [f"ability ({a.role}): {a.name}, acts in step {a.acts_in}" for a in m.abilities]
        lines += [
            f"spent: {state.side_name(s.by)} took 1 of {possessive(state.unit(s.unit).name)} fatigue ({s.use})"
            for s in m.spends
        ]
    if m.stage in ("defence-roll", "casualties"):
        for role in ROLES:
            opp = m.hits.get(other(role), 0)
            count = t.defence_dice(opp, extra_defence(m, role))
            lines.append(
                f"{role.title()}: {plural(opp, 'hit')} against it, {count} defence dice (≤ 2×{opp}) on "
                f"{save_on(state, m, role)}+"
                + (
                    f"; {plural(m.rerolls_allowed(role, 'attack'), 'attack re-roll')} left"
                    if m.rerolls_allowed(role, "attack") > 0
                    else ""
                )
            )
    if m.stage == "casualties":
        for role in ROLES:
            faces = " ".join(str(d.face) for d in m.defence.get(role, ()))
            lines.append(f"{role.title()} defence [{faces}]: {m.uncancelled.get(role, 0)} uncancelled")
    if m.stage in ("participants", "trade", "abilities-attacker", "abilities-defender", "attack-roll"):
        lines.append("Defender: " + hard_cover(state, m)[1])
    if m.stage == "casualties" and m.several:
        for role in ROLES:
            plan = casualty_plan(state, m, role, {})
            if len(m.pools_of(role)) > 1 and not isinstance(plan, Rejected):
                lines.append(
                    f"{possessive(role.title())} casualties unless its owner splits them: "
                    + ", ".join(f"{state.unit(u).name} {n}" for u, n in plan)
                )
    if m.stage == "within-s":
        gone = state.unit(m.within_s[0])
        lines.append(
            f"{gone.name} was destroyed: tick {possessive(state.side_name(gone.side))} units within {band_term(t.T4_RADIUS)} (T4 [SAGA-A10]): "
            + ", ".join(u.name for u in state.units_of(gone.side))
        )
    if m.stage == "retreat":
        lines.append(
            f"casualties: the Defender lost {m.casualties.get(DEFENDER, 0)}, "
            f"the Attacker {m.casualties.get(ATTACKER, 0)}"
        )
    return lines


_MELEE_COMMANDS = {
    "choose-defender": ("ChooseDefender",),
    "participants": ("SetParticipants", "JoinMelee", "AimPool", "SetMeleeCover", "ConfirmAttackDice"),
    "trade": ("TradeDice",),
    "abilities-attacker": ("DeclareAbility", "SpendFatigue", "EndDeclarations"),
    "abilities-defender": ("DeclareAbility", "SpendFatigue", "EndDeclarations"),
    "attack-roll": ("RollAttacks",),
    "defence-roll": ("Reroll", "RollDefence"),
    "casualties": ("Reroll", "RemoveCasualties"),
    "within-s": ("MarkWithinS",),
    "retreat": ("ResolveRetreat",),
}
_MELEE_NOTES = {
    1: ("participation", "exhaustion_rounding", "exhausted_attacker_halved", "building_participants"),
    2: ("trade_dice_roll",),
    3: ("defender_cap_base", "enemy_armour_limit"),
    4: ("armour_limits",),
    6: ("t4_within_s",),
    8: ("no_legal_retreat", "retreat_distance", "building_retreat_impossible"),
}


def _decider(state: BattleState, m: Melee) -> str | None:
    """The side that must choose now; None where the GM enters or both sides roll."""
    if m.stage in ("choose-defender", "trade", "abilities-defender", "casualties"):
        return m.defender
    if m.stage == "abilities-attacker":
        return m.attacker
    if m.stage == "within-s":
        return state.unit(m.within_s[0]).side
    return None


M3_NOTE = (
    "[SAGA-M3] more than one unit on a side: each unit's attack dice roll "
    "against the Armour of the enemy unit it attacks; casualties are split across a side's units as "
    "their owner chooses"
)


def _melee_view(state: BattleState) -> StepView:
    m = state.melee
    assert m is not None
    notes = tuple(
        f"{SETTINGS_BY_KEY[k].ref}: {SETTINGS_BY_KEY[k].title} — {SETTINGS_BY_KEY[k].label_of(state.setting(k))}"
        for k in _MELEE_NOTES.get(m.step, ())
    )
    if any(p.joined for p in m.pools):
        notes += ("joining rules not in source text [SAGA-M3]",)
    if m.several:
        notes += (M3_NOTE,)
    return StepView(
        "melee",
        m.step,
        f"Melee step {m.step}: {t.MELEE_STEPS[m.step]}",
        _decider(state, m),
        tuple(_melee_lines(state, m)),
        _MELEE_COMMANDS[m.stage],
        notes,
    )


def casualty_split(state: BattleState, role: str, split: Mapping[str, int]) -> tuple[tuple[str, int], ...] | str:
    """How the casualties due to ``role`` fall on its units with the owner's ``split``
    (unit -> models; empty: the default), or why that split is refused [SAGA-M3]."""
    m = state.melee
    if m is None:
        return "no melee is being resolved"
    plan = casualty_plan(state, m, role, split)
    return plan.reason if isinstance(plan, Rejected) else tuple(plan)


def fatigue_step(state: BattleState) -> StepView | None:
    """Step 7 on its own page, once it has happened (the melee waits at step 8): every unit
    involved that survived step 6 gained one fatigue (T3); a destroyed unit gains none."""
    m = state.melee
    if m is None or m.stage != "retreat":
        return None
    lines = []
    for p in m.pools:
        u = state.unit(p.unit)
        if u.alive:
            lines.append(
                f"{u.name}: +1 fatigue (took part in the melee, §4.2) → {fatigue_markers(u.fatigue, u.limit)} {u.fatigue}/{u.limit}"
            )
        else:
            lines.append(f"{u.name}: destroyed in step 6, gains none")
    return StepView("melee", 7, f"Melee step 7: {t.MELEE_STEPS[7]}", None, tuple(lines), ("ResolveRetreat",))


def pending_step(state: BattleState) -> StepView | None:
    """The open move, shot or melee step, or None."""
    if state.melee:
        return _melee_view(state)
    if state.shot:
        return _shot_view(state)
    if state.move:
        return _move_view(state)
    return None


def settings_in_force(state: BattleState, keys: Sequence[str] = ()) -> tuple[tuple[str, str, str], ...]:
    """(ref, title, chosen reading) of the given settings (all, if none given)."""
    specs = [SETTINGS_BY_KEY[k] for k in keys] if keys else list(SETTINGS_BY_KEY.values())
    return tuple((s.ref, s.title, s.label_of(state.setting(s.key))) for s in specs)


class DiceToRoll(Record):
    """One group of dice the open step rolls now: ``role`` attacker | defender | shooter |
    target, the ``side`` rolling, how many dice (``count``), and ``purpose`` for the GM."""

    role: str
    side: str
    count: int
    purpose: str


def dice_to_roll(state: BattleState) -> tuple[DiceToRoll, ...]:
    """The dice the open roll needs, in the order typed faces are read: a melee's step 4
    (each side's attack dice) or step 5 (defence dice, capped at 2× the hits), or a
    shot's attack or defence roll. Empty when no roll is open."""
    m = state.melee
    if m is not None and m.stage == "attack-roll":
        return tuple(
            DiceToRoll(
                role,
                m.side_of(role),
                sum(p.final for p in m.pools_of(role)),
                f"the {possessive(role.title())} attack dice",
            )
            for role in ROLES
        )
    if m is not None and m.stage == "defence-roll":
        return tuple(
            DiceToRoll(
                role,
                m.side_of(role),
                t.defence_dice(m.hits.get(other(role), 0), extra_defence(m, role)),
                f"the {possessive(role.title())} defence dice",
            )
            for role in ROLES
        )
    sh = state.shot
    if sh is not None and sh.stage == "declared":
        return (DiceToRoll("shooter", state.unit(sh.shooter).side, sh.dice, "the shooting attack dice"),)
    if sh is not None and sh.stage == "rolled":
        return (DiceToRoll("target", state.unit(sh.target).side, sh.hits, "the shooting defence dice"),)
    return ()


class RerollDie(Record):
    """A die a re-roll may pick: ``index`` as the ``Reroll`` command counts it, its
    ``face``, whether it ``succeeded`` and whether it was ``rerolled`` already (never again);
    ``p_after``: the exact chance that its re-roll succeeds (a hit, a cancelled hit)."""

    index: int
    unit: str
    face: int
    succeeded: bool
    rerolled: bool
    p_after: Fraction = Fraction(0)


def _p_at_least(target: int) -> Fraction:
    """P(one d6 ≥ ``target``), 0 to 1 whatever the target ([SAGA-A4])."""
    return Fraction(min(6, max(0, 7 - target)), 6)


def reroll_dice(state: BattleState, side: str) -> tuple[str, int, tuple[RerollDie, ...]]:
    """(phase, re-rolls left, dice) that ``side`` may re-roll now in the open melee:
    attack dice after step 4, defence dice after step 5; ("", 0, ()) otherwise."""
    m = state.melee
    if m is None or side not in (m.attacker, m.defender) or m.stage not in ("defence-roll", "casualties"):
        return "", 0, ()
    role = m.role_of_side(side)
    out: list[RerollDie] = []
    if m.stage == "defence-roll":
        for p in m.pools_of(role):
            target = m.armour.get(p.unit, 7)
            for d in m.attack.get(p.unit, ()):
                out.append(
                    RerollDie(len(out), p.unit, d.face, d.face >= target, d.replaced is not None, _p_at_least(target))
                )
        phase = "attack"
    else:
        target = m.save_on.get(role, t.DEFENCE_SAVE)
        out += [
            RerollDie(i, m.primary(role), d.face, d.face >= target, d.replaced is not None, _p_at_least(target))
            for i, d in enumerate(m.defence.get(role, ()))
        ]
        phase = "defence"
    return phase, max(0, m.rerolls_allowed(role, phase)), tuple(out)

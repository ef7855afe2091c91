"""What the dashboard shows: read-only queries on a Sanctum Mortalis battle state.

The TUI calls these and renders the answers; it never computes a rule itself.
Every function is pure and cheap enough to call on each key press.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from engine.formatting import plural, possessive
from engine.records import Record

from . import tables as t
from .cards import hand, offensive_used
from .combat import next_shot_index, open_salvo, pending_for, salvo_size, save_situation, shot_situation
from .procedures.common import Option, ProcedureRefused
from .procedures.kernel import rolloff_tie_chance
from .procedures.rolloff import initiative_odds, scenario_start_odds, typed_rolloff_problem
from .procedures.shooting import base_accuracy, hit_chance, hit_dice, kill_chance, modified_accuracy, shooting_options
from .procedures.toughness import modified_toughness, toughness_chance, toughness_for_shot, toughness_options
from .profile import effective_profile
from .rerolls import RerollOffer, save_rerolls_left
from .rerolls import reroll_offers as _reroll_offers
from .salvo import group_first_target, needs_spread, salvo_problem
from .settings import SETTINGS
from .state import DEFENSIVE_STANCE, LEFT_TABLE, OUT_OF_ACTION, BattleState, LastRoll, ModelState
from .state import marker_badges as marker_badges  # here since the panes draw it without the rule procedures
from .terms import skill_term, trick_term
from .turn import round_start

if TYPE_CHECKING:  # the command classes load on first use: the battle screen is drawn without them
    from .commands import Attack, Fall, JumpDown, Save, Shoot


# ------------------------------------------------------------------ models
def status_word(state: BattleState, m: ModelState) -> str:
    """ready / activating / activated / engaged / out of action / left the table."""
    if m.status == OUT_OF_ACTION:
        return "out of action"
    if m.status == LEFT_TABLE:
        return "left the table"
    if state.order.active_model == m.id:
        return "activating"
    if m.engaged:
        return "engaged"
    return "activated" if m.activated else "ready"


def weapon_names(m: ModelState) -> list[str]:
    names = [t.RANGED_WEAPONS[w].name for w in m.spec.ranged if w in t.RANGED_WEAPONS]
    names += [t.MELEE_WEAPONS[w].name for w in m.spec.melee if w in t.MELEE_WEAPONS]
    return names


def archetype_name(m: ModelState) -> str:
    spec = m.spec
    if spec.volunteer:
        return "Volunteer"
    if spec.neutral:
        return f"independent ({spec.neutral_type or 'fighting'})"
    a = t.ARCHETYPES.get(spec.archetype)
    name = a.name if a else spec.archetype
    if spec.specialist and spec.specialist in t.SPECIALISTS:
        name = f"{t.SPECIALISTS[spec.specialist].name} ({name})"
    if spec.small:
        name = f"small {name}"
    return name


def model_card(state: BattleState, model_id: str) -> list[str]:
    """The model's full card: profile with where each number comes from, gear, skills, state."""
    m = state.model(model_id)
    spec = m.spec
    p = effective_profile(spec, m.infected)
    lines = [
        f"{spec.name} — {archetype_name(m)}" + (" — Captain" if spec.captain else ""),
        f"Profile {p.line()}   status: {status_word(state, m)}",
        "",
    ]
    for stat in ("S", "W", "C", "O"):
        lines.append(f"  {t.STAT_NAMES[stat]:<10} {p[stat].value:>2}  = {p[stat].explain()}")
    armour = t.ARMOURS.get(spec.armour)
    lines += [
        "",
        f"Armour: {armour.name if armour else spec.armour} (+{armour.toughness if armour else 0} T at a save)"
        + (", shield (+1 T)" if spec.shield else ""),
    ]
    for w in spec.ranged:
        rw = t.RANGED_WEAPONS.get(w)
        if rw:
            shots = (
                "template" if rw.template else f"{plural(rw.shots, 'shot')}" + (" per round" if rw.per_round else "")
            )
            lines.append(f'Ranged: {rw.name} ({rw.weapon_class}), {rw.range}", {shots}, target T {rw.toughness:+d}')
    for w in spec.melee:
        mw = t.MELEE_WEAPONS.get(w)
        if mw:
            lines.append(
                f"Melee: {mw.name}"
                + (f", loser's T {mw.toughness:+d}" if mw.toughness else "")
                + (f", Fight {mw.fight:+d}" if mw.fight else "")
            )
    if spec.items or spec.mods:
        lines.append("Items: " + ", ".join(t.ITEMS[i].name if i in t.ITEMS else i for i in (*spec.items, *spec.mods)))
    if spec.skills:
        lines.append("Skills: " + ", ".join(skill_term(k) if k in t.SKILLS else k for k in spec.skills))
    if m.trick_charges:
        lines.append("Tricks: " + ", ".join(f"{trick_term(k)} {n}/{t.TRICKS[k].charges}" for k, n in m.trick_charges))
    if spec.wounds:
        lines.append("Wounds: " + ", ".join(t.WOUNDS[w].name for w in spec.wounds if w in t.WOUNDS))
    lines.append(f"XP {spec.xp} (level {t.level_for(spec.xp)}), +{m.xp_gained} this battle")
    lines.append(
        f"Actions this round: {m.actions_used} used, {m.actions_left} left"
        + (f" (limited to {m.action_cap})" if m.action_cap < 2 else "")
    )
    badges = marker_badges(m)
    if badges:
        lines.append("Markers: " + ", ".join(f"{sym} {name}" for sym, name, _ in badges))
    if m.engaged:
        lines.append("Engaged with: " + ", ".join(state.model(o).name for o in sorted(m.engaged_with)))
    if m.kills:
        lines.append("Took out: " + ", ".join(state.model(k).name for k in m.kills))
    return lines


# ------------------------------------------------------------------ shooting
class ShotPreview(Record):
    """Everything the shooting dialog shows before the roll."""

    options: tuple[Option, ...]
    base: int
    cmod: int
    p_hit: Fraction
    p_kill: Fraction
    shot_index: int
    shots: int
    refusal: str = ""
    save_options: tuple[Option, ...] = ()
    tmod: int = 0
    p_save: Fraction = Fraction(0)
    dice: int | None = 2
    """The dice the shot's command rolls (``shooting.hit_dice``); None: it depends on the roll."""


def shot_preview(state: BattleState, cmd: Shoot) -> ShotPreview:
    """Options, modified Accuracy, exact hit and kill chance for the shot ``cmd`` describes."""
    s = state.model(cmd.shooter)
    index, _ = next_shot_index(s, cmd.weapon)
    shots = salvo_size(s, cmd.weapon)
    problem = salvo_problem(state, s, cmd)
    if problem is not None:
        rule = f" ({problem.rule})" if problem.rule else ""
        return ShotPreview((), 0, 0, Fraction(0), Fraction(0), index, shots, f"{problem.reason}{rule}")
    try:
        sit = shot_situation(state, cmd)
        options = shooting_options(sit)
        tg = state.model(cmd.target)
        used = frozenset(state.side(tg.side).cards_used) if tg.side in ("A", "B") else frozenset()
        save = toughness_for_shot(sit, defensive_stance=DEFENSIVE_STANCE in tg.markers, used_plays=used)
        return ShotPreview(
            options,
            base_accuracy(sit).value,
            modified_accuracy(sit, options),
            hit_chance(sit),
            kill_chance(sit, save),
            index,
            shots,
            "",
            toughness_options(save),
            modified_toughness(save),
            toughness_chance(save),
            hit_dice(sit, options),
        )
    except ProcedureRefused as err:
        return ShotPreview((), 0, 0, Fraction(0), Fraction(0), index, shots, f"{err.reason} ({err.rule})")


def salvo_carried(state: BattleState, cmd: Shoot) -> tuple[frozenset[str], frozenset[str]]:
    """(toggles, declined) the next shot of a Shooting action starts from: at the same
    target as the shot before, that shot's modifiers (range, obstacle, cover still hold);
    re-rolls and extra dice are chosen shot by shot, and another target starts afresh."""
    none: tuple[frozenset[str], frozenset[str]] = (frozenset(), frozenset())
    s = state.model(cmd.shooter)
    salvo, aim = s.salvo, s.salvo_aim
    if salvo is None or aim is None or salvo_target(s) != cmd.target or salvo[0] != cmd.weapon:
        return none
    try:
        options = shooting_options(shot_situation(state, cmd))
    except ProcedureRefused:
        return none
    modifiers = {o.key for o in options if o.kind == "modifier"}
    _, toggles, declined = aim
    return frozenset(toggles) & modifiers, frozenset(declined) & modifiers


def salvo_targets_allowed(state: BattleState, shooter_id: str, weapon: str) -> dict[str, str]:
    """For the next shot of ``weapon``: every enemy target's id -> "" (it may be shot),
    "spread" (the GM must confirm it is within the heavy rifle's 3" of the first target),
    or the reason it may not (one target per Shooting action, §10.5)."""
    from .commands import Shoot

    m = state.model(shooter_id)
    out: dict[str, str] = {}
    for tg in shooting_targets(state, shooter_id):
        if needs_spread(m, weapon, tg.id) is not None:
            out[tg.id] = "spread"
            continue
        problem = salvo_problem(state, m, Shoot(m.id, tg.id, weapon, overwatch=m.salvo_overwatch))
        out[tg.id] = "" if problem is None else problem.reason
    return out


def salvo_first_target(state: BattleState, shooter_id: str, weapon: str) -> str | None:
    """The target of the first shot of the weapon firing now in ``shooter_id``'s Shooting
    action (the heavy rifle's other targets are within 3" of it), or None."""
    return group_first_target(state.model(shooter_id), weapon)


def salvo_target(m: ModelState) -> str | None:
    """The target of the shot before in ``m``'s open Shooting action (a save may have been
    rolled since), or None."""
    salvo = open_salvo(m)
    return m.salvo_aim[0] if salvo and salvo[1] and m.salvo_aim is not None else None


def shooting_targets(state: BattleState, shooter_id: str) -> list[ModelState]:
    """Enemy models on the table, nearest-first is unknown to the app: roster order."""
    s = state.model(shooter_id)
    return [m for m in state.models if m.on_table and m.side != s.side]


# ------------------------------------------------------------------ saves
class SavePreview(Record):
    options: tuple[Option, ...]
    base: int
    tmod: int
    p_pass: Fraction
    refusal: str = ""
    held_roll: dict[str, Any] | None = None
    rerolls_left: tuple[str, ...] = ()
    """The re-rolls the model may still use if the roll fails, by name (offered after it)."""


def reroll_offers(state: BattleState) -> tuple[RerollOffer, ...]:
    """Every re-roll the rules allow after the last roll, now: each with its cost and the
    exact odds after it (``rerolls.reroll_offers``)."""
    return _reroll_offers(state)


def save_on_hold(state: BattleState) -> bool:
    """The first pending save is a failed roll held for a re-roll (``Save.hold``)."""
    return bool(state.pending) and state.pending[0].context.get("roll") is not None


def save_preview(state: BattleState, cmd: Save) -> SavePreview:
    m = state.model(cmd.model)
    pend = pending_for(state, m.id)
    if pend is None:
        return SavePreview((), 0, 0, Fraction(0), f"{m.name} has no Toughness roll to make")
    toggles = frozenset(set(cmd.toggles) | ({cmd.card} if cmd.card else set()))
    sit = save_situation(state, pend, toggles, frozenset(cmd.declined))
    try:
        options = toughness_options(sit)
        return SavePreview(
            tuple(o for o in options if o.kind != "reroll"),  # offered after the roll (``reroll_offers``)
            effective_profile(m.spec, m.infected).O.value,
            modified_toughness(sit, options),
            toughness_chance(sit),
            "",
            pend.context.get("roll"),
            save_rerolls_left(state, m.id),
        )
    except ProcedureRefused as err:
        return SavePreview((), 0, 0, Fraction(0), f"{err.reason} ({err.rule})", pend.context.get("roll"))


# ------------------------------------------------------------------ other actions
def other_actions(state: BattleState, model_id: str) -> list[tuple[str, str]]:
    """(what the log says, why the model cannot: "" if it can) for each of
    ``tables.OTHER_ACTIONS``."""
    from .actions import other_action_problem

    m = state.model(model_id)
    out = []
    for kind in t.OTHER_ACTIONS:
        what = f"{kind.label} ({kind.rule})"
        problem = other_action_problem(m, what)
        out.append((what, problem.reason if problem is not None else ""))
    return out


def free_pickup_problem(state: BattleState, model_id: str) -> str:
    """Why the model may not pick up a marker for free with Zbieracz now ("" if it may):
    the skill, usable (§20.1), and not yet used this round."""
    from .actions import collector_problem

    problem = collector_problem(state, state.model(model_id))
    return "" if problem is None else problem.reason


def challenge_problem(state: BattleState, side: str, key: str) -> str:
    """Why ``side`` may not take the Challenge ``key`` now ("" if it may, §23.7): before
    round 1 only, at most two, each once, the Specialists they need."""
    from .postbattle.challenges import challenge_refusal

    if state.order.round > 0 or state.order.phase != "setup":
        return "Challenges are picked before round 1"
    own = state.side(side)
    other = state.side(state.opponent(side))
    return challenge_refusal(own.challenges, key, own=own.band, opponent=other.band) or ""


def bears_special_marker(state: BattleState, model_id: str) -> bool:
    """The model carries the special marker, alone or together (§23.5)."""
    from .special_marker import carries_special

    return carries_special(state.model(model_id))


def special_carriers(state: BattleState, model_id: str) -> list[ModelState]:
    """Friends carrying the special marker alone whom ``model_id`` may join to carry it
    together (§23.5; being in contact is the GM's call)."""
    m = state.model(model_id)
    if m.special_marker or m.carry_partner or m.spec.pet or m.spec.volunteer:
        return []
    return [x for x in state.on_table(m.side) if x.special_marker and x.carry_partner is None and x.id != m.id]


def hidden_data_problem(state: BattleState, model_id: str) -> str:
    """Why ``model_id`` may not pick up a Ukryte dane marker now ("" if it may, §23.7)."""
    from .actions import hidden_pickup_problem

    problem = hidden_pickup_problem(state, state.model(model_id))
    return "" if problem is None else problem.reason


# ------------------------------------------------------------------ cards, settings
def card_hand(
    state: BattleState, side: str, model_id: str | None
) -> tuple[list[tuple[t.EventCard, bool, str, bool]], int, int]:
    """(card, playable, why not, its moment has come) for every card of ``side``, and
    offensive events used."""
    return hand(state, side, model_id), offensive_used(state, side), t.MAX_OFFENSIVE_EVENTS


def settings_rows(state: BattleState) -> list[tuple[str, str, str, str, bool]]:
    """(key, ref, title, current reading, is the recommended default) for every setting."""
    return [
        (s.key, s.ref, s.title, s.label_of(state.setting(s.key)), state.setting(s.key) == s.default) for s in SETTINGS
    ]


# ------------------------------------------------------------------ melee
class MeleePreview(Record):
    """Everything the melee dialog shows before the roll."""

    options: tuple[Option, ...]
    fight: tuple[int, int]
    p_win: Fraction
    p_tie: Fraction
    p_lose: Fraction
    p_withdraw: Fraction
    p_takes_out: Fraction
    p_taken_out: Fraction
    supporters: tuple[tuple[str, ...], tuple[str, ...]]
    refusal: str = ""
    dice: tuple[int, int] = (2, 2)
    """The attacker's and the defender's dice."""


def melee_preview(state: BattleState, cmd: Attack) -> MeleePreview:
    """Both sides' options, Fight totals and the exact odds of an Attack or Withdraw."""
    from .melee_actions import attack_problem, melee_situation, supporters
    from .procedures.melee import (
        fight_totals,
        melee_dice,
        melee_kill_chance,
        melee_odds,
        melee_options,
        withdraw_chance,
    )

    zero = Fraction(0)
    problem = attack_problem(state, cmd)
    if problem is not None:
        return MeleePreview((), (0, 0), zero, zero, zero, zero, zero, zero, ((), ()), str(problem))
    sit = melee_situation(state, cmd)
    a_sup, d_sup = supporters(state, cmd.attacker, cmd.defender)
    names = (tuple(state.model(x).name for x in a_sup), tuple(state.model(x).name for x in d_sup))
    try:
        options = melee_options(sit)
        win, tie, lose = melee_odds(sit)
        kill, killed = (zero, zero) if cmd.withdraw else melee_kill_chance(sit)
        away = withdraw_chance(sit) if cmd.withdraw else zero
        return MeleePreview(
            options, fight_totals(sit, options), win, tie, lose, away, kill, killed, names, "", melee_dice(options)
        )
    except ProcedureRefused as err:
        return MeleePreview((), (0, 0), zero, zero, zero, zero, zero, zero, names, f"{err.reason} ({err.rule})")


# ------------------------------------------------------------------ jumps and falls
class DropPreview(Record):
    """A jump down or a fall (§7.5): 2k6 against the height in full inches plus a number.
    ``p_success``: the model lands (a jump) or survives (a fall); for a jump,
    ``p_survives`` also counts the fall rolled after a failed jump."""

    title: str
    terms: tuple[str, ...]
    target: int
    comparison: str
    p_success: Fraction
    p_survives: Fraction
    refusal: str = ""
    dice: int = 2
    """2k6 (a failed jump's fall rolls 2 more in the same command)."""
    held: bool = False
    """With ``hold``: a failure waits for a re-roll offered to the model (the Captain's,
    §2.2); the fall or the removal follows it (``AcceptDrop``)."""


def drop_preview(state: BattleState, cmd: JumpDown | Fall) -> DropPreview:
    from .commands import JumpDown
    from .procedures.common import speed_skill
    from .procedures.movement import fall_survival_chance, fall_term, full_inches, jump_down_chance, jump_down_term

    m = state.model(cmd.model)
    h = full_inches(cmd.height)
    art = speed_skill(m.spec, "art-of-falling", state.settings)
    refusal = "" if m.on_table else f"{m.name} is not on the table"
    p_fall = fall_survival_chance(cmd.height, art)
    if isinstance(cmd, JumpDown):
        acrobat = speed_skill(m.spec, "acrobat", state.settings)
        add, p_land = jump_down_term(acrobat), jump_down_chance(cmd.height, acrobat)
        title, comparison, p_success, p_survives = (
            f'{m.name} jumps down {cmd.height:g}"',
            ">",
            p_land,
            p_land + (1 - p_land) * p_fall,
        )
    else:
        add = fall_term(art)
        title, comparison, p_success, p_survives = f'{m.name} falls {cmd.height:g}"', ">=", p_fall, p_fall
    terms = (
        f"height {h} in full inches",
        f"+{add.value} {add.label.lower() if add.rule == '§7.5' else add.label} {add.rule}",
    )
    held = bool(cmd.hold and m.on_table and _failure_held(state, cmd))
    return DropPreview(title, terms, h + add.value, comparison, p_success, p_survives, refusal, held=held)


def _failure_held(state: BattleState, cmd: JumpDown | Fall) -> bool:
    """Whether a failure of ``cmd`` would be held (a re-roll offered for it): tried on the
    first failing pair of faces, if any."""
    from itertools import product

    from engine.dice import ScriptedDice

    from .commands import JumpDown
    from .procedures.common import speed_skill
    from .procedures.movement import fall_roll, jump_down_roll
    from .rerolls import holds

    m = state.model(cmd.model)
    for faces in product(range(1, 7), repeat=2):
        if isinstance(cmd, JumpDown):
            acrobat = speed_skill(m.spec, "acrobat", state.settings)
            record = jump_down_roll(cmd.height, ScriptedDice(faces), acrobat=acrobat, model=m.spec)
        else:
            art = speed_skill(m.spec, "art-of-falling", state.settings)
            record = fall_roll(cmd.height, ScriptedDice(faces), art_of_falling=art, model=m.spec, cause=cmd.cause)
        if not record.success:
            return holds(state, "jump" if isinstance(cmd, JumpDown) else "fall", m.id, record)
    return False


def held_drop(state: BattleState) -> LastRoll | None:
    """The failed jump down or fall waiting for a re-roll or ``AcceptDrop`` (or None)."""
    from .rerolls import held_drop as _held

    return _held(state)


# ------------------------------------------------------------------ who starts
class RollOffPreview(Record):
    """The 2k6 roll-off a new round opens with (§5.1), or the scenario's start roll (§23)."""

    title: str
    why: str
    names: tuple[str, str]
    verb: str
    """What the roll gives the side it favours: "starts" or "decides" (who starts)."""
    p_first: Fraction
    p_second: Fraction
    p_tie: Fraction
    """The chance one roll ties (it is rolled again)."""
    dice: int = 4
    """Each side's 2k6, the first side's first (a tie: 4 more)."""

    @property
    def owners(self) -> tuple[str, str]:
        """ "Crimson Saints'", "Anna's": whose dice are typed first and second."""
        return possessive(self.names[0]), possessive(self.names[1])

    def dice_problem(self, faces: tuple[int, ...]) -> str:
        """Why these typed faces cannot be the roll-off ("" if they can)."""
        return typed_rolloff_problem(faces, self.owners)


def round_start_preview(state: BattleState) -> RollOffPreview | None:
    """The roll the next round starts with, or None when no dice decide who starts (more
    models, the scenario's Attacker or Defender, or a round that cannot start now)."""
    if state.ended or state.order.phase not in ("setup", "round-over"):
        return None
    how = round_start(state)
    names = (state.side("A").name, state.side("B").name)
    if how.method == "roll-off":
        ca, cb = how.counts
        p_a, p_b = initiative_odds(ca, cb)
        return RollOffPreview(
            f"Who starts round {how.number}",
            f"{ca} v {cb} models: both roll 2k6, the higher total starts (§5.1 [SM-A40])",
            names,
            "starts",
            p_a,
            p_b,
            rolloff_tie_chance(),
        )
    if how.method == "roll-low":
        p_a, p_b = scenario_start_odds()
        return RollOffPreview(
            f"{how.scenario.name}: who decides who starts",
            "Both roll 2k6: the lower total decides who starts the game (§23)",
            names,
            "decides",
            p_a,
            p_b,
            rolloff_tie_chance(),
        )
    return None


def dice_problem(state: BattleState, cmd: Any, faces: tuple[int, ...]) -> str:
    """Why dice typed at the table cannot be ``cmd``'s ("" if they can): a face that is
    not on a d6, too few (a failed jump's fall needs two more) or too many. The engine
    tries the command with them; nothing is saved. A command the rules refuse is not a
    dice problem: submitting it says why."""
    from engine.dice import DiceEntryError, TypedDice, too_many_dice
    from engine.ruleset import Rejected

    typed = TypedDice(list(faces))
    try:
        decision = _rules().decide(state, cmd, typed)
    except DiceEntryError as err:
        return str(err)
    if isinstance(decision, Rejected):
        return ""
    return too_many_dice(typed) if typed.unused else ""


@lru_cache(maxsize=1)
def _rules() -> Any:
    from .ruleset import SanctumMortalis

    return SanctumMortalis()

"""Melee (§8): both sides' modifiers, exact odds, resolving the opposed roll, the loser's save.

Each side rolls 2k6 + Fight + modifiers (Skuteczna zasłona / Zabójczy cios: 3 dice,
drop the lowest); the higher total hits, a tie hits nobody. Trafienie krytyczne: a
natural 12 wins outright ([SM-A28]: plain two-dice rolls only; two criticals cancel).
Withdraw (§8.4): the same roll, nobody is harmed; a tie per [SM-A4].
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Mapping

from engine.dice import DiceSource
from engine.records import Record, changed, field
from engine.rolls import Modifier, RollRecord

from .. import tables as t
from ..roster import ModelSpec
from ..terms import card_term, challenge_term, skill_term, term
from .common import (
    Option,
    ProcedureRefused,
    active,
    auto,
    display_name,
    has_skill,
    heavy_armed,
    heroic_refusal,
    modifiers_of,
    natural_plain,
    profile_of,
    setting,
    sum_of,
    toggle,
)
from .kernel import DROP_LOWEST, MODE_NAMES, PLAIN, Mode, is_critical, melee_chance
from .reroll import group, group_dice, group_mode, group_rerolled, group_total, register_evaluator, roll_group
from .support import support_value
from .toughness import ToughnessSituation, toughness_chance

SIDES = ("attacker", "defender")
KITTY = "show-me-kitty"


class MeleeSituation(Record):
    """An Attack (or a Withdraw) between two engaged models.

    ``*_support_models``: the models giving each side support (``support_counts`` finds
    them from the contact graph). ``defender_stance``: the defender has a Defensive
    stance marker (the attacker's own marker went when it attacked, §11.2).
    ``attacker_charged``: the attacker engaged the defender with its Move this activation
    and attacks at once (Brudne zagrywki). ``*_special_marker``: carries the Scenario 4
    special marker (Fight −2). ``defender_pacifist``: the defender is the Sfochowany
    pacyfista of a Challenge (its Fight is 1). ``*_used_plays``: heroic plays each player
    has used. ``toggles`` / ``declined``: GM switches (see ``melee_options``).
    """

    attacker: ModelSpec
    defender: ModelSpec
    attacker_support_models: tuple[ModelSpec, ...] = ()
    defender_support_models: tuple[ModelSpec, ...] = ()
    toggles: frozenset[str] = frozenset()
    declined: frozenset[str] = frozenset()
    settings: Mapping[str, str] = field(default_factory=dict)
    withdraw: bool = False
    attacker_infected: bool = False
    defender_infected: bool = False
    defender_stance: bool = False
    attacker_charged: bool = False
    attacker_special_marker: bool = False
    defender_special_marker: bool = False
    defender_pacifist: bool = False
    attacker_used_plays: frozenset[str] = frozenset()
    defender_used_plays: frozenset[str] = frozenset()


def _models(sit: MeleeSituation, side: str) -> tuple[ModelSpec, ModelSpec]:
    return (sit.attacker, sit.defender) if side == "attacker" else (sit.defender, sit.attacker)


def fight_base(sit: MeleeSituation, side: str) -> Modifier:
    """The Fight the side's roll starts from (profile W, or 1 for the Sfochowany pacyfista)."""
    if side == "defender" and sit.defender_pacifist:
        return Modifier(f"{challenge_term('sulking-pacifist')}: Fight is 1", 1, "§23.7")
    model = sit.attacker if side == "attacker" else sit.defender
    infected = sit.attacker_infected if side == "attacker" else sit.defender_infected
    return Modifier("Fight", profile_of(model, infected).W.value, "§3.1")


def _side_options(sit: MeleeSituation, side: str) -> list[Option]:
    me, opp = _models(sit, side)
    on, off = sit.toggles, sit.declined
    attacker = side == "attacker"
    p = f"{side}_"
    out: list[Option] = []

    def add(key: str, label: str, value: int, rule: str, **kw: Any) -> None:
        out.append(auto(p + key, label, value, rule, off, side=side, **kw))

    pistol = any(w in t.PISTOLS for w in me.ranged)
    if "additional-weapon" in me.melee or pistol:
        label = "Additional weapon" if "additional-weapon" in me.melee else "Pistol as an additional weapon"
        if has_skill(opp, "disarm"):
            add("additional_weapon", f"{label} (cancelled: opponent's {skill_term('disarm')})", 0, "§20.2")
        else:
            add("additional_weapon", label, t.MELEE_WEAPONS["additional-weapon"].fight, "§8.5")
    supporters = sit.attacker_support_models if attacker else sit.defender_support_models
    if supporters:
        value, label = support_value(supporters, opp)
        if not attacker and setting(sit.settings, "defender_support") != "both":
            add("support", f"{label} (defender gets none: setting)", 0, "§8.3 [SM-A2]")
        else:
            add("support", label, value, "§8.3")
    if not attacker and sit.defender_stance:
        add("stance", f"{term('Defensive stance')}: attacked", t.DEFENSIVE_STANCE_FIGHT, "§11.2")
    if attacker and has_skill(me, "battle-frenzy"):
        add("battle_frenzy", f"{skill_term('battle-frenzy')}: attacking", t.BATTLE_FRENZY, "§20.2")
    if has_skill(opp, "agile") and ("two-handed" in me.melee or heavy_armed(me)):
        add("agile", f"Opponent's {skill_term('agile')}: two-handed or heavy weapon", t.AGILE, "§20.2")
    if "two-handed" in me.melee or "hand-weapon" in me.melee:
        for mod in ("nano-blade", "ultralight-alloy"):
            if mod in me.mods:
                add("weapon_mod", t.ITEMS[mod].name, 1, "§17.4")
                break
    if (
        attacker
        and not sit.withdraw
        and opp.armour == "sarcophagus"
        and heroic_refusal(me, KITTY, sit.attacker_used_plays, sit.settings) is None
    ):
        out.append(
            toggle(
                KITTY,
                card_term("show-me-kitty"),
                t.SHOW_ME_KITTY_FIGHT,
                "§12.2",
                on,
                off,
                side=side,
            )
        )
    if not attacker and has_skill(me, "effective-parry"):
        parry = toggle(
            p + "effective_parry",
            f"{skill_term('effective-parry')}: 3 dice, drop the lowest (deals no harm)",
            0,
            "§20.2",
            on,
            off,
            kind="dice",
            side=side,
        )
        out.append(parry)
        if parry.active and me.shield:
            add("parry_shield", f"{skill_term('effective-parry')} with a shield", t.EFFECTIVE_PARRY_SHIELD, "§20.2")
    if attacker and has_skill(me, "deadly-blow"):
        out.append(
            toggle(
                p + "deadly_blow",
                f"{skill_term('deadly-blow')}: 3 dice, drop the lowest (−1 T if it loses)",
                0,
                "§20.2 [SM-A7]",
                on,
                off,
                kind="dice",
                side=side,
            )
        )
    carries = sit.attacker_special_marker if attacker else sit.defender_special_marker
    if carries:
        add("special_marker", "Carrying the special marker", t.SPECIAL_MARKER_FIGHT, "§23.5")
    if has_skill(me, "critical-hit"):
        add("critical_hit", f"{skill_term('critical-hit')}: a natural 12 wins", 0, "§20.2 [SM-A28]", kind="info")
    return out


def melee_options(sit: MeleeSituation) -> tuple[Option, ...]:
    """Both sides' modifiers (``Option.side``), keys prefixed ``attacker_`` / ``defender_``:
    additional_weapon, support, stance, battle_frenzy, agile, weapon_mod, parry_shield,
    special_marker (modifiers); effective_parry, deadly_blow (dice); critical_hit (info);
    plus ``show-me-kitty``. No re-roll is declared before the roll: Zwadźca, Brudne
    zagrywki, the Captain and Błąd matrycy are offered after the result (``rerolls``).
    """
    return tuple(_side_options(sit, "attacker") + _side_options(sit, "defender"))


def _modes(options: tuple[Option, ...]) -> tuple[Mode, Mode]:
    a = DROP_LOWEST if active(options, "attacker_deadly_blow") else PLAIN
    d = DROP_LOWEST if active(options, "defender_effective_parry") else PLAIN
    return a, d


def melee_dice(options: tuple[Option, ...]) -> tuple[int, int]:
    """How many dice the attacker and the defender roll (2, or 3 with Zabójczy cios or
    Skuteczna zasłona): what the GM types, the attacker's first."""
    a_mode, d_mode = _modes(options)
    return a_mode[0], d_mode[0]


def fight_totals(sit: MeleeSituation, options: tuple[Option, ...] | None = None) -> tuple[int, int]:
    """(attacker's Fight + modifiers, defender's Fight + modifiers)."""
    options = melee_options(sit) if options is None else options
    return (
        fight_base(sit, "attacker").value + sum_of(options, "attacker"),
        fight_base(sit, "defender").value + sum_of(options, "defender"),
    )


def _check(sit: MeleeSituation) -> tuple[Option, ...]:
    options = melee_options(sit)
    if KITTY in sit.toggles and KITTY not in sit.declined and not active(options, KITTY):
        why = heroic_refusal(sit.attacker, KITTY, sit.attacker_used_plays, sit.settings)
        raise ProcedureRefused(
            why or f"{card_term('show-me-kitty')} is for an Attack on a model in a Battle sarcophagus", "§12.2"
        )
    return options


def melee_odds(sit: MeleeSituation) -> tuple[Fraction, Fraction, Fraction]:
    """(P attacker wins, P tie, P defender wins), exact; they add up to 1."""
    return _odds(sit, _check(sit))


def _odds(sit: MeleeSituation, options: tuple[Option, ...]) -> tuple[Fraction, Fraction, Fraction]:
    a_total, d_total = fight_totals(sit, options)
    a_mode, d_mode = _modes(options)
    return melee_chance(
        a_total - d_total,
        a_mode,
        d_mode,
        has_skill(sit.attacker, "critical-hit"),
        has_skill(sit.defender, "critical-hit"),
        natural_plain(sit.settings),
    )


def withdraw_chance(sit: MeleeSituation) -> Fraction:
    """P(the withdrawing model gets away): a win, plus a tie under the "win" reading of [SM-A4]."""
    w, tie, _ = melee_odds(changed(sit, withdraw=True))
    return w + tie if setting(sit.settings, "withdraw_tie") == "win" else w


def melee_roll(sit: MeleeSituation, dice: DiceSource) -> RollRecord:
    """Roll both sides (attacker's dice first) and read who hits. ``success``: the
    attacker wins (for a Withdraw: the model gets away). Each side's detail keeps its
    model's id and name, so the record's sides and outcome read by name ("Bo wins")."""
    options = _check(sit)
    a_mode, d_mode = _modes(options)
    a_dice = roll_group(dice, a_mode, "attacker's melee roll")
    d_dice = roll_group(dice, d_mode, "defender's melee roll")
    a_total, d_total = fight_totals(sit, options)
    w, tie, _ = _odds(sit, options)
    tie_wins = setting(sit.settings, "withdraw_tie") == "win"
    prob = (w + tie if tie_wins else w) if sit.withdraw else w

    def side_detail(side: str, model: ModelSpec, total: int) -> dict[str, Any]:
        base = fight_base(sit, side)
        return {
            "id": model.id,
            "name": display_name(model),
            "base": base.to_dict(),
            "modifiers": [m.to_dict() for m in modifiers_of(options, side)],
            "fight": total,
            "crit_skill": has_skill(model, "critical-hit"),
        }

    a_sup = [m.id for m in sit.attacker_support_models]
    d_sup = [m.id for m in sit.defender_support_models]
    verb = "withdraws from" if sit.withdraw else "attacks"
    detail = {
        "withdraw": sit.withdraw,
        "withdraw_tie": setting(sit.settings, "withdraw_tie"),
        "groups": [group(0, a_mode[0], a_mode), group(a_mode[0], d_mode[0], d_mode)],
        "dice_modes": [MODE_NAMES[a_mode], MODE_NAMES[d_mode]],
        "attacker": side_detail("attacker", sit.attacker, a_total),
        "defender": side_detail("defender", sit.defender, d_total),
        "edge": a_total - d_total,
        "natural_plain": natural_plain(sit.settings),
        "support": {"attacker": a_sup, "defender": d_sup},
        "parry": active(options, "defender_effective_parry"),
        "deadly_blow": active(options, "attacker_deadly_blow"),
        "show_me_kitty": active(options, KITTY),
    }
    record = RollRecord(
        "sm.melee",
        f"{display_name(sit.attacker)} {verb} {display_name(sit.defender)}",
        a_dice + d_dice,
        modifiers_of(options, "attacker"),
        fight_base(sit, "attacker"),
        None,
        "opposed",
        prob,
        "",
        False,
        detail,
    )
    return _evaluate_melee(record)


@register_evaluator("sm.melee")
def _evaluate_melee(record: RollRecord) -> RollRecord:
    d = record.detail
    ga, gd = d["groups"]
    plain_only = d.get("natural_plain", True)
    totals, crits = {}, {}
    for side, g in (("attacker", ga), ("defender", gd)):
        faces = tuple(x.face for x in group_dice(record, g))
        totals[side] = group_total(record, g) + d[side]["fight"]
        crits[side] = bool(d[side]["crit_skill"]) and is_critical(
            faces, group_mode(g), group_rerolled(record, g), plain_only
        )
    if crits["attacker"] != crits["defender"]:
        winner = "attacker" if crits["attacker"] else "defender"
    elif totals["attacker"] != totals["defender"]:
        winner = "attacker" if totals["attacker"] > totals["defender"] else "defender"
    else:
        winner = None
    how = f" ({skill_term('critical-hit')})" if winner and crits[winner] else ""
    who = {
        side: str(d[side].get("name") or side) for side in ("attacker", "defender")
    }  # a record before names: its role
    if d["withdraw"]:
        success = winner == "attacker" or (winner is None and d.get("withdraw_tie") == "win")
        outcome = "withdraws" if success else "stays engaged: no more actions this round"
        harmed = None
    else:
        success = winner == "attacker"
        harmed = None if winner is None else ("defender" if winner == "attacker" else "attacker")
        if winner is None:
            outcome = "tie: nobody is hit"
        elif winner == "defender" and d.get("parry"):
            outcome, harmed = f"{who['defender']} wins ({skill_term('effective-parry')}: no harm)", None
        else:
            outcome = f"{who[winner]} wins{how}"
    detail = {
        **d,
        "totals": totals,
        "criticals": crits,
        "winner": winner,
        "harmed": d[harmed]["id"] if harmed else None,
    }
    return changed(record, outcome=outcome, success=success, detail=detail)


def loser_toughness_situation(
    sit: MeleeSituation,
    winner: str | RollRecord | None,
    *,
    toggles: frozenset[str] = frozenset(),
    declined: frozenset[str] = frozenset(),
    used_plays: frozenset[str] = frozenset(),
) -> ToughnessSituation | None:
    """The loser's Toughness situation, built with the winner's weapon ΔT (§8.5), Pokaż
    kotku −2 more, Zabójczy cios −1 on an attacker that loses ([SM-A7]), Finta and Cios w
    miękkie (the winner's skills). None when nobody is harmed: a tie, a Withdraw, or a
    defender that won with Skuteczna zasłona. ``winner``: ``"attacker"`` / ``"defender"``
    or the melee ``RollRecord``."""
    if isinstance(winner, RollRecord):
        winner = winner.detail.get("winner")
    return _loser(sit, winner, melee_options(sit), toggles, declined, used_plays)


def _loser(
    sit: MeleeSituation,
    winner: str | None,
    options: tuple[Option, ...],
    toggles: frozenset[str],
    declined: frozenset[str],
    used_plays: frozenset[str],
) -> ToughnessSituation | None:
    if winner not in SIDES or sit.withdraw:
        return None
    if winner == "defender" and active(options, "defender_effective_parry"):
        return None
    loser = "defender" if winner == "attacker" else "attacker"
    extra: list[Modifier] = []
    if winner == "attacker" and active(options, KITTY):
        extra.append(Modifier(card_term("show-me-kitty"), t.SHOW_ME_KITTY_TOUGHNESS, "§12.2", "show_me_kitty"))
    if loser == "attacker" and active(options, "attacker_deadly_blow"):
        if setting(sit.settings, "deadly_blow_penalty") == "value":
            extra.append(
                Modifier(
                    f"{skill_term('deadly-blow')}: lost the fight", t.DEADLY_BLOW_LOSER, "§20.2 [SM-A7]", "deadly_blow"
                )
            )
        else:
            extra.append(
                Modifier(
                    f"{skill_term('deadly-blow')}: −1 to the roll total (same as +1 T)",
                    -t.DEADLY_BLOW_LOSER,
                    "§20.2 [SM-A7]",
                    "deadly_blow",
                )
            )
    model, winner_model = (sit.defender, sit.attacker) if loser == "defender" else (sit.attacker, sit.defender)
    return ToughnessSituation(
        model=model,
        attack="melee",
        attacker=winner_model,
        extra_terms=tuple(extra),
        defensive_stance=sit.defender_stance and loser == "defender",
        engaged=True,
        infected=sit.defender_infected if loser == "defender" else sit.attacker_infected,
        toggles=toggles,
        declined=declined,
        settings=sit.settings,
        used_plays=used_plays,
    )


def melee_kill_chance(sit: MeleeSituation) -> tuple[Fraction, Fraction]:
    """(P the defender is removed, P the attacker is removed) by this Attack, exact, with
    the losers' saves at their default options."""
    options = _check(sit)
    w, _, l = _odds(sit, options)
    out = []
    for winner, p in (("attacker", w), ("defender", l)):
        save = _loser(sit, winner, options, frozenset(), frozenset(), frozenset())
        out.append(Fraction(0) if save is None else p * (1 - toughness_chance(save)))
    return out[0], out[1]


__all__ = [
    "MeleeSituation",
    "fight_base",
    "fight_totals",
    "loser_toughness_situation",
    "melee_kill_chance",
    "melee_odds",
    "melee_options",
    "melee_roll",
    "withdraw_chance",
]

"""Melee in the battle (§8): the Attack and Withdraw actions, support from the contact
graph, the loser's save, and re-rolls that change the winner."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from engine.dice import DiceSource
from engine.events import EventDraft
from engine.formatting import possessive, roll_line
from engine.rolls import RollRecord
from engine.ruleset import Rejected

from .activation import take_action
from .cards import card_drafts
from .challenges import is_pacifist
from .procedures.common import ProcedureRefused
from .procedures.melee import KITTY, MeleeSituation, loser_toughness_situation, melee_options, melee_roll
from .procedures.support import can_assist, support_counts
from .state import DEFENSIVE_STANCE, BattleState, LastRoll, ModelState
from .terms import skill_term

if TYPE_CHECKING:  # the command classes load on first use (not to draw the battle screen)
    from .commands import Attack

Decision = Rejected | Sequence[EventDraft]


def contact_graph(state: BattleState) -> tuple[dict[str, set[str]], dict[str, str]]:
    contacts = {m.id: set(m.engaged_with) for m in state.models if m.on_table}
    sides = {m.id: m.side for m in state.models}
    return contacts, sides


def supporters(state: BattleState, attacker: str, defender: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The models supporting each side of this fight (§8.3), by id."""
    contacts, sides = contact_graph(state)
    assist = {m.id for m in state.models if can_assist(m.spec)}
    crowd = {m.id for m in state.models if "crowd-fighter" in m.spec.skills}
    _, _, a_sup, d_sup = support_counts(contacts, sides, attacker, defender, assist, crowd, state.settings)
    return a_sup, d_sup


def melee_situation(state: BattleState, cmd: Attack) -> MeleeSituation:
    a, d = state.model(cmd.attacker), state.model(cmd.defender)
    a_sup, d_sup = supporters(state, a.id, d.id)

    def used(m: ModelState) -> frozenset[str]:
        return frozenset(state.side(m.side).cards_used) if m.side in ("A", "B") else frozenset()

    return MeleeSituation(
        attacker=a.spec,
        defender=d.spec,
        attacker_support_models=tuple(state.model(x).spec for x in a_sup),
        defender_support_models=tuple(state.model(x).spec for x in d_sup),
        toggles=frozenset(cmd.toggles),
        declined=frozenset(cmd.declined),
        settings=state.settings,
        withdraw=cmd.withdraw,
        attacker_infected=a.infected,
        defender_infected=d.infected,
        defender_stance=DEFENSIVE_STANCE in d.markers,
        attacker_charged=d.id in a.charged,
        attacker_special_marker=a.special_marker or a.carry_partner is not None,
        defender_special_marker=d.special_marker or d.carry_partner is not None,
        defender_pacifist=is_pacifist(state, d.id),
        attacker_used_plays=used(a),
        defender_used_plays=used(d),
    )


def attack_problem(state: BattleState, cmd: Attack) -> Rejected | None:
    for mid in (cmd.attacker, cmd.defender):
        if not state.has_model(mid):
            return Rejected(f"no model '{mid}'", kind="malformed")
    a, d = state.model(cmd.attacker), state.model(cmd.defender)
    if not (a.on_table and d.on_table):
        return Rejected("both models must be on the table", kind="illegal")
    if d.id not in a.engaged_with:
        return Rejected(f'{a.name} is not in contact with {d.name} (closer than 1")', "§8.1")
    if cmd.withdraw and "escape" not in a.spec.skills:
        opponents = a.engaged_with
        if len(opponents) != 1 or len(state.model(next(iter(opponents))).engaged_with) < 2:
            return Rejected(
                f"{a.name} may leave melee only with {skill_term('escape')}, or when its one opponent is also fighting another model",
                "§8.4",
            )
    return None


def _terms(sit: MeleeSituation, winner: str) -> list[dict[str, Any]] | None:
    loser = loser_toughness_situation(sit, winner)
    return None if loser is None else [m.to_dict() for m in loser.extra_terms]


def attack(state: BattleState, cmd: Attack, dice: DiceSource) -> Decision:
    problem = attack_problem(state, cmd)
    if problem:
        return problem
    if state.pending:
        return Rejected(
            f"{possessive(state.model(state.pending[0].model).name)} Toughness roll is pending; roll it first", "§9"
        )
    a, d = state.model(cmd.attacker), state.model(cmd.defender)
    kind = "withdraw" if cmd.withdraw else "attack"
    word = "tries to withdraw from" if cmd.withdraw else "attacks"
    drafts = take_action(state, a.id, kind, f"{a.name} {word} {d.name} (§8.{4 if cmd.withdraw else 2}).")
    if isinstance(drafts, Rejected):
        return drafts
    sit = melee_situation(state, cmd)
    try:
        record = melee_roll(sit, dice)
        options = {o.key: o for o in melee_options(sit)}
    except ProcedureRefused as err:
        return err.as_rejected()
    if KITTY in options and options[KITTY].active:
        drafts += card_drafts(state, a.side, "show-me-kitty", a.id)
    a_sup, d_sup = supporters(state, a.id, d.id)
    context = {
        "defender": d.id,
        "withdraw": cmd.withdraw,
        "support": {"attacker": list(a_sup), "defender": list(d_sup)},
        "loser_terms": {"attacker": _terms(sit, "attacker"), "defender": _terms(sit, "defender")},
    }
    drafts.append(
        EventDraft(
            "melee_rolled",
            {"attacker": a.id, "defender": d.id, "roll": record.to_dict(), "context": context},
            actor=a.id,
            text=f"Melee {a.name} v {d.name}: {melee_line(record)}",
        )
    )
    drafts += outcome_drafts(state, a, d, record, context)
    return drafts


def melee_line(record: RollRecord) -> str:
    totals = record.detail.get("totals", {})
    if totals:
        return f"{totals.get('attacker')} v {totals.get('defender')}: {record.outcome}"
    return roll_line(record)


def outcome_drafts(
    state: BattleState, a: ModelState, d: ModelState, record: RollRecord, context: dict[str, Any]
) -> list[EventDraft]:
    """What the melee result does: a Withdraw frees or stops the model; a win hits the loser."""
    winner = record.detail.get("winner")
    if context.get("withdraw"):
        wins = winner == "attacker" or (winner is None and state.setting("withdraw_tie") == "win")
        if wins:
            return [
                EventDraft(
                    "disengaged",
                    {"a": a.id, "b": o},
                    actor=a.id,
                    text=f"{a.name} breaks away from {state.model(o).name} (§8.4).",
                )
                for o in sorted(a.engaged_with)
            ]
        return [
            EventDraft(
                "actions_lost",
                {"model": a.id},
                actor=a.id,
                text=f"{a.name} fails to withdraw and may take no more actions this round (§8.4 [SM-A4]).",
            )
        ]
    if winner not in ("attacker", "defender"):
        return []
    terms = context["loser_terms"].get(winner)
    if terms is None:
        return []
    loser, victor = (d, a) if winner == "attacker" else (a, d)
    return [
        EventDraft(
            "save_pending",
            {
                "model": loser.id,
                "attacker": victor.id,
                "attack": "melee",
                "weapon": "",
                "context": {"extra_terms": terms},
            },
            actor=loser.id,
            text=f"{loser.name} is hit and must make a Toughness roll (§8.2).",
        )
    ]


def melee_reroll_consequences(state: BattleState, last: LastRoll, old: RollRecord, new: RollRecord) -> list[EventDraft]:
    """A re-roll that changes the melee winner moves the pending save to the new loser."""
    if old.detail.get("winner") == new.detail.get("winner"):
        return []
    a, d = state.model(last.roller), state.model(last.context["defender"])
    out = [
        EventDraft(
            "save_resolved",
            {"model": p.model, "passed": True},
            actor=p.model,
            text=f"{state.model(p.model).name} is no longer hit.",
        )
        for p in state.pending
        if p.model in (a.id, d.id)
    ]
    if last.context.get("withdraw"):
        return out
    return out + outcome_drafts(state, a, d, new, last.context)

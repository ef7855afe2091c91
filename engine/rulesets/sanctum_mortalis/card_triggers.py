"""When each event card may be played (§12.2, §12.3) and the melee moments after a win
(§20.5): the trigger is read from the battle state, so the hand offers a card only at its
moment and says why not otherwise. Pure: the same checks ``cards.play_card`` makes."""

from __future__ import annotations

from types import MappingProxyType
from typing import Callable

from engine.formatting import possessive

from . import tables as t
from .state import BattleState, ModelState, PendingSave
from .terms import card_term, skill_term, term

PLAYED_IN = MappingProxyType(
    {
        "what-are-you-gonna-do": "the Toughness roll dialog (its option)",
        "woohoo": "the Toughness roll dialog (its option)",
        "im-fine": "the re-roll offers after the failed roll",
        "show-me-kitty": "the melee dialog (its option)",
    }
)
"""Heroic plays declared inside a roll: at their moment the hand points to the dialog
that plays them (the roll's own command spends the card)."""

THROWN = "heads-down"
"""Głowa w dół! is played from the hand as its knife's shot: ``Shoot`` with the weapon
``thrown-knife`` at one of ``knife_targets`` spends the card (``PlayCard`` refuses it)."""


def knife_targets(state: BattleState, m: ModelState) -> list[ModelState]:
    """The enemies fighting a friend of ``m``: the only models Głowa w dół! may hit (§12.2)."""
    friends = {x.id for x in state.on_table(m.side) if x.id != m.id}
    return [x for x in state.on_table() if x.side != m.side and x.engaged_with & friends]


def melee_loser(state: BattleState, winner_id: str) -> ModelState | None:
    """The model ``winner_id`` has just beaten in melee, while its hit still waits for
    the Toughness roll: the moment to do something instead of hitting (Gryź to!,
    Kradzież, Ucieczka). None at any other moment."""
    last = state.last_roll
    if last is None or last.kind != "melee" or last.context.get("withdraw"):
        return None
    role = last.record.get("detail", {}).get("winner")
    winner = {"attacker": last.roller, "defender": last.context.get("defender")}.get(role or "")
    if winner != winner_id:
        return None
    pend = _unrolled_hit(state, lambda p: p.attacker == winner_id and p.attack == "melee")
    return state.model(pend.model) if pend is not None else None


def melee_unwounded(state: BattleState, winner_id: str) -> ModelState | None:
    """The opponent ``winner_id`` beat in melee but failed to wound (its Toughness roll
    just passed), still in contact: the moment of Z drogi!. None otherwise."""
    last = state.last_roll
    if last is None or last.kind != "save" or not last.record.get("success"):
        return None
    if last.context.get("attack") != "melee" or last.context.get("attacker") != winner_id:
        return None
    if not state.has_model(last.roller):
        return None
    loser = state.model(last.roller)
    if not loser.on_table or winner_id not in loser.engaged_with:
        return None
    return loser


def _unrolled_hit(state: BattleState, which: Callable[[PendingSave], bool]) -> PendingSave | None:
    return next((p for p in state.pending if which(p) and "roll" not in p.context), None)


def shot_hit(state: BattleState, model_id: str, overwatch: bool = False) -> PendingSave | None:
    """``model_id``'s hit by an enemy shooter waiting for its Toughness roll (an
    Overwatch shot only, if ``overwatch``)."""
    return _unrolled_hit(
        state,
        lambda p: (
            p.model == model_id and p.attack == "shooting" and (not overwatch or bool(p.context.get("overwatch")))
        ),
    )


def _can_move(state: BattleState, m: ModelState) -> str | None:
    """``queries.can(state, "move", ...)`` without loading the shooting rules (the hand is
    drawn with the battle screen)."""
    from .activation import MOVE, acting_model, action_check

    if m.moves >= 2:
        return f"{m.name} has already made two Moves this round"
    _, refused = acting_model(state, m.id)
    refused = refused or action_check(m, MOVE)
    return f"{m.name} cannot Move now: {refused.reason}" if refused is not None else None


def _can_act(state: BattleState, m: ModelState) -> str | None:
    from .activation import acting_model

    _, refused = acting_model(state, m.id)
    if refused is not None:
        return f"{m.name} cannot act now: {refused.reason}"
    if m.actions_left <= 0:
        return f"{m.name} has no action left to declare"
    return None


def _after_melee_win(state: BattleState, m: ModelState) -> str | None:
    return (
        None if melee_loser(state, m.id) is not None else f"{m.name} has not just won a melee (its hit not yet rolled)"
    )


def trigger_problem(state: BattleState, key: str, m: ModelState) -> str | None:
    """Why the moment of card ``key`` on ``m`` has not come, or None when it has (the
    card's other conditions, once a battle and who may play it, are ``cards.card_problem``)."""
    if key in ("looking-for-me", "stumble"):
        return _can_move(state, m)
    if key == "doubt":
        return _can_act(state, m)
    if key == "bite-this":
        loser = melee_loser(state, m.id)
        if loser is None:
            return _after_melee_win(state, m)
        if not loser.spec.ranged:
            return f"{loser.name} carries no ranged weapon to turn on its friends"
        return None
    if key == "out-of-the-way":
        loser = melee_unwounded(state, m.id)
        if loser is None:
            return f"{m.name} has not just won a melee and failed to wound (the opponent's roll passed)"
        mine, theirs = t.ARMOURS[m.spec.armour].weight, t.ARMOURS[loser.spec.armour].weight
        if mine > theirs or (mine == theirs and m.spec.shield):
            return None
        return f"{possessive(m.name)} armour is not heavier than {possessive(loser.name)} (or the same with a shield)"
    if key in ("what-are-you-gonna-do", "you-only-die-once"):
        if shot_hit(state, m.id) is None:
            return f"{m.name} is not hit by a shooter waiting for its Toughness roll"
        return None
    if key == "woohoo":
        return None if shot_hit(state, m.id, overwatch=True) else f"{m.name} has not taken an {term('Overwatch')} shot"
    if key == "im-fine":
        last = state.last_roll
        if last is None or last.kind != "save" or last.roller != m.id or last.record.get("success"):
            return f"{m.name} has not just failed a Toughness roll"
        return None
    if key == "show-me-kitty":
        foes = [state.model(x) for x in m.engaged_with if state.has_model(x)]
        if not any(f.spec.armour == "sarcophagus" for f in foes):
            return f"{m.name} is not fighting a model in a Battle sarcophagus"
        return None
    if key == THROWN:
        if m.engaged:
            return f"{m.name} is engaged in melee"
        return None if knife_targets(state, m) else "no friend of this model is fighting an enemy"
    return None  # any time: I Twoją matkę też!, Pierwotny strach, Zastój, Rozproszenie


def skill_problem(state: BattleState, m: ModelState, instead: str) -> str | None:
    """Why ``m`` may not use Kradzież ("theft") or Ucieczka ("escape") instead of
    hitting now (§20.5), or None."""
    skill = {"theft": "theft", "escape": "escape"}.get(instead)
    if skill is None:
        return f"unknown choice '{instead}' (theft or escape)"
    if skill not in m.spec.skills:
        return f"{m.name} does not know {skill_term(skill)}"
    loser = melee_loser(state, m.id)
    if loser is None:
        return _after_melee_win(state, m)
    if instead == "theft" and not loser.tech_markers:
        return f"{loser.name} carries no technology marker"
    return None


def instead_of_the_save(state: BattleState) -> list[tuple[str, str, str]]:
    """(what, model, label) for each thing the melee winner may do now instead of the
    first pending hit's Toughness roll: Gryź to!, Kradzież, Ucieczka (§12.2, §20.5).
    Asked before the Toughness roll dialog opens."""
    from .cards import play_problem

    if not state.pending or "roll" in state.pending[0].context:
        return []
    pend = state.pending[0]
    hit = state.model(pend.model)
    out: list[tuple[str, str, str]] = []
    if pend.attack == "melee" and pend.attacker and state.has_model(pend.attacker):
        w = state.model(pend.attacker)
        if w.side in ("A", "B") and play_problem(state, w.side, "bite-this", w.id)[0] is None:
            out.append(
                (
                    "bite-this",
                    w.id,
                    f"{w.name} plays {card_term('bite-this')}: a full salvo from {possessive(hit.name)} gun, no hit",
                )
            )
        for skill, does in (("theft", "takes its technology marker"), ("escape", 'breaks off 1" away')):
            if skill in w.spec.skills and skill_problem(state, w, skill) is None:
                out.append((skill, w.id, f"{w.name} uses {skill_term(skill)}: {does} instead of hitting"))
    return out  # Raz kozie śmierć!: an option of the Toughness roll itself (``jump_instead``)


JUMP_INSTEAD = "you-only-die-once"
"""Raz kozie śmierć!: offered inside the hit model's Toughness roll (``jump_instead``)."""


def jump_instead(state: BattleState) -> str | None:
    """The model whose first pending Toughness roll, a shooting hit not yet rolled, may be
    replaced by Raz kozie śmierć! now (§12.2), or None. Only the table shows an edge of 4"
    or more within 1": the roll offers the card and the GM gives the edge's height."""
    from .cards import play_problem

    if not state.pending:
        return None
    m = state.model(state.pending[0].model)
    if m.side not in ("A", "B") or shot_hit(state, m.id) is not state.pending[0]:
        return None
    return m.id if play_problem(state, m.side, JUMP_INSTEAD, m.id)[0] is None else None


def push_offer(state: BattleState) -> tuple[str, str] | None:
    """(winner, opponent) when the melee winner may play Z drogi! now: the opponent it
    beat has just passed its Toughness roll (§12.2). Asked once that roll is made."""
    from .cards import play_problem

    last = state.last_roll
    if last is None or last.kind != "save" or last.context.get("attack") != "melee":
        return None
    winner = last.context.get("attacker")
    if not winner or not state.has_model(winner):
        return None
    w = state.model(winner)
    if w.side not in ("A", "B") or play_problem(state, w.side, "out-of-the-way", w.id)[0] is not None:
        return None
    return w.id, last.roller

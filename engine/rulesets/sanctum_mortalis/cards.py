"""Event cards (§12): each player's heroic plays and offensive events, who may play
which, and what playing one does."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from engine.dice import DiceSource
from engine.events import EventDraft
from engine.ruleset import Rejected, RejectionKind

from . import tables as t
from .state import DEFENSIVE_STANCE, MARKER_NAMES, OVERWATCH, SIDES, BattleState, ModelState
from .terms import card_term

if TYPE_CHECKING:  # the command classes load on first use (not to draw the battle screen)
    from .commands import PlayCard

Decision = Rejected | Sequence[EventDraft]


def offensive_used(state: BattleState, side: str) -> int:
    return sum(1 for c in state.side(side).cards_used if t.EVENT_CARDS[c].kind == "offensive")


def heroic_eligibility(state: BattleState, m: ModelState, card: t.EventCard) -> str | None:
    """Why ``m`` may not use heroic play ``card`` (§12.1, [SM-A11]), or None. Whether the
    card was already played is checked by ``card_problem``."""
    from .procedures.common import heroic_refusal

    return heroic_refusal(m.spec, card.key, frozenset(), state.settings)


def card_problem(state: BattleState, side: str, card_key: str, model_id: str | None) -> str | None:
    """Why ``side`` cannot play ``card_key`` on ``model_id`` now, or None (the hand shows this)."""
    card = t.EVENT_CARDS.get(card_key)
    if card is None:
        return f"unknown card '{card_key}'"
    if state.ended:
        return "the battle has ended"
    if card_key in state.side(side).cards_used:
        return "already played this battle (each card once, §12)"
    if card.kind == "offensive" and offensive_used(state, side) >= t.MAX_OFFENSIVE_EVENTS:
        return f"{t.MAX_OFFENSIVE_EVENTS} offensive events already used (§12.3)"
    if model_id is None:
        return "select a model"
    if not state.has_model(model_id):
        return f"no model '{model_id}'"
    m = state.model(model_id)
    if not m.on_table:
        return f"{m.name} is not on the table"
    if card.kind == "heroic":
        if m.side != side:
            return "heroic plays are used on your own models (§12)"
        return heroic_eligibility(state, m, card)
    if m.side == side:
        return "offensive events are played on enemy models (§12.3)"
    return None


def play_problem(state: BattleState, side: str, key: str, model_id: str | None) -> tuple[str | None, bool]:
    """(why ``side`` may not play ``key`` on ``model_id`` from the hand now, or None; whether
    its moment has come). A card declared inside a roll (``card_triggers.PLAYED_IN``) at
    its moment says which dialog plays it."""
    from .card_triggers import PLAYED_IN, trigger_problem

    problem = card_problem(state, side, key, model_id)
    if problem or model_id is None:
        return problem, False
    trigger = trigger_problem(state, key, state.model(model_id))
    if trigger:
        return trigger, False
    if key in PLAYED_IN:
        return f"now: declare it in {PLAYED_IN[key]}", True
    return None, True


def play_card(state: BattleState, cmd: PlayCard, dice: DiceSource) -> Decision:
    from .card_effects import effect_drafts, effect_of
    from .card_triggers import THROWN

    if cmd.side not in SIDES:
        return Rejected(f"unknown side '{cmd.side}'", kind="malformed")
    key = t.CARD_ALIASES.get(t.slug(cmd.card), cmd.card)
    problem, _ = play_problem(state, cmd.side, key, cmd.model)
    if problem:
        kind: RejectionKind = "malformed" if problem.startswith(("unknown", "no model")) else "illegal"
        return Rejected(problem, "§12", kind=kind)
    if key == THROWN:  # the knife's Shoot spends it
        return Rejected(
            f"{card_term('heads-down')} is its knife's shot: Shoot with the weapon thrown-knife", "§12.2", "malformed"
        )
    effect = effect_of(state, cmd, key, dice)
    if isinstance(effect, Rejected):
        return effect
    drafts = card_drafts(state, cmd.side, key, cmd.model, cmd.note, effect)
    from .evolve import preview

    after = effect_drafts(preview(state, drafts[:1]), cmd, key, dice)
    if isinstance(after, Rejected):
        return after
    return [*drafts, *after]


def card_drafts(
    state: BattleState, side: str, key: str, model_id: str, note: str = "", effect: dict[str, Any] | None = None
) -> list[EventDraft]:
    """The events of spending a card: ``card_played`` (with the ``effect`` its reducer
    applies) and Rozproszenie's marker removal. Roll commands that declare a card call
    this; ``play_card`` adds the card's other events (``card_effects``)."""
    card = t.EVENT_CARDS[key]
    m = state.model(model_id)
    effect = dict(effect or {})
    extra: list[EventDraft] = []
    if key == "stall":
        effect["action_cap"] = 1
    elif key == "distraction" and effect.get("distract") != "intercept":
        chosen = effect.get("distract")
        for marker in (DEFENSIVE_STANCE, OVERWATCH):
            if marker in m.markers and chosen in (None, marker):
                extra.append(
                    EventDraft(
                        "marker_removed",
                        {"model": m.id, "marker": marker, "reason": "Rozproszenie"},
                        actor=m.id,
                        text=f"{m.name} loses {MARKER_NAMES[marker]} ({card_term('distraction')}).",
                    )
                )
                break
    used = offensive_used(state, side) + (1 if card.kind == "offensive" else 0)
    count = f" [{used}/{t.MAX_OFFENSIVE_EVENTS} offensive]" if card.kind == "offensive" else ""
    text = f"{state.side(side).name} plays {card_term(card.key)} on {m.name}: {card.effect}{count}"
    if note:
        text += f" — {note}"
    draft = EventDraft(
        "card_played", {"side": side, "card": key, "model": m.id, "effect": effect, "note": note}, actor=side, text=text
    )
    return [draft, *extra]


def hand(state: BattleState, side: str, model_id: str | None) -> list[tuple[t.EventCard, bool, str, bool]]:
    """Each card of ``side``'s pool: (card, playable now on ``model_id`` from the hand,
    why not, whether its moment has come: a card declared in a roll dialog)."""
    out = []
    for key, card in t.EVENT_CARDS.items():
        problem, now = play_problem(state, side, key, model_id)
        out.append((card, problem is None, problem or "", now))
    return out

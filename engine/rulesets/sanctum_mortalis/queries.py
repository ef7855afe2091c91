"""What the dashboard asks before it opens a picker or a dialog: may this model take this
action now (``can``), is a roll still pending (``pending_roll``), and how each side stands
in the round (``activation_counts``). Pure: the same checks the commands make.
``can`` imports the activation rules when first asked: the panes drawn when a battle
opens need only ``activation_counts`` and ``pending_roll``."""

from __future__ import annotations

from engine.formatting import possessive
from engine.ruleset import ActivationCounts, Rejected

from .state import OVERWATCH, BattleState

ACTIONS = ("move", "drop", "shoot", "fight", "withdraw", "pick-up", "trick", "other")
"""The actions ``can`` answers for: each opens a picker or a dialog before its command.
``drop``: a jump down or a fall (§7.4, §7.5), which takes no action."""

_KIND = {"fight": "attack", "withdraw": "withdraw", "pick-up": "pickup"}
"""The activation rules' name of each action whose name differs (``move`` and ``shoot``
are the same: ``activation.MOVE``, ``activation.SHOOT``)."""


def pending_roll(state: BattleState) -> str:
    """The roll still waiting ("Grim's Toughness roll"), or "" when none is."""
    if not state.pending:
        return ""
    who = state.pending[0].model
    name = state.model(who).name if state.has_model(who) else who
    return f"{possessive(name)} Toughness roll"


def can(state: BattleState, action: str, model_id: str) -> Rejected | None:
    """Why ``model_id`` may not take ``action`` (one of ``ACTIONS``) now, or None: asked
    before any weapon, target, modifier or die (the command itself checks the same)."""
    from .activation import acting_model, action_check
    from .combat import borrowed_shot, open_salvo

    if action not in ACTIONS:
        return Rejected(f"unknown action '{action}'", kind="malformed")
    if not state.has_model(model_id):
        return Rejected(f"no model '{model_id}'", kind="malformed")
    m = state.model(model_id)
    if action == "drop":
        if state.ended:
            return Rejected("the battle has ended", "§14")
        if not m.on_table:
            return Rejected(f"{m.name} is not on the table", "§7.5")
        if state.pending:
            return Rejected(f"{pending_roll(state)} is pending; roll it first", "§9")
        return None
    if action == "shoot":
        salvo = open_salvo(m)
        borrowed = bool(m.borrowed) or (salvo is not None and borrowed_shot(m, salvo[0]))  # Gryź to!
        if not m.spec.ranged and not borrowed:
            return Rejected(f"{m.name} has no ranged weapon", "§10")
        if OVERWATCH in m.markers or salvo is not None or borrowed:  # a reaction, the action's next shot, Gryź to!
            if state.ended:
                return Rejected("the battle has ended", "§14")
            if state.pending:
                return Rejected(f"{pending_roll(state)} is pending; roll it first", "§9")
            if m.engaged and not borrowed:
                return Rejected(f"{m.name} is engaged in melee and may not Shoot", "§8.1")
            return None
    if action in ("fight", "withdraw") and not m.engaged_with:
        return Rejected(f'{m.name} is not in contact with an enemy model (closer than 1")', "§8.1")
    if action == "move" and m.moves >= 2:
        return Rejected(f"{m.name} has already made two Moves this round", "§6")
    _, problem = acting_model(state, model_id)
    if problem:
        return problem
    return action_check(m, _KIND.get(action, action))


def activation_counts(state: BattleState, side: str) -> ActivationCounts:
    """``side``'s models this round: acted (on the table, activated), ready (on the table,
    not yet), out (out of action or off the table)."""
    models = state.models_of(side)
    on = [m for m in models if m.on_table]
    acted = sum(1 for m in on if m.activated)
    return ActivationCounts(acted=acted, ready=len(on) - acted, out=len(models) - len(on))

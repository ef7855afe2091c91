"""What the dashboard asks before it opens a picker or a dialog: may this model take this
action now (``can``), is a roll still pending (``pending_roll``), and how each side stands
in the round (``activation_counts``). Pure: the same checks the commands make.
``can`` imports the activation rules when first asked: the panes drawn when a battle
opens need only ``activation_counts`` and ``pending_roll``."""

from __future__ import annotations

from engine.formatting import possessive
from engine.ruleset import ActivationCounts, Rejected

from .state import OVERWATCH, BattleState

ACTIONS = (
    "move",
    "move-menu",
    "drop",
    "shoot",
    "fight",
    "withdraw",
    "pick-up",
    "trick",
    "grenade",
    "other",
    "contact",
    "leave",
    "remove",
)
"""The actions ``can`` answers for: each opens a picker or a dialog before its command.
``drop``: a jump down or a fall (§7.4, §7.5), which takes no action; ``move-menu``: the
Move menu, which also offers those: open for the acting side's models (a Move the rules
forbid greyed in it), refused for a model of the side not acting with its Move's reason
(§5.1), as a shot or a fight is; ``contact``: engaged
with, Intercept or no longer in contact (§8.1, §11.1); ``leave``: off the table (§7.7);
``remove``: the GM removes it from play. The last three are no action of the model."""

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
    from .actions import contact_check, leave_check, pickup_check, trick_check
    from .activation import acting_model, action_check
    from .combat import borrowed_shot, open_salvo

    if action not in ACTIONS:
        return Rejected(f"unknown action '{action}'", kind="malformed")
    if not state.has_model(model_id):
        return Rejected(f"no model '{model_id}'", kind="malformed")
    m = state.model(model_id)
    if action == "contact":
        return contact_check(state, m)
    if action == "leave":
        return leave_check(state, m)
    if action == "remove":
        return None if m.on_table else Rejected(f"{m.name} is not on the table", kind="illegal")
    if action == "pick-up" and (problem := pickup_check(m)) is not None:
        return problem
    if action == "trick" and (problem := trick_check(m)) is not None:
        return problem
    if action == "grenade":
        from .grenades import throw_check

        if (problem := throw_check(state, m)) is not None:
            return problem
    if action == "move-menu":
        if (problem := can(state, "drop", model_id)) is not None:
            return problem
        move = can(state, "move", model_id)
        acting_side = state.order.active_model == m.id or m.side == state.order.to_act
        return None if move is None or acting_side else move
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


def refusal(state: BattleState, command: object) -> Rejected | None:
    """The engine's refusal of ``command`` now (a dry run with throwaway dice: nothing is
    saved), or None: a picker's choice greyed with its reason before it is chosen. A
    refusal that only asks a question still to come (``ambiguous``) is not one."""
    from engine.dice import DiceEntryError, ScriptedDice

    from .ruleset import SanctumMortalis

    try:
        decision = SanctumMortalis().decide(state, command, ScriptedDice([6] * 12))
    except DiceEntryError:
        return None  # dice the placeholder cannot give: the roll dialog checks them
    if isinstance(decision, Rejected) and decision.kind != "ambiguous":
        return decision
    return None


def trick_refusal(state: BattleState, model_id: str, trick: str) -> Rejected | None:
    """Why ``model_id`` may not cast ``trick`` at any target (unknown, no charge left,
    §21), or None: each answer of the trick picker greyed before a target is asked."""
    from .actions import charge_check

    return charge_check(state.model(model_id), trick)

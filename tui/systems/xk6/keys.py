"""The keys of xK6: its own GM actions, each defined once (``tui.actions`` has
the keys common to every rule system)."""

from __future__ import annotations

from tui.actions import GMAction, KeyGroup

MODEL_KEYS = KeyGroup(
    "Model panes (the selected model)",
    (
        GMAction(
            "xk6-model-down",
            "j,down",
            "cursor_down",
            "Next",
            "Select the next model",
            palette=False,
            key_display="j / ↓",
            target="widget",
        ),
        GMAction(
            "xk6-model-up",
            "k,up",
            "cursor_up",
            "Previous",
            "Select the previous model",
            palette=False,
            key_display="k / ↑",
            target="widget",
        ),
        GMAction(
            "xk6-model-card",
            "enter",
            "model_card",
            "Card",
            "Show the selected model's card: weapons with magazines, wound track, speeds, skills",
            key_display="⏎",
        ),
    ),
    pane=True,
)
"""Keys of the model panes (``widgets.xk6_model_pane``)."""

XK6_KEYS = KeyGroup(
    "Battle (xK6)",
    (
        GMAction(
            "xk6-turn",
            "n",
            "turn",
            "Turn",
            "Start the next turn (initiative: 1d6 + highest Command), roll a tie again, or choose who activates first",
            footer=True,
        ),
        GMAction(
            "xk6-activate",
            "a",
            "activate",
            "Activate",
            "Activate the selected model: move and attack (speed), move and designate, hold, reload, skill",
            footer=True,
        ),
        GMAction(
            "xk6-attack",
            "s",
            "attack",
            "Attack",
            "Attack with the activated (or reacting) model: weapon, ROF, target, cover; both pools and the exact "
            "success levels before the roll",
            footer=True,
        ),
        GMAction(
            "xk6-continue",
            "space",
            "continue_step",
            "Resolve",
            "Resolve the rolled attack (damage, stun, ammunition), or say where indirect fire landed",
            footer=True,
            key_display="space",
        ),
        GMAction(
            "xk6-command-point",
            "c",
            "command_point",
            "CP",
            "Spend a command point: re-roll a test of the open attack, or buy an activation",
            footer=True,
        ),
        GMAction(
            "xk6-end-activation",
            "e",
            "end_activation",
            "End act.",
            "End the activation; play passes to the other side",
            footer=True,
            on_log=True,
        ),
        GMAction(
            "xk6-designate",
            "d",
            "designate",
            "Designate",
            "Designate a target for indirect fire (a model activated to move and designate)",
        ),
        GMAction(
            "xk6-skill",
            "u",
            "skill",
            "Skill",
            "The skill action of a model activated for it: Medic heals, or a skill from its card",
        ),
        GMAction(
            "xk6-react",
            "r",
            "react",
            "React",
            "A model with a held action reacts (move or shoot); or its reaction shot is not taken",
        ),
        GMAction(
            "xk6-wounds",
            "x",
            "wounds",
            "Wounds ±",
            "GM correction: add or heal a wound of the selected model, or take it out of play",
        ),
    ),
)
"""Keys of the xK6 battle screen (``XK6Screen.KEYS``)."""

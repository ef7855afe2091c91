"""The keys of SAGA: its own GM actions, each defined once (``tui.actions`` has
the keys common to every rule system)."""

from __future__ import annotations

from engine.rulesets.saga.terms import original, term
from tui.actions import GMAction, KeyGroup

UNIT_KEYS = KeyGroup(
    "Unit panes (the selected unit)",
    (
        GMAction(
            "saga-unit-down",
            "j,down",
            "cursor_down",
            "Next",
            "Select the next unit",
            palette=False,
            key_display="j / ↓",
            target="widget",
        ),
        GMAction(
            "saga-unit-up",
            "k,up",
            "cursor_up",
            "Previous",
            "Select the previous unit",
            palette=False,
            key_display="k / ↑",
            target="widget",
        ),
        GMAction(
            "saga-unit-card",
            "enter",
            "unit_card",
            "Card",
            "Show the selected unit's profile (house defaults labelled) and this turn's activations",
            key_display="⏎",
        ),
    ),
    pane=True,
)
"""Keys of the unit panes (``widgets.unit_pane``)."""

SAGA_KEYS = KeyGroup(
    "Battle (SAGA)",
    (
        GMAction(
            "saga-start-turn", "n", "start_turn", "Turn", "Start the next player turn (the first: choose the side)"
        ),
        GMAction("saga-end-turn", "e", "end_turn", "End turn", "End the current player turn", footer=True, on_log=True),
        GMAction(
            "saga-move",
            "m",
            "saga_move",
            "Move",
            f"Activate the selected unit: {term('Movement')}, over open or broken ground",
            footer=True,
        ),
        GMAction(
            "saga-charge",
            "c",
            "saga_charge",
            "Charge",
            "Activate the selected unit: Move to engage an enemy unit or building (then the melee)",
            footer=True,
        ),
        GMAction(
            "saga-shoot",
            "s",
            "saga_shoot",
            "Shoot",
            f"Activate the selected unit: {term('Shooting')}, a house default procedure (the source lacks it)",
            footer=True,
        ),
        GMAction(
            "saga-rest",
            "r",
            "saga_rest",
            "Rest",
            f"Activate the selected unit: {term('Rest')}, first activation of the turn only; removes one fatigue",
            footer=True,
        ),
        GMAction(
            "saga-continue",
            "space",
            "continue_step",
            "Go on",
            "Go on with the open step: complete the move, roll the shot, or open the melee dialog",
            footer=True,
            key_display="space",
        ),
        GMAction(
            "saga-fatigue",
            "f",
            "fatigue_spends",
            "Spend",
            f"The opponent spends fatigue ({original('Spend fatigue')}): the spends open now (slow a move, +1 Armour against a shot)",
        ),
        GMAction(
            "saga-ability",
            "A",
            "saga_ability",
            "Ability",
            f"Activate the selected unit by a {term('SAGA ability')}: any turn; fatigue only if the ability says so",
        ),
        GMAction(
            "saga-engage",
            "E",
            "engage",
            "Engage",
            "Start a melee without a Move to engage (a SAGA ability, or the GM catching up)",
        ),
        GMAction(
            "saga-adjust",
            "x",
            "adjust_fatigue",
            "Fatigue ±",
            "Add or remove fatigue on the selected unit (a SAGA ability or a GM correction; not a Rest)",
        ),
        GMAction(
            "saga-terrain",
            "b",
            "terrain",
            "Buildings",
            "Buildings and terrain: add a building or a terrain piece, put the selected unit in or out",
        ),
    ),
)
"""Keys of the SAGA battle screen (``SagaScreen.KEYS``)."""

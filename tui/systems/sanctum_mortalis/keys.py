"""The keys of Sanctum Mortalis: its own GM actions, each defined once (``tui.actions`` has
the keys common to every rule system)."""

from __future__ import annotations

from engine.rulesets.sanctum_mortalis.terms import card_term, skill_term, term
from tui.actions import GMAction, KeyGroup

BAND_KEYS = KeyGroup(
    "Band panes (the selected model)",
    (
        GMAction(
            "select-down",
            "j,down",
            "cursor_down",
            "Next",
            "Select the next model",
            palette=False,
            key_display="j / ↓",
            target="widget",
        ),
        GMAction(
            "select-up",
            "k,up",
            "cursor_up",
            "Previous",
            "Select the previous model",
            palette=False,
            key_display="k / ↑",
            target="widget",
        ),
        GMAction(
            "model-card",
            "enter",
            "model_card",
            "Card",
            "Show the selected model's full card",
            footer=True,
            key_display="⏎",
        ),
    ),
    pane=True,
)
"""Keys of the band panes (``widgets.band_pane``)."""

BATTLE_KEYS = KeyGroup(
    "Battle",
    (
        GMAction(
            "next-round",
            "n",
            "next_round",
            "Round",
            "Start the next round (decides who starts) or choose who starts",
            footer=True,
        ),
        GMAction("activate", "a", "activate", "Activate", "Activate the selected model", footer=True),
        GMAction(
            "end-activation",
            "e",
            "end_activation",
            "End act.",
            "End the active model's activation (asks first if a roll is pending)",
            footer=True,
            on_log=True,
        ),
        GMAction(
            "end-round",
            "E",
            "end_round",
            "End round",
            "End the round (asks first if models have not acted or a roll is pending)",
        ),
        GMAction("move", "m", "move", "Move", "Move action for the selected model", footer=True),
        GMAction(
            "shoot",
            "s",
            "shoot",
            "Shoot",
            "Shoot with the selected model (weapon, target, roll); again: the next shot",
            footer=True,
        ),
        GMAction("fight", "f", "fight", "Fight", "Melee attack with the selected model", footer=True),
        GMAction("withdraw", "w", "withdraw", "Withdraw", "Withdraw the selected model from melee"),
        GMAction(
            "contact",
            "i",
            "contact",
            "Contact",
            "Contact for the selected model: engaged with, Intercept, or no longer in contact",
        ),
        GMAction("save", "t", "save", "Save", "Roll the pending Toughness save"),
        GMAction(
            "reroll",
            "R",
            "reroll",
            "Re-roll",
            f"Re-rolls allowed for the last roll (Captain, {card_term('im-fine')}, skills)",
        ),
        GMAction(
            "stance", "d", "stance", "Stance", f"{term('Defensive stance')} ◆ for the selected model", footer=True
        ),
        GMAction("overwatch", "o", "overwatch", "Overwatch", f"{term('Overwatch')} ◎ for the selected model"),
        GMAction("hide", "h", "hide", "Hide", f"{term('Hiding')} ◌ for the selected model"),
        GMAction("pick-up", "p", "pick_up", "Pick up", "The selected model picks up a technology marker ✦"),
        GMAction("leave-table", "l", "leave_table", "Leave", "The selected model leaves the table"),
        GMAction("remove-model", "x", "remove_model", "Remove", "Remove the selected model from play (GM)"),
        GMAction("trick", "T", "trick", "Trick", "Cast a Technomancer trick with the selected model"),
        GMAction(
            "grenade",
            "b",
            "grenade",
            "Grenade",
            "Throw a grenade with the selected model (Accuracy roll, then who is in the blast)",
        ),
        GMAction(
            "other-action",
            "O",
            "other_action",
            "Other action",
            f"Another action for the selected model (grenade, {skill_term('defence-order')}...)",
        ),
        GMAction(
            "victory-points", "v", "victory_points", "VP", "Award or take back victory points (Challenges, objectives)"
        ),
        GMAction("end-battle", "ctrl+e", "end_battle", "End battle", "End the battle now (objectives done, SM-M2)"),
        GMAction(
            "post-battle", "P", "post_battle", "Post-battle", "The ended battle's post-battle sequence, in its campaign"
        ),
        GMAction("cards", "c", "cards", "Cards", "Event cards: play one on the selected model", footer=True),
    ),
)
"""Keys of the battle screen (``BattleScreen.KEYS``)."""

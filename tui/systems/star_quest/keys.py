"""The keys of Star Quest: its own GM actions, each defined once (``tui.actions`` has
the keys common to every rule system)."""

from __future__ import annotations

from tui.actions import GMAction, KeyGroup

HERO_KEYS = KeyGroup(
    "Hero and enemy panes (the selected unit)",
    (
        GMAction(
            "sq-unit-down",
            "j,down",
            "cursor_down",
            "Next",
            "Select the next hero or enemy unit",
            palette=False,
            key_display="j / ↓",
            target="widget",
        ),
        GMAction(
            "sq-unit-up",
            "k,up",
            "cursor_up",
            "Previous",
            "Select the previous hero or enemy unit",
            palette=False,
            key_display="k / ↑",
            target="widget",
        ),
        GMAction(
            "sq-unit-card",
            "enter",
            "unit_card",
            "Card",
            "Show the selected hero's or enemy unit's full card (stats, weapons, rules, moves)",
            key_display="⏎",
        ),
    ),
    pane=True,
)
"""Keys of the hero and AI unit panes (``widgets.hero_pane``)."""

STAR_QUEST_KEYS = KeyGroup(
    "Battle (Star Quest)",
    (
        GMAction(
            "sq-start-round",
            "n",
            "start_round",
            "Round",
            "Start the next round (spell tokens, Ambush, waves, mission events)",
            footer=True,
        ),
        GMAction(
            "sq-end-round",
            "E",
            "end_round",
            "End round",
            "End the round when every unit has acted (asks first if an activation is open)",
        ),
        GMAction(
            "sq-activate",
            "a",
            "activate",
            "Activate",
            "Activate the selected hero, or the selected AI unit (the one nearest a conscious hero): "
            "the AI flow chart dialog opens",
            footer=True,
        ),
        GMAction(
            "sq-action",
            "t",
            "take_action",
            "Action",
            "The hero's action: Hold, Advance, Rush, Charge, Rest, Skill (a second one: the extra action, 2 PP)",
            footer=True,
        ),
        GMAction(
            "sq-skill",
            "u",
            "use_skill",
            "Skill",
            "The hero's skill action: Discover, Push, Scurry, its own skills, Revive (with the chance to pass)",
            footer=True,
        ),
        GMAction(
            "sq-shoot",
            "s",
            "shoot",
            "Shoot",
            "The activating unit shoots: weapon, target, cover; the exact hits and wounds before the roll",
            footer=True,
        ),
        GMAction(
            "sq-cast",
            "c",
            "cast",
            "Cast",
            "The activating Caster tries a spell: its target from the board, extra tokens +1 each",
        ),
        GMAction(
            "sq-ambush",
            "b",
            "ambush",
            "Ambush",
            "A hero with Ambush: set it aside before round 1, place it at the start of a round from round 2 (§17)",
        ),
        GMAction(
            "sq-continue",
            "space",
            "continue_step",
            "Go on",
            "Go on with what is open: the AI chart dialog, a roll, a power-point offer, a morale test",
            footer=True,
            key_display="space",
        ),
        GMAction(
            "sq-end-activation",
            "e",
            "end_activation",
            "End act.",
            "End the activation: morale tests and fatigue follow",
            footer=True,
            on_log=True,
        ),
        GMAction(
            "sq-power",
            "p",
            "power",
            "Power",
            "Power points: the selected hero loses PP (a GM correction, Exhaustion applies)",
        ),
        GMAction(
            "sq-status",
            "x",
            "status",
            "Status",
            "Give or remove a status condition (Afflicted, Crippled, Diseased, Impaired) on the selected unit",
        ),
        GMAction(
            "sq-wounds",
            "w",
            "wounds",
            "Wounds",
            "Wounds from a source the app does not model (a mission or spell effect) on the selected unit",
        ),
        GMAction(
            "sq-hazard",
            "J",
            "hazard",
            "Jump/fall",
            "Jumping, falling or dangerous terrain for the selected unit (§14, §15; the app rolls)",
        ),
    ),
)
"""Keys of the Star Quest battle screen (``StarQuestScreen.KEYS``)."""

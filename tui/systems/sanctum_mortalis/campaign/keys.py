"""The keys of the Sanctum Mortalis campaign: its own GM actions, each defined once (``tui.actions`` has
the keys common to every rule system)."""

from __future__ import annotations

from tui.actions import GMAction, KeyGroup

CAMPAIGN_KEYS = KeyGroup(
    "Post-battle (Sanctum Mortalis campaign)",
    (
        GMAction(
            "campaign-next-band", "b", "next_band", "Band", "Show the other band's post-battle sequence", footer=True
        ),
        GMAction(
            "campaign-roll",
            "r",
            "roll_due",
            "Roll",
            "Roll the first roll due (injury, loot, level-up): type the dice or press r for the app's roll",
            footer=True,
        ),
        GMAction(
            "campaign-end-step",
            "e",
            "end_step",
            "End step",
            "End the band's post-battle step and go to the next (§16 order)",
            footer=True,
        ),
        GMAction(
            "campaign-settings",
            "g",
            "settings",
            "Settings",
            "Campaign settings: every rule reading, the post-battle sequence's own too, with its id",
        ),
        GMAction(
            "campaign-write",
            "w",
            "write_rosters",
            "Write rosters",
            "Write each band's updated roster to a TOML file (skirmish check accepts it)",
            footer=True,
        ),
        GMAction(
            "campaign-next-battle",
            "n",
            "next_battle",
            "Next battle",
            "Start the next battle from the updated bands (choose or roll the scenario first)",
            footer=True,
        ),
    ),
)
"""Keys of the post-battle screen (``PostBattleScreen.KEYS``)."""

"""The Sanctum Mortalis help: how a round goes (keys from its key groups) and the
symbols its panes use."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text

from engine.rulesets.sanctum_mortalis.terms import card_term
from tui.actions import key_of
from tui.systems.sanctum_mortalis import display as d
from tui.systems.sanctum_mortalis.keys import BAND_KEYS, BATTLE_KEYS


def legend() -> Group:
    table = Table.grid(padding=(0, 2))
    table.add_column(no_wrap=True, min_width=4)
    table.add_column()
    for symbol, style, meaning in d.LEGEND:
        table.add_row(Text(symbol, style=style), meaning)
    table.add_row(
        Text("S4", style="bold underline cyan"),
        "A number changed by gear, injuries or skills (the model card says how)",
    )
    return Group(Text("Symbols", style="bold underline"), table)


def guide() -> Text:
    """How a Sanctum Mortalis round goes, with the keys from the registry."""
    key = BATTLE_KEYS.key
    return Text.assemble(
        ("How a round goes\n", "bold underline"),
        f"1. {key('next-round')} starts the round: the app says who starts and why (more models, or a "
        "roll-off: type the dice rolled at the table, or let the app roll).\n",
        f"2. The side to act picks a model ({BAND_KEYS.key('select-down')}/{BAND_KEYS.key('select-up')}, "
        f"{key_of('next-pane')} switches band) and activates it ({key('activate')}), or just gives it an action.\n",
        f"3. Actions: {key('move')} move, {key('shoot')} shoot, {key('fight')} fight, {key('stance')} defensive "
        f"stance, {key('overwatch')} overwatch, {key('hide')} hide, {key('pick-up')} pick up a marker, "
        f"{key('cards')} event cards, {key('grenade')} a grenade (its roll, then who is in the blast). Every roll opens the roll dialog: modifiers, exact odds, typed dice or "
        f"the app's roll; a hit's Toughness roll follows at once ({key('save')} opens one put off).\n",
        "Re-rolls are never declared before a roll: a failed Toughness roll waits (the model stays) while a "
        f"re-roll is allowed, and the re-roll dialog lists each one (the Captain, {card_term('im-fine')}, a skill of a "
        "model taking part) with its cost and the exact chance after it: its letter, then the die rolled at the "
        f"table (or ⏎ for the app's roll); ⏎ with none picked accepts the result. {key('reroll')} opens the "
        "offers for the last roll (a missed shot, a lost melee).\n",
        f"4. {key('end-activation')} ends the activation; play passes as the rules say. When every model has "
        f"acted the round is over: {key('next-round')} again.\n",
        "The tracker's line and each band pane count the round the same way: acted/on the table, "
        "then how many are out (out of action or off the table).\n",
        "Anything the rules do not allow is refused with the reason and the rule before any picker or dice; "
        "nothing changes. Ending an activation or a round with a Toughness roll pending asks first; every "
        "question that ends or removes something starts on its harmless answer. ",
        f"{key_of('undo')} takes back the last command, {key_of('redo')} brings it back. Every command is saved as it "
        "happens: quit any time and the battle resumes where you were.\n",
    )


def battle_help() -> Group:
    """The help screen's guide for a Sanctum Mortalis battle: the round, then the symbols."""
    return Group(guide(), Text(""), legend())

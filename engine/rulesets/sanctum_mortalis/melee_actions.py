"""Melee in the battle (§8). (Wired with the melee procedures.)"""
from engine.ruleset import Rejected


def attack(*_args):
    return Rejected("melee is not wired yet", kind="illegal")


def melee_reroll_consequences(state, last, old, new):
    return []

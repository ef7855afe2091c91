"""Shooting, Toughness saves and melee (§8–§10). (Filled in with the roll procedures.)"""
from engine.ruleset import Rejected


def _pending(*_args):
    return Rejected("combat is not wired yet", kind="illegal")


shoot = end_salvo = save = attack = reroll = _pending

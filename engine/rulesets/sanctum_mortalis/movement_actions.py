"""Move actions, jumping down and falls (§6–§7). (Allowance and rolls wired with the procedures.)"""
from engine.ruleset import Rejected


def _pending(*_args):
    return Rejected("movement is not wired yet", kind="illegal")


move = jump_down = fall = _pending

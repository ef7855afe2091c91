"""The flamer template (§10.7): one target within 8"; it, every model on the line from the
flamer to it (friends included) and every model within 3" of it get an automatic hit, and
each makes a Toughness roll with +1 (High-pressure tanks remove the +1). The GM names the
other models under the template (``Shoot.template``); their saves follow one another."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.ruleset import Rejected

from . import tables as t
from .state import BattleState

if TYPE_CHECKING:  # the command classes load on first use
    from .commands import Shoot


def is_template(weapon: str) -> bool:
    """Whether ``weapon`` fires a template (the flamer): no hit roll, its victims named."""
    w = t.RANGED_WEAPONS.get(weapon)
    return bool(w and w.template)


def template_problem(state: BattleState, cmd: Shoot) -> Rejected | None:
    """Why the models named under the template are wrong, or None."""
    if not cmd.template:
        return None
    if not is_template(cmd.weapon):
        return Rejected("only a template weapon (the flamer) hits the models under it", "§10.7", kind="malformed")
    if len(set(cmd.template)) != len(cmd.template) or cmd.target in cmd.template:
        return Rejected("a model is named twice under the template", kind="malformed")
    for x in cmd.template:
        if x == cmd.shooter:
            return Rejected("the flamer's bearer is not under its own template", "§10.7", kind="malformed")
        if not state.has_model(x) or not state.model(x).on_table:
            return Rejected(f"'{x}' is not a model on the table", kind="malformed")
    return None

"""Gap jumps as part of a Move (§7.4), and a Move out of a smoke cloud (§17.6).

Gap jumps: across a gap that does not rise upward, at most 3"
(4" with Akrobata), no wider than the run-up made before it in the same Move (a standing
jump: 1"), and only once per round. The move plus the jump may add up to more than the
model's normal move, so the gap is not counted against the allowance."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.events import EventDraft
from engine.ruleset import Rejected

from . import tables as t
from .procedures.common import speed_skill
from .procedures.movement import jump_max
from .state import BattleState, ModelState
from .terms import skill_term

if TYPE_CHECKING:  # the command classes load on first use
    from .commands import Move


def widest_gap(state: BattleState, m: ModelState, run_up: float | None = None) -> float:
    """The widest gap ``m`` may jump now: 3" (4" with Akrobata), or the run-up if shorter
    (never under the 1" standing jump); ``run_up`` None: as long as the rule allows."""
    limit = float(t.JUMP_MAX_ACROBAT if speed_skill(m.spec, "acrobat", state.settings) else t.JUMP_MAX)
    return limit if run_up is None else jump_max(m.spec, run_up, state.settings)


def gap_problem(state: BattleState, m: ModelState, cmd: Move) -> Rejected | None:
    """Why the Move may not jump the gap it names, or None (no gap: None)."""
    if cmd.gap < 0:
        return Rejected("a gap cannot be negative", kind="malformed")
    if not cmd.gap:
        return None
    if m.jumped:
        return Rejected(f"{m.name} has already jumped this round (once per round)", "§7.4")
    if cmd.run_up is not None and cmd.run_up < 0:
        return Rejected("a run-up cannot be negative", kind="malformed")
    widest = widest_gap(state, m, cmd.run_up)
    if cmd.gap > widest:
        why = (
            f'a standing jump clears 1"; a run-up of {cmd.run_up:g}" clears {widest:g}"'
            if cmd.run_up is not None and widest < widest_gap(state, m)
            else f'at most {widest:g}"'
            + (f" ({skill_term('acrobat')})" if widest > t.JUMP_MAX else f' (4" with {skill_term("acrobat")})')
        )
        return Rejected(f'{m.name} cannot jump a {cmd.gap:g}" gap: {why}', "§7.4")
    return None


def gap_text(state: BattleState, m: ModelState, cmd: Move) -> str:
    """The log's words for the jump (empty without one)."""
    if not cmd.gap:
        return ""
    return f', jumping a {cmd.gap:g}" gap (once per round, §7.4)'


def smoke_left(m: ModelState) -> list[EventDraft]:
    """A Move that takes ``m`` out of a smoke cloud: it may take any action again (§17.6)."""
    if m.move_only != "smoke":
        return []
    return [EventDraft("smoke_left", {"model": m.id}, actor=m.id, text=f"{m.name} is out of the smoke (§17.6).")]


def lava_left(m: ModelState) -> list[EventDraft]:
    """A Move that takes ``m`` out of Lawa's burning pool: it may take any action again (§21)."""
    if m.move_only != "lava":
        return []
    return [EventDraft("lava_left", {"model": m.id}, actor=m.id, text=f"{m.name} is out of the burning pool (§21).")]

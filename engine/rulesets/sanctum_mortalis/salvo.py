"""Who the shots of one Shooting action may go at, and how often a weapon fires (§10.5).

* One target per action: every shot of a weapon's salvo goes at the target of its first
  shot. The heavy rifle may put its other shots on other targets in line of sight within
  3" of that first target (``RangedWeapon.spread``): the GM confirms the distance
  (``Shoot.spread``), the app cannot measure it. A second pistol starts its own shots and
  may pick another target [SM-A34].
* A primitive missile weapon fires once per round [SM-A45] (setting
  ``primitive_per_round``; off: once per action).
* An Overwatch shot starts a whole Shooting action at its target [SM-A15] (setting
  ``overwatch_salvo``; "single": one shot, the rest of the salvo is not taken). What
  belongs to the Overwatch shot itself, Łowca's +1 and the target's "Woohoo!" (which
  takes "that shot", §12), goes with the first shot only: shots 2 and 3 are the salvo's
  ordinary shots at the same target (issue #18, "Wrong today").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.events import EventDraft
from engine.formatting import possessive
from engine.ruleset import Rejected

from . import tables as t
from .state import LEFT_TABLE, BattleState, ModelState
from .terms import term

if TYPE_CHECKING:
    from .commands import Shoot

ONE_TARGET = "§10.5"
PER_ROUND = "§10.5 [SM-A45]"
OVERWATCH_SALVO = "§11.3 [SM-A15]"


def _continuing(m: ModelState, weapon: str) -> tuple[int, bool]:
    from .combat import next_shot_index

    return next_shot_index(m, weapon)


def group_first_target(m: ModelState, weapon: str) -> str | None:
    """The target of the first shot of the weapon firing now (the second pistol's own
    first shot for shots 3–4 of two pistols), or None for a new action or a new pistol."""
    index, continuing = _continuing(m, weapon)
    if not continuing or index == 1 or not m.salvo:
        return None
    fired = m.salvo[1]
    start = fired - (index - 1)
    return m.salvo_targets[start] if 0 <= start < len(m.salvo_targets) else None


def needs_spread(m: ModelState, weapon: str, target: str) -> str | None:
    """The first target's id when shooting ``target`` now asks the GM to confirm it is
    within the weapon's spread of it (the heavy rifle's 3"), else None."""
    first = group_first_target(m, weapon)
    w = t.RANGED_WEAPONS.get(weapon)
    if first is None or target == first or w is None or not w.spread:
        return None
    index, _ = _continuing(m, weapon)
    assert m.salvo is not None
    start = m.salvo[1] - (index - 1)
    if target in m.salvo_targets[start:]:
        return None  # confirmed for an earlier shot of this action
    return first


def salvo_problem(state: BattleState, m: ModelState, cmd: Shoot) -> Rejected | None:
    """Why this shot may not go at ``cmd.target`` in the current Shooting action, or why the
    weapon may not start another Shooting action this round; None if it may."""
    index, continuing = _continuing(m, cmd.weapon)
    w = t.RANGED_WEAPONS.get(cmd.weapon)
    if not continuing:
        per_round = state.setting("primitive_per_round") != "off"
        if w is not None and w.per_round and per_round and f"fired:{w.key}" in m.round_flags:
            return Rejected(f"{possessive(m.name)} {w.name} fires once per round and has fired this round", PER_ROUND)
        return None
    if m.salvo_overwatch and state.setting("overwatch_salvo") == "single":
        return Rejected(
            f"the {term('Overwatch')} shot is one shot (setting SM-A15): the rest is not taken", OVERWATCH_SALVO
        )
    if cmd.overwatch and not m.salvo_overwatch:
        return Rejected(f"{possessive(m.name)} Shooting action is not an {term('Overwatch')} shot", OVERWATCH_SALVO)
    first = group_first_target(m, cmd.weapon)
    if first is None or cmd.target == first:
        return None
    who = state.model(first).name if state.has_model(first) else first
    name = w.name if w else cmd.weapon
    if w is not None and w.spread:
        if needs_spread(m, cmd.weapon, cmd.target) is None or cmd.spread:
            return None
        return Rejected(
            f'the {possessive(name)} other targets must be within {w.spread}" of the first ({who}): confirm the distance',
            ONE_TARGET,
            "ambiguous",
        )
    return Rejected(f"one target per Shooting action: shot {index} of the {name} goes at {who}", ONE_TARGET)


def lost_shots(state: BattleState) -> list[EventDraft]:
    """§10.5: every shot of a salvo goes at its first target, so once that target is out of
    action or off the table the shots left of its salvo are lost: the salvo ends, logged
    (``salvo_ended`` with ``lost``). A second pistol still fires its own shots at a target
    of its own (``fired``: the salvo goes on from its first shot) [SM-A34]; a heavy rifle's
    shots may still go at other targets within 3" of the first, so its salvo stays open."""
    from .combat import open_salvo

    drafts: list[EventDraft] = []
    for m in state.models:
        salvo = open_salvo(m) if m.on_table else None
        if salvo is None:
            continue
        weapon, fired, size = salvo
        first = group_first_target(m, weapon)
        w = t.RANGED_WEAPONS.get(weapon)
        if first is None or not state.has_model(first) or state.model(first).on_table or (w and w.spread):
            continue
        index, _ = _continuing(m, weapon)
        group_end = fired + (w.shots if w else 1) - index + 1  # the last shot at that target
        name = w.name if w else weapon
        lost = group_end - fired
        gone = state.model(first)
        where = "off the table" if gone.status == LEFT_TABLE else "out of action"
        shots = f"{lost} shot{'s' * (lost != 1)}"
        payload: dict[str, Any] = {"model": m.id, "target": first, "lost": lost}
        if group_end < size:
            payload["fired"] = group_end
            rest = f"; the second {name} may fire its own shots at another target [SM-A34]"
        else:
            rest = ""
        drafts.append(
            EventDraft(
                "salvo_ended",
                payload,
                actor=m.id,
                text=f"{possessive(m.name)} {name} loses its {shots} left: {gone.name}, its target, is {where} "
                f"(one target per Shooting action, {ONE_TARGET}){rest}.",
            )
        )
    return drafts


def overwatch_shot(m: ModelState, cmd: Shoot) -> bool:
    """This shot is the Overwatch shot (Łowca's +1, "Woohoo!"): declared so and the first
    of its salvo; the salvo's later shots are ordinary shots at the same target."""
    _, continuing = _continuing(m, cmd.weapon)
    return cmd.overwatch and not continuing


__all__ = ["group_first_target", "lost_shots", "needs_spread", "overwatch_shot", "salvo_problem"]

"""Terrain (§5) and buildings (§6): the records the GM sets, the limits the text gives,
and the line-of-sight predicate on GM-given crossings (the engine has no table geometry)."""

from __future__ import annotations

from typing import Sequence

from engine.dice import DiceSource
from engine.events import EventDraft
from engine.ruleset import Rejected

from . import tables as t
from .commands import AddBuilding, PlaceInBuilding, SetTerrain
from .state import BattleState
from .terms import band as band_term

Decision = Rejected | Sequence[EventDraft]

CROSSINGS = ("crossed", "enters-only", "passes-through", "starts-inside", "both-inside")
"""How the line meets a piece: a linear obstacle is "crossed"; an area piece is entered
only (target inside), passed through, left (viewer inside), or holds both models."""


Crossing = tuple[str, str, str]
"""One piece on a line of sight: (type, height, how it meets the line)."""

SIGHT_LINES: tuple[tuple[tuple[Crossing, ...], str], ...] = (
    ((), "Clear: no high terrain on the line (low terrain never blocks)"),
    ((("area", "high", "enters-only"),), "Into high area terrain: the target is inside it"),
    ((("area", "high", "starts-inside"),), "Out of high area terrain: the shooter is inside it [SAGA-A14]"),
    ((("area", "high", "both-inside"),), "Both inside the same high area piece [SAGA-A14]"),
    ((("linear", "high", "crossed"),), "Across a high linear obstacle (a palisade, a wall)"),
    ((("area", "high", "passes-through"),), "All the way through high area terrain (a hill, a wood, a building)"),
)
"""The lines of sight the GM picks from (§5.2): what lies on the line, judged by ``line_of_sight``."""


def building_reminders(state: BattleState, unit_id: str, target: str | None = None) -> tuple[str, ...]:
    """What §6 asks the GM to measure for a move of ``unit_id`` (``target``: what it moves
    to engage): from the outside walls of the building it is in, and the keep-away zone of
    every building the enemy occupies (except the one it engages)."""
    u = state.unit(unit_id)
    out = []
    inside = state.building(u.building) if u.building else None
    if inside is not None:
        out.append(f"measure the move from the outside walls of {inside.name} (§6)")
    engaged = state.unit(target).building if target and state.has_unit(target) else target
    for b in state.buildings:
        if b.id != engaged and any(o.side != u.side for o in state.occupants(b.id)):
            out.append(
                f"keep away: no model may move within {band_term(t.MELEE_REACH)} of {b.name}, held by the enemy, "
                "unless engaging it (§6)"
            )
    return tuple(out)


def terrain_problem(type_: str, height: str, going: str, cover: str) -> str | None:
    """Why these four characteristics cannot go together (§5.1), or None."""
    for value, allowed, what in (
        (type_, t.TERRAIN_TYPES, "type"),
        (height, t.HEIGHTS, "height"),
        (going, t.GOINGS, "going"),
        (cover, t.COVERS, "cover"),
    ):
        if value not in allowed:
            return f"{what} must be one of {', '.join(allowed)}"
    if going == "open" and cover != "none":
        return "open terrain never gives cover (§5.1)"
    if type_ == "linear" and height == "high" and cover != "none":
        return "a high linear obstacle blocks line of sight, so it gives no cover (§5.1)"
    return None


def line_of_sight(crossings: Sequence[tuple[str, str, str]], inside: str = "not-blocked") -> tuple[bool, str]:
    """§5.2: (clear?, why) for the pieces on the line, each (type, height, how). A blocked
    line's ``why`` names no rule (its refusal carries §5.2); a clear one cites it.

    Blocked if the line crosses a high linear obstacle or passes all the way through a
    high area piece; low terrain never blocks. A line that starts or ends inside a high
    area piece is not blocked by it [SAGA-A14] unless ``inside`` is "blocked".
    """
    for type_, height, how in crossings:
        if how not in CROSSINGS:
            raise ValueError(f"unknown crossing '{how}' (one of: {', '.join(CROSSINGS)})")
        if height != "high":
            continue
        if type_ == "linear" and how == "crossed":
            return False, "crosses a high linear obstacle"
        if type_ == "area" and how == "passes-through":
            return False, "passes all the way through high area terrain"
        if type_ == "area" and how in ("starts-inside", "both-inside") and inside == "blocked":
            return False, "from inside high area terrain: blocked by setting [SAGA-A14]"
    return True, "clear (§5.2" + (
        ", [SAGA-A14] a line from inside is not blocked"
        if any(c[2] in ("starts-inside", "both-inside") for c in crossings)
        else ""
    ) + ")"


def set_terrain(state: BattleState, cmd: SetTerrain, dice: DiceSource) -> Decision:
    problem = terrain_problem(cmd.type, cmd.height, cmd.going, cmd.cover)
    if problem:
        return Rejected(problem, "§5.1", kind="malformed")
    payload = {
        "id": cmd.id,
        "name": cmd.name,
        "type": cmd.type,
        "height": cmd.height,
        "going": cmd.going,
        "cover": cmd.cover,
    }
    return [
        EventDraft(
            "terrain_set", payload, text=f"Terrain {cmd.name}: {cmd.height} {cmd.type}, {cmd.going}, {cmd.cover} cover."
        )
    ]


def add_building(state: BattleState, cmd: AddBuilding, dice: DiceSource) -> Decision:
    if cmd.size not in t.BUILDING_CAPACITY:
        return Rejected(
            f"a building is normal ({t.BUILDING_CAPACITY['normal']}) or large ({t.BUILDING_CAPACITY['large']})",
            kind="malformed",
        )
    if not cmd.id or state.has_unit(cmd.id) or state.building(cmd.id):
        return Rejected(f"'{cmd.id}' is already used for a unit or building", kind="malformed")
    cap = t.BUILDING_CAPACITY[cmd.size]
    return [
        EventDraft(
            "building_added",
            {"id": cmd.id, "name": cmd.name, "size": cmd.size},
            text=f"Building {cmd.name}: {cmd.size}, holds {cap} models; high area terrain, hard cover, broken (§6).",
        )
    ]


def place_in_building(state: BattleState, cmd: PlaceInBuilding, dice: DiceSource) -> Decision:
    """Set-up or a GM correction; entering during play is a Movement (``CompleteMove``)."""
    if not state.has_unit(cmd.unit):
        return Rejected(f"no unit '{cmd.unit}'", kind="malformed")
    if state.busy:
        return Rejected(f"finish the {state.busy} first")
    u = state.unit(cmd.unit)
    if cmd.building is None:
        inside_of = state.building(u.building) if u.building else None
        if inside_of is None:
            return Rejected(f"{u.name} is not inside a building", kind="malformed")
        return [
            EventDraft(
                "building_left",
                {"unit": u.id, "building": inside_of.id},
                actor=u.id,
                text=f"{u.name} is placed outside {inside_of.name} (GM).",
            )
        ]
    b = state.building(cmd.building)
    if b is None:
        return Rejected(f"no building '{cmd.building}'", kind="malformed")
    inside = [o for o in state.occupants(b.id) if o.id != u.id]
    if any(o.side != u.side for o in inside):
        return Rejected(f"{b.name} is occupied by the enemy", "§6")
    free = b.capacity - sum(o.models for o in inside)
    if u.models > free:
        return Rejected(f"{u.name} has {u.models} models; {b.name} has room for {free}", "§6")
    return [
        EventDraft(
            "building_entered",
            {"unit": u.id, "building": b.id, "setup": True},
            actor=u.id,
            text=f"{u.name} is placed in {b.name} (GM).",
        )
    ]

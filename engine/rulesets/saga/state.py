"""SAGA battle state: frozen records changed only by ``evolve``.

Turn order (``TurnState``) lives apart from the units. Unit ids are battle-wide:
``"A.hirdmen"`` (side, dot, roster id). What is being resolved right now is one of
``move``, ``shot`` or ``melee`` (never two at once); the melee record is in
``melee_state.py``.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Mapping

from engine.corrections import adjustment_total
from engine.records import GhostModel, Record, changed

from . import tables as t
from .melee_state import Melee, Spend
from .roster import UnitSpec, Warband, profile_value

SIDES = ("A", "B")
MOVE_KINDS = ("move", "charge")
MOVE_OR_SHOOT = ("move", "charge", "shoot")


def opponent(side: str) -> str:
    return "B" if side == "A" else "A"


class ActivationRecord(Record):
    """One activation of a unit this turn (§4.7): ``kind`` move | charge | shoot | rest,
    ``source`` normal | saga (a SAGA ability), ``turn_owner`` whose turn it was."""

    kind: str
    source: str
    turn_owner: str


class UnitState(Record):
    """One unit in the battle."""

    id: str
    side: str
    spec: UnitSpec
    models: int
    fatigue: int = 0
    activations: tuple[ActivationRecord, ...] = ()
    """This turn's activations, in order (reset at the start of every player turn)."""
    building: str | None = None
    entered_building: bool = False
    """Entered its building this turn: cannot leave it until the next turn (§6)."""
    adjustments: tuple[tuple[str, int, str, str], ...] = ()
    """GM corrections of a profile field (``engine.corrections.Adjustment``: Armour, dice),
    added by ``BattleState.profile``; a turn's end with the turn."""

    @property
    def name(self) -> str:
        return self.spec.name

    @property
    def cls(self) -> str:
        return self.spec.cls

    @property
    def limit(self) -> int:
        return self.spec.fatigue_limit

    @property
    def exhausted(self) -> bool:
        """§4.6: fatigue at or above the class limit."""
        return self.fatigue >= self.limit

    @property
    def alive(self) -> bool:
        return self.models > 0

    @property
    def rested(self) -> bool:
        return any(a.kind == "rest" for a in self.activations)


class TurnState(Record):
    """Whose player turn it is. ``phase``: "setup" (before the first turn), "turn", "between"."""

    number: int = 0
    active: str | None = None
    phase: str = "setup"


class PendingMove(Record):
    """A Movement activation waiting to be completed; the opponent may slow it first.

    ``band``: the unit's Movement band; ``broken``: the GM marked it as crossing broken
    terrain; ``target``: for a charge, the enemy unit or building it engages.
    """

    unit: str
    kind: str
    source: str
    band: str
    broken: bool = False
    target: str | None = None
    causes_fatigue: bool = False
    spends: tuple[Spend, ...] = ()

    @property
    def slowed(self) -> bool:
        return any(s.use == t.SLOW_MOVE.key for s in self.spends)

    @property
    def result_band(self) -> str | None:
        """The band after a slow spend (VS through broken terrain); None: unchanged, or
        through broken terrain without a spend (the GM gives the band, [SAGA-M8])."""
        if self.slowed:
            return t.reduced_band(self.band, self.broken)
        return None if self.broken else self.band


class PendingShot(Record):
    """A Shooting activation (house procedure [SAGA-M9]): ``stage`` "declared" (step 2, the
    target's owner may spend) or "rolled" (hits known, defence roll next)."""

    shooter: str
    target: str
    source: str
    dice: int
    cover: str = "none"
    causes_fatigue: bool = False
    stage: str = "declared"
    spends: tuple[Spend, ...] = ()
    hits: int = 0
    armour: int = 0


class Building(Record):
    """A building (§6): high area terrain, hard cover, broken; ``size`` normal | large."""

    id: str
    name: str
    size: str = "normal"

    @property
    def capacity(self) -> int:
        return t.BUILDING_CAPACITY[self.size]


class TerrainPiece(Record):
    """A terrain piece with its four characteristics (§5.1)."""

    id: str
    name: str
    type: str
    height: str
    going: str
    cover: str


class BattleState(Record):
    """Everything about a SAGA battle at one moment."""

    settings: Mapping[str, str]
    units: tuple[UnitState, ...]
    warbands: Mapping[str, str]
    """Side -> warband name."""
    turn: TurnState = TurnState()
    move: PendingMove | None = None
    shot: PendingShot | None = None
    melee: Melee | None = None
    buildings: tuple[Building, ...] = ()
    terrain: tuple[TerrainPiece, ...] = ()

    # ------------------------------------------------------------------ lookups
    @property
    def round(self) -> int:
        """The game round: both players have one turn per round."""
        return (self.turn.number + 1) // 2

    @property
    def busy(self) -> str:
        """What is being resolved: "move", "shot", "melee" or ""."""
        return "melee" if self.melee else "shot" if self.shot else "move" if self.move else ""

    def setting(self, key: str) -> str:
        return self.settings.get(key, "")

    def has_unit(self, unit_id: str) -> bool:
        return any(u.id == unit_id for u in self.units)

    def unit(self, unit_id: str) -> UnitState:
        for u in self.units:
            if u.id == unit_id:
                return u
        raise KeyError(unit_id)

    def units_of(self, side: str, alive: bool = True) -> tuple[UnitState, ...]:
        return tuple(u for u in self.units if u.side == side and (u.alive or not alive))

    def side_name(self, side: str) -> str:
        return self.warbands.get(side, side)

    def building(self, building_id: str) -> Building | None:
        return next((b for b in self.buildings if b.id == building_id), None)

    def occupants(self, building_id: str) -> tuple[UnitState, ...]:
        return tuple(u for u in self.units if u.alive and u.building == building_id)

    def profile(self, unit_id: str, field: str) -> tuple[int, bool]:
        """(value, from house default) of a unit's profile field: the roster's or the house
        default, with the GM's corrections (``adjustments``) added."""
        unit = self.unit(unit_id)
        value, house = profile_value(unit.spec, field, self.settings)
        return value + adjustment_total(unit.adjustments, field), house

    # ------------------------------------------------------------------ changes
    def with_unit(self, unit_id: str, **changes: Any) -> "BattleState":
        """A copy with unit ``unit_id`` changed; ``GhostModel`` if the battle has none such."""
        if not any(u.id == unit_id for u in self.units):
            raise GhostModel("unit", unit_id)
        return changed(self, units=tuple(changed(u, **changes) if u.id == unit_id else u for u in self.units))

    def with_units(self, fn: Callable[[UnitState], UnitState]) -> "BattleState":
        return changed(self, units=tuple(fn(u) for u in self.units))


def unit_id(side: str, spec: UnitSpec) -> str:
    return f"{side}.{spec.id}"


def build_units(side: str, warband: Warband) -> tuple[UnitState, ...]:
    return tuple(UnitState(id=unit_id(side, s), side=side, spec=s, models=s.models) for s in warband.units)


def building_of(state: BattleState, units: Iterable[str]) -> str | None:
    for uid in units:
        if state.has_unit(uid) and state.unit(uid).building:
            return state.unit(uid).building
    return None

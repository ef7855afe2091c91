"""The SAGA rule system as a plug-in of the engine core."""

from __future__ import annotations

from typing import Any, Callable, Sequence

from engine.corrections import Correct
from engine.dice import DiceSource
from engine.events import Event, EventDraft
from engine.ruleset import Rejected, SettingSpec

from . import commands as c
from . import corrections, fatigue, melee, melee_roll, shooting, terrain, turn
from .evolve import evolve as _evolve
from .roster import Warband
from .settings import SETTINGS, defaults
from .state import SIDES, BattleState, build_units

NAME = "saga"

Handler = Callable[[BattleState, Any, DiceSource], "Rejected | Sequence[EventDraft]"]
HANDLERS: dict[type, Handler] = {
    Correct: corrections.decide,
    c.StartTurn: turn.start_turn,
    c.EndTurn: turn.end_turn,
    c.ChangeSetting: turn.change_setting,
    c.Activate: turn.activate,
    c.CompleteMove: turn.complete_move,
    c.SpendFatigue: fatigue.spend,
    c.AdjustFatigue: fatigue.adjust,
    c.RollShot: shooting.roll_shot,
    c.RollShotDefence: shooting.roll_shot_defence,
    c.Engage: melee.engage,
    c.ChooseDefender: melee.choose_defender,
    c.JoinMelee: melee.join,
    c.AimPool: melee.aim,
    c.SetParticipants: melee.set_participants,
    c.SetMeleeCover: melee.set_cover,
    c.ConfirmAttackDice: melee.confirm_attack_dice,
    c.TradeDice: melee.trade,
    c.DeclareAbility: melee.declare,
    c.EndDeclarations: melee.end_declarations,
    c.RollAttacks: melee_roll.roll_attacks,
    c.Reroll: melee_roll.reroll,
    c.RollDefence: melee_roll.roll_defence,
    c.RemoveCasualties: melee_roll.remove_casualties,
    c.MarkWithinS: melee_roll.mark_within_s,
    c.ResolveRetreat: melee_roll.resolve_retreat,
    c.AddBuilding: terrain.add_building,
    c.SetTerrain: terrain.set_terrain,
    c.PlaceInBuilding: terrain.place_in_building,
}


class Saga:
    """SAGA (Dark Age skirmish): melee steps 2–8, fatigue, terrain and buildings from
    the rulebook's translated chapters; what the source lacks is a setting or a house procedure."""

    name = NAME
    title = "SAGA"
    settings: tuple[SettingSpec, ...] = SETTINGS

    def initial_state(self, setup: dict[str, Any]) -> BattleState:
        """``setup``: {"warbands": {"A": warband dict, "B": warband dict}, "settings": {...}}."""
        bands = {k: Warband.from_dict(setup["warbands"][k]) for k in SIDES}
        units = build_units("A", bands["A"]) + build_units("B", bands["B"])
        settings = {**defaults(), **setup.get("settings", {})}
        return BattleState(settings=settings, units=units, warbands={k: bands[k].name for k in SIDES})

    def decide(self, state: BattleState, command: Any, dice: DiceSource) -> Rejected | Sequence[EventDraft]:
        handler = HANDLERS.get(type(command))
        if handler is None:
            return Rejected(f"SAGA has no command {type(command).__name__}", kind="malformed")
        return handler(state, command, dice)

    def evolve(self, state: BattleState, event: Event) -> BattleState:
        return _evolve(state, event)

    def prepare(self) -> None:
        """Nothing to import: the reducers come with the package (``Ruleset.prepare``)."""


def make_setup(warband_a: Warband, warband_b: Warband, settings: dict[str, str] | None = None) -> dict[str, Any]:
    """A JSON-safe set-up for a new battle."""
    return {
        "warbands": {"A": warband_a.to_dict(), "B": warband_b.to_dict()},
        "settings": {**defaults(), **(settings or {})},
    }

"""The xK6 rule system as a plug-in of the engine core."""

from __future__ import annotations

from typing import Any, Callable, Sequence

from engine.corrections import Correct
from engine.dice import DiceSource
from engine.events import Event, EventDraft
from engine.ruleset import Rejected, SettingSpec

from . import activation, attack, command_points, corrections, indirect, reactions, resolve, turn
from . import commands as c
from .evolve import evolve as _evolve
from .roster import Band
from .settings import SETTINGS, defaults
from .state import BattleState, build_models
from .tables import SIDES

NAME = "xk6"

Handler = Callable[[BattleState, Any, DiceSource], "Rejected | Sequence[EventDraft]"]
HANDLERS: dict[type, Handler] = {
    Correct: corrections.decide,
    c.ChangeSetting: turn.change_setting,
    c.StartTurn: turn.start_turn,
    c.RollInitiative: turn.roll_initiative,
    c.ChooseFirst: turn.choose_first,
    c.Activate: activation.activate,
    c.EndActivation: activation.end_activation,
    c.Designate: activation.designate,
    c.Heal: activation.heal,
    c.SkillAction: activation.skill_action,
    c.RemoveModel: activation.remove_model,
    c.AdjustWounds: activation.adjust_wounds,
    c.Attack: attack.attack,
    c.Land: indirect.land,
    c.ResolveAttack: resolve.resolve_attack,
    c.SpendCommandPoint: command_points.spend,
    c.React: reactions.react,
    c.EndReaction: reactions.end_reaction,
}


class XK6:
    """xK6 opposed-test skirmish (the Polish rules sheet): pools, opposed and threshold
    tests, movement columns, direct and indirect fire, areas, ROF, ammunition, stun, reactions,
    command points, traits and wounds; model cards and tables come from rosters."""

    name = NAME
    title = "xK6 skirmish"
    settings: tuple[SettingSpec, ...] = SETTINGS

    def initial_state(self, setup: dict[str, Any]) -> BattleState:
        """``setup``: {"bands": {"A": band dict, "B": band dict}, "settings": {...}}."""
        bands = {k: Band.from_dict(setup["bands"][k]) for k in SIDES}
        models = build_models("A", bands["A"]) + build_models("B", bands["B"])
        settings = {**defaults(), **setup.get("settings", {})}
        return BattleState(settings=settings, models=models, bands={k: bands[k].name for k in SIDES})

    def decide(self, state: BattleState, command: Any, dice: DiceSource) -> Rejected | Sequence[EventDraft]:
        handler = HANDLERS.get(type(command))
        if handler is None:
            return Rejected(f"xK6 has no command {type(command).__name__}", kind="malformed")
        return handler(state, command, dice)

    def evolve(self, state: BattleState, event: Event) -> BattleState:
        return _evolve(state, event)

    def prepare(self) -> None:
        """Nothing to import: the reducers come with the package (``Ruleset.prepare``)."""


def make_setup(band_a: Band, band_b: Band, settings: dict[str, str] | None = None) -> dict[str, Any]:
    """A JSON-safe set-up for a new battle."""
    return {"bands": {"A": band_a.to_dict(), "B": band_b.to_dict()}, "settings": {**defaults(), **(settings or {})}}

"""The Grimdark Future Star Quest rule system as a plug-in of the engine core."""

from __future__ import annotations

from typing import Any, Callable, Sequence

from engine.corrections import Correct
from engine.dice import DiceSource
from engine.events import Event, EventDraft
from engine.records import changed
from engine.ruleset import Rejected, SettingSpec

from . import (
    actions,
    ai_chart,
    attack,
    casting,
    corrections,
    flow,
    morale,
    offers,
    skills,
    status,
    terrain,
    turn,
)
from . import (
    commands as c,
)
from . import tables as t
from .evolve import evolve as _evolve
from .roster import MissionSpec, Roster, UnitSpec
from .settings import SETTINGS, defaults
from .state import BattleState, build_unit

NAME = "star-quest"


class SetupError(ValueError):
    """A battle set-up that cannot be played (party size, unknown wave units)."""


Handler = Callable[[BattleState, Any, DiceSource], "Rejected | Sequence[EventDraft]"]
HANDLERS: dict[type, Handler] = {
    Correct: corrections.decide,
    c.StartRound: turn.start_round,
    c.EndRound: turn.end_round,
    c.ChangeSetting: turn.change_setting,
    c.ActivateHero: turn.activate_hero,
    c.ActivateAI: turn.activate_ai,
    c.Ambush: turn.ambush,
    c.EndActivation: flow.end_activation,
    c.ResolveStatus: status.resolve_status,
    c.TakeAction: actions.take_action,
    c.Shoot: attack.shoot,
    c.RollHits: attack.roll_hits,
    c.RollBlocks: attack.roll_blocks,
    c.RollRegeneration: attack.roll_regeneration,
    c.AnswerOffer: offers.answer_offer,
    c.UseSkill: skills.use_skill,
    c.Cast: casting.cast,
    c.Jump: terrain.jump,
    c.Fall: terrain.fall,
    c.DangerousTerrain: terrain.dangerous,
    c.DeclareTerrain: terrain.declare,
    c.RollMorale: morale.roll_morale,
    c.AnswerAI: ai_chart.answer,
    c.ChooseAIAction: ai_chart.choose,
    c.LosePower: status.lose_power,
    c.ApplyStatus: status.apply_status,
    c.AdjustWounds: status.adjust_wounds,
}


def _with_continuation(handler: Handler) -> Handler:
    """Morale tests close the activation when the last one is answered."""

    def run(state: BattleState, command: Any, dice: DiceSource) -> Rejected | Sequence[EventDraft]:
        out = handler(state, command, dice)
        if isinstance(out, Rejected):
            return out
        from .evolve import preview

        return list(out) + flow.continue_after(preview(state, out))

    return run


HANDLERS[c.RollMorale] = _with_continuation(morale.roll_morale)
HANDLERS[c.RollRegeneration] = _with_continuation(HANDLERS[c.RollRegeneration])  # a failed morale test's wounds


def dice_problem(state: BattleState, commands: Sequence[Any]) -> str:
    """Why the dice typed into ``commands`` (decided one after the other) cannot be used:
    a face off the die, too few or too many dice — every die must be typed, none comes
    from the app's dice. Empty when they can (another refusal comes when submitted)."""
    from engine.dice import DiceEntryError

    from .evolve import preview
    from .stat_test import TypedOnly

    for command in commands:
        handler = HANDLERS.get(type(command))
        if handler is None:
            return ""
        try:
            out = handler(state, command, TypedOnly())
        except DiceEntryError as err:
            return str(err)
        if isinstance(out, Rejected):
            return ""
        state = preview(state, out)
    return ""


class StarQuest:
    """Grimdark Future Star Quest (solo / co-operative): heroes against an AI flow chart,
    from its rules summary; profiles and missions come from TOML files."""

    name = NAME
    title = "Grimdark Future Star Quest"
    settings: tuple[SettingSpec, ...] = SETTINGS

    def initial_state(self, setup: dict[str, Any]) -> BattleState:
        """``setup``: {"party": roster dict, "enemies": roster dict, "mission": mission dict,
        "settings": {...}} (see ``make_setup``)."""
        party = Roster.from_dict(setup["party"])
        enemies = Roster.from_dict(setup["enemies"])
        mission = MissionSpec.from_dict(setup["mission"])
        waved = {u for w in mission.waves for u in w.units}
        units = tuple(build_unit(s) for s in party.heroes) + tuple(
            build_unit(s, on_table=s.id not in waved) for s in enemies.enemies
        )
        return BattleState(
            settings={**defaults(), **setup.get("settings", {})},
            units=units,
            mission=mission,
            band_names=((t.HEROES, party.name), (t.AI, enemies.name)),
        )

    def decide(self, state: BattleState, command: Any, dice: DiceSource) -> Rejected | Sequence[EventDraft]:
        handler = HANDLERS.get(type(command))
        if handler is None:
            return Rejected(f"Star Quest has no command {type(command).__name__}", kind="malformed")
        out = handler(state, command, dice)
        if isinstance(out, Rejected) or isinstance(command, Correct):
            return out
        from .evolve import preview

        return list(out) + flow.unconscious_end(state, preview(state, out))  # §10: it stays idle

    def evolve(self, state: BattleState, event: Event) -> BattleState:
        return _evolve(state, event)

    def prepare(self) -> None:
        """Nothing to import: the reducers come with the package (``Ruleset.prepare``)."""


def _with_mission_spells(
    mission: MissionSpec, heroes: tuple[UnitSpec, ...], enemies: tuple[UnitSpec, ...]
) -> tuple[tuple[UnitSpec, ...], tuple[UnitSpec, ...]]:
    """The units with the mission's spells [SQ-M5]: each to the units it names, or to every
    AI unit with Caster(X); one of a unit's own spells with the same name gives way to it."""
    known = {u.id for u in heroes + enemies}
    missing = sorted({x for sp in mission.spells for x in sp.units if x not in known})
    if missing:
        raise SetupError(f"the mission's spells name units not in the rosters: {', '.join(missing)}")

    def give(u: UnitSpec) -> UnitSpec:
        extra = [
            sp.spell for sp in mission.spells if (u.id in sp.units if sp.units else not u.hero and u.x("Caster") > 0)
        ]
        if not extra:
            return u
        names = {sp.name for sp in extra}
        return changed(u, spells=tuple(sp for sp in u.spells if sp.name not in names) + tuple(extra))

    return tuple(map(give, heroes)), tuple(map(give, enemies))


def make_setup(
    party: Roster, enemies: Roster, mission: MissionSpec, settings: dict[str, str] | None = None
) -> dict[str, Any]:
    """A JSON-safe set-up for a new battle; raises ``SetupError`` for a party outside 2–4
    heroes (§2), duplicate ids, or mission waves and groups naming unknown enemies."""
    lo, hi = t.PARTY_SIZE
    heroes = party.heroes
    if not lo <= len(heroes) <= hi:
        raise SetupError(f"a party has {lo}–{hi} heroes (§2); {party.source or party.name} has {len(heroes)}")
    if not enemies.enemies:
        raise SetupError(f"{enemies.source or enemies.name} has no enemy units")
    ids = [u.id for u in heroes] + [u.id for u in enemies.enemies]
    dup = sorted({i for i in ids if ids.count(i) > 1})
    if dup:
        raise SetupError(f"a hero and an enemy share the id(s) {', '.join(dup)}; give one an id")
    known = {u.id for u in enemies.enemies}
    named = [u for w in mission.waves for u in w.units] + [u for _, us in mission.groups for u in us]
    missing = sorted({u for u in named if u not in known})
    if missing:
        raise SetupError(f"the mission names enemies not in the roster: {', '.join(missing)}")
    heroes, foes = _with_mission_spells(mission, heroes, enemies.enemies)
    return {
        "party": Roster(party.name, heroes, party.source).to_dict(),
        "enemies": Roster(enemies.name, foes, enemies.source).to_dict(),
        "mission": mission.to_dict(),
        "settings": {**defaults(), **(settings or {})},
    }


def refusal(state: BattleState, commands: Sequence[Any]) -> Rejected | None:
    """The engine's refusal of ``commands`` decided one after the other now (a dry run
    with throwaway dice: nothing is saved), or None: asked before a picker's answer leads
    to a roll dialog, so no dice are typed for a command that will be refused. A refusal
    that only asks for a choice still to come (``ambiguous``) is not one."""
    from engine.dice import DiceEntryError, SeededDice

    from .evolve import preview

    for command in commands:
        handler = HANDLERS.get(type(command))
        if handler is None:
            return Rejected(f"Star Quest has no command {type(command).__name__}", kind="malformed")
        try:
            out = handler(state, command, SeededDice(0, "dry run"))
        except DiceEntryError:
            return None  # dice typed into the command: the roll dialog checks them
        if isinstance(out, Rejected):
            return None if out.kind == "ambiguous" else out
        state = preview(state, out)
    return None

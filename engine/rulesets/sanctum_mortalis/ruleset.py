"""The Sanctum Mortalis rule system as a plug-in of the engine core."""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence, cast

from engine.dice import DiceSource
from engine.events import Event, EventDraft
from engine.first_use import FirstUse
from engine.ruleset import Rejected, SettingSpec

from . import tables as t
from .roster import BandRoster, ModelSpec
from .settings import SETTINGS, defaults
from .state import NEUTRAL, BattleState, SideState, build_models

NAME = "sanctum-mortalis"

_evolve = FirstUse(f"{__package__}.evolve", "evolve")
"""The reducers, imported on the first event: a battle resumed from its saved state
(``engine.battle.Battle.resume``) draws without them."""

Handler = Callable[[BattleState, Any, DiceSource], "Rejected | Sequence[EventDraft]"]


def _handlers() -> dict[type, Handler]:
    """Each command's rule procedure, imported on the first command: opening a battle
    (replaying its log, drawing it) needs only the reducers and the state."""
    from engine.corrections import Correct

    from . import (  # SM #18 gear: grenades, tricks' Toughness tests, Dispel
        actions,
        cards,
        challenges,
        combat,
        corrections,
        grenades,
        movement_actions,
        skill_actions,
        special_marker,
        tricks,
        turn,
    )
    from . import commands as c

    return {
        Correct: corrections.decide,
        c.StartRound: turn.start_round,
        c.ChooseFirst: turn.choose_first,
        c.Activate: turn.activate,
        c.EndActivation: turn.end_activation,
        c.EndRound: turn.end_round,
        c.EndBattle: turn.end_battle,
        c.PlaceMarker: actions.place_marker,
        c.RemoveMarker: actions.remove_marker,
        c.OtherAction: actions.other_action,
        c.PickUpTech: actions.pick_up,
        c.LeaveTable: actions.leave_table,
        c.RemoveModel: actions.remove_model,
        c.Engage: actions.engage,
        c.Disengage: actions.disengage,
        c.CastTrick: tricks.cast_trick,
        c.ThrowGrenade: grenades.throw_grenade,
        c.GrenadeBlast: grenades.grenade_blast,
        c.ChangeSetting: actions.change_setting,
        c.AwardVP: actions.award_vp,
        c.PlayCard: cards.play_card,
        c.InsteadOfHitting: skill_actions.instead_of_hitting,
        c.DefenceOrder: skill_actions.defence_order,
        c.Move: movement_actions.move,
        c.JumpDown: movement_actions.jump_down,
        c.Fall: movement_actions.fall,
        c.AcceptDrop: movement_actions.accept_drop,
        c.Shoot: combat.shoot,
        c.EndSalvo: combat.end_salvo,
        c.Save: combat.save,
        c.Attack: combat.attack,
        c.Reroll: combat.reroll,
        c.TakeChallenge: challenges.take_challenge,
        c.CarryTogether: special_marker.carry_together,
    }


def _with_challenges(side: SideState, entries: Sequence[Sequence[str]]) -> SideState:
    """The side with the Challenges its set-up names (§23.7): roster ids become battle ids."""
    from engine.records import changed

    other = "B" if side.key == "A" else "A"
    picks = []
    for entry in entries:
        key, model, target = (list(entry) + ["", ""])[:3]
        picks.append((key, f"{side.key}.{model}" if model else "", f"{other}.{target}" if target else ""))
    return changed(side, challenges=tuple(p[0] for p in picks), challenge_picks=tuple(picks))


class SanctumMortalis:
    """Sanctum Mortalis ver 1.0: 2k6 skirmish (§1–§25 of the reference)."""

    name = NAME
    title = "Sanctum Mortalis"
    settings: tuple[SettingSpec, ...] = SETTINGS

    def __init__(self) -> None:
        self._handlers: dict[type, Handler] | None = None

    def scenario_name(self, key: str) -> str:
        """The scenario's English name (§23 table); see ``engine.ruleset.scenario_name``."""
        return t.scenario_name(key)

    def initial_state(self, setup: dict[str, Any]) -> BattleState:
        """``setup``: {"bands": {"A": roster dict, "B": roster dict}, "scenario": key,
        "settings": {...}, "roles": {"A": "attacker"|"defender"}, "neutrals": [model dicts]}.
        Models kept in a band's stash (§15.10) are not on the table."""
        bands = {k: BandRoster.from_dict(v) for k, v in setup["bands"].items()}
        scenario = setup.get("scenario", "slaughter")
        models = build_models("A", bands["A"].team) + build_models("B", bands["B"].team)  # the stash stays behind
        neutrals = tuple(ModelSpec.from_dict(m) for m in setup.get("neutrals", ()))
        models += build_models(NEUTRAL, neutrals)
        roles = setup.get("roles", {})
        sides = tuple(SideState(k, bands[k], role=roles.get(k, "")) for k in ("A", "B"))
        picks = setup.get("challenges", {})
        if picks:
            sides = tuple(_with_challenges(side, picks.get(side.key, ())) for side in sides)
        settings = {**defaults(), **setup.get("settings", {})}
        sc = t.SCENARIOS.get(scenario)
        markers = setup.get("markers", sc.markers if sc else 0)
        return BattleState(
            scenario=scenario,
            settings=settings,
            models=models,
            sides=sides,
            markers_on_table=int(markers),
            special_marker_on_table=bool(sc and sc.special_marker),
            hidden_data_on_table=frozenset(s.key for s in sides if "hidden-data" in s.challenges),
        )

    def decide(self, state: BattleState, command: Any, dice: DiceSource) -> Rejected | Sequence[EventDraft]:
        if self._handlers is None:
            self._handlers = _handlers()
        handler = self._handlers.get(type(command))
        if handler is None:
            return Rejected(f"Sanctum Mortalis has no command {type(command).__name__}", kind="malformed")
        return handler(state, command, dice)

    def evolve(self, state: BattleState, event: Event) -> BattleState:
        return cast(BattleState, _evolve(state, event))

    def prepare(self) -> None:
        """Import the reducers now (``Ruleset.prepare``)."""
        _evolve.load()


def make_setup(
    band_a: BandRoster,
    band_b: BandRoster,
    scenario: str = "slaughter",
    settings: dict[str, str] | None = None,
    roles: dict[str, str] | None = None,
    neutrals: Sequence[ModelSpec] = (),
    challenges: Mapping[str, Sequence[Sequence[str]]] | None = None,
) -> dict[str, Any]:
    """A JSON-safe set-up for a new battle. The bands are the whole rosters (a campaign
    started from the battle keeps its stash); only each band's team fights (§15.10).
    ``challenges``: per side, the Challenges taken before the battle (§23.7) as
    [key, own model's roster id, enemy model's roster id] ("" where none is named)."""
    setup = {
        "bands": {"A": band_a.to_dict(), "B": band_b.to_dict()},
        "scenario": scenario,
        "settings": {**defaults(), **(settings or {})},
        "roles": dict(roles) if roles else default_roles(scenario, band_a, band_b),
        "neutrals": [m.to_dict() for m in neutrals],
    }
    if challenges:
        setup["challenges"] = {k: [list(e) for e in v] for k, v in challenges.items()}
    return setup


def default_roles(scenario: str, band_a: BandRoster, band_b: BandRoster) -> dict[str, str]:
    """Attacker and Defender when the GM names none (§23.3–23.4): in Otoczeni the side with
    fewer models (Volunteers included) defends — on equal numbers the second band; in
    Barykady the first band defends unless the players choose otherwise."""
    sc = t.SCENARIOS.get(scenario)
    if sc is None or not sc.roles:
        return {}
    if scenario == "surrounded":
        defender = "A" if len(band_a.team) < len(band_b.team) else "B"
    else:
        defender = "A"
    return {defender: "defender", ("B" if defender == "A" else "A"): "attacker"}

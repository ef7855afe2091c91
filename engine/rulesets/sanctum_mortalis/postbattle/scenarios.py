"""Scenarios between battles: the scenario roll (§23.1), the scenario rewards (§23) and
the Volunteers the next battle brings (§15.9).

Scenario roll: the player with fewer models rolls k6; on equal numbers both roll k6
and the **lower** one rolls (a tie is rolled again — the text is silent, as for the
scenario start roll). 1–5 name the scenario; 6 lets the roller choose.

Rewards: scenarios 1–4 pay 20tk to each player plus one loot roll per technology
marker collected (the special marker of Przechwycenie gives 4 rolls or 1, [SM-A21]);
Duma pays the winner 30tk + 3 rolls and the loser 20tk + 2, and on a VP tie both get
the loser's reward ([SM-A22]). The scenario's money is paid with the loot rolls (§16).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Collection, Mapping

from engine.dice import DiceSource
from engine.formatting import possessive
from engine.records import changed
from engine.rolls import Die, RollRecord

from .. import tables as t
from ..band_building import band_strength, volunteer_count
from ..procedures.common import ProcedureRefused
from ..procedures.rolloff import MAX_ROUNDS
from ..roster import BandRoster
from ..terms import term
from . import data as d
from .common import RollTable, fraction_json, reading

SCENARIO = "sm.scenario"
SCENARIO_TABLE = RollTable(
    "scenario",
    "Scenario",
    "§23.1",
    1,
    tuple(sorted((s.number, s.number, s.key) for s in t.SCENARIOS.values()))
    + ((d.SCENARIO_CHOICE_FACE, d.SCENARIO_CHOICE_FACE, d.SCENARIO_CHOOSE),),
    {
        **{s.key: f"Scenario {s.number}: {term(s.name)}" for s in t.SCENARIOS.values()},
        d.SCENARIO_CHOOSE: "Choose a scenario (or an optional one, [SM-M4])",
    },
)
"""§23.1 k6."""


def scenario_for(k6: int) -> str:
    """§23.1: the scenario key for a k6, or ``"choose"`` on a 6."""
    return SCENARIO_TABLE.lookup(k6)


def scenario_roller_odds(models_a: int, models_b: int) -> tuple[Fraction, Fraction]:
    """(P side A rolls for the scenario, P side B does): fewer models rolls; a tie is even."""
    if models_a == models_b:
        return Fraction(1, 2), Fraction(1, 2)
    return (Fraction(1), Fraction(0)) if models_a < models_b else (Fraction(0), Fraction(1))


def roll_scenario(dice: DiceSource, models_a: int, models_b: int, side_a: str = "A", side_b: str = "B") -> RollRecord:
    """Roll for the scenario (§23.1). ``outcome``: a scenario key or ``"choose"``;
    ``probability``: 1/6; ``success``: a scenario was rolled (not a 6);
    ``detail["roller"]``: who rolled and ``detail["roller_by"]`` why."""
    faces: list[Die] = []
    rounds: list[list[int]] = []
    if models_a != models_b:
        roller = side_a if models_a < models_b else side_b
        how = "fewer-models"
    else:
        for _ in range(MAX_ROUNDS):
            a, b = (
                dice.roll(1, 6, f"{possessive(side_a)} k6 for the scenario roller")[0],
                dice.roll(1, 6, f"{possessive(side_b)} k6 for the scenario roller")[0],
            )
            faces += [Die(a), Die(b)]
            rounds.append([a, b])
            if a != b:
                break
        else:
            raise ProcedureRefused("the roll-off never ended", "§23.1", "malformed")
        roller = side_a if rounds[-1][0] < rounds[-1][1] else side_b
        how = "lower-k6"
    face = dice.roll(1, 6, f"{possessive(roller)} scenario roll")[0]
    faces.append(Die(face))
    result = scenario_for(face)
    detail = {
        "table": SCENARIO_TABLE.key,
        "rule": "§23.1",
        "roller": roller,
        "roller_by": how,
        "models": [models_a, models_b],
        "rolloff": rounds,
        "result": result,
        "total": face,
        "label": SCENARIO_TABLE.label(result),
        "odds": {r: fraction_json(p) for r, p in SCENARIO_TABLE.odds.items()},
    }
    return RollRecord(
        SCENARIO,
        "Which scenario",
        tuple(faces),
        (),
        None,
        None,
        "table",
        SCENARIO_TABLE.chance(result),
        result,
        result != d.SCENARIO_CHOOSE,
        detail,
    )


def scenario_reward(
    scenario_key: str,
    won: bool | None,
    markers_collected: int,
    settings: Mapping[str, str] | None = None,
    *,
    special_marker: bool = False,
) -> tuple[int, int]:
    """(tk, loot rolls) one player gets from the scenario (§23).

    ``won``: True / False, None for a VP tie (a draw, [SM-A22]); only Duma's reward depends
    on it. ``markers_collected``: technology markers the band ended the game with (not
    Challenge technologies: see ``challenges.challenge_reward``). ``special_marker``: it
    carried off Przechwycenie's special marker (4 loot rolls, or 1, [SM-A21]).
    """
    key = t.SCENARIO_ALIASES.get(t.slug(scenario_key))
    if key is None:
        raise ProcedureRefused(f"unknown scenario '{scenario_key}'", "§23", "malformed")
    if markers_collected < 0:
        raise ProcedureRefused("markers collected cannot be negative", "§23", "malformed")
    scenario = t.SCENARIOS[key]
    if special_marker and not scenario.special_marker:
        raise ProcedureRefused(f"{term(scenario.name)} has no special marker", "§23.5", "malformed")
    if scenario.models_off_table_score:
        if won is None and reading(settings, "vp_tie") == "draw":
            won = False  # [SM-A22]: both sides get the loser's reward
        tk, rolls = d.PRIDE_WINNER_REWARD if won else d.PRIDE_LOSER_REWARD
        return tk, rolls + markers_collected
    special = int(reading(settings, "special_marker_loot")) if special_marker else 0
    return t.SCENARIO_REWARD, markers_collected + special


def next_battle_volunteers(
    band_a: BandRoster,
    band_b: BandRoster,
    *,
    missing_a: Collection[str] = (),
    missing_b: Collection[str] = (),
    settings: Mapping[str, str] | None = None,
) -> tuple[int, int]:
    """(Volunteers for A, for B) in the next battle (§15.9), from ``band_building``'s band
    strength. ``missing_*``: ids of models that miss the battle because of post-battle
    injuries, left out of the strength (the rule allows it; pass none to count them)."""
    a = band_strength(changed(band_a, models=tuple(m for m in band_a.models if m.id not in missing_a)), settings)
    b = band_strength(changed(band_b, models=tuple(m for m in band_b.models if m.id not in missing_b)), settings)
    return volunteer_count(a, b), volunteer_count(b, a)


__all__ = [
    "SCENARIO",
    "SCENARIO_TABLE",
    "next_battle_volunteers",
    "roll_scenario",
    "scenario_for",
    "scenario_reward",
    "scenario_roller_odds",
]

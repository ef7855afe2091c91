"""Between battles: choosing the next scenario (§23.1) and the Challenges (§23.7),
adding a band, changing a rule reading."""

from __future__ import annotations

from fractions import Fraction

from engine.dice import DiceSource
from engine.events import EventDraft
from engine.formatting import roll_line
from engine.records import changed
from engine.rolls import Die, RollRecord
from engine.ruleset import Rejected

from .. import tables as t
from ..postbattle.challenges import challenge_key, challenge_refusal
from ..postbattle.data import SCENARIO_CHOOSE
from ..postbattle.scenarios import roll_scenario
from ..roster import BandRoster
from ..settings import CAMPAIGN_SETTINGS_BY_KEY, SETTINGS_BY_KEY
from ..terms import challenge_term, scenario_term
from . import commands as c
from .rules import Decision, band_of, entry_dict, roster_errors
from .state import CampaignBand, CampaignState, ChallengeEntry

CHALLENGE_DRAW = "sm.challenge-draw"
NEEDS_MODEL = ("courier", "predator", "hunt", "sulking-pacifist")
"""Challenges that name one of your own models (§23.7)."""
NEEDS_TARGET = ("get-the-geezer", "bounty-hunters", "exclude-eggheads", "hunt")
"""Challenges that name an enemy model (§23.7)."""


def _between(state: CampaignState) -> Rejected | None:
    if state.post is not None:
        return Rejected("finish the post-battle sequence first: the next battle is prepared after it", "§16, §23.1")
    return None


def available(band: CampaignBand) -> int:
    """Models the band can field next battle (not those missing it after injuries)."""
    return sum(1 for m in band.roster.team if m.id not in band.misses_next and not (m.volunteer or m.neutral))


def _pair(state: CampaignState, a: str, b: str) -> tuple[CampaignBand, CampaignBand] | Rejected:
    first = band_of(state, a)
    if isinstance(first, Rejected):
        return first
    second = band_of(state, b)
    if isinstance(second, Rejected):
        return second
    if a == b:
        return Rejected("name two different bands", kind="malformed")
    return first, second


def roll_next_scenario(state: CampaignState, cmd: c.RollScenario, dice: DiceSource) -> Decision:
    why = _between(state)
    if why:
        return why
    pair = _pair(state, cmd.band_a, cmd.band_b)
    if isinstance(pair, Rejected):
        return pair
    a, b = pair
    record = roll_scenario(dice, available(a), available(b), a.name, b.name)
    scenario = None if record.outcome == SCENARIO_CHOOSE else record.outcome
    return [
        EventDraft(
            "scenario_rolled",
            {"bands": [a.key, b.key], "roll": record.to_dict(), "scenario": scenario},
            text=f"{record.detail['roller']} rolls for the scenario: {roll_line(record)} → "
            f"{record.detail['label']} (§23.1).",
        )
    ]


def choose_scenario(state: CampaignState, cmd: c.ChooseScenario, dice: DiceSource) -> Decision:
    why = _between(state)
    if why:
        return why
    key = t.SCENARIO_ALIASES.get(t.slug(cmd.scenario))
    if key is None:
        return Rejected(f"unknown scenario '{cmd.scenario}' ({', '.join(t.SCENARIOS)})", "§23", "malformed")
    bands = (cmd.band_a, cmd.band_b) if cmd.band_a or cmd.band_b else state.next.bands
    if len(bands) != 2:
        return Rejected("name the two bands of the next battle", "§23.1", "ambiguous")
    pair = _pair(state, *bands)
    if isinstance(pair, Rejected):
        return pair
    rolled = state.next.roll.outcome if state.next.roll is not None and set(state.next.bands) == set(bands) else None
    if rolled not in (None, SCENARIO_CHOOSE, key) and key != "slaughter":
        return Rejected(
            f"the roll gave {scenario_term(rolled)}: the roller may only swap it for {scenario_term('slaughter')}, if "
            "the opponent agrees",
            "§23.1",
        )
    how = (
        f"swapped for {scenario_term('slaughter')} with the opponent's consent"
        if rolled not in (None, SCENARIO_CHOOSE, key)
        else "chosen"
        if rolled is None
        else "the roller's choice after a 6"
        if rolled == SCENARIO_CHOOSE
        else "rolled"
    )
    return [
        EventDraft(
            "scenario_chosen",
            {"bands": list(bands), "scenario": key},
            text=f"Next scenario: {t.SCENARIOS[key].number}. {scenario_term(key)} ({how}, §23.1).",
        )
    ]


def _opponent(state: CampaignState, band: str) -> BandRoster | None:
    """The other band of the next battle: its team (the stash does not fight, §15.10)."""
    others = [k for k in state.next.bands if k != band]
    if not others or band not in state.next.bands:
        return None
    roster = state.band(others[0]).roster
    return changed(roster, models=roster.team)


def choose_challenge(state: CampaignState, cmd: c.ChooseChallenge, dice: DiceSource) -> Decision:
    why = _between(state)
    if why:
        return why
    band = band_of(state, cmd.band)
    if isinstance(band, Rejected):
        return band
    key = challenge_key(cmd.challenge)
    chosen = [e.key for e in state.next.challenges_of(band.key)]
    opponent = _opponent(state, band.key)
    refusal = challenge_refusal(chosen, cmd.challenge, own=band.roster, opponent=opponent)
    if refusal:
        return Rejected(refusal, "§23.7", "malformed" if key is None else "illegal")
    assert key is not None
    name = challenge_term(key)
    if key in NEEDS_MODEL:
        if not cmd.model:
            return Rejected(f"{name} names one of your models: give model", "§23.7", "ambiguous")
        if not band.has_model(cmd.model):
            return Rejected(f"{band.name} has no model '{cmd.model}'", kind="malformed")
        if band.model(cmd.model).stashed:
            return Rejected(f"{band.model(cmd.model).name} is kept in the stash and does not fight", "§15.10")
    if key in NEEDS_TARGET:
        if opponent is None:
            return Rejected(f"{name} names an enemy model: choose the next battle's bands first", "§23.7", "ambiguous")
        ids = {m.id: m for m in opponent.models}
        if cmd.target not in ids:
            return Rejected(
                f"{name} names an enemy model: one of {', '.join(ids)}",
                "§23.7",
                "ambiguous" if not cmd.target else "malformed",
            )
        if key == "exclude-eggheads" and not ids[cmd.target].specialist:
            return Rejected(f"{name} names an enemy Specialist", "§23.7")
    entry = ChallengeEntry(key, cmd.model if key in NEEDS_MODEL else "", cmd.target if key in NEEDS_TARGET else "")
    return [
        EventDraft(
            "challenge_chosen",
            {"band": band.key, "entry": entry_dict(entry)},
            text=f"{band.name} takes the Challenge {name}: {t.CHALLENGES[key].condition} (§23.7).",
        )
    ]


def draw_challenge(state: CampaignState, cmd: c.DrawChallenge, dice: DiceSource) -> Decision:
    why = _between(state)
    if why:
        return why
    band = band_of(state, cmd.band)
    if isinstance(band, Rejected):
        return band
    chosen = [e.key for e in state.next.challenges_of(band.key)]
    opponent = _opponent(state, band.key)
    pool = [k for k in t.CHALLENGES if challenge_refusal(chosen, k, own=band.roster, opponent=opponent) is None]
    if not pool:
        return Rejected(f"{band.name} can take no more Challenges", "§23.7")
    face = dice.roll(1, len(pool), "Challenge draw")[0]
    key = pool[face - 1]
    record = RollRecord(
        CHALLENGE_DRAW,
        "Challenge drawn at random",
        (Die(face),),
        (),
        None,
        None,
        "table",
        Fraction(1, len(pool)),
        key,
        True,
        {"rule": "§23.7", "pool": pool, "sides": len(pool), "label": challenge_term(key)},
    )
    entry = ChallengeEntry(key)
    return [
        EventDraft(
            "challenge_chosen",
            {"band": band.key, "entry": entry_dict(entry), "roll": record.to_dict()},
            text=f"{band.name} draws a Challenge (d{len(pool)} = {face}): {challenge_term(key)}"
            + (" — name its model or target by hand" if key in NEEDS_MODEL + NEEDS_TARGET else "")
            + " (§23.7).",
        )
    ]


def drop_challenge(state: CampaignState, cmd: c.DropChallenge, dice: DiceSource) -> Decision:
    why = _between(state)
    if why:
        return why
    band = band_of(state, cmd.band)
    if isinstance(band, Rejected):
        return band
    key = challenge_key(cmd.challenge)
    if key not in [e.key for e in state.next.challenges_of(band.key)]:
        return Rejected(f"{band.name} has not chosen '{cmd.challenge}'", "§23.7", "malformed")
    return [
        EventDraft(
            "challenge_dropped",
            {"band": band.key, "challenge": key},
            text=f"{band.name} gives up {challenge_term(key)}.",
        )
    ]


def add_band(state: CampaignState, cmd: c.AddBand, dice: DiceSource) -> Decision:
    try:
        roster = BandRoster.from_dict(cmd.roster)
    except (KeyError, TypeError, ValueError) as err:
        return Rejected(f"not a roster record ({err})", kind="malformed")
    key = t.slug(roster.name)
    if not key or state.has_band(key):
        return Rejected(
            f"the campaign already has a band called '{roster.name}'" if key else "the band needs a name",
            kind="malformed",
        )
    errors = roster_errors(roster, state.settings)
    if errors:
        return Rejected(f"{roster.name}: {errors[0].message}", errors[0].rule)
    return [
        EventDraft("band_added", {"band": key, "roster": roster.to_dict()}, text=f"{roster.name} joins the campaign.")
    ]


def change_setting(state: CampaignState, cmd: c.ChangeSetting, dice: DiceSource) -> Decision:
    spec = SETTINGS_BY_KEY.get(cmd.key) or CAMPAIGN_SETTINGS_BY_KEY.get(cmd.key)
    choices = [ch.value for ch in spec.choices] if spec else []
    if not choices:
        return Rejected(f"unknown setting '{cmd.key}'", kind="malformed")
    if cmd.value not in choices:
        return Rejected(f"{cmd.key} is one of {', '.join(choices)}", spec.ref if spec else "", "malformed")
    if state.settings.get(cmd.key) == cmd.value:
        return Rejected(f"{cmd.key} is already {cmd.value}")
    return [
        EventDraft(
            "setting_changed",
            {"key": cmd.key, "value": cmd.value},
            text=f"Setting {cmd.key} = {cmd.value}" + (f" ({spec.ref})" if spec else "") + ".",
        )
    ]


__all__ = [
    "CHALLENGE_DRAW",
    "NEEDS_MODEL",
    "NEEDS_TARGET",
    "add_band",
    "available",
    "change_setting",
    "choose_challenge",
    "choose_scenario",
    "draw_challenge",
    "drop_challenge",
    "roll_next_scenario",
]

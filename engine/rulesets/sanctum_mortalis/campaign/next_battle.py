"""The next battle of a campaign: pure queries over ``CampaignState``.

* ``next_battle(state)``: the next battle as prepared so far (bands, scenario,
  Challenges, the models that miss it, the Volunteers each band gets, §15.9);
* ``next_battle_setup(state)``: its set-up for ``make_setup`` (models that miss it
  left out, Volunteers added, the campaign named so the battle comes back to it);
* ``playing(roster, missing)``: the team that takes the table.
"""

from __future__ import annotations

from typing import Any, Mapping

from engine.records import Record, changed

from ..postbattle import data as d
from ..postbattle.scenarios import next_battle_volunteers
from ..roster import BandRoster, ModelSpec
from .sequence import LINK
from .state import CampaignState


def playing(band_roster: BandRoster, missing: tuple[str, ...]) -> BandRoster:
    """The roster's team without the models that miss the next battle (the stash stays
    on the mother ship, §15.10)."""
    return changed(band_roster, models=tuple(m for m in band_roster.team if m.id not in missing))


class NextBattleView(Record):
    """The next battle being prepared: bands, scenario (None: not chosen), the roll,
    each band's Challenges, the models that miss it and the Volunteers each gets (§15.9)."""

    bands: tuple[str, ...]
    scenario: str | None
    roll: Any
    challenges: Mapping[str, tuple[str, ...]]
    missing: Mapping[str, tuple[str, ...]]
    volunteers: Mapping[str, int]
    ready: bool
    why: str = ""


def next_battle(state: CampaignState) -> NextBattleView:
    """The next battle as prepared so far."""
    nb = state.next
    missing = {b.key: b.misses_next for b in state.bands}
    volunteers: dict[str, int] = {}
    if len(nb.bands) == 2:
        a, b = (state.band(k) for k in nb.bands)
        va, vb = next_battle_volunteers(
            a.roster, b.roster, missing_a=a.misses_next, missing_b=b.misses_next, settings=state.settings
        )
        volunteers = {a.key: va, b.key: vb}
    why = (
        "finish the post-battle sequence"
        if state.post is not None
        else "choose the two bands and the scenario"
        if len(nb.bands) != 2 or nb.scenario is None
        else ""
    )
    return NextBattleView(
        nb.bands,
        nb.scenario,
        nb.roll,
        {k: tuple(e.key for e in v) for k, v in nb.challenges},
        missing,
        volunteers,
        not why,
        why,
    )


def volunteer(n: int) -> ModelSpec:
    """Volunteer number ``n`` (§15.9: assault rifle, light armour, nothing else)."""
    return ModelSpec(f"volunteer-{n}", f"Volunteer {n}", "volunteer", ranged=("assault-rifle",), volunteer=True)


def next_battle_setup(state: CampaignState, extra_settings: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The next battle's set-up (``make_setup``): the two rosters as they are now, less
    the models that miss it (they stay on the roster, §18.1), plus their Volunteers (who
    vanish after it, §15.9), and ``sequence.LINK``: this campaign, the battle's number and
    the bands' keys, so its post-battle sequence is recorded here. Raises ``ValueError``
    if not ready."""
    from ..ruleset import make_setup

    view = next_battle(state)
    if not view.ready or view.scenario is None:
        raise ValueError(f"the next battle is not ready: {view.why}")
    rosters = []
    for key in view.bands:
        b = state.band(key)
        roster = playing(b.roster, b.misses_next)
        extra = tuple(volunteer(i + 1) for i in range(view.volunteers.get(key, 0)))
        rosters.append(changed(roster, models=roster.models + extra))
    settings = {k: v for k, v in {**state.settings, **(extra_settings or {})}.items() if k not in d.LOCAL_SETTINGS}
    challenges = {
        side: [[e.key, e.model, e.target] for e in state.next.challenges_of(key)]
        for side, key in zip(("A", "B"), view.bands)
        if state.next.challenges_of(key)
    }  # the battle counts their VP towards the winner (§14, §23.7)
    setup = make_setup(rosters[0], rosters[1], scenario=view.scenario, settings=settings, challenges=challenges)
    setup[LINK] = {"id": state.id, "title": state.title, "battle": len(state.battles) + 1, "bands": list(view.bands)}
    return setup


__all__ = ["NextBattleView", "next_battle", "next_battle_setup", "playing", "volunteer"]

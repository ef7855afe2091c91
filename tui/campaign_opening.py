"""Sanctum Mortalis campaigns: a campaign save started from a finished battle, and the
next battle started from the campaign's bands.

The ``tui.systems`` builder of the campaign rule system. A campaign is not started from
rosters or a demo: ``skirmish campaign BATTLE.skirmish`` (``start_from_battle``) reads
the battle's save, makes a campaign of its two bands and starts the post-battle
sequence from its log. These functions read and write files: call them from a thread
worker (or the command line, before the dashboard starts).
"""
from __future__ import annotations

import secrets
from pathlib import Path
from typing import Any

from .opening import LaunchPlan
from .session import OpenError, Progress, Session, _no_progress, create_session

RULESET = "sanctum-mortalis-campaign"
BATTLE_RULESET = "sanctum-mortalis"


def start_from_battle(battle: str | Path, directory: Path, progress: Progress = _no_progress,
                      seed: int | None = None) -> Path:
    """A new campaign save in ``directory`` of the battle's two bands, its post-battle
    sequence started from the battle's log. Returns the campaign's path; ``OpenError``
    (one line) if the battle cannot start one (not Sanctum Mortalis, not ended...)."""
    import saves
    from engine.battle import Battle
    from engine.ruleset import Rejected
    from engine.rulesets.sanctum_mortalis.campaign import StartPostBattle, campaign_header, campaign_setup
    from engine.rulesets.sanctum_mortalis.roster import BandRoster

    where = Path(battle)
    progress(f"Reading {where.name}…", None)
    try:
        header, entries = saves.load(where)
    except saves.SaveError as err:
        raise OpenError(str(err), err.kind) from None
    if header.get("ruleset") != BATTLE_RULESET or header.get("kind", "battle") != "battle":
        raise OpenError(f"{where} is not a Sanctum Mortalis battle: a campaign starts from one")
    setup = header.get("setup") or {}
    try:
        rosters = [BandRoster.from_dict(setup["bands"][side]) for side in ("A", "B")]
    except (KeyError, TypeError, ValueError) as err:
        raise OpenError(f"cannot read the bands of {where} ({err})") from None
    title = f"Campaign: {rosters[0].name} and {rosters[1].name}"
    campaign = Battle(campaign_header(campaign_setup(rosters, title), secrets.randbelow(1_000_000)
                                      if seed is None else seed))
    progress("Starting the post-battle sequence…", None)
    result = campaign.submit(StartPostBattle(setup, tuple(entries), title=str(header.get("title") or where.stem),
                                             ref=str(where.resolve())))
    if isinstance(result, Rejected):
        rule = f" ({result.rule})" if result.rule else ""
        raise OpenError(f"cannot start the post-battle sequence of {where.name}: {result.reason}{rule}")
    progress("Creating the campaign save…", None)
    try:
        path = saves.new_save_path(title, directory)
        with saves.BattleStore.create(path, campaign.header) as store:
            store.append_many([e.to_dict() for e in campaign.entries])
    except saves.SaveError as err:
        raise OpenError(str(err)) from None
    return path


def next_battle(directory: Path, state: Any, progress: Progress = _no_progress, seed: int | None = None) -> Session:
    """A new Sanctum Mortalis battle from the campaign's bands as they are now
    (``view.next_battle_setup``: models that miss it left out, Volunteers added)."""
    from engine.rulesets.sanctum_mortalis.campaign import view

    try:
        setup = view.next_battle_setup(state)
    except ValueError as err:
        raise OpenError(str(err)) from None
    a, b = (setup["bands"][side]["name"] for side in ("A", "B"))
    number = len(state.battles) + 1
    return create_session(directory, f"Battle {number}: {a} v {b}", setup,
                          secrets.randbelow(1_000_000) if seed is None else seed, BATTLE_RULESET, progress)


def new_battle(directory: Path, plan: LaunchPlan, progress: Progress = _no_progress) -> Session:
    """A campaign does not start from rosters (``tui.systems`` builder)."""
    raise OpenError("a campaign starts from a finished battle: skirmish campaign BATTLE.skirmish")


demo_battle = new_battle
"""A campaign has no demo (``tui.systems`` builder)."""

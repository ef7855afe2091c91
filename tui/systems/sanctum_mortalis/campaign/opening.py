"""Sanctum Mortalis campaigns: a campaign save started from a finished battle, the next
battle started from the campaign's bands, and that battle recorded back in its campaign.

A campaign (its ``SystemSpec`` has no new-battle builder) is not started from rosters
or a demo: ``skirmish campaign BATTLE.skirmish`` (``post_battle``) reads the
battle's save; a battle the campaign started (its set-up names the campaign, its header
``CAMPAIGN_SAVE`` the campaign's save) is recorded in that campaign, any other battle
makes a new campaign of its two bands (``start_from_battle``). Either way the post-battle
sequence starts from the battle's log. These functions read and write files: call them
from a thread worker (or the command line, before the dashboard starts).
"""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Any

from engine.rulesets.sanctum_mortalis import NAME as BATTLE_RULESET
from engine.rulesets.sanctum_mortalis.campaign import NAME as RULESET
from saves.errors import CORRUPT, MISSING, NOT_OURS, TRUNCATED, UNREADABLE
from tui.session import OpenError, Progress, Session, _no_progress, create_session

CAMPAIGN_SAVE = "campaign_save"
"""The battle header's key for its campaign's save, as given when the battle was started."""
UNREADABLE_KINDS = frozenset({MISSING, CORRUPT, TRUNCATED, UNREADABLE, NOT_OURS})
"""Saves problems of a battle's campaign save after which a new campaign may be started instead."""


class CampaignUnreadable(OpenError):
    """The battle's campaign save is missing or damaged (the saves module's one line):
    nothing was changed, and a new campaign may be started from the battle instead."""


def read_battle(battle: str | Path, progress: Progress = _no_progress) -> tuple[Path, dict[str, Any], list[Any]]:
    """A finished battle's save: (path, header, entries); ``OpenError`` (one line) if it
    cannot be read or is not a Sanctum Mortalis battle."""
    import saves

    where = Path(battle)
    progress(f"Reading {where.name}…", None)
    try:
        header, entries = saves.load(where)
    except saves.SaveError as err:
        raise OpenError(str(err), err.kind) from None
    if header.get("ruleset") != BATTLE_RULESET or header.get("kind", "battle") != "battle":
        raise OpenError(f"{where} is not a Sanctum Mortalis battle: a campaign starts from one")
    return where, header, entries


def _start(battle: Path, header: dict[str, Any], entries: list[Any]) -> Any:
    """The ``StartPostBattle`` of a battle's save (its title, its path as the reference)."""
    from engine.rulesets.sanctum_mortalis.campaign import StartPostBattle

    return StartPostBattle(
        header.get("setup") or {},
        tuple(entries),
        title=str(header.get("title") or battle.stem),
        ref=str(battle.resolve()),
    )


def _refused(battle: Path, result: Any) -> OpenError:
    rule = f" ({result.rule})" if result.rule else ""
    return OpenError(f"cannot start the post-battle sequence of {battle.name}: {result.reason}{rule}")


def start_from_battle(
    battle: str | Path, directory: Path, progress: Progress = _no_progress, seed: int | None = None
) -> Path:
    """A new campaign save in ``directory`` of the battle's two bands, its post-battle
    sequence started from the battle's log. Returns the campaign's path; ``OpenError``
    (one line) if the battle cannot start one (not Sanctum Mortalis, not ended...)."""
    where, header, entries = read_battle(battle, progress)
    return _new_campaign(where, header, entries, directory, progress, seed)


def _new_campaign(
    where: Path, header: dict[str, Any], entries: list[Any], directory: Path, progress: Progress, seed: int | None
) -> Path:
    import saves
    from engine.battle import Battle
    from engine.ruleset import Rejected
    from engine.rulesets.sanctum_mortalis.campaign import campaign_header, campaign_setup
    from engine.rulesets.sanctum_mortalis.campaign.sequence import LINK
    from engine.rulesets.sanctum_mortalis.roster import BandRoster

    setup = header.get("setup") or {}
    try:
        rosters = [BandRoster.from_dict(setup["bands"][side]) for side in ("A", "B")]
    except (KeyError, TypeError, ValueError) as err:
        raise OpenError(f"cannot read the bands of {where} ({err})") from None
    title = f"Campaign: {rosters[0].name} and {rosters[1].name}"
    campaign = Battle(
        campaign_header(
            campaign_setup(rosters, title, campaign_id=secrets.token_hex(8)),
            secrets.randbelow(1_000_000) if seed is None else seed,
        )
    )
    progress("Starting the post-battle sequence…", None)
    alone = {**header, "setup": {k: v for k, v in setup.items() if k != LINK}}  # its first battle, not another's
    result = campaign.submit(_start(where, alone, entries))
    if isinstance(result, Rejected):
        raise _refused(where, result)
    progress("Creating the campaign save…", None)
    try:
        path = saves.new_save_path(title, directory)
        with saves.BattleStore.create(path, campaign.header) as store:
            store.append_many([e.to_dict() for e in campaign.entries])
    except saves.SaveError as err:
        raise OpenError(str(err)) from None
    return path


# --------------------------------------------------------------------------- a battle of a campaign
def campaign_link(header: dict[str, Any]) -> dict[str, Any]:
    """The campaign a battle belongs to ({} for none): the set-up's link (id, title,
    battle number, bands) and ``path``, its save as given when the battle was started."""
    from engine.rulesets.sanctum_mortalis.campaign.sequence import campaign_link as link_of

    link = link_of(header.get("setup") or {})
    if link:
        link["path"] = str(header.get(CAMPAIGN_SAVE) or "")
    return link


def find_campaign(link: dict[str, Any], folders: list[Path], progress: Progress = _no_progress) -> Path:
    """The campaign save of a battle: the path it was given, else (moved or renamed) the
    campaign with its id among the saves of ``folders``. ``OpenError`` with the saves
    module's one line when it cannot be found or read; no file is changed."""
    import saves

    given = Path(link["path"]).expanduser() if link.get("path") else None
    wanted = str(link.get("id") or "")
    first_error: saves.SaveError | None = None
    if given is not None:
        try:
            header, _ = saves.load(given)
        except saves.SaveError as err:
            if err.kind != MISSING:
                raise OpenError(str(err), err.kind) from None  # there, but damaged: say so, touch nothing
            first_error = err
        else:
            if not wanted or (header.get("setup") or {}).get("id") == wanted:
                return given
    if wanted:
        progress("Looking for the campaign in the saves folder…", None)
        for folder in dict.fromkeys(f.expanduser().absolute() for f in folders):
            for s in saves.list_saves(folder):
                if s.kind == "campaign" and not s.error and (s.header.get("setup") or {}).get("id") == wanted:
                    return s.path
    title = link.get("title") or wanted or "?"
    where = str(first_error) if first_error else f"campaign '{title}' not found"
    raise OpenError(
        f"{where} (the campaign of this battle, not found in {', '.join(map(str, folders))} either)", MISSING
    )


def recorded_in(
    header: dict[str, Any], folders: list[Path], progress: Progress = _no_progress
) -> tuple[Path, int] | None:
    """The campaign save among ``folders`` that has recorded this battle already (by its
    set-up's fingerprint) and the battle's number there, or None."""
    import saves
    from engine.rulesets.sanctum_mortalis.campaign.sequence import setup_digest

    digest = setup_digest(header.get("setup") or {})
    progress("Looking for a campaign that has this battle…", None)
    for folder in dict.fromkeys(f.expanduser().absolute() for f in folders):
        for s in saves.list_saves(folder):
            for b in s.battles if s.kind == "campaign" else ():
                if b.get("digest") == digest:
                    return s.path, int(b.get("number") or 0)
    return None


def record_in_campaign(
    campaign: Path, battle: Path, header: dict[str, Any], entries: list[Any], progress: Progress = _no_progress
) -> None:
    """Start the battle's post-battle sequence in its campaign's save: decided on a
    read-only copy first (a refusal writes nothing), then appended through the save's
    crash-safe journal. ``OpenError`` (one line) if refused or the save cannot be written."""
    import saves
    from engine.battle import Battle
    from engine.ruleset import Rejected

    command = _start(battle, header, entries)

    def decide(camp_header: dict[str, Any], camp_entries: list[Any]) -> Any:
        if camp_header.get("ruleset") != RULESET or camp_header.get("kind") != "campaign":
            raise OpenError(f"{campaign} is not a Sanctum Mortalis campaign")
        try:
            camp = Battle(camp_header, camp_entries)
        except Exception as err:  # noqa: BLE001 - one line, never a traceback
            raise OpenError(f"cannot open {campaign}: not a campaign this version can play ({err})") from None
        result = camp.submit(command)
        if isinstance(result, Rejected):
            raise _refused(battle, result)
        return result

    progress(f"Reading {campaign.name}…", None)
    try:
        decide(*saves.load(campaign))
        progress("Recording the battle in the campaign…", None)
        with saves.BattleStore.open(campaign) as store:
            result = decide(store.header, list(store.entries))
            store.append_many([e.to_dict() for e in result.events])
    except saves.SaveError as err:
        raise OpenError(str(err), err.kind) from None


def post_battle(
    battle: str | Path, directory: Path, progress: Progress = _no_progress, seed: int | None = None, new: bool = False
) -> tuple[Path, str]:
    """The post-battle sequence of a finished battle: recorded in the campaign that
    started it (looked for in ``directory`` and the battle's folder if it was moved), or
    in a new campaign (a battle of no campaign, or ``new``). Returns the campaign's path
    and a line saying which."""
    where, header, entries = read_battle(battle, progress)
    link = campaign_link(header)
    if not new and not link:
        recorded = recorded_in(header, [directory, where.parent], progress)
        if recorded is not None:
            raise OpenError(
                f"{where.name} is already recorded in the campaign {recorded[0]} (battle {recorded[1]}): "
                "open it with skirmish open, or --new starts another campaign"
            )
    if new or not link:
        path = _new_campaign(where, header, entries, directory, progress, seed)
        return path, f"New campaign: the post-battle sequence of {where.name} has started"
    try:
        campaign = find_campaign(link, [directory, where.parent], progress)
        record_in_campaign(campaign, where, header, entries, progress)
    except OpenError as err:
        if err.kind in UNREADABLE_KINDS:
            raise CampaignUnreadable(str(err), err.kind) from None
        raise
    number = link.get("battle", "?")
    return campaign, f"Battle {number} recorded in {campaign.name}: its post-battle sequence has started"


def from_command_line(battle: Path, folder: Path, *, seed: int | None, new: bool) -> tuple[Path, str]:
    """``skirmish campaign BATTLE [--new]`` (the battle system's ``Dashboard.post_battle``):
    ``post_battle``, with the way out in the one line of a lost or damaged campaign."""
    try:
        return post_battle(battle, folder, seed=seed, new=new)
    except CampaignUnreadable as err:
        raise OpenError(f"{err}; skirmish campaign --new BATTLE starts a new campaign from it", err.kind) from None


# --------------------------------------------------------------------------- the next battle
def next_battle(
    directory: Path,
    state: Any,
    progress: Progress = _no_progress,
    seed: int | None = None,
    campaign: Path | None = None,
) -> Session:
    """A new Sanctum Mortalis battle from the campaign's bands as they are now
    (``view.next_battle_setup``: models that miss it left out, Volunteers added, the
    campaign named); ``campaign``: the campaign's save, kept in the battle's header so
    its post-battle sequence comes back to it."""
    from engine.rulesets.sanctum_mortalis.campaign import view

    try:
        setup = view.next_battle_setup(state)
    except ValueError as err:
        raise OpenError(str(err)) from None
    a, b = (setup["bands"][side]["name"] for side in ("A", "B"))
    number = len(state.battles) + 1
    extra = {CAMPAIGN_SAVE: str(campaign.expanduser().absolute())} if campaign is not None else {}
    return create_session(
        directory,
        f"Battle {number}: {a} v {b}",
        setup,
        secrets.randbelow(1_000_000) if seed is None else seed,
        BATTLE_RULESET,
        progress,
        **extra,
    )

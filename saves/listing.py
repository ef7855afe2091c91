"""The saves picker's view of a folder: one summary per save, never raising."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from saves.errors import MISSING, Damage
from saves.paths import SUFFIX
from saves.reader import read_save


@dataclass(frozen=True)
class SaveSummary:
    """One line of the saves list.

    ``error`` is the one-line ``SaveError`` text for a save that cannot be
    opened (the other fields are then empty); ``header`` is the full header.
    """

    path: Path
    kind: str | None
    title: str | None
    ruleset: str | None
    events: int
    modified: datetime
    error: str | None = None
    header: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)
    result: str | None = None
    """The text of the last ``battle_ended`` entry, if the battle has ended."""
    battles: tuple[dict[str, Any], ...] = ()
    """A campaign's battles played: the ``battle`` payload of each ``post_battle_started``
    entry that counts (undone ones left out), in order, with ``scenario_name`` added
    (the scenario's name in the rule tables)."""
    scenario: str | None = None
    """The name of the battle's scenario in the rule system's tables ("Surrounded");
    None when the battle plays no scenario."""
    warning: str | None = None
    """A damaged save that opens read-only: its one-line warning (the other fields are of
    the entries before the damage)."""
    active: int | None = None
    """The entries that count, as the log pane counts its events: ``events`` without the
    undo and redo entries and what undo took back (None: unknown)."""
    newest: int | None = None
    """The number (``#seq``, as the log shows it) of the newest entry that counts."""


def list_saves(directory: str | os.PathLike[str]) -> list[SaveSummary]:
    """Every ``*.skirmish`` in ``directory``, newest first. Reads every save in
    full (it validates them), so call it from a worker thread."""
    folder = Path(directory).expanduser().absolute()
    try:
        names = os.listdir(folder)
    except OSError:
        return []
    found = [summarise(folder / name) for name in names if name.endswith(SUFFIX) and not name.startswith(".")]
    return sorted(found, key=lambda s: (s.modified, s.path.name), reverse=True)


def summarise(path: Path) -> SaveSummary:
    """The summary of one save; problems become ``error``, not exceptions."""
    modified = _modified(path)
    try:
        snap = read_save(path, salvage=True)
    except Damage as damage:
        return SaveSummary(path, None, None, None, 0, modified, str(damage.at(path)))
    snap.db.close()
    header = snap.header
    ended = [e for e in snap.entries if isinstance(e, dict) and e.get("kind") == "battle_ended"]
    result = _text(ended[-1].get("text")) if ended else None
    ruleset = _text(header.get("ruleset"))
    battles = _battles(snap.entries, ruleset) if header.get("kind") == "campaign" else ()
    raw_setup = header.get("setup")
    setup = raw_setup if isinstance(raw_setup, dict) else {}
    key = setup.get("scenario")
    scenario = _scenario_name(ruleset, key) if isinstance(key, str) and key not in ("", "none") else None
    return SaveSummary(
        path,
        header.get("kind"),
        _text(header.get("title")),
        ruleset,
        len(snap.entries),
        modified,
        None,
        header,
        result,
        battles,
        scenario,
        snap.warning or None,
        *_counted(snap.entries),
    )


def _counted(entries: list[Any]) -> tuple[int | None, int | None]:
    """How many entries count (after undo and redo) and the number of the newest, as the
    log pane shows them; (None, None) when the entries cannot be read."""
    from engine.events import Event
    from engine.log import effective

    try:
        active = effective([Event.from_dict(e) for e in entries]).active
    except Exception:  # noqa: BLE001 - a summary never raises: the save opens with its own message
        return None, None
    return len(active), (active[-1].seq if active else None)


def _battles(entries: list[Any], ruleset: str | None) -> tuple[dict[str, Any], ...]:
    """The battles a campaign log records (after undo and redo), each with its
    scenario's name."""
    from engine.events import Event
    from engine.log import effective

    try:
        active = effective([Event.from_dict(e) for e in entries]).active
    except Exception:  # noqa: BLE001 - a summary never raises: the save opens with its own message
        return ()
    battles = [
        dict(e.payload["battle"])
        for e in active
        if e.kind == "post_battle_started" and isinstance(e.payload.get("battle"), dict)
    ]
    for battle in battles:
        if isinstance(battle.get("scenario"), str):
            battle["scenario_name"] = _scenario_name(ruleset, battle["scenario"])
    return tuple(battles)


def _scenario_name(ruleset: str | None, key: str) -> str:
    """The scenario's name from the rule system's tables (the key if it has none)."""
    from engine.ruleset import scenario_name

    try:
        return scenario_name(ruleset, key)
    except Exception:  # noqa: BLE001 - a summary never raises: a rule system that fails to load
        return key


def _text(value: Any) -> str | None:
    return value if isinstance(value, str) else None


def _modified(path: Path) -> datetime:
    """The newest change time among the save folder and its files."""
    newest = 0.0
    try:
        newest = os.stat(path).st_mtime
        if path.is_dir():
            for entry in os.scandir(path):
                newest = max(newest, entry.stat().st_mtime)
    except OSError:
        pass
    return datetime.fromtimestamp(newest)


def find_save(given: str, saves_folder: str | os.PathLike[str] | None = None) -> Path:
    """The save ``given`` names, as ``skirmish open``/``export``/``campaign`` take it:
    a path, a name in the saves folder (``saves_folder`` as ``--saves`` gives it; with or
    without ``.skirmish``), or the number of a row of ``skirmish list`` (1 = the newest).
    An existing path is never looked up in the saves folder (so a good save opens
    whatever the folder's state); a name found nowhere is returned as given, so opening
    it says the save is missing. ``SaveError`` for a row number the list does not have."""
    path = Path(given).expanduser()
    if path.exists() or os.sep in given:
        return path
    from saves.paths import data_dir

    folder = data_dir(saves_folder)
    if given.isdigit():
        found = list_saves(folder)
        number = int(given)
        if 1 <= number <= len(found):
            return found[number - 1].path
        rows = (f"1-{len(found)}" if len(found) > 1 else "1") if found else "it has none"
        detail = f"no save number {number} in {folder} (the rows of `skirmish list`: {rows})"
        raise Damage(MISSING, detail).at(given)
    for name in (given, given + SUFFIX):
        if (folder / name).exists():
            return folder / name
    return path

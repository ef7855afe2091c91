"""Skirmish Desk saves: the only package that touches disk.

A save is a folder ``NAME.skirmish/`` holding a TinyDB file ``battle.json``
(header and folded entries) and, while it is open, ``journal-<seq>.jsonl``
segments of fsync'd entries. See ``saves.store`` and ``saves.checkpoints`` for the crash-safety design and
``saves.journal`` for the checksums (save format 2) that tell damage from a torn write.
"""

from saves.errors import SaveError
from saves.listing import SaveSummary, find_save, list_saves
from saves.paths import SUFFIX, data_dir, last_battle, new_save_path, remember_last_battle, write_export, write_roster
from saves.reader import SAVE_FORMAT
from saves.store import BattleStore, load, salvage

__all__ = [
    "SAVE_FORMAT",
    "SUFFIX",
    "BattleStore",
    "SaveError",
    "SaveSummary",
    "data_dir",
    "last_battle",
    "remember_last_battle",
    "write_export",
    "write_roster",
    "find_save",
    "list_saves",
    "load",
    "salvage",
    "new_save_path",
]

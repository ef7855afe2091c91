"""Sanctum Mortalis rosters written back as TOML text (the reverse of ``roster_toml``).

``write_roster(roster)`` gives text that ``roster_toml.read_roster`` reads back into the
same ``BandRoster`` (ids come from the names, as when the GM writes the file; ``line``
and ``source`` are where a roster was read from, not part of it). A campaign band is
written with ``campaign = true`` so ``check_roster`` / ``skirmish check`` judge it as
one (§15.1: no budget, XP, loot gear and wounds allowed). The engine writes text only:
``saves.write_roster`` puts it on disk.
"""
from __future__ import annotations

import json
from typing import Iterable

from . import tables as t
from .band_building import STATS, apply_options, model_options
from .roster import BandRoster, ModelSpec

HEADER = ("# Sanctum Mortalis band roster, written by Skirmish Desk after a campaign battle.\n"
          "# Check it with:  skirmish check THIS-FILE.toml   (the format is described in the demo rosters)\n")


def _string(text: str) -> str:
    """A TOML basic string (JSON escapes are valid TOML escapes)."""
    return json.dumps(text, ensure_ascii=False)


def _names(values: Iterable[str]) -> str:
    return "[" + ", ".join(_string(v) for v in values) + "]"


def _stats(pairs: Iterable[tuple[str, int]]) -> str:
    order = {s: i for i, s in enumerate(STATS)}
    items = sorted(pairs, key=lambda p: order.get(p[0], len(STATS)))
    return "{ " + ", ".join(f"{k} = {v}" for k, v in items) + " }" if items else "{}"


def _melee_lines(spec: ModelSpec) -> list[str]:
    """``melee`` and ``options`` that read back as the model's weapons and shield: the
    archetype's base loadout plus the off-hand options when they give exactly these
    weapons in this order, else the weapons as they are (plus a shield option)."""
    arch = t.ARCHETYPES.get(spec.archetype)
    combo = model_options(spec) if arch is not None else None
    if arch is not None and combo is not None:
        for base in arch.melee:
            if apply_options(base, combo) == (tuple(spec.melee), spec.shield):
                lines = [f"melee = {_names(base)}"]
                if combo:
                    lines.append(f"options = {_names(combo)}")
                return lines
    lines = [f"melee = {_names(spec.melee)}"]
    if spec.shield:
        lines.append('options = ["shield"]')
    return lines


def model_lines(spec: ModelSpec) -> list[str]:
    """The ``[[model]]`` block of one model (every field that differs from a blank model)."""
    out = ["[[model]]", f"name = {_string(spec.name)}"]
    if spec.archetype and not (spec.volunteer and spec.archetype == "volunteer"):
        out.append(f"archetype = {_string(spec.archetype)}")
    if spec.specialist:
        out.append(f"specialist = {_string(spec.specialist)}")
    for flag in ("captain", "small", "volunteer", "neutral"):
        if getattr(spec, flag):
            out.append(f"{flag} = true")
    out.append(f"ranged = {_names(spec.ranged)}")
    out += _melee_lines(spec)
    out.append(f"armour = {_string(spec.armour)}")
    for key in ("items", "mods", "skills", "tricks", "wounds"):
        values = getattr(spec, key)
        if values:
            out.append(f"{key} = {_names(values)}")
    if spec.advances:
        out.append(f"advances = {_stats(spec.advances)}")
    if spec.xp:
        out.append(f"xp = {spec.xp}")
    if spec.neutral_type:
        out.append(f"neutral_type = {_string(spec.neutral_type)}")
    if spec.profile_override:
        out.append(f"profile = {_stats(spec.profile_override)}")
    if spec.stashed:
        out.append("stash = true  # kept in the stash, not in the team (§15.10)")
    return out


def write_roster(roster: BandRoster, *, campaign: bool = True) -> str:
    """The roster as TOML text (``campaign = true`` unless told it is a starting band)."""
    out = [HEADER, f"band = {_string(roster.name)}"]
    if roster.player:
        out.append(f"player = {_string(roster.player)}")
    if campaign:
        out.append("campaign = true")
    out.append(f"treasury = {roster.treasury}")
    out.append(f"stash = {_names(roster.stash)}")
    if roster.notes:
        out.append(f"notes = {_names(roster.notes)}")
    for spec in roster.models:
        out.append("")
        out += model_lines(spec)
    return "\n".join(out) + "\n"


__all__ = ["HEADER", "model_lines", "write_roster"]

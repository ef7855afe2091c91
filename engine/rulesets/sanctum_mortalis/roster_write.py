"""Sanctum Mortalis rosters written back as TOML text (the reverse of ``roster_toml``).

``write_roster(roster)`` gives text that ``roster_toml.read_roster`` reads back into the
same ``BandRoster`` (ids come from the names, as when the GM writes the file; ``line``
and ``source`` are where a roster was read from, not part of it). A campaign band is
written with ``campaign = true`` so ``check_roster`` / ``skirmish check`` judge it as
one (§15.1: no budget, XP, loot gear and wounds allowed). The engine writes text only:
``saves.write_roster`` puts it on disk.

Every key and value is written by ``tomli_w``, so any name reads back as it was (quotes,
backslashes, newlines, control characters such as U+007F, which TOML allows only
escaped). This module only picks the fields and their order and adds the comments.
"""

from __future__ import annotations

from typing import Any, Iterable

import tomli_w

from . import tables as t
from .band_building import STATS, apply_options, model_options
from .roster import BandRoster, ModelSpec

HEADER = (
    "# Sanctum Mortalis band roster, written by Skirmish Desk after a campaign battle.\n"
    "# Check it with:  skirmish check THIS-FILE.toml   (the format is described in the demo rosters)\n"
)


def _value(value: Any) -> str:
    """A TOML value as ``tomli_w`` writes it; arrays and tables kept on one line (as the
    demo rosters write them), so a table stays inside its ``[[model]]`` block."""
    if isinstance(value, (list, tuple)):
        return f"[{', '.join(_value(v) for v in value)}]"
    if isinstance(value, dict):
        return f"{{ {', '.join(_line(k, v) for k, v in value.items())} }}" if value else "{}"
    return tomli_w.dumps({"v": value})[len("v = ") : -1]


def _line(key: str, value: Any) -> str:
    """``key = value``, the key quoted by ``tomli_w`` when it must be."""
    key_text = tomli_w.dumps({key: 0})[: -len(" = 0\n")]
    return f"{key_text} = {_value(value)}"


def _stats(pairs: Iterable[tuple[str, int]]) -> dict[str, int]:
    order = {s: i for i, s in enumerate(STATS)}
    return dict(sorted(pairs, key=lambda p: order.get(p[0], len(STATS))))


def _melee_lines(spec: ModelSpec) -> list[str]:
    """``melee`` and ``options`` that read back as the model's weapons and shield: the
    archetype's base loadout plus the off-hand options when they give exactly these
    weapons in this order, else the weapons as they are (plus a shield option)."""
    arch = t.ARCHETYPES.get(spec.archetype)
    combo = model_options(spec) if arch is not None else None
    if arch is not None and combo is not None:
        for base in arch.melee:
            if apply_options(base, combo) == (tuple(spec.melee), spec.shield):
                lines = [_line("melee", list(base))]
                if combo:
                    lines.append(_line("options", list(combo)))
                return lines
    lines = [_line("melee", list(spec.melee))]
    if spec.shield:
        lines.append('options = ["shield"]')
    return lines


def model_lines(spec: ModelSpec) -> list[str]:
    """The ``[[model]]`` block of one model (every field that differs from a blank model)."""
    out = ["[[model]]", _line("name", spec.name)]
    if spec.archetype and not (spec.volunteer and spec.archetype == "volunteer"):
        out.append(_line("archetype", spec.archetype))
    if spec.specialist:
        out.append(_line("specialist", spec.specialist))
    for flag in ("captain", "small", "volunteer", "neutral"):
        if getattr(spec, flag):
            out.append(f"{flag} = true")
    out.append(_line("ranged", list(spec.ranged)))
    out += _melee_lines(spec)
    out.append(_line("armour", spec.armour))
    for key in ("items", "mods", "skills", "tricks", "wounds"):
        values = getattr(spec, key)
        if values:
            out.append(_line(key, list(values)))
    if spec.advances:
        out.append(_line("advances", _stats(spec.advances)))
    if spec.xp:
        out.append(_line("xp", spec.xp))
    if spec.neutral_type:
        out.append(_line("neutral_type", spec.neutral_type))
    if spec.profile_override:
        out.append(_line("profile", _stats(spec.profile_override)))
    if spec.stashed:
        out.append("stash = true  # kept in the stash, not in the team (§15.10)")
    return out


def write_roster(roster: BandRoster, *, campaign: bool = True) -> str:
    """The roster as TOML text (``campaign = true`` unless told it is a starting band)."""
    out = [HEADER, _line("band", roster.name)]
    if roster.player:
        out.append(_line("player", roster.player))
    if campaign:
        out.append(_line("campaign", True))
    out.append(_line("treasury", roster.treasury))
    out.append(_line("stash", list(roster.stash)))
    if roster.notes:
        out.append(_line("notes", list(roster.notes)))
    for spec in roster.models:
        out.append("")
        out += model_lines(spec)
    return "\n".join(out) + "\n"


__all__ = ["HEADER", "model_lines", "write_roster"]

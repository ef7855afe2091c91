"""One line per save for the saves list (``skirmish list`` and the open-save dialog):
the rule system, the bands (the battle's title), the scenario, the result or "in play",
and the number of log entries."""
from __future__ import annotations

from typing import Any


def summary_line(s: Any) -> str:
    """System, bands (the title), scenario, result and entries of one save."""
    setup = s.header.get("setup") if isinstance(s.header.get("setup"), dict) else {}
    scenario = setup.get("scenario")
    parts = [_system_title(s.ruleset, s.kind), s.title or s.path.stem]
    if isinstance(scenario, str) and scenario not in ("", "none"):
        parts.append(f"scenario {scenario}")
    parts.append(f"[{s.events} entries]")
    parts.append(f"ended: {s.result}" if s.result else "in play")
    return "  ".join(parts)


def _system_title(ruleset: str | None, kind: str | None) -> str:
    from .systems import BY_NAME

    system = BY_NAME.get(ruleset or "")
    title = system.title if system else (ruleset or "?")
    return f"{title} campaign" if kind == "campaign" else title

"""One line per save for the saves list (``skirmish list`` and the open-save dialog):
the rule system, the bands (the battle's title), the scenario (its name, which the saves
package looks up in the rule tables), the result or "in play", and the number of log
entries; a campaign's battles played; a campaign battle's number."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from engine.formatting import plural

if TYPE_CHECKING:
    from saves.listing import SaveSummary


def summary_line(s: SaveSummary) -> str:
    """System, bands (the title), scenario, result and entries of one save."""
    raw = s.header.get("setup")
    setup: dict[str, Any] = raw if isinstance(raw, dict) else {}
    parts = [_system_title(s.ruleset, s.kind), s.title or s.path.stem]
    if s.scenario:
        parts.append(f"scenario {s.scenario}")
    link = setup.get("campaign")
    if isinstance(link, dict) and link.get("battle"):
        parts.append(f"battle {link['battle']} of “{link.get('title') or 'a campaign'}”")
    parts.append(f"[{entries_text(s)}]")
    if s.kind == "campaign":
        parts.append(battles_line(s.battles))
    else:
        parts.append(f"ended: {s.result}" if s.result else "in play")
    return "  ".join(parts)


def entries_text(s: SaveSummary) -> str:
    """The log's count as its pane says it ("25 events (newest #36)"), and the entries the
    save holds when undo and redo make more (their numbers count them all)."""
    if s.active is None:
        return f"{s.events} entr{'y' if s.events == 1 else 'ies'} saved"
    count = f"{s.active} event{'' if s.active == 1 else 's'}"
    if s.newest is not None:
        count += f" (newest #{s.newest})"
    if s.events != s.active:
        count += f", {s.events} entries saved with undo and redo"
    return count


def battles_line(battles: Sequence[dict[str, Any]]) -> str:
    """A campaign's battles: number, scenario and result of each ("no battle yet")."""
    if not battles:
        return "no battle recorded yet"
    out = []
    for b in battles:
        names, vp = b.get("names") or b.get("bands") or ["?", "?"], b.get("vp") or [0, 0]
        keys = list(b.get("bands") or [])
        won = names[keys.index(b["winner"])] if b.get("winner") in keys and len(names) == len(keys) else b.get("winner")
        result = f"{won} won {vp[0]}–{vp[1]}" if won else f"draw {vp[0]}–{vp[1]}"
        out.append(f"#{b.get('number', '?')} {b.get('scenario_name') or b.get('scenario', '?')}: {result}")
    return f"{plural(len(battles), 'battle')}: " + "; ".join(out)


def _system_title(ruleset: str | None, kind: str | None) -> str:
    from tui.systems import title_of

    title = title_of(ruleset) or ruleset or "?"
    return f"{title} campaign" if kind == "campaign" and not title.endswith("campaign") else title

"""What a finished battle's log says for the post-battle sequence: a JSON-safe summary.

``battle_summary(setup, entries)`` replays the battle (undo and redo honoured) and
collects, per side, the technology markers it ended the game with (§17.1: carried
off, taken from the table by the last side standing, and — [SM-A24] ``collected`` —
held at the end), whether it has Przechwycenie's special marker, and the counts the
Challenges need; per model, how it ended (on the table, left, out of action and why),
whom it defeated and its XP from the log split by source (§19.1: kills, markers
carried off, the rest from the scenario or the GM).
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping

from engine.battle import Battle
from engine.events import Event

from ..postbattle.consumables import spent_items
from ..state import LEFT_TABLE, ON_TABLE, OUT_OF_ACTION, SIDES, BattleState

BATTLE_RULESET = "sanctum-mortalis"
TOUGHNESS_CAUSE = "failed Toughness"
"""Removals by a failed Toughness roll always roll for injuries (§18.1)."""


def wounded_by(cause: str, settings: Mapping[str, str]) -> bool:
    """Does a model removed for ``cause`` roll on the injury table? A failed Toughness
    roll always; falls, Mistrzowski strzał and GM removals under [SM-A10] ``on``."""
    return cause.startswith(TOUGHNESS_CAUSE) or settings.get("injury_on_any_removal", "on") == "on"


def battle_summary(
    setup: Mapping[str, Any], entries: Iterable[Event | Mapping[str, Any]], title: str = ""
) -> dict[str, Any]:
    """The summary of a battle log (``setup`` as ``make_setup`` gave it; ``entries`` the
    log entries as saved). JSON-safe; ``ended`` says whether the battle was ended."""
    battle = Battle(
        {"ruleset": BATTLE_RULESET, "setup": dict(setup), "seed": 0},
        [e if isinstance(e, Event) else dict(e) for e in entries],
    )
    events = battle.active_events
    initial: BattleState = battle.state_at(0)
    final: BattleState = battle.state
    models: dict[str, dict[str, Any]] = {}
    for m in initial.models:
        if m.side in SIDES:
            models[m.id] = {
                "side": m.side,
                "id": m.spec.id,
                "name": m.name,
                "kill_xp": 0,
                "marker_xp": 0,
                "volunteer": m.spec.volunteer,
                "pet": m.spec.pet,
            }
    markers = {s: 0 for s in SIDES}
    special = {s: False for s in SIDES}
    for i, event in enumerate(events):
        before: BattleState = battle.state_at(i)
        p = event.payload
        if event.kind == "model_removed" and p.get("by") in models:
            models[p["by"]]["kill_xp"] += int(p.get("xp", 0))
        elif event.kind == "model_left_table" and p.get("model") in models:
            m = before.model(p["model"])
            markers[m.side] += m.tech_markers
            scored = m.special_marker and not p.get("special_dropped")  # only across its own edge (§23.5)
            special[m.side] = special[m.side] or scored
            if not (m.spec.pet or m.spec.volunteer):
                models[m.id]["marker_xp"] += m.tech_markers
        elif event.kind == "markers_collected" and p.get("side") in SIDES:
            markers[p["side"]] += int(p.get("count", 0))
            if before.special_marker_on_table and int(p.get("vp", 0)) > int(p.get("count", 0)):
                special[p["side"]] = True
    if final.ended and final.setting("carried_at_end") == "collected":
        for m in final.on_table():
            if m.side in SIDES:
                markers[m.side] += m.tech_markers
                special[m.side] = special[m.side] or m.special_marker
    for m in final.models:
        if m.id not in models:
            continue
        row = models[m.id]
        row["spent"] = list(spent_items(initial.model(m.id).spec.items, m.spec.items))  # §17.3, §17.6
        row.update(
            status=m.status,
            cause=m.removal_cause,
            by=m.removed_by,
            kills=list(m.kills),
            xp=m.xp_gained,
            standing=m.status != OUT_OF_ACTION,
            wounded=m.status == OUT_OF_ACTION and not m.spec.volunteer and wounded_by(m.removal_cause, final.settings),
        )
        row["scenario_xp"] = max(0, m.xp_gained - row["kill_xp"] - row["marker_xp"])
    sides = {}
    for s in SIDES:
        members = [m for m in initial.models_of(s) if not (m.spec.volunteer or m.spec.neutral)]
        opponent = [m for m in initial.models_of(final.opponent(s)) if not (m.spec.volunteer or m.spec.neutral)]
        sides[s] = {
            "name": final.side(s).name,
            "vp": final.side(s).vp,
            "markers": markers[s],
            "special_marker": special[s],
            "models_at_start": len(members),
            "lost": sum(1 for m in members if final.model(m.id).status == OUT_OF_ACTION),
            "removed": sum(1 for m in opponent if final.model(m.id).status == OUT_OF_ACTION),
            "only_left": bool(final.on_table(s)) and not final.on_table(final.opponent(s)),
        }
    result = final.result or {}
    return {
        "title": title,
        "scenario": final.scenario,
        "ended": final.ended,
        "events": len(events),
        "winner": result.get("winner") if final.ended else None,
        "sides": sides,
        "models": models,
        "settings": dict(final.settings),
    }


__all__ = ["BATTLE_RULESET", "LEFT_TABLE", "ON_TABLE", "OUT_OF_ACTION", "battle_summary", "wounded_by"]

"""How battle state reads on screen: names, statuses, markers, weapons, profiles.

Pure presentation over the engine's state and tables; nothing here decides a rule.
Markers always show a symbol and a colour, never colour alone.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text

from engine.rulesets.sanctum_mortalis import tables as t
from engine.rulesets.sanctum_mortalis.profile import STATS, effective_profile
from engine.rulesets.sanctum_mortalis.state import (
    DEFENSIVE_STANCE,
    HIDDEN,
    LEFT_TABLE,
    MARKER_NAMES,
    MARKER_SYMBOLS,
    MARKERS,
    NEUTRAL,
    OUT_OF_ACTION,
    OVERWATCH,
    marker_badges,
)
from engine.rulesets.sanctum_mortalis.terms import term

MARKER_STYLES = {
    DEFENSIVE_STANCE: "bold dodger_blue1",
    OVERWATCH: "bold orange1",
    HIDDEN: "bold magenta",
    "tech": "bold green",
    "special": "bold gold1",
}
"""Colour of each marker badge (``state.marker_badges`` style keys); the symbol comes with it."""
TECH_SYMBOL = "✦"
TECH_STYLE = MARKER_STYLES["tech"]
SPECIAL_SYMBOL = "★"
SPECIAL_STYLE = MARKER_STYLES["special"]
CAPTAIN_SYMBOL = "♛"

LEGEND: tuple[tuple[str, str, str], ...] = (
    *((MARKER_SYMBOLS[m], MARKER_STYLES[m], MARKER_NAMES[m]) for m in MARKERS),
    (TECH_SYMBOL, TECH_STYLE, f"{term('Technology marker')} carried (✦2: two of them)"),
    (SPECIAL_SYMBOL, SPECIAL_STYLE, "The special marker carried"),
    (CAPTAIN_SYMBOL, "bold", "Captain"),
    ("▶", "bold yellow", "Activating now"),
    ("✓", "green", "Activated this round"),
    ("·", "dim", "Ready: not activated yet"),
    ("⚔", "bold red", "Engaged in melee"),
    ("✗", "red", "Out of action"),
    ("⇱", "dim", "Left the table"),
)


def side_name(state: Any, side: str) -> str:
    if side == NEUTRAL:
        return "Independent models"
    return state.side(side).name


def model_name(state: Any, model_id: str | None) -> str:
    if not model_id or not state.has_model(model_id):
        return model_id or "—"
    return state.model(model_id).name


def archetype_short(spec: Any) -> str:
    """The specialist if any, else the archetype: "Technomancer", "Drop trooper"."""
    if spec.specialist:
        sp = t.SPECIALISTS.get(spec.specialist)
        return sp.name if sp else spec.specialist
    if spec.volunteer:
        return "Volunteer"
    arch = t.ARCHETYPES.get(spec.archetype)
    return arch.name if arch else spec.archetype


def archetype(spec: Any) -> str:
    """ "Officer · Technomancer" / "War pet" / "Volunteer"."""
    if spec.volunteer:
        base = "Volunteer"
    else:
        arch = t.ARCHETYPES.get(spec.archetype)
        base = arch.name if arch else spec.archetype
    if spec.specialist:
        sp = t.SPECIALISTS.get(spec.specialist)
        base += f" · {sp.name if sp else spec.specialist}"
    return base


def ranged_weapon_name(key: str) -> str:
    """ "Heavy rifle" for ``heavy_rifle`` (the key itself if the table lacks it)."""
    w = t.RANGED_WEAPONS.get(key)
    return w.name if w else key


def weapon_names(spec: Any) -> list[str]:
    """Every weapon, "2× Assault pistol" for pairs."""
    names: list[str] = []
    names += [ranged_weapon_name(key) for key in spec.ranged]
    for key in spec.melee:
        w = t.MELEE_WEAPONS.get(key)
        names.append(w.name if w else key)
    if spec.shield:
        names.append("Shield")
    out: list[str] = []
    for name in names:
        if out and out[-1].endswith(name) and not out[-1].startswith("2× "):
            out[-1] = f"2× {name}"
        else:
            out.append(name)
    return out


def weapons(spec: Any) -> str:
    return ", ".join(weapon_names(spec)) or "—"


def profile_text(spec: Any, infected: bool = False, compact: bool = False) -> Text:
    """ "S4 W0 C7 O5" ("4 0 7 5" compact, under an "S W C O" header): the effective
    numbers; one changed by gear, injuries or skills is underlined and coloured."""
    prof = effective_profile(spec, infected)
    out = Text()
    for i, stat in enumerate(STATS):
        s = prof[stat]
        changed = s.value != s.terms[0].value
        if i:
            out.append(" ")
        out.append(f"{'' if compact else stat}{s.value}", style="bold underline cyan" if changed else "")
    return out


def is_active(state: Any, m: Any) -> bool:
    return state.order.active_model == m.id


def turn_glyph(state: Any, m: Any) -> Text:
    """One cell: where the model is in this round."""
    if m.status == OUT_OF_ACTION:
        return Text("✗", style="red")
    if m.status == LEFT_TABLE:
        return Text("⇱", style="dim")
    if is_active(state, m):
        return Text("▶", style="bold yellow")
    if m.activated:
        return Text("✓", style="green")
    return Text("·", style="dim")


MOVE_ONLY_WORDS = {"stun": "stunned", "smoke": "in smoke", "lava": "in lava"}
"""What limits a model to Move actions (``ModelState.move_only``), as its status says it."""
MOVE_ONLY_NARROW = {"stun": "stun", "smoke": "smoke", "lava": "lava"}
"""The same in one short word, for ``status_narrow``."""


def status(state: Any, m: Any, short: bool = False) -> Text:
    """Ready / activated / engaged / out of action / left the table (and active)."""
    if m.status == OUT_OF_ACTION:
        return Text("out" if short else "out of action", style="red")
    if m.status == LEFT_TABLE:
        return Text("left" if short else "left the table", style="dim")
    parts: list[tuple[str, str]] = []
    if is_active(state, m):
        parts.append(("ACTIVE" if short else "activating", "bold yellow"))
    elif m.activated:
        parts.append(("done" if short else "activated", "green"))
    else:
        parts.append(("ready", ""))
    if m.move_only and m.on_table:  # a stun grenade or smoke: Move actions only (§17.6)
        word = MOVE_ONLY_WORDS.get(m.move_only, m.move_only)
        parts.append((word if short else f"{word}: Move only", "magenta"))
    if m.engaged:
        if short:
            parts = [("⚔eng", "bold red")]
        else:
            foes = ", ".join(model_name(state, f) for f in sorted(m.engaged_with))
            parts.append((f"⚔ engaged: {foes}", "bold red"))
    out = Text()
    for i, (text, style) in enumerate(parts):
        if i:
            out.append(", ")
        out.append(text, style=style)
    return out


def status_narrow(state: Any, m: Any) -> Text:
    """The status where even the short one has no room (a band pane at 80 columns): one
    word. A model limited to Move actions (a stun grenade, smoke, Lawa's pool) shows that
    alone — the turn glyph beside it says whether it has acted; otherwise (engaged too)
    the short status."""
    if m.on_table and m.move_only and not m.engaged:
        return Text(MOVE_ONLY_NARROW.get(m.move_only, m.move_only), style="magenta")
    return status(state, m, short=True)


def markers(m: Any) -> Text:
    """The model's marker badges (``state.marker_badges``): ◆ ◎ ◌, ✦ technology markers
    (with the count when more than one), ★ the special marker; each in its colour."""
    out = Text()
    for symbol, _name, key in marker_badges(m):
        out.append(symbol, style=MARKER_STYLES.get(key, "bold"))
    return out


def marker_words(m: Any) -> str:
    words = [f"{MARKER_SYMBOLS[k]} {MARKER_NAMES[k]}" for k in MARKERS if k in m.markers]
    if m.tech_markers:
        words.append(f"{TECH_SYMBOL} {m.tech_markers} technology marker{'s' if m.tech_markers > 1 else ''}")
    if m.special_marker:
        words.append(f"{SPECIAL_SYMBOL} the special marker")
    return ", ".join(words) or "none"


def actions_left(state: Any, m: Any) -> str:
    """Actions left: for the model activating or still to act this round."""
    if not m.on_table or state.order.phase in ("setup", "ended"):
        return ""
    if m.activated and not is_active(state, m):
        return "–"
    return str(m.actions_left)


def xp(m: Any) -> str:
    return f"+{m.xp_gained}" if m.xp_gained else ""


def name_cell(m: Any) -> Text:
    out = Text(m.name, style="strike dim" if not m.on_table else "")
    if m.spec.captain:
        out.append(f" {CAPTAIN_SYMBOL}", style="bold")
    return out

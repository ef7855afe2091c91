"""A model's full card: profile with where each number comes from, weapons, armour,
gear, skills, tricks, wounds, markers and what it has done this round."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.widgets import Static

from engine.formatting import plural
from engine.rulesets.sanctum_mortalis import tables as t
from engine.rulesets.sanctum_mortalis.profile import STATS, effective_profile
from engine.rulesets.sanctum_mortalis.terms import term, trick_term
from tui.citations import cite_renderable, citer
from tui.systems.sanctum_mortalis import display as d


def _names(keys: tuple[str, ...], table: Any) -> str:
    out = []
    for key in keys:
        item = table.get(key)
        out.append(term(item.name) if item is not None else key)
    return ", ".join(out) or "—"


def _shots(w: Any) -> str:
    if w.template:
        return "template"
    return f"{w.shots} shot{'s' if w.shots > 1 else ''} (C {' '.join(f'{p:+d}' for p in w.shot_penalties)})"


def card_text(state: Any, model_id: str) -> Text:
    """Everything about one model, as text."""
    m = state.model(model_id)
    spec = m.spec
    out = Text()
    out.append_text(d.name_cell(m))
    out.append(f"  {d.side_name(state, m.side)}\n", style="dim")
    out.append(d.archetype(spec))
    if spec.captain:
        out.append(" · Captain")
    if spec.small:
        out.append(" · small guy")
    out.append(f" · roster XP {spec.xp}\n")
    out.append("Status: ")
    out.append_text(d.status(state, m))
    left = d.actions_left(state, m)
    if left:
        out.append(f" · actions left {left}")
    out.append(f" · XP this battle {m.xp_gained:+d}\n" if m.xp_gained else " · no XP yet this battle\n")
    out.append("Markers: ")
    out.append_text(d.markers(m))
    out.append(f" {d.marker_words(m)}\n")

    out.append("\nProfile (effective)\n", style="bold")
    prof = effective_profile(spec, m.infected)
    for stat in STATS:
        s = prof[stat]
        out.append(f"  {stat} {t.STAT_NAMES[stat]:<9} ", style="bold")
        out.append(f"{s.value:>2}", style="bold cyan")
        out.append(f"  = {s.explain()}\n", style="dim")

    out.append("\nWeapons\n", style="bold")
    for key in spec.ranged:
        w = t.RANGED_WEAPONS.get(key)
        if w is None:
            out.append(f"  {key}\n")
            continue
        out.append(f"  {w.name}", style="bold")
        out.append(f' ({w.source}) {w.weapon_class}, range {w.range}", {_shots(w)}, target T {w.toughness:+d}\n')
    for key in spec.melee:
        mw = t.MELEE_WEAPONS.get(key)
        if mw is None:
            out.append(f"  {key}\n")
            continue
        out.append(f"  {mw.name}", style="bold")
        extra = f", Fight {mw.fight:+d}" if mw.fight else ""
        out.append(f" ({mw.source}) melee, loser's T {mw.toughness:+d}{extra}\n")
    if not spec.ranged and not spec.melee:
        out.append("  none (fights unarmed)\n")
    armour = t.ARMOURS.get(spec.armour)
    out.append("  Armour: ", style="bold")
    if armour is not None:
        out.append(
            f"{armour.name} (T {armour.toughness:+d}"
            + (f", S {armour.speed:+d}" if armour.speed else "")
            + (", Large target" if armour.large_target else "")
            + ")"
        )
    else:
        out.append(spec.armour)
    if spec.shield:
        out.append(f" + shield (T {t.SHIELD_TOUGHNESS:+d})")
    out.append("\n")

    out.append("\nItems: ", style="bold")
    out.append(_names(spec.items, t.ITEMS) + "\n")
    if spec.mods:
        out.append("Modifications: ", style="bold")
        out.append(_names(spec.mods, t.ITEMS) + "\n")
    out.append("Skills: ", style="bold")
    out.append(_names(spec.skills, t.SKILLS) + "\n")
    if spec.tricks:
        out.append("Tricks: ", style="bold")
        out.append(
            ", ".join(
                f"{trick_term(k)} ({m.charges(k)} charge{'s' if m.charges(k) != 1 else ''} left)"
                if k in t.TRICKS
                else k
                for k in spec.tricks
            )
            + "\n"
        )
    if spec.wounds:
        out.append("Wounds: ", style="bold")
        out.append(_names(spec.wounds, t.WOUNDS) + "\n")

    out.append("\nThis round: ", style="bold")
    facts = [plural(m.moves, "move"), plural(m.others, "other action"), f"limit {m.action_cap}"]
    for flag, label in (
        ("climbed", "climbed"),
        ("jumped", "jumped a gap"),
        ("aimed", "aimed shot"),
        ("no_shooting", f"no shooting ({trick_term('flash')})"),
        ("bonus_action", "bonus action"),
        ("infected", "infected"),
    ):
        if getattr(m, flag, False):
            facts.append(label)
    if m.move_only:
        from engine.rulesets.sanctum_mortalis.activation import MOVE_ONLY

        facts.append("Move only: " + MOVE_ONLY.get(m.move_only, (m.move_only, ""))[0])
    out.append(", ".join(facts) + "\n")
    if m.engaged:
        out.append("Engaged with: ", style="bold")
        out.append(", ".join(d.model_name(state, f) for f in sorted(m.engaged_with)) + "\n")
    if m.kills:
        out.append("Took out: ", style="bold")
        out.append(", ".join(d.model_name(state, k) for k in m.kills) + "\n")
    if m.removal_cause:
        out.append("Removed: ", style="bold")
        by = f" by {d.model_name(state, m.removed_by)}" if m.removed_by else ""
        out.append(f"{m.removal_cause}{by}\n")
    return out


class ModelCard(Static):
    """The card of one model; ``show(state, model_id)`` redraws it."""

    DEFAULT_CSS = """
    ModelCard {
        height: auto;
        padding: 0 1;
    }
    """

    def show(self, state: Any, model_id: str) -> None:
        self.update(cite_renderable(card_text(state, model_id), citer(self.app)))  # rules: the book's

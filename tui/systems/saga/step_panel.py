"""The pending-step panel of a SAGA battle: the open move, shot or melee step with its
numbers (``view.pending_step``), who decides now, and the readings in force; with
nothing open, the buildings and terrain on the table."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.widgets import Static

from tui.citations import cite_renderable, citer


def step_text(state: Any, step: Any, offers: tuple[Any, ...]) -> Text:
    """The step's title and decider, then its lines, the fatigue spends open and its notes."""
    out = Text()
    out.append(step.title, style="bold")
    if step.decider:
        out.append(f" — {state.side_name(step.decider)} decides", style="yellow")
    for line in step.lines:
        out.append("\n" + line)
    for o in offers:
        out.append(f"\nspend open to {state.side_name(o.by)}: {o.effect} ({o.rule})", style="cyan")
    for note in step.notes:
        out.append("\n" + note, style="dim")
    return out


def table_text(state: Any) -> Text:
    """Buildings (capacity, who is inside) and terrain pieces, on one line."""
    parts = []
    for b in state.buildings:
        inside = ", ".join(u.name for u in state.occupants(b.id)) or "empty"
        parts.append(f"⌂ {b.name} ({b.capacity}): {inside}")
    for p in state.terrain:
        parts.append(f"{p.name} ({p.type}, {p.height}, {p.going}, {p.cover} cover)")
    return Text("Table: " + ("; ".join(parts) if parts else "no buildings or terrain entered"), style="dim")


class StepPanel(Static):
    """What is being resolved now."""

    DEFAULT_CSS = """
    StepPanel { height: auto; max-height: 8; padding: 0 1; border-left: thick $warning; }
    StepPanel.-idle { border-left: none; max-height: 1; text-wrap: nowrap; text-overflow: ellipsis; }
    """

    def show(self, state: Any, step: Any, offers: tuple[Any, ...]) -> None:
        self.set_class(step is None, "-idle")
        shown = table_text(state) if step is None else step_text(state, step, offers)
        self.update(cite_renderable(shown, citer(self.app)))  # each rule as the rulebook's section

"""The pending-step panel of a SAGA battle: the open move, shot or melee step with its
numbers (``view.pending_step``), who decides now, and the readings in force; with
nothing open, the buildings and terrain on the table."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from tui.citations import cite_renderable, citer


def step_title(state: Any, step: Any) -> Text:
    """The step's title and who decides now (the panel's border title)."""
    out = Text(step.title, style="bold")
    if step.decider:
        out.append(f" — {state.side_name(step.decider)} decides", style="yellow")
    return out


def step_text(state: Any, step: Any, offers: tuple[Any, ...]) -> Text:
    """The step's lines, the fatigue spends open and its notes."""
    out = Text()
    for line in step.lines:
        out.append(("\n" if out else "") + line)
    for o in offers:
        out.append(
            ("\n" if out else "") + f"spend open to {state.side_name(o.by)}: {o.effect} ({o.rule})", style="cyan"
        )
    for note in step.notes:
        out.append(("\n" if out else "") + note, style="dim")
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


class StepPanel(VerticalScroll):
    """What is being resolved now: a bordered panel titled with the step, its lines
    scrolling inside it when the screen is short (the screen itself never scrolls)."""

    DEFAULT_CSS = """
    StepPanel {
        height: auto; max-height: 50%; min-height: 3; padding: 0 1; border: round $warning;
        border-title-style: bold; scrollbar-size-vertical: 1;
    }
    StepPanel > Static { height: auto; }
    StepPanel.-idle { border: none; max-height: 1; overflow: hidden hidden; }
    StepPanel.-idle > Static { text-wrap: nowrap; text-overflow: ellipsis; }
    """

    def compose(self) -> ComposeResult:
        yield Static("", id="step-text")

    def show(self, state: Any, step: Any, offers: tuple[Any, ...]) -> None:
        self.set_class(step is None, "-idle")
        cite = citer(self.app)  # each rule as the rulebook's section
        self.border_title = None if step is None else cite_renderable(step_title(state, step), cite)
        shown = table_text(state) if step is None else step_text(state, step, offers)
        self.query_one("#step-text", Static).update(cite_renderable(shown, cite))

"""An xK6 model's card: its skills, Armour, wounds with the wound track, speeds with
their modifiers, each weapon with its profile and magazines, command points, skills,
and what it may do now (``view.model_lines``)."""

from __future__ import annotations

from typing import Any

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from engine.corrections import adjustment_line
from engine.rulesets.xk6 import tables as t
from engine.rulesets.xk6 import view
from engine.rulesets.xk6.corrections import STAT_NAMES
from tui.citations import cite_renderable, citer


def now_text(line: Any) -> Text | str:
    """The card's "Now": acting now (the engine's activation under way), reacting, else
    the options it may activate with, else none."""
    if line.acting == "activated":
        return Text(f"▶ acting now: {line.acting_option}", style="bold yellow")
    if line.acting == "reacting":
        return Text("▶ reacting now with its held action", style="bold yellow")
    return ", ".join(t.OPTIONS[o] for o in line.can) or Text("no activation now", style="dim")


def model_card(state: Any, model_id: str) -> Table:
    line = next(x for x in view.model_lines(state) if x.id == model_id)
    spec = state.model(model_id).spec
    table = Table.grid(padding=(0, 2))
    table.add_column(style="bold", no_wrap=True)
    table.add_column()
    table.add_row("Band", state.side_name(line.side))
    table.add_row(
        "Card", f"Att {line.att} dice · Def {line.defence} dice · Armour {line.armour} · Command {line.command}"
    )
    adjustments = state.model(model_id).adjustments
    if adjustments:  # already in the numbers above: say why
        table.add_row("GM corrections", "\n".join(adjustment_line(a, STAT_NAMES[a[0]]) for a in adjustments))
    track = ", ".join(f"{at}+ wounds {mod:+d}" for at, mod in spec.wound_track) or "no wound track"
    cap = f"/{line.wound_limit}" if line.wound_limit is not None else " (no limit on the card: the GM removes it)"
    table.add_row("Wounds", f"{line.wounds}{cap} — modifier now {line.wound_modifier:+d} ({track}, [XK-M4])")
    if line.markers:
        table.add_row("State", line.markers)
    speeds = "; ".join(
        f'{s.name} {s.inches:g}" Att {"–" if s.att is None else f"{s.att:+d}"} Def {s.defence:+d}' for s in spec.speeds
    )
    table.add_row("Speeds", speeds + (f"\nin force: {line.speed}" if line.speed else ""))
    for w in line.weapons:
        table.add_row(w.name, f"{w.profile} — {w.status}")
    if spec.command_points:
        table.add_row("Command points", f"{line.command_points} of {spec.command_points} (§15)")
    if spec.medic is not None:
        table.add_row("Medic", f"heals on a die above {spec.medic} (§16)")
    if spec.stealth is not None:
        table.add_row("Stealth", f"avoids an attack on a die above {spec.stealth} (§16)")
    for name, effect in spec.skills:
        table.add_row(name, effect)
    table.add_row("Now", now_text(line))
    return table


class XK6ModelCard(ModalScreen[None]):
    """The selected model's full card."""

    BINDINGS = [Binding("escape,q,enter", "close", "Close", id="skirmish.xk6-card-close")]

    DEFAULT_CSS = """
    XK6ModelCard { align: center middle; background: $background 60%; }
    XK6ModelCard > VerticalScroll {
        width: 100; max-width: 100%; height: auto; max-height: 90%;
        border: thick $primary; border-title-style: bold; background: $surface; padding: 0 1;
    }
    """

    def __init__(self, state: Any, model_id: str) -> None:
        super().__init__()
        self.state = state
        self.model_id = model_id

    def compose(self) -> ComposeResult:
        scroll = VerticalScroll()
        scroll.border_title = f"{self.state.model(self.model_id).name} — esc closes"
        with scroll:
            yield Static(cite_renderable(model_card(self.state, self.model_id), citer(self.app)))  # rules: the book's

    def action_close(self) -> None:
        self.dismiss(None)

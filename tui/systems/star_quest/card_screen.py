"""A Star Quest hero's or AI unit's card: every number of ``view.hero_lines`` /
``view.enemy_lines`` — stats, wounds, power points, tokens, conditions, weapons, special
rules and each action's move with its working."""

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
from engine.rulesets.star_quest import view
from engine.rulesets.star_quest.corrections import STAT_NAMES
from engine.rulesets.star_quest.terms import original, term
from tui.citations import cite_renderable, citer

QUALITY_DEFENSE = f"{term('Quality')} / {term('Defense')}"


def unit_card(state: Any, unit_id: str) -> Table:
    table = Table.grid(padding=(0, 2))
    table.add_column(style="bold", max_width=26)  # a long label (its original beside it) wraps
    table.add_column(min_width=24)  # the values stay readable at 60 columns
    hero = next((h for h in view.hero_lines(state) if h.id == unit_id), None)
    if hero is not None:
        table.add_row(
            term("Hero"), hero.name + ("" if hero.conscious else f"  — UNCONSCIOUS ({original('Unconscious')}, §10)")
        )
        table.add_row(QUALITY_DEFENSE, f"{hero.quality}+ / {hero.defense}+")
        table.add_row(
            f"{term('Str')} / {term('Dex')} / {term('Wil')}",
            " / ".join(f"{v}+" if v else "—" for v in (hero.str, hero.dex, hero.wil)),
        )
        table.add_row("Wounds", f"{hero.wounds} taken of {term('Tough')} {hero.tough}")
        table.add_row(term("Power points"), f"{hero.pp} of {hero.power_max}")
        if hero.tokens:
            table.add_row("Spell tokens", str(hero.tokens))
        line: Any = hero
        for action, how in hero.moves.items():
            table.add_row(f"Move ({action})", how)
    else:
        line = next(e for e in view.enemy_lines(state) if e.id == unit_id)
        table.add_row("AI unit", line.name + (f"  (group {line.group})" if line.group else ""))
        table.add_row("Models", f"{line.models} of {line.start_models}")
        table.add_row(QUALITY_DEFENSE, f"{line.quality}+ / {line.defense}+")
        table.add_row("Wounds", ", ".join(str(w) for w in line.wounds) + f" ({term('Tough')} {line.tough})")
        if line.tokens:
            table.add_row("Spell tokens", str(line.tokens))
        table.add_row(
            "On the table",
            "yes"
            if line.on_table
            else f"no — arrives in round {line.arrives}"
            if line.arrives
            else "no (a later wave)",
        )
    adjustments = state.unit(unit_id).adjustments
    if adjustments:  # already in Quality / Defense: say why
        table.add_row("GM corrections", "\n".join(adjustment_line(a, STAT_NAMES[a[0]]) for a in adjustments))
    if line.spells:  # already in the rolls (§17 Caster): say which spell and until when
        table.add_row("Spells on it", "\n".join(line.spells))
    cond = [w for w, on in (("Shaken", line.shaken), ("fatigued", line.fatigued)) if on] + list(line.statuses)
    table.add_row("Conditions", ", ".join(cond) or "none")
    table.add_row(
        "Activated",
        Text("▶ acting now", style="bold yellow") if line.acting else "yes" if line.activated else "not yet this round",
    )
    table.add_row("Special rules", line.rules or "—")
    for w in line.weapons:
        table.add_row("Weapon", w)
    return table


class SQCardScreen(ModalScreen[None]):
    """The card; esc or ⏎ closes it."""

    BINDINGS = [Binding("escape,enter,q", "close", "Close", id="skirmish.sq-card-close")]
    DEFAULT_CSS = """
    SQCardScreen { align: center middle; background: $background 60%; }
    SQCardScreen > VerticalScroll { width: 90; max-width: 100%; height: auto; max-height: 100%;
                                    border: thick $primary; background: $surface; padding: 0 1; }
    """

    def __init__(self, state: Any, unit_id: str) -> None:
        super().__init__()
        self.state = state
        self.unit_id = unit_id

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(cite_renderable(unit_card(self.state, self.unit_id), citer(self.app)))  # rules: the book's
            yield Static(Text("esc close", style="dim"))

    def action_close(self) -> None:
        self.dismiss(None)

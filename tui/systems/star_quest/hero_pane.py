"""Star Quest panes: the heroes (wounds, power points, spell tokens, conditions, fatigue,
activation state) and the AI units (models, wounds, conditions, on the table or when
they arrive). One row per unit; the header names the side (▶ while it is that side's
phase). Cells come from the engine's ``view.hero_lines`` / ``view.enemy_lines``.
"""

from __future__ import annotations

from typing import Any, Sequence

from rich.text import Text
from textual import events

from tui.actions import bindings
from tui.messages import UnitSelected
from tui.systems.star_quest.keys import HERO_KEYS
from tui.widgets.row_table import PAD, ColumnSpec, RowTable

STATUS_SHORT = {"afflicted": "Afflicted", "crippled": "Crippled", "diseased": "Diseased", "impaired": "Impaired"}


def pips(have: int, most: int) -> Text:
    """ "●●●●○○ 4/6": power points (or tokens) with the maximum."""
    out = Text("●" * max(0, min(have, most)), style="bold cyan")
    out.append("○" * max(0, most - have), style="dim")
    out.append(f" {have}/{most}", style="" if have else "bold red")
    return out


def wounds_cell(taken: int, tough: int) -> Text:
    """Wounds taken of Tough ("2/4"), yellow when hurt, red when at the limit."""
    style = "bold red" if taken >= tough else ("yellow" if taken else "dim")
    return Text(f"{taken}/{tough}", style=style)


def conditions(line: Any) -> Text:
    """Shaken, fatigued and the status conditions, each in its colour."""
    out = Text()
    for word, on, style in (
        ("Shaken", line.shaken, "bold red"),
        ("Fatigued", line.fatigued and not line.shaken, "yellow"),
    ):
        if on:
            out.append(("" if not out else " ") + word, style=style)
    for s in line.statuses:
        out.append(("" if not out else " ") + STATUS_SHORT.get(s, s), style="magenta")
    return out


def hero_state(line: Any, activating: str | None) -> Text:
    if line.id == activating:
        if not line.conscious:  # knocked out in its own activation: it stays idle (§10)
            return Text("▶ unconscious", style="bold red")
        return Text("▶ acting", style="bold yellow")
    if not line.conscious:
        return Text("unconscious", style="bold red")
    if not line.on_table:
        return Text("in Ambush", style="dim italic")
    if line.activated:
        return Text("done", style="dim")
    return Text("ready" if line.can_activate else "waiting", style="green" if line.can_activate else "dim")


def enemy_state(line: Any, activating: str | None) -> Text:
    if line.id == activating:
        return Text("▶ acting", style="bold yellow")
    if not line.models:
        return Text("destroyed", style="dim strike")
    if not line.on_table:
        return Text(f"arrives R{line.arrives}" if line.arrives else "not yet", style="dim")
    return Text("done", style="dim") if line.activated else Text("ready", style="green")


def hero_row(line: Any, activating: str | None) -> dict[str, Text | str]:
    name = Text(line.name, style="bold" if line.id == activating else "")
    if not line.conscious:
        name.stylize("dim")
    return {
        "name": name,
        "wounds": wounds_cell(line.wounds, line.tough),
        "pp": pips(line.pp, line.power_max),
        "tok": Text(str(line.tokens), style="cyan") if line.tokens else Text("–", style="dim"),
        "qd": f"{line.quality}+/{line.defense}+",
        "cond": conditions(line),
        "state": hero_state(line, activating),
    }


def enemy_row(line: Any, activating: str | None) -> dict[str, Text | str]:
    name = Text(line.name, style="bold" if line.id == activating else "")
    if not line.models:
        name.stylize("strike dim")
    taken = sum(line.wounds)
    return {
        "name": name,
        "models": f"{line.models}/{line.start_models}",
        "wounds": wounds_cell(line.wounds[0], line.tough)
        if line.start_models == 1 and line.wounds
        else Text(f"{taken}" if taken else "–", style="yellow" if taken else "dim"),
        "qd": f"{line.quality}+/{line.defense}+",
        "tok": Text(str(line.tokens), style="cyan") if line.tokens else Text("–", style="dim"),
        "cond": conditions(line),
        "state": enemy_state(line, activating),
    }


HERO_COLUMNS = (
    ("name", ""),
    ("wounds", "Wnd"),
    ("pp", "Power"),
    ("tok", "Tok"),
    ("qd", "Q/D"),
    ("state", "State"),
    ("cond", "Conditions"),
)
ENEMY_COLUMNS = (
    ("name", ""),
    ("models", "Mdl"),
    ("wounds", "Wnd"),
    ("tok", "Tok"),
    ("qd", "Q/D"),
    ("state", "State"),
    ("cond", "Conditions"),
)


CONDITIONS_SHORT = "Cond."
CONDITIONS_LEGEND = "Cond. = Conditions: Shaken, Fatigued and the status conditions"
"""Where the header says "Cond." (no room for the whole word), the pane's tooltip says this."""


def _label(key: str, label: str, short: bool) -> str:
    return CONDITIONS_SHORT if short and key == "cond" else label


class HeroPane(RowTable):
    """The heroes (``side`` "heroes") or the AI units ("ai"); ``show`` redraws."""

    BINDINGS = bindings(HERO_KEYS)

    DEFAULT_CSS = """
    HeroPane {
        height: auto;
        max-height: 100%;
        width: 1fr;
        padding: 0;
        scrollbar-size-vertical: 1;
        & > .row-table--header { color: $text-muted; background: $panel; }
        &:focus > .row-table--header { color: $text; background: $primary-darken-2; }
        &.-to-act > .row-table--header { color: $warning; }
    }
    """

    def __init__(self, side: str, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.side = side

    _shown: tuple[str, Sequence[Any], bool, str | None] | None = None

    def show(self, title: str, lines: Sequence[Any], to_act: bool, activating: str | None) -> None:
        """Redraw from the engine's lines; ``activating``: the unit whose activation is open.
        Where the whole header has no room (60 columns), "Conditions" is "Cond." and the
        pane's tooltip says what it stands for, rather than cut to "Conditi"."""
        self._shown = (title, lines, to_act, activating)
        if self.has_class("-to-act") != to_act:
            self.set_class(to_act, "-to-act")
        head = ("▶ " if to_act else "  ") + title
        columns = HERO_COLUMNS if self.side == "heroes" else ENEMY_COLUMNS
        row = hero_row if self.side == "heroes" else enemy_row
        rows = [(ln.id, row(ln, activating)) for ln in lines]
        for short in (False, True):  # rows and columns in one layout
            self.set_rows(
                rows, [ColumnSpec(k, head if k == "name" else _label(k, label, short)) for k, label in columns]
            )
            room = self.scrollable_content_region.width
            if not room or self.virtual_size.width - PAD <= room:  # the last column's right pad may go
                break
        self.tooltip = CONDITIONS_LEGEND if short else None

    def on_resize(self, event: events.Resize) -> None:
        if self._shown is not None:
            self.show(*self._shown)

    # ------------------------------------------------------------------ selection
    @property
    def selected_unit(self) -> str | None:
        return self.selected_key

    def on_row_table_row_highlighted(self, event: RowTable.RowHighlighted) -> None:
        event.stop()
        if self.has_focus and event.row_key:
            self.post_message(UnitSelected(event.row_key))

    def on_focus(self, event: events.Focus) -> None:
        unit = self.selected_unit
        if unit:
            self.post_message(UnitSelected(unit))

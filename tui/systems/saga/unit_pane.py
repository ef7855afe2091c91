"""A SAGA unit pane: one row per unit of one warband.

The header row names the warband (▶ while it is that side's turn), so the pane needs
no border. Columns: unit, fatigue as markers with the limit (``●●○ 2/3``, EXHAUSTED in
red), models, Armour in melee / against shooting, class, this turn's activations, dice
per model (melee / shooting) and the Movement band. A value from the battle's per-class
house-default settings is marked ``*``. Columns that do not fit are dropped, least
needed first; the unit card (⏎) always has everything. Cells come from the engine's
``view.unit_lines``.
"""

from __future__ import annotations

from typing import Any, Sequence

from rich.text import Text

from tui.actions import bindings
from tui.messages import UnitSelected
from tui.systems.saga.keys import UNIT_KEYS
from tui.widgets.line_pane import Column, LinePane

HOUSE_MARK = "*"
"""After a value taken from the per-class house-default settings (not from the roster)."""
ACTIVATION_SHORT = {"move": "Mv", "charge": "Ch", "shoot": "Sh", "rest": "Rs"}
CLASS_SHORT = {"levy": "Levy", "warriors": "Warriors", "hearthguard": "Hearthg.", "warlord": "Warlord"}


def _pair(line: Any, a: str, b: str) -> Text:
    out = Text()
    for i, field in enumerate((a, b)):
        if i:
            out.append("/")
        out.append(str(getattr(line, field)))
        if field in line.house_defaults:
            out.append(HOUSE_MARK, style="yellow")
    return out


def fatigue_cell(line: Any) -> Text:
    """ "●●○ 2/3", red when exhausted ("EXH")."""
    style = "bold red" if line.exhausted else ("yellow" if line.fatigue else "")
    out = Text(line.markers, style=style)
    out.append(f" {line.fatigue}/{line.limit}", style=style or "dim")
    if line.exhausted:
        out.append(" EXH", style="bold red")
    return out


def name_cell(line: Any, busy: bool) -> Text:
    out = Text(line.name, style="bold" if busy else "")
    if line.models == 0:
        out.stylize("strike dim")
    if line.building:
        out.append(" ⌂", style="cyan")
    return out


COLUMNS: tuple[Column, ...] = (
    Column("name", "", lambda ln, busy: name_cell(ln, busy), 0),
    Column("fatigue", "Fatigue", lambda ln, busy: fatigue_cell(ln), 0),
    Column("models", "Mdl", lambda ln, busy: Text(str(ln.models), style="dim" if not ln.models else ""), 1),
    Column("armour", "Arm m/s", lambda ln, busy: _pair(ln, "armour_melee", "armour_shooting"), 2),
    Column("cls", "Class", lambda ln, busy: CLASS_SHORT.get(ln.cls, ln.cls), 5),
    Column("acts", "This turn", lambda ln, busy: " ".join(ACTIVATION_SHORT.get(a, a) for a in ln.activations), 4),
    Column("dice", "Dice m/s", lambda ln, busy: _pair(ln, "attack_dice", "shooting_dice"), 3),
    Column("move", "Mv", lambda ln, busy: ln.move, 6),
)


class UnitPane(LinePane):
    """The units of one side. ``show(title, lines, ...)`` redraws; the screen calls it."""

    BINDINGS = bindings(UNIT_KEYS)
    COLUMNS = COLUMNS
    SELECTED = UnitSelected

    def show(self, title: str, lines: Sequence[Any], to_act: bool, busy_unit: str | None = None) -> None:
        self.show_lines(title, lines, to_act, busy_unit)

    @property
    def selected_unit(self) -> str | None:
        return self.selected_key

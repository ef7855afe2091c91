"""An xK6 model pane: one row per model of one band.

The header row names the band (▶ while it is that side's activation), so the pane
needs no border. Columns: model (✓ once activated, bold while acting), wounds with
the limit and the wound-track modifier (``1/3 −1``), state (STUN, BURN, HELD, OUT),
weapons that can run dry (``Carbine ■3``: loaded with 3 spare magazines, ``Carbine
EMPTY 3``: an empty magazine, ``Flamer 4r``: rounds of a limited-ammunition weapon),
command points, the speed column in force with its Att/Def row, Att/Def dice and
Armour. Columns that do not fit are dropped, least needed first; the model card (⏎)
has everything. Cells come from the engine's ``view.model_lines``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

from rich.text import Text
from textual import events

from ..actions import bindings
from ..messages import ModelSelected
from .row_table import ColumnSpec, RowTable

LOADED = "■"
"""A weapon whose magazine is loaded (followed by the spare magazines)."""


def name_cell(line: Any, acting: bool) -> Text:
    out = Text(("✓ " if line.activated else "  ") + line.name, style="bold" if acting else "")
    if line.out:
        out.stylize("strike dim")
    elif line.activated and not acting:
        out.stylize("dim")
    return out


def wounds_cell(line: Any) -> Text:
    """"1/3 −1": wounds taken, the limit, the wound-track modifier in force."""
    cap = f"/{line.wound_limit}" if line.wound_limit is not None else ""
    style = "bold red" if line.out else ("yellow" if line.wounds else "")
    out = Text(f"{line.wounds}{cap}", style=style)
    if line.wound_modifier:
        out.append(f" {line.wound_modifier:+d}".replace("-", "−"), style="red")
    return out


def state_cell(line: Any) -> Text:
    out = Text()
    for on, word, style in ((line.out, "OUT", "bold red"), (line.stunned, "STUN", "bold magenta"),
                            (line.burning, "BURN", "bold red"), (line.held, "HELD", "bold cyan")):
        if on:
            out.append((" " if out else "") + word, style=style)
    return out


def weapon_text(weapon: Any) -> Text | None:
    """One weapon that can run dry, or None (blades, weapons with no magazine)."""
    if weapon.rounds is not None:
        return Text(f"{weapon.name} {weapon.rounds}r", style="" if weapon.rounds else "bold red")
    if weapon.mags is None:
        return None
    if weapon.loaded:
        return Text.assemble(f"{weapon.name} ", (LOADED, "green"), str(weapon.mags))
    return Text.assemble(f"{weapon.name} ", ("EMPTY", "bold red"), f" {weapon.mags}")


def weapons_cell(line: Any) -> Text:
    parts = [w for w in (weapon_text(x) for x in line.weapons) if w is not None]
    return Text(" · ").join(parts) if parts else Text("—", style="dim")


def speed_cell(line: Any) -> Text:
    if line.speed is None:
        return Text("")
    att = "–" if line.speed_att is None else f"{line.speed_att:+d}"
    return Text.assemble(line.speed, (f" {att}/{line.speed_def:+d}", "dim"))


@dataclass(frozen=True)
class Column:
    """``priority``: lower is kept longer when space is short."""

    key: str
    label: str
    cell: Callable[[Any, bool], "Text | str"]
    priority: int


COLUMNS: tuple[Column, ...] = (
    Column("name", "", name_cell, 0),
    Column("wounds", "W", lambda ln, acting: wounds_cell(ln), 0),
    Column("state", "State", lambda ln, acting: state_cell(ln), 0),
    Column("weapons", "Weapons (■ loaded+mags)", lambda ln, acting: weapons_cell(ln), 1),
    Column("cp", "CP", lambda ln, acting: Text(str(ln.command_points) if ln.command_points else "",
                                               style="bold yellow"), 2),
    Column("speed", "Speed A/D", lambda ln, acting: speed_cell(ln), 3),
    Column("dice", "A/D", lambda ln, acting: f"{ln.att}/{ln.defence}", 4),
    Column("armour", "Arm", lambda ln, acting: str(ln.armour), 5),
)
PADDING = 2


class XK6ModelPane(RowTable):
    """The models of one side. ``show(title, lines, ...)`` redraws; the screen calls it."""

    BINDINGS = bindings("xk6-models")

    DEFAULT_CSS = """
    XK6ModelPane {
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
        self._drawn: tuple[Any, ...] = ()
        self._last: tuple[str, Sequence[Any], str | None] = ("", (), None)
        self._width = 0

    def show(self, title: str, lines: Sequence[Any], to_act: bool, acting: str | None = None) -> None:
        """Redraw from the engine's model lines; ``acting`` is the model activated or attacking."""
        if self.has_class("-to-act") != to_act:
            self.set_class(to_act, "-to-act")
        self._last = (("▶ " if to_act else "  ") + title, tuple(lines), acting)
        self._rebuild()

    def _rebuild(self) -> None:
        title, lines, acting = self._last
        width = self.size.width - 1
        drawn = (width, title, acting, *lines)
        if drawn == self._drawn:
            return
        self._drawn = drawn
        cells = {c.key: [c.cell(ln, ln.id == acting) for ln in lines] for c in COLUMNS}
        chosen = self._fit(width, title, cells)
        self.set_columns([ColumnSpec(c.key, title if c.key == "name" else c.label) for c in chosen])
        self.set_rows([(ln.id, {c.key: cells[c.key][i] for c in chosen}) for i, ln in enumerate(lines)])

    def _fit(self, width: int, title: str, cells: dict[str, list[Any]]) -> list[Column]:
        if width <= 0:
            return list(COLUMNS)
        label = {c.key: (title if c.key == "name" else c.label) for c in COLUMNS}
        widths = {c.key: max([Text(label[c.key]).cell_len, *(Text(x).cell_len if isinstance(x, str) else x.cell_len
                                                               for x in cells[c.key])]) + PADDING for c in COLUMNS}
        used, chosen = 0, set()
        for col in sorted(COLUMNS, key=lambda c: c.priority):
            if used + widths[col.key] <= width or col.priority == 0:
                chosen.add(col.key)
                used += widths[col.key]
        return [c for c in COLUMNS if c.key in chosen]

    def on_resize(self, event: events.Resize) -> None:
        if event.size.width != self._width:
            self._width = event.size.width
            self._rebuild()

    # ------------------------------------------------------------------ selection
    @property
    def selected_model(self) -> str | None:
        if not self.row_count:
            return None
        return self.row_keys[min(self.cursor_row, self.row_count - 1)]

    def select(self, model_id: str) -> bool:
        if model_id not in self.row_keys:
            return False
        self.move_cursor(self.get_row_index(model_id))
        return True

    def on_row_table_row_highlighted(self, event: RowTable.RowHighlighted) -> None:
        event.stop()
        if self.has_focus and event.row_key:
            self.post_message(ModelSelected(event.row_key))

    def on_focus(self) -> None:
        model = self.selected_model
        if model:
            self.post_message(ModelSelected(model))

"""An xK6 model pane: one row per model of one band.

The header row names the band (▶ while it is that side's activation), so the pane
needs no border. Columns: model (✓ once activated, bold while acting), wounds with
the limit and the wound-track modifier (``1/3 −1``), state (STUN, BURN, HELD, OUT),
weapons that can run dry (``Carbine ■3``: loaded with 3 spare magazines, ``Carbine
EMPTY 3``: an empty magazine, ``Flamer 4r``: rounds of a limited-ammunition weapon),
command points, the speed column in force with its Att/Def row, Att/Def dice and
Armour. Columns that do not fit are dropped, least needed first (Armour last of the
optional ones); the model card (⏎)
has everything. Cells come from the engine's ``view.model_lines``.
"""

from __future__ import annotations

from typing import Any, Sequence

from rich.text import Text

from tui.actions import bindings
from tui.messages import ModelSelected
from tui.systems.xk6.keys import MODEL_KEYS
from tui.widgets.line_pane import Column, LinePane

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
    """ "1/3 −1": wounds taken, the limit, the wound-track modifier in force."""
    cap = f"/{line.wound_limit}" if line.wound_limit is not None else ""
    style = "bold red" if line.out else ("yellow" if line.wounds else "")
    out = Text(f"{line.wounds}{cap}", style=style)
    if line.wound_modifier:
        out.append(f" {line.wound_modifier:+d}".replace("-", "−"), style="red")
    return out


def state_cell(line: Any) -> Text:
    out = Text()
    for on, word, style in (
        (line.out, "OUT", "bold red"),
        (line.stunned, "STUN", "bold magenta"),
        (line.burning, "BURN", "bold red"),
        (line.held, "HELD", "bold cyan"),
    ):
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


COLUMNS: tuple[Column, ...] = (
    Column("name", "", name_cell, 0),
    Column("wounds", "W", lambda ln, acting: wounds_cell(ln), 0),
    Column("state", "State", lambda ln, acting: state_cell(ln), 0),
    Column("weapons", "Weapons (■ loaded+mags)", lambda ln, acting: weapons_cell(ln), 2),
    Column(
        "cp", "CP", lambda ln, acting: Text(str(ln.command_points) if ln.command_points else "", style="bold yellow"), 3
    ),
    Column("speed", "Speed A/D", lambda ln, acting: speed_cell(ln), 4),
    Column("dice", "A/D", lambda ln, acting: f"{ln.att}/{ln.defence}", 1),
    Column("armour", "Arm", lambda ln, acting: str(ln.armour), 1),
)
"""Armour is kept first after the name, wounds and state: it is short and every wound roll
reads it, so a widened state column ("OUT STUN BURN HELD") drops the weapons or the speed
before it."""


class XK6ModelPane(LinePane):
    """The models of one side. ``show(title, lines, ...)`` redraws; the screen calls it."""

    BINDINGS = bindings(MODEL_KEYS)
    COLUMNS = COLUMNS
    SELECTED = ModelSelected

    def show(self, title: str, lines: Sequence[Any], to_act: bool, acting: str | None = None) -> None:
        self.show_lines(title, lines, to_act, acting)

    @property
    def selected_model(self) -> str | None:
        return self.selected_key

"""Roll adapters for SAGA shooting (the generic roll dialog, ``roll_dialog``).

The source text lacks the shooting procedure [SAGA-M9]: the dialog's title and its first
line say so ("house default"). The numbers (attack dice, Armour with each modifier,
the defence threshold) and the exact casualty odds come from the engine's
``engine.rulesets.saga.view``; nothing here decides a rule.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text

from engine.rulesets.saga import commands as c
from engine.rulesets.saga import view
from engine.rulesets.saga.shooting import HOUSE_LABEL, ShotOdds, shot_armour
from tui.dialogs.options import RollOption, distribution_text
from tui.dialogs.roll_dialog import Flag, RollAdapter, RollPreview


class SagaShotAdapter(RollAdapter):
    """The pending shot's attack roll (``RollShot``) or defence roll (``RollShotDefence``)."""

    flags: tuple[Flag, ...] = ()
    options_title = "The numbers of this roll (HOUSE DEFAULT shooting: the source text lacks it [SAGA-M9]):"

    def __init__(self, state: Any) -> None:
        self.state = state
        shot = state.shot
        self.defence = shot.stage == "rolled"
        shooter, target = state.unit(shot.shooter), state.unit(shot.target)
        self.target = target.name
        what = "defence dice" if self.defence else "attack dice"
        self.title = f"{shooter.name} shoots {target.name}: {what} — HOUSE DEFAULT procedure [SAGA-M9]"
        need = view.dice_to_roll(state)
        self.count = need[0].count if need else 0
        side = state.side_name(need[0].side) if need else ""
        self.dice_hint = (
            f"{side}: the {self.count} {what} rolled, e.g. {' '.join(['4'] * max(1, self.count))} "
            "— or empty for the app's roll"
        )

    def command(self, toggles: frozenset[str], declined: frozenset[str], flags: dict[str, bool]) -> Any:
        return c.RollShotDefence() if self.defence else c.RollShot()

    def preview(self, toggles: frozenset[str], declined: frozenset[str], flags: dict[str, bool]) -> RollPreview:
        step = view.pending_step(self.state)
        lines = step.lines if step is not None else ()
        options: tuple[RollOption, ...] = ()
        for i, line in enumerate(lines):
            if line == HOUSE_LABEL:  # the line above the list says so
                continue
            if line.startswith("against Armour") and self.state.shot is not None:
                options += armour_lines(self.state)
            else:
                options += (RollOption(f"line{i}", line),)
        o = view.odds(self.state)  # a shot's (a melee is never open beside a shot)
        odds = distribution_text(o.casualties, f"{self.target} loses") if isinstance(o, ShotOdds) else Text("")
        if isinstance(o, ShotOdds):
            odds.append(
                f"\n{o.dice} attack dice against Armour {o.armour}; defence dice cancel on {o.save_on}+ "
                "(house defaults, see settings g)",
                style="dim",
            )
        return RollPreview(options, odds, "", self.count)


def armour_lines(state: Any) -> tuple[RollOption, ...]:
    """The target's Armour against this shooting, a line a term, each with its rule: the
    base, each modifier (cover, fatigue spent), then the Armour the dice roll against."""
    value, base, mods = shot_armour(state, state.shot)
    out = [RollOption("armour", f"Armour {base.value}: {base.label}", base.rule)]
    out += [RollOption(f"armour_{m.key or i}", m.label, m.rule, m.value) for i, m in enumerate(mods)]
    if mods:
        out.append(RollOption("armour_total", f"= Armour {value}: an attack die of {value} or more hits"))
    return tuple(out)


def typed_into(command: Any, dice: Any) -> Any:
    """Typed dice go into the command's ``faces`` so the engine checks their count exactly."""
    from engine.records import changed

    faces = getattr(dice, "faces", None)
    if faces is not None and hasattr(command, "faces"):
        return changed(command, faces=tuple(faces))
    return command

"""Roll adapters for the other xK6 rolls on the generic roll dialog: the initiative
(``StartTurn`` / ``RollInitiative``) and a command point's re-roll of a test of the
open attack (``SpendCommandPoint``). Numbers come from ``engine.rulesets.xk6.view``.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from rich.text import Text

from engine.odds import percent
from engine.rulesets.xk6 import commands as c, view

from .roll_dialog import Flag, RollPreview


@dataclass(frozen=True)
class Info:
    """A number of the roll, shown as information (not a toggle)."""

    key: str
    label: str
    rule: str = ""
    value: int = 0
    kind: str = "info"
    active: bool = True
    state: str = ""
    note: str = ""


class InitiativeAdapter:
    """§5.1: both players roll 1d6 + their band's highest Command; the higher total chooses."""

    flags: tuple[Flag, ...] = ()
    options_title = "Initiative: 1d6 + the highest Command in play, each player (§5.1):"

    def __init__(self, state: Any, again: bool = False) -> None:
        self.state = state
        self.again = again
        a, b = state.side_name("A"), state.side_name("B")
        self.title = (f"Turn {state.turn.number}: initiative tied, roll again" if again
                      else f"Turn {state.turn.number + 1}: initiative")
        self.dice_hint = f"{a} die, then {b} die (e.g. 4 2) — or empty ⏎: the app rolls"

    def command(self, toggles: frozenset[str] = frozenset(), declined: frozenset[str] = frozenset(),
                flags: dict[str, bool] | None = None) -> Any:
        return c.RollInitiative() if self.again else c.StartTurn()

    def preview(self, toggles: frozenset[str] = frozenset(), declined: frozenset[str] = frozenset(),
                flags: dict[str, bool] | None = None) -> RollPreview:
        p = view.initiative_preview(self.state)
        name = self.state.side_name
        options = tuple(Info(s, f"{name(s)}: 1d6 + highest Command {p.commands[s]}", "§5.1 [XK-A2]")
                        for s in ("A", "B"))
        odds = Text.assemble((f"{name('A')} ", "bold"), (percent(p.p_a), "bold green"), " · ",
                             ("tie, roll again ", "bold"), percent(p.p_tie), " · ",
                             (f"{name('B')} ", "bold"), (percent(p.p_b), "bold green"),
                             ("   chance to choose who activates first", "dim"))
        return RollPreview(options, odds, "", 2)


class RerollAdapter:
    """A command point re-rolls one model's test in the open attack (§15)."""

    flags: tuple[Flag, ...] = ()
    options_title = "The test as rolled (the new faces replace it, whatever they show):"

    def __init__(self, state: Any, option: Any) -> None:
        self.state = state
        self.option = option
        commander, model = state.model(option.commander), state.model(option.model)
        a = state.attack
        self.attacker = model.id == a.attacker
        self.count = a.att_dice if self.attacker else a.target(model.id).def_dice
        what = "Att" if self.attacker else "Def"
        self.title = f"{commander.name} spends a command point: {model.name} re-rolls its {what} test (§15)"
        self.dice_hint = f"{model.name} {self.count} new {what} dice — or empty ⏎: the app rolls"

    def command(self, toggles: frozenset[str] = frozenset(), declined: frozenset[str] = frozenset(),
                flags: dict[str, bool] | None = None) -> Any:
        return c.SpendCommandPoint(self.option.commander, "reroll", self.option.model)

    def preview(self, toggles: frozenset[str] = frozenset(), declined: frozenset[str] = frozenset(),
                flags: dict[str, bool] | None = None) -> RollPreview:
        from ..widgets.xk6_attack_panel import pair_text

        pending = view.pending_view(self.state)
        records = pending.records if pending else ()
        mine = [r for r in records if self.attacker or (r.detail or {}).get("defender_id") == self.option.model]
        options = tuple(Info(f"r{i}", pair_text(self.state, r).plain) for i, r in enumerate(mine))
        odds = Text()
        for r in mine:
            odds.append(f"Before the roll this test succeeded with {percent(r.probability)} for the attacker "
                        f"({r.probability.numerator}/{r.probability.denominator}); a re-roll has the same odds.\n",
                        style="dim")
        return RollPreview(options, odds, self.option.problem, self.count)


def typed_into(command: Any, dice: Any) -> Any:
    """Typed dice go into the command's ``faces`` so the engine checks their count exactly."""
    faces = getattr(dice, "faces", None)
    if faces is not None and hasattr(command, "faces"):
        return replace(command, faces=tuple(faces))
    return command

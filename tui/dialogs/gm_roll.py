"""The roll dialog for a roll the app does not model (a GM correction): the GM's roll
(``engine.corrections.GMRoll``) with its exact chance, typed dice or the app's."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from engine.corrections import HOW_TEXT, ROLL, Correct, GMRoll
from engine.odds import percent
from tui.dialogs.options import RollOption
from tui.dialogs.roll_dialog import RollAdapter, RollPreview


class GMRollAdapter(RollAdapter):
    """``roll`` about ``target`` (a model or unit id, or None)."""

    def __init__(self, roll: GMRoll, target: str | None, about: str = "") -> None:
        self.roll = roll
        self.target = target
        self.title = f"GM roll — {roll.title}" + (f" ({about})" if about else "")

    def preview(self, toggles: frozenset[str], declined: frozenset[str], flags: dict[str, bool]) -> RollPreview:
        problem = self.roll.problem()
        lines = (RollOption("how", f"{self.roll.describe()}: {HOW_TEXT[self.roll.how]}", "GM correction"),)
        if problem:
            return RollPreview(lines, Text(""), refusal=problem, dice=self.roll.dice)
        odds = Text.assemble(("Chance to pass ", "bold"), (percent(self.roll.chance()), "bold cyan"))
        return RollPreview(lines, odds, dice=self.roll.dice)

    def command(self, toggles: frozenset[str], declined: frozenset[str], flags: dict[str, bool]) -> Any:
        return Correct(ROLL, self.target, self.roll, self.roll.title)

"""Roll adapters of the gear rules: a grenade's Accuracy roll (§17.6) and a Dispel roll
against a trick (§20.4). No modifiers to toggle: the target, the exact chance from the
engine (``gear_view``), two dice typed or the app's roll."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from engine.odds import percent
from tui.dialogs.roll_dialog import Flag, RollPreview
from tui.systems.sanctum_mortalis.adapters import Checked


class GearRollAdapter(Checked):
    """A 2k6 roll with a fixed command: ``kind`` "grenade" (``ThrowGrenade``) or
    "dispel" (``CastTrick`` with its dispeller)."""

    flags: tuple[Flag, ...] = ()
    exact_dice = 2

    def __init__(self, state: Any, command: Any, kind: str) -> None:
        from engine.rulesets.sanctum_mortalis import gear_view

        self.state = state
        self.base = command
        self._preview = gear_view.grenade_preview if kind == "grenade" else gear_view.dispel_preview
        p = self._preview(state, command)
        self.title = p.title
        self.options_title = f"{p.terms} — type the dice rolled on the table below:"

    def command(self, toggles: frozenset[str], declined: frozenset[str], flags: dict[str, bool]) -> Any:
        return self.base

    def preview(self, toggles: frozenset[str], declined: frozenset[str], flags: dict[str, bool]) -> RollPreview:
        p = self._preview(self.state, self.base)
        if p.refusal:
            return RollPreview((), Text(""), p.refusal)
        odds = Text.assemble((f"{p.terms}   ", "bold"), f"{p.goal} ", (percent(p.p_goal), "bold green"))
        return RollPreview((), odds, "", p.dice)

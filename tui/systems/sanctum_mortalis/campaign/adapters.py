"""Roll adapters for the campaign's post-battle rolls (injury, loot, level-up, care,
scenario): the roll dialog shows the exact odds ``campaign.view`` gives (a ``Due``)
and sends its command as it is, with the GM's typed dice or the app's roll."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from engine.odds import percent
from tui.dialogs.roll_dialog import Flag, RollAdapter, RollPreview


def odds_text(odds: Any, finds: Any = None) -> Text:
    """Each result with its exact chance (and, for a loot roll, each final find)."""
    out = Text()
    out.append("Odds: ", style="bold")
    out.append(" · ".join(f"{label} {percent(p)}" for label, p in odds.items()))
    if finds:
        out.append("\nFinds at the end of the chain: ", style="bold")
        out.append(" · ".join(f"{label} {percent(p)}" for label, p in finds.items()), style="dim")
    return out


class CampaignRollAdapter(RollAdapter):
    """One roll that is due (``view.Due``, or ``view.roll_of`` for a choice that rolls)."""

    flags: tuple[Flag, ...] = ()
    options_title = "Type the dice rolled on the table below, or press r for the app's roll:"

    def __init__(self, due: Any) -> None:
        self.due = due
        self.title = f"{due.title} — {due.dice} ({due.rule})"
        self.dice_count = 1 if due.dice == "k6" else 2
        self.dice_hint = (
            f"the {due.dice} you rolled, e.g. {' '.join(['3'] * self.dice_count)} — or leave empty for the app's roll"
        )

    def command(self, toggles: frozenset[str], declined: frozenset[str], flags: dict[str, bool]) -> Any:
        return self.due.command

    def preview(self, toggles: frozenset[str], declined: frozenset[str], flags: dict[str, bool]) -> RollPreview:
        return RollPreview((), odds_text(self.due.odds, self.due.finds), "", self.dice_count)

"""What every battle screen says when the session reports back: the status line after
a command, an undo or a redo, and the line for a refusal (with its rule)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.text import Text

if TYPE_CHECKING:
    from engine.ruleset import Rejected


def change_status(kind: str, events: Any, view: Any) -> Text:
    """``kind``: "undo", "redo" or "command" (``BattleChanged.kind``); ``events``: the
    command's new events; ``view``: the session's view after it."""
    if kind == "undo":
        return Text.assemble(("↶ Undone: ", "bold yellow"), view.undone[0].text if view.undone else "")
    if kind == "redo":
        group = view.events[-1].group if view.events else -1
        return Text.assemble(("↷ Redone: ", "bold yellow"), " ".join(e.text for e in view.events if e.group == group))
    return Text.assemble(("✓ ", "bold green"), " ".join(e.text for e in events if e.text))


def refusal_line(rejected: Rejected) -> str:
    """The reason, and the rule it comes from."""
    return f"{rejected.reason} ({rejected.rule})" if rejected.rule else rejected.reason


def refusal_status(line: str) -> Text:
    return Text.assemble(("✗ Not done: ", "bold red"), line)


def save_failed_status(text: str) -> Text:
    return Text.assemble(("✗ NOT SAVED: ", "bold red"), text)

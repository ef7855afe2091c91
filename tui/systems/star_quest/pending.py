"""What a Star Quest battle is waiting for: the engine's ``view.pending`` (a power-point
offer, an attack stage with its numbers, a morale test, status conditions, the AI
chart's question) or the AI's proposal; with nothing open, the activating unit's
moves, or the mission's objectives."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.widgets import Static

from tui.citations import cite_rich, citer


def pending_text(state: Any, pending: Any, question: Any) -> Text:
    out = Text()
    if pending is not None:
        out.append(pending.title, style="bold")
        for line in pending.lines:
            out.append("\n" + line)
        return out
    if question is not None and question.proposal:
        out.append("AI proposes: ", style="bold")
        out.append(question.proposal_text)
        return out
    objectives = ", ".join(name for _, name in state.mission.objectives) or "none in the mission"
    return Text(f"Objectives: {objectives}", style="dim")


class SQPending(Static):
    """The open question, in full."""

    DEFAULT_CSS = """
    SQPending { height: auto; max-height: 6; padding: 0 1; border-left: thick $warning; }
    SQPending.-idle { border-left: none; max-height: 1; text-wrap: nowrap; text-overflow: ellipsis; }
    """

    def show(self, state: Any, pending: Any, question: Any) -> None:
        self.set_class(pending is None and not (question and question.proposal), "-idle")
        self.update(cite_rich(pending_text(state, pending, question), citer(self.app)))  # rules: the book's

"""What a Star Quest battle is waiting for: the engine's ``view.pending`` (a power-point
offer, an attack stage with its numbers, a morale test, status conditions, the AI
chart's question) or the AI's proposal; with nothing open, the activating unit's
moves, or the mission's objectives."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
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


class SQPending(VerticalScroll):
    """The open question, in full: a bordered panel whose lines scroll inside it when the
    screen is short (the screen itself never scrolls)."""

    DEFAULT_CSS = """
    SQPending {
        height: auto; max-height: 50%; min-height: 3; padding: 0 1; border: round $warning;
        scrollbar-size-vertical: 1;
    }
    SQPending > Static { height: auto; }
    SQPending.-idle { border: none; max-height: 1; min-height: 1; overflow: hidden hidden; }
    SQPending.-idle > Static { text-wrap: nowrap; text-overflow: ellipsis; }
    """

    def compose(self) -> ComposeResult:
        yield Static("", id="pending-text")

    def show(self, state: Any, pending: Any, question: Any) -> None:
        self.set_class(pending is None and not (question and question.proposal), "-idle")
        text = cite_rich(pending_text(state, pending, question), citer(self.app))  # rules: the book's
        self.query_one("#pending-text", Static).update(text)

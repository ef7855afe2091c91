"""The SAGA turn tracker: turn and round, whose turn it is, how many units have
activated, and what the GM does next (with the keys, from the action registry)."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from engine.formatting import possessive
from engine.rulesets.saga.queries import activation_counts
from tui.citations import cite_rich, citer
from tui.counts import acted_text
from tui.dialogs.kept_rows import SaysWhenResized
from tui.systems.saga.keys import SAGA_KEYS
from tui.widgets.steady_bar import SteadyBar


def _k(action_id: str) -> tuple[str, str]:
    return (f" {SAGA_KEYS.key(action_id)} ", "bold reverse")


def next_step(state: Any, step: Any, offers: tuple[Any, ...]) -> Text:
    """What the GM does now, with the keys (``step``: ``view.pending_step``)."""
    turn = state.turn
    if turn.phase == "setup":
        return Text.assemble("Press ", _k("saga-start-turn"), " to start the first turn (choose the side).")
    if turn.phase != "turn":
        return Text.assemble(
            "Press ",
            _k("saga-start-turn"),
            f" for {possessive(state.side_name('B' if turn.active == 'A' else 'A'))} turn.",
        )
    spend = (
        Text.assemble(" · ", _k("saga-fatigue"), f" {state.side_name(offers[0].by)} may spend fatigue")
        if offers
        else Text("")
    )
    if step is not None and step.kind == "move":
        return Text.assemble(_k("saga-continue"), " completes the move", spend, ".")
    if step is not None and step.kind == "shot":
        return Text.assemble(_k("saga-continue"), " rolls the shot (house default)", spend, ".")
    if step is not None:
        return Text.assemble(_k("saga-continue"), f" opens the melee dialog ({step.title.lower()}).")
    return Text.assemble(
        "Select a unit: ",
        _k("saga-move"),
        " move ",
        _k("saga-charge"),
        " charge ",
        _k("saga-shoot"),
        " shoot ",
        _k("saga-rest"),
        " rest · ",
        _k("saga-end-turn"),
        " ends the turn.",
    )


class SagaTracker(SaysWhenResized, SteadyBar):
    """Two lines: where the battle is, and what to press next."""

    WRAP = True  # a long line wraps: the "Next:" line is never cut

    DEFAULT_CSS = """
    SagaTracker { height: auto; padding: 0 1; background: $boost; text-wrap: nowrap; text-overflow: ellipsis; }
    """

    def show(self, state: Any, step: Any, offers: tuple[Any, ...], read_only: str = "") -> None:
        turn = state.turn
        head = Text()
        if turn.phase == "setup":
            head.append("Before the first turn", style="bold")
        else:
            head.append(f"Turn {turn.number}", style="bold")
            head.append(f" · round {state.round} · ")
            head.append(f"▶ {state.side_name(turn.active)}", style="bold yellow")
            if turn.phase != "turn":
                head.append(" (turn over)")
            count = sum(len(u.activations) for u in state.units_of(turn.active))
            counts = acted_text(activation_counts(state, turn.active), "units activated")
            head.append(f" · {counts} ({count} activation{'s' * (count != 1)})")
        if read_only:
            head.append(f"  ✗ {read_only}", style="bold red")
        cite = citer(self.app)  # a rule in the bar cited as the rulebook's
        self.put([cite_rich(line, cite) for line in (head, next_step(state, step, offers))])

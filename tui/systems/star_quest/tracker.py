"""The Star Quest round tracker: round and phase, who is activating, the mission's round
limit, and what the GM does next with the keys (from the action registry). The words
come from the engine's ``view.round_view``."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from engine.rulesets.star_quest.queries import activation_counts
from tui.citations import cite_rich, citer
from tui.counts import fraction_text
from tui.dialogs.kept_rows import SaysWhenResized
from tui.systems.star_quest.keys import STAR_QUEST_KEYS
from tui.widgets.steady_bar import SteadyBar

PHASE_NAMES = {"setup": "before the first round", "heroes": "hero phase", "ai": "AI phase", "end": "round over"}


def _k(action_id: str) -> tuple[str, str]:
    return (f" {STAR_QUEST_KEYS.key(action_id)} ", "bold reverse")


def next_step(state: Any, rv: Any, pending: Any) -> Text:
    """What to press now, with the engine's next step in words."""
    if pending is not None:
        what = "opens the AI flow chart" if pending.kind == "ai" else f"— {pending.title}"
        return Text.assemble(_k("sq-continue"), f" {what}")
    if rv.activating:
        if "ChooseAIAction" in rv.commands:
            return Text.assemble(_k("sq-continue"), f" {rv.next_step}")
        if state.unit(rv.activating).hero:
            return Text.assemble(
                _k("sq-action"),
                " action ",
                _k("sq-skill"),
                " skill ",
                _k("sq-shoot"),
                " shoot ",
                _k("sq-cast"),
                " cast · ",
                _k("sq-end-activation"),
                " ends the activation",
            )
        return Text.assemble(f"{rv.next_step}: ", _k("sq-shoot"), " shoot · ", _k("sq-end-activation"), " ends it")
    if "StartRound" in rv.commands:
        return Text.assemble(_k("sq-start-round"), f" starts round {state.round + 1}")
    if "EndRound" in rv.commands:
        return Text.assemble(_k("sq-end-round"), f" {rv.next_step}")
    return Text.assemble("Select, then ", _k("sq-activate"), f": {rv.next_step}")


class SQTracker(SaysWhenResized, SteadyBar):
    """Two lines: where the battle is, and what to press next."""

    WRAP = True  # a long line wraps: the "Next:" line is never cut
    SHORT_BELOW = 90
    """Narrower, the first line leaves the mission's name out (so it stays one line at 80
    columns, with units yet to arrive counted: the log keeps its rows)."""

    DEFAULT_CSS = """
    SQTracker { height: auto; padding: 0 1; background: $boost; text-wrap: nowrap; text-overflow: ellipsis; }
    """

    def show(self, state: Any, rv: Any, pending: Any, read_only: str = "") -> None:
        head = Text()
        if rv.round:
            head.append(f"Round {rv.round}", style="bold")
            if state.mission.rounds:
                head.append(f"/{state.mission.rounds}", style="dim")
            head.append(" · ")
        head.append(PHASE_NAMES.get(rv.phase, rv.phase), style="bold yellow" if rv.phase in ("heroes", "ai") else "")
        if rv.activating:
            head.append(f" · ▶ {state.unit(rv.activating).name}", style="bold")
        if rv.round:
            heroes, ai = (fraction_text(activation_counts(state, side)) for side in ("heroes", "ai"))
            head.append(f" · acted: heroes {heroes}, AI {ai}")
        short = head.copy()
        head.append(f" · {state.mission.name}", style="dim")
        for line in (head, short):
            for w in rv.warnings:
                line.append(f"  ⚠ {w}", style="bold red")
            if read_only:
                line.append(f"  ✗ {read_only}", style="bold red")
        cite = citer(self.app)  # a rule in the bar cited as the rulebook's
        step = next_step(state, rv, pending)
        self.put([cite_rich(line, cite) for line in (head, step)], [cite_rich(line, cite) for line in (short, step)])

"""The xK6 turn tracker: the turn, the initiative, whose activation it is, how many
models of each band have activated, and what the GM does next (with the keys, from
the action registry). Everything comes from the engine's state and ``view.turn_view``."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from engine.rulesets.xk6.queries import activation_counts
from tui.citations import cite_rich, citer
from tui.counts import fraction_text
from tui.dialogs.kept_rows import SaysWhenResized
from tui.systems.xk6.keys import XK6_KEYS
from tui.widgets.steady_bar import SteadyBar

OPTION_KEYS = {
    "move-attack": (("xk6-attack", "attack"),),
    "move-designate": (("xk6-designate", "designate"),),
    "skill": (("xk6-skill", "skill action"),),
    "hold": (),
    "reload": (),
}
"""The keys worth naming while a model is activated with each option."""


def _k(action_id: str) -> tuple[str, str]:
    return (f" {XK6_KEYS.key(action_id)} ", "bold reverse")


def next_step(state: Any, tv: Any) -> Text:
    """What the GM does now, with the keys (``tv``: ``view.turn_view``)."""
    name = state.side_name
    if tv.phase == "setup":
        return Text.assemble(_k("xk6-turn"), " starts turn 1: initiative, 1d6 + highest Command each.")
    if tv.phase == "between":
        return Text.assemble(f"Turn {tv.number} is over. ", _k("xk6-turn"), f" starts turn {tv.number + 1}.")
    if tv.phase == "initiative":
        return Text.assemble("Initiative tied: ", _k("xk6-turn"), " rolls again.")
    if tv.phase == "choose":
        return Text.assemble(_k("xk6-turn"), f" {name(tv.chooser)} chooses which side activates first.")
    a = state.attack
    cp = (" · ", _k("xk6-command-point"), " re-roll (command point)")
    if a is not None and a.stage == "landed":
        return Text.assemble(_k("xk6-continue"), " say where the indirect fire landed", *cp)
    if a is not None:
        return Text.assemble(_k("xk6-continue"), " resolves the attack (damage, stun, ammunition)", *cp)
    if state.reaction:
        return Text.assemble(
            f"{state.model(state.reaction).name} reacts: ",
            _k("xk6-attack"),
            " attack · ",
            _k("xk6-react"),
            " no shot after all",
        )
    act = state.turn.active
    if act is not None:
        parts: list[Any] = [f"{state.model(act.model).name} acts: "]
        for action_id, what in OPTION_KEYS.get(act.option, ()):
            parts += [_k(action_id), f" {what} · "]
        side = state.model(act.model).side
        held = [m.name for m in state.models if m.in_play and m.held and m.side != side]
        react = (" · ", _k("xk6-react"), f" {held[0]} reacts (held)") if held else ()
        return Text.assemble(*parts, _k("xk6-end-activation"), " ends the activation", *react)
    if tv.bonus:
        return Text.assemble(
            _k("xk6-activate"), f" activates {state.model(tv.bonus[0]).name} (bought with a command point)"
        )
    if tv.next_side:
        return Text.assemble(
            f"{name(tv.next_side)}: select a model, ",
            _k("xk6-activate"),
            " activates it · ",
            _k("xk6-command-point"),
            " buys an activation",
        )
    return Text("No model is left to activate.")


def side_to_act(state: Any, tv: Any) -> str | None:
    """The side acting now: the model reacting or activated, else a bought activation's, else
    the side whose activation is next."""
    if tv.phase != "activations":
        return None
    acting = (
        state.reaction
        or (state.turn.active.model if state.turn.active else None)
        or (tv.bonus[0] if tv.bonus else None)
    )
    return state.model(acting).side if acting else tv.next_side


class XK6Tracker(SaysWhenResized, SteadyBar):
    """Two lines: where the battle is, and what to press next."""

    WRAP = True  # a long line wraps: the "Next:" line is never cut

    DEFAULT_CSS = """
    XK6Tracker { height: auto; padding: 0 1; background: $boost; text-wrap: nowrap; text-overflow: ellipsis; }
    """

    def show(self, state: Any, tv: Any, read_only: str = "") -> None:
        head = Text()
        if tv.phase == "setup":
            head.append("Before the first turn", style="bold")
        else:
            head.append(f"Turn {tv.number}", style="bold")
            if tv.initiative:
                head.append(" · initiative " + " v ".join(str(v) for _, v in sorted(tv.initiative.items())))
            side = side_to_act(state, tv)
            if side:
                head.append(" · ")
                head.append(f"▶ {state.side_name(side)}", style="bold yellow")
            counts = [fraction_text(activation_counts(state, s)) for s in ("A", "B")]
            head.append(f" · activated {', '.join(counts)}")
        if read_only:
            head.append(f"  ✗ {read_only}", style="bold red")
        cite = citer(self.app)  # a rule in the bar cited as the rulebook's
        self.put([cite_rich(line, cite) for line in (head, next_step(state, tv))])

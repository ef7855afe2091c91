"""Initiative and activation tracker: the round, who starts and why (with the roll-off
dice), whose activation it is, who has activated, the independent models last, and
what the GM does next (with the key, from the action registry)."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from engine.formatting import possessive
from engine.rulesets.sanctum_mortalis.queries import activation_counts
from tui.citations import cite_rich, citer
from tui.counts import acted_text
from tui.dialogs.kept_rows import SaysWhenResized
from tui.systems.sanctum_mortalis import display as d
from tui.systems.sanctum_mortalis.keys import BATTLE_KEYS
from tui.widgets.steady_bar import SteadyBar, line_of

key = BATTLE_KEYS.key

PHASES = {
    "setup": "before the first round",
    "choose-first": "choosing who starts",
    "activations": "activations",
    "neutrals": "independent models act",
    "round-over": "round over",
    "ended": "battle over",
}


def rolloff_dice(state: Any, rolloff: dict | None) -> str:
    """ "Rust Wolves 3+5=8 v Saints of Ash 2+2=4" for each attempt of a roll-off."""
    if not rolloff:
        return ""
    pairs: list[tuple[list[int], list[int]]] = []
    rounds = (rolloff.get("detail") or {}).get("rounds")
    if isinstance(rounds, list):  # one record, a round per tied roll
        pairs = [(r.get("a", []), r.get("b", [])) for r in rounds if isinstance(r, dict)]
    for attempt in rolloff.get("attempts", []):  # one record per attempt
        det = attempt.get("detail", {})
        pairs.append((det.get("A", []), det.get("B", [])))
    names = (d.side_name(state, "A"), d.side_name(state, "B"))
    return "; ".join(" v ".join(f"{n} {'+'.join(map(str, f))}={sum(f)}" for n, f in zip(names, pair)) for pair in pairs)


def _open_salvo(m: Any) -> tuple[str, int, int] | None:
    """``combat.open_salvo``, imported once a model acts: a battle opened between
    activations is drawn without the shooting rules."""
    from engine.rulesets.sanctum_mortalis.combat import open_salvo

    return open_salvo(m)


def next_step(state: Any) -> Text:
    """What the GM does now, with the keys."""
    o = state.order
    if state.ended or o.phase == "ended":
        return Text("The battle is over. Undo to take back the last command, or start a new battle.")
    if o.phase == "setup":
        return Text.assemble("Press ", (key("next-round"), "bold reverse"), " to start round 1.")
    if o.phase == "choose-first":
        return Text.assemble(
            f"{d.side_name(state, o.chooser)} chooses who starts: press ", (key("next-round"), "bold reverse"), "."
        )
    if o.phase == "round-over":
        return Text.assemble(
            f"Round {o.round} is over: press ", (key("next-round"), "bold reverse"), f" to start round {o.round + 1}."
        )
    if state.grenade is not None:  # thrown, not yet gone off (§17.6)
        thrower = d.model_name(state, state.grenade.model)
        return Text.assemble(
            f"{possessive(thrower)} grenade is in the air: press ",
            (key("grenade"), "bold reverse"),
            " to place its blast.",
        )
    if state.pending:
        who = d.model_name(state, state.pending[0].model)
        then: list[str | tuple[str, str]] = []
        if o.active_model and (salvo := _open_salvo(state.model(o.active_model))):
            then = [" Then ", (key("shoot"), "bold reverse"), f": shot {salvo[1] + 1}/{salvo[2]} or stop firing."]
        if state.pending[0].context.get("roll") is not None:  # a failure held for a re-roll
            return Text.assemble(
                f"{who} failed the Toughness roll: press ",
                (key("save"), "bold reverse"),
                " to re-roll or accept.",
                *then,
            )
        return Text.assemble(f"{who} must roll Toughness: press ", (key("save"), "bold reverse"), ".", *then)
    if o.active_model:
        m = state.model(o.active_model)
        salvo = _open_salvo(m)
        if salvo:  # the action's next shot comes first (§10.5)
            weapon, fired, shots = salvo
            return Text.assemble(  # s offers both: the next shot, or "Stop firing" (flows.shoot)
                "Press ",
                (key("shoot"), "bold reverse"),
                f" for {possessive(m.name)} {d.ranged_weapon_name(weapon)} shot {fired + 1}/{shots}, or ",
                (key("shoot"), "bold reverse"),
                " then Stop firing.",
            )
        if m.actions_left == 0:
            return Text.assemble(
                (m.name, "bold"),
                " has no actions left: press ",
                (key("end-activation"), "bold reverse"),
                " to end the activation.",
            )
        return Text.assemble(
            (m.name, "bold"),
            f", {m.actions_left} action{'s' if m.actions_left != 1 else ''} left: ",
            *_keys("move", "shoot", "fight", "stance", "cards"),
            "· ",
            (key("end-activation"), "bold reverse"),
            " ends the activation.",
        )
    if o.to_act:
        return Text.assemble(
            f"{d.side_name(state, o.to_act)} to activate: select a model and press ",
            (key("activate"), "bold reverse"),
            " (or just give it an action).",
        )
    return Text("")


def _keys(*ids: str) -> list[Any]:
    out: list[Any] = []
    for action_id in ids:
        a = BATTLE_KEYS.action(action_id)
        out += [(key(action_id), "bold reverse"), f" {a.label.lower()} "]
    return out


class Tracker(SaysWhenResized, SteadyBar):
    """The top bar. ``show(state)`` redraws it."""

    WRAP = True  # a long line wraps: the "Next:" line is never cut
    SHORT_BELOW = 100  # the band panes' borders count who has acted: the short lines do

    DEFAULT_CSS = """
    Tracker {
        height: auto;
        padding: 0 1;
        background: $boost;
        text-wrap: nowrap;
        text-overflow: ellipsis;
    }
    """

    def show(self, state: Any, note: "str | Text" = "") -> None:
        cite = citer(self.app)  # a rule in the bar cited as the rulebook's
        self.put(
            [cite_rich(line, cite) for line in self.render_state(state, note)],
            [cite_rich(line, cite) for line in self.render_state(state, note, short=True)],
        )

    @staticmethod
    def render_state(state: Any, note: "str | Text" = "", short: bool = False) -> list[Text]:
        """Three lines (each wrapped when the terminal is narrow, between its │ parts
        first): the round and who starts (the roll-off, and why while choosing), whose
        activation it is and who has acted, what to do next; and ``note`` (a review banner, why the battle is not saving) on a fourth. ``short``:
        for a narrow bar, the roll-off as totals and no acted counts (each band pane's
        border has its own)."""
        o = state.order
        head: list[str | tuple[str, str]] = [
            (f"Round {o.round}" if o.round else "Round –", "bold"),
        ]
        if not (short and o.phase == "activations"):
            head.append(f" · {PHASES.get(o.phase, o.phase)}")
        if o.first:
            head += [" · ", (d.side_name(state, o.first), "bold"), " started"]
        dice = rolloff_dice(state, o.rolloff)
        if dice and short:
            totals = " v ".join(part.rsplit("=", 1)[-1] for part in dice.split("; ")[-1].split(" v "))
            head.append((f" (roll-off {totals})", "cyan"))
        elif dice:
            head.append((f" │ roll-off {dice}", "cyan"))
        if o.reason and (o.phase == "choose-first" or not dice):  # once chosen, the log keeps why
            head.append((f" │ {o.reason}", "dim"))
        turn: list[str | tuple[str, str]]
        if o.active_model:
            turn = [
                ("▶ ", "bold yellow"),
                (d.model_name(state, o.active_model), "bold yellow"),
                f" ({d.side_name(state, state.model(o.active_model).side)}) activating",
            ]
        elif o.to_act:
            turn = [("▶ ", "bold yellow"), (d.side_name(state, o.to_act), "bold yellow"), " to activate"]
        else:
            turn = [("No one to activate", "dim")]
        acted = [f"{state.side(side).name} {acted_text(activation_counts(state, side))}" for side in ("A", "B")]
        if not short:
            turn.append(" │ " + " · ".join(acted))
        neutrals = state.on_table("N")
        if neutrals:
            turn.append(f" · then {len(neutrals)} independent")
        turn += [
            f" │ VP {state.side('A').vp}–{state.side('B').vp}",
            (f" │ {d.TECH_SYMBOL} {state.markers_on_table}{'' if short else ' on table'}", d.TECH_STYLE),
        ]
        if state.smoke:  # smoke grenades' markers: they go when the next round starts (§17.6)
            turn.append((f" │ ☁ {len(state.smoke)} smoke until round {o.round + 1}", "dim"))
        lines = [line_of(*head), line_of(*turn), Text.assemble(("Next: ", "bold"), next_step(state))]
        if note:
            lines.append(note if isinstance(note, Text) else Text(note, style="bold red"))
        return lines

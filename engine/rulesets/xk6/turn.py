"""Turns and initiative (§5.1): 1d6 + highest Command per player, the winner chooses who
activates first, then sides alternate one model at a time ([XK-A2] readings are settings).
"""

from __future__ import annotations

from typing import Sequence

from engine.dice import DiceSource
from engine.events import EventDraft
from engine.rolls import Modifier, RollRecord, plain
from engine.ruleset import Rejected, setting_change

from . import odds
from . import tables as t
from .commands import ChangeSetting, ChooseFirst, RollInitiative, StartTurn
from .procedures import faces_for
from .settings import SETTINGS_BY_KEY
from .state import BattleState, opponent

Decision = Rejected | Sequence[EventDraft]


def change_setting(state: BattleState, cmd: ChangeSetting, dice: DiceSource) -> Decision:
    return setting_change(SETTINGS_BY_KEY, state.setting, cmd.key, cmd.value)


def highest_command(state: BattleState, side: str) -> int:
    """§5.1 [XK-A2]: the highest Command among the side's models still in play."""
    return max((m.spec.command for m in state.models_of(side)), default=0)


def initiative_roll(state: BattleState, faces: tuple[int, int] | None, dice: DiceSource) -> EventDraft:
    """Both players roll 1d6 + highest Command; the higher total chooses; a tie re-rolls."""
    rolled = faces_for(faces, 2, dice, "the initiative dice (A, B)")
    commands = {s: highest_command(state, s) for s in t.SIDES}
    totals = {s: f + commands[s] for s, f in zip(t.SIDES, rolled)}
    win_a, tie, win_b = odds.initiative_odds(commands["A"], commands["B"])
    winner = "A" if totals["A"] > totals["B"] else "B" if totals["B"] > totals["A"] else None
    tie_rule = ""
    if winner is None and state.setting("initiative_ties") == "keep-chooser" and state.turn.chooser:
        winner, tie_rule = state.turn.chooser, "keep-chooser"
    records = []
    faces_of = dict(zip(t.SIDES, rolled))
    for side, face in zip(t.SIDES, rolled):
        p = win_a if side == "A" else win_b
        rival = "B" if side == "A" else "A"
        base = Modifier("highest Command in play", commands[side], "§5.1 [XK-A2]")
        records.append(
            RollRecord(
                "xk6.initiative",
                f"{state.side_name(side)}: initiative 1d6 + Command",
                plain((face,)),
                (),
                base,
                None,
                "opposed",
                p,
                f"total {totals[side]}",
                winner == side,
                {
                    "total": totals[side],
                    "tie_chance": f"{tie.numerator}/{tie.denominator}",
                    "side": side,
                    "against": {"side": rival, "dice": [faces_of[rival]], "total": totals[rival]},
                },
            ).to_dict()
        )
    if winner is None:
        text = f"Initiative: {totals['A']} against {totals['B']}, a tie — roll again (§5.1 [XK-A2](c))."
    else:
        why = " (tie: the previous chooser chooses again, [XK-A2](c))" if tie_rule else ""
        text = (
            f"Initiative: {state.side_name('A')} {totals['A']} (die {rolled[0]} + Command {commands['A']}), "
            f"{state.side_name('B')} {totals['B']} (die {rolled[1]} + Command {commands['B']}): "
            f"{state.side_name(winner)} chooses which side activates first{why}."
        )
    return EventDraft(
        "initiative_rolled",
        {
            "faces": list(rolled),
            "commands": commands,
            "totals": totals,
            "winner": winner,
            "rolls": records,
            "tie_rule": tie_rule,
        },
        text=text,
    )


def start_turn(state: BattleState, cmd: StartTurn, dice: DiceSource) -> Decision:
    if state.turn.phase not in ("setup", "between"):
        return Rejected(f"turn {state.turn.number} is still being played", "§5.1")
    if state.attack is not None:
        return Rejected("finish the attack first", "§8")
    number = state.turn.number + 1
    clear = state.setting("held_lasts") == "end-of-turn"
    drafts = [EventDraft("turn_started", {"number": number, "clear_held": clear}, text=f"Turn {number} begins.")]
    if number > 1 and state.setting("initiative_every_turn") == "first-turn" and state.turn.chooser:
        chooser = state.turn.chooser
        drafts.append(
            EventDraft(
                "initiative_rolled",
                {"winner": chooser, "totals": {}, "no_roll": True},
                text=f"No initiative roll after the first turn ([XK-A2](b)): {state.side_name(chooser)} chooses again.",
            )
        )
        return drafts
    from .evolve import preview

    return drafts + [initiative_roll(preview(state, drafts), cmd.faces, dice)]


def roll_initiative(state: BattleState, cmd: RollInitiative, dice: DiceSource) -> Decision:
    if state.turn.phase != "initiative":
        return Rejected("no initiative roll is waiting (start a turn; a tie rolls again)", "§5.1")
    return [initiative_roll(state, cmd.faces, dice)]


def first_side(state: BattleState, side: str) -> str | None:
    """The side that activates first: ``side``, or the other if ``side`` has nobody to activate."""
    if state.waiting(side):
        return side
    return opponent(side) if state.waiting(opponent(side)) else None


def choose_first(state: BattleState, cmd: ChooseFirst, dice: DiceSource) -> Decision:
    chooser = state.turn.chooser
    if state.turn.phase != "choose" or chooser is None:
        return Rejected("nobody is choosing who activates first now", "§5.1")
    if cmd.side not in t.SIDES:
        return Rejected(f"unknown side '{cmd.side}' (A or B)", kind="malformed")
    nxt = first_side(state, cmd.side)
    text = f"{state.side_name(chooser)} chooses: {state.side_name(cmd.side)} activates the first model."
    drafts = [EventDraft("first_chosen", {"side": cmd.side, "by": chooser, "next_side": nxt}, actor=chooser, text=text)]
    if nxt is None:
        drafts.append(
            EventDraft("turn_ended", {"number": state.turn.number}, text="No model can activate: the turn ends.")
        )
    return drafts


def next_side_after(state: BattleState, side: str) -> str | None:
    """§5.1 alternation [XK-A2](d): the other side, else the same side in a row (or nobody)."""
    other = opponent(side)
    if state.setting("run_out") == "turn-ends" and not (state.waiting(side) and state.waiting(other)):
        return None
    if state.waiting(other):
        return other
    return side if state.waiting(side) else None

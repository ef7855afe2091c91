"""Move actions, jumping down and falls in the battle (§6–§7)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from engine.dice import DiceSource
from engine.events import EventDraft
from engine.formatting import possessive, roll_line
from engine.rolls import RollRecord
from engine.ruleset import Rejected

from .actions import removal, with_end_check
from .activation import MOVE, take_action
from .procedures.common import ProcedureRefused, speed_skill
from .procedures.movement import climb_cost, fall_roll, jump_down_roll, move_allowance
from .state import BattleState, LastRoll, ModelState
from .terms import card_term

if TYPE_CHECKING:  # the command classes load on first use (not to draw the battle screen)
    from .commands import AcceptDrop, Fall, JumpDown, Move

Decision = Rejected | Sequence[EventDraft]
JET_PACK_RANGE = 10
"""§22.5: once per battle the jet pack moves the model 10"."""


def allowance(state: BattleState, m: ModelState, difficult: bool = False) -> tuple[int, str]:
    """The inches of the model's next Move and how they add up."""
    number = m.moves + 1
    if m.next_move:
        return m.next_move, f'{card_term("looking-for-me")}: any reachable place within {m.next_move}" (§12.2)'
    inches, terms = move_allowance(
        m.spec,
        min(number, 2),
        first_action_is_move=not m.first_action,
        difficult_terrain=difficult,
        carrying_special_marker=("together" if m.carry_partner is not None else "alone" if m.special_marker else None),
        infected=m.infected,
        settings=state.settings,
    )
    explain = " ".join(f"{x.value:+d} {x.label}" if i else f"{x.value} {x.label}" for i, x in enumerate(terms))
    return inches, explain


def move(state: BattleState, cmd: Move, dice: DiceSource) -> Decision:
    if not state.has_model(cmd.model):
        return Rejected(f"no model '{cmd.model}'", kind="malformed")
    m = state.model(cmd.model)
    if cmd.jet_pack and state.setting("jet_pack_action") == "off":
        return _jet_pack_no_action(state, m, cmd)
    if m.moves >= 2:
        return Rejected(f"{m.name} has already made two Moves this round", "§6")
    for e in cmd.engage:
        if not state.has_model(e) or state.model(e).side == m.side or not state.model(e).on_table:
            return Rejected(f"'{e}' is not an enemy model on the table", kind="malformed")
    from .gap_jumps import gap_problem, gap_text, lava_left, smoke_left

    gap = gap_problem(state, m, cmd)
    if gap is not None:
        return gap
    try:
        limit, explain = allowance(state, m, cmd.difficult)
        cost = climb_cost(cmd.climb, m.spec, ladder=cmd.ladder, settings=state.settings) if cmd.climb else None
    except ProcedureRefused as err:
        return err.as_rejected()
    if m.next_move:  # To mnie szukasz?: "even behind a high wall ... two floors up": no climbing cost
        cost = None
    if cmd.jet_pack:
        if "jet-pack" not in m.spec.items:
            return Rejected(f"{m.name} has no jet pack", "§22.5")
        if "jet-pack" in m.once_used:
            return Rejected("the jet pack was already used this battle", "§22.5")
        limit, explain = JET_PACK_RANGE, 'jet pack 10" (once per battle) [SM-A27]'
    used = (cmd.inches or 0) + (cost.inches if cost else 0)
    if cmd.inches is not None and used > limit:
        extra = f' + climbing {cost.inches:g}" ({cost.why})' if cost and cost.inches else ""
        return Rejected(f'{m.name} may move {limit}" now ({explain}); {cmd.inches:g}"{extra} is too far', "§7")
    keep_hidden = "stalking" in m.spec.skills
    moved = f'{cmd.inches:g}"' if cmd.inches is not None else f'up to {limit}"'
    text = f"{m.name} moves {moved} (Move {m.moves + 1}: {explain})"
    if cost and cost.inches:
        text += f', climbing {cmd.climb:g}" for {cost.inches:g}" ({cost.why})'
    text += gap_text(state, m, cmd)
    drafts = take_action(
        state,
        m.id,
        MOVE,
        text + ".",
        keep_hidden=keep_hidden,
        move_number=m.moves + 1,
        inches=cmd.inches,
        allowance=limit,
        climbed=bool(cost and cost.inches),
        jumped=cmd.gap > 0,
        jet_pack=cmd.jet_pack,
        engage=list(cmd.engage),
    )
    if isinstance(drafts, Rejected):
        return drafts
    if cmd.leaves_smoke:
        drafts += smoke_left(m)
    if cmd.leaves_lava:
        drafts += lava_left(m)
    for e in cmd.engage:
        if e not in m.engaged_with:
            drafts.append(
                EventDraft(
                    "engaged",
                    {"a": m.id, "b": e},
                    actor=m.id,
                    text=f"{m.name} charges into contact with {state.model(e).name} (§8.1).",
                )
            )
    return drafts


def _jet_pack_no_action(state: BattleState, m: ModelState, cmd: Move) -> Decision:
    """[SM-A27] read as "the jet pack takes no action": the flight (up to 10", once per
    battle) is not a Move, so it counts neither for "shot after Move" nor for the second
    Move's −1, and the model keeps both its actions. It still happens in the model's
    activation, and an engaged model cannot fly off (§8.1)."""
    from .activation import acting_model

    if "jet-pack" not in m.spec.items:
        return Rejected(f"{m.name} has no jet pack", "§22.5")
    if "jet-pack" in m.once_used:
        return Rejected("the jet pack was already used this battle", "§22.5")
    if m.engaged:
        return Rejected(f"{m.name} is engaged in melee and may not fly off; Attack or Withdraw instead", "§8.1")
    if cmd.inches is not None and cmd.inches > JET_PACK_RANGE:
        return Rejected(f'{m.name} may fly {JET_PACK_RANGE}" with the jet pack; {cmd.inches:g}" is too far', "§22.5")
    pre, problem = acting_model(state, m.id)
    if problem is not None:
        return problem
    flown = f'{cmd.inches:g}"' if cmd.inches is not None else f'up to {JET_PACK_RANGE}"'
    text = f"{m.name} flies {flown} with the jet pack (no action, once per battle, §22.5 [SM-A27])."
    payload = {
        "model": m.id,
        "action": MOVE,
        "free": True,
        "jet_pack": True,
        "inches": cmd.inches,
        "engage": list(cmd.engage),
    }
    drafts = [*pre, EventDraft("action", {**payload, "allowance": JET_PACK_RANGE}, actor=m.id, text=text)]
    for e in cmd.engage:
        if not state.has_model(e) or state.model(e).side == m.side or not state.model(e).on_table:
            return Rejected(f"'{e}' is not an enemy model on the table", kind="malformed")
        if e not in m.engaged_with:
            name = state.model(e).name
            text = f"{m.name} lands in contact with {name} (§8.1)."
            drafts.append(EventDraft("engaged", {"a": m.id, "b": e}, actor=m.id, text=text))
    return drafts


def _acting(state: BattleState, model_id: str) -> ModelState | Rejected:
    if not state.has_model(model_id):
        return Rejected(f"no model '{model_id}'", kind="malformed")
    m = state.model(model_id)
    if not m.on_table:
        return Rejected(f"{m.name} is not on the table", kind="illegal")
    if state.pending:
        return Rejected(
            f"{possessive(state.model(state.pending[0].model).name)} Toughness roll is pending; roll it first", "§9"
        )
    held = held_refusal(state)
    if held is not None:
        return held
    return m


def held_refusal(state: BattleState) -> Rejected | None:
    """A failed jump down or fall waits for its re-roll or its acceptance (``AcceptDrop``)."""
    from .rerolls import held_drop

    held = held_drop(state)
    if held is None:
        return None
    what = "jump down" if held.kind == "jump" else "fall"
    name = state.model(held.roller).name
    return Rejected(f"{possessive(name)} failed {what} waits: re-roll it or accept it first", "§2.2")


def jump_down(state: BattleState, cmd: JumpDown, dice: DiceSource) -> Decision:
    m = _acting(state, cmd.model)
    if isinstance(m, Rejected):
        return m
    if cmd.height < 0:
        return Rejected("a height cannot be negative", kind="malformed")
    from .rerolls import holds

    acrobat = speed_skill(m.spec, "acrobat", state.settings)
    record = jump_down_roll(cmd.height, dice, acrobat=acrobat, model=m.spec)
    held = cmd.hold and holds(state, "jump", m.id, record)
    text = f'{m.name} jumps down {cmd.height:g}": {roll_line(record)}'
    drafts = [
        EventDraft(
            "move_rolled",
            {"kind": "jump", "model": m.id, "roll": record.to_dict(), **({"context": {"held": True}} if held else {})},
            actor=m.id,
            text=text + (" — held: a re-roll is offered before the fall (§2.2)" if held else ""),
        )
    ]
    if not record.success and not held:
        drafts += _fall(state, m, cmd.height, "a failed jump down", dice, hold=cmd.hold)
    return with_end_check(state, drafts)


def fall(state: BattleState, cmd: Fall, dice: DiceSource) -> Decision:
    m = _acting(state, cmd.model)
    if isinstance(m, Rejected):
        return m
    if cmd.height < 0:
        return Rejected("a height cannot be negative", kind="malformed")
    return with_end_check(state, _fall(state, m, cmd.height, cmd.cause or "a fall", dice, hold=cmd.hold))


def _fall(
    state: BattleState,
    m: ModelState,
    height: float,
    cause: str,
    dice: DiceSource,
    hold: bool = False,
    spent: frozenset[str] = frozenset(),
) -> list[EventDraft]:
    """The fall roll; a failure removes the model (no Toughness roll, §7.5) unless ``hold``
    and a re-roll is offered for it (``spent``: sources used in this very command)."""
    from .rerolls import holds

    art = speed_skill(m.spec, "art-of-falling", state.settings)
    record = fall_roll(height, dice, art_of_falling=art, model=m.spec, cause=cause)
    held = hold and holds(state, "fall", m.id, record, spent)
    out = [
        EventDraft(
            "move_rolled",
            {"kind": "fall", "model": m.id, "roll": record.to_dict(), **({"context": {"held": True}} if held else {})},
            actor=m.id,
            text=f'{m.name} falls {height:g}" ({cause}): {roll_line(record)}'
            + (" — held: a re-roll is offered before the model is removed (§2.2)" if held else ""),
        )
    ]
    if not record.success and not held:
        out += removal(state, m.id, None, f'fell {height:g}" (no Toughness roll, §7.5)')
    return out


def roll_consequences(
    state: BattleState, last: LastRoll, new: RollRecord, dice: DiceSource, spent: frozenset[str] = frozenset()
) -> list[EventDraft]:
    """A jump down or a fall that now fails after a re-roll (Błąd matrycy on a success, or
    the last re-roll of a held failure): a jump that no longer lands makes the fall roll
    (its dice follow the re-rolled one; held in turn if a re-roll is left for it); a fall
    removes the model, with no Toughness roll (§7.5)."""
    m = state.model(last.roller)
    height = float(new.detail.get("height", 0))
    if last.kind == "jump":
        return _fall(state, m, height, "a failed jump down", dice, hold=bool(last.context.get("held")), spent=spent)
    return removal(state, m.id, None, f'fell {height:g}" (no Toughness roll, §7.5)')


def accept_drop(state: BattleState, cmd: AcceptDrop, dice: DiceSource) -> Decision:
    """The held failure applies: a jump's fall is rolled, a fall removes the model."""
    from .rerolls import held_drop

    held = held_drop(state)
    if held is None or held.roller != cmd.model:
        return Rejected("no failed jump down or fall of this model waits for a re-roll", "§2.2", kind="illegal")
    record = RollRecord.from_dict(held.record)
    return with_end_check(state, roll_consequences(state, held, record, dice))

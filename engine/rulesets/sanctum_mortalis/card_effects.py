"""What playing an event card does to the battle (§12.2, §12.3), beyond spending it:
each effect is events the reducers apply, never only words in the log. The moment
(``card_triggers``) and who may play the card (``cards.card_problem``) are checked first."""

from __future__ import annotations

from types import MappingProxyType
from typing import TYPE_CHECKING

from engine.dice import DiceSource
from engine.events import EventDraft
from engine.formatting import possessive, roll_line
from engine.ruleset import Rejected

from .activation import MOVE, take_action
from .card_triggers import melee_loser, melee_unwounded, shot_hit
from .state import BattleState, ModelState
from .terms import card_term, term

if TYPE_CHECKING:  # the command classes load on first use (not to draw the battle screen)
    from .commands import PlayCard

PRIMAL_FEAR_INCHES = 3
STUMBLE_INCHES = 3
LOOKING_FOR_ME_INCHES = 8
PUSH_INCHES = 2
EDGE_FOR_JUMP = 4
"""Raz kozie śmierć!: only within 1" of an edge at least 4" high (§12.2)."""

DOUBT_ACTIONS = MappingProxyType(
    {
        "move": "a Move",
        "shoot": "a Shooting action",
        "attack": "a melee Attack",
        "withdraw": "a Withdraw",
        "pickup": "picking up a marker",
        "defensive-stance": f"a {term('Defensive stance')}",
        "overwatch": term("Overwatch"),
        "hidden": term("Hiding"),
        "trick": "casting a trick",
        "other": "another action",
    }
)
"""The actions Zwątpienie may cancel, by the activation rules' names."""

DISTRACTIONS = MappingProxyType(
    {
        "defensive-stance": term("Defensive stance"),
        "overwatch": term("Overwatch"),
        "intercept": f"{term('Intercept')} this round",
    }
)
"""What Rozproszenie stops (``PlayCard.action``; none: the first marker it has)."""


def effect_of(state: BattleState, cmd: PlayCard, key: str, dice: DiceSource) -> dict[str, object] | Rejected:
    """The ``effect`` the ``card_played`` event carries for its reducer (model state)."""
    m = state.model(cmd.model)
    if key == "stall":
        return {"action_cap": 1}
    if key == "your-mother-too":
        return {"taunt": True}
    if key == "looking-for-me":
        return {"next_move": LOOKING_FOR_ME_INCHES}
    if key == "doubt":
        if cmd.action not in DOUBT_ACTIONS:
            return Rejected(
                f"name the action {card_term('doubt')} cancels (one of: {', '.join(DOUBT_ACTIONS)})",
                "§12.3",
                "malformed",
            )
        if cmd.action == MOVE or state.setting("doubt_replace") == "off":
            return {"lose_actions": 1, "declared": cmd.action}  # a Move cannot be swapped: nothing [SM-A43]
        return {"barred": cmd.action, "declared": cmd.action}
    if key == "primal-fear":
        return {"forced_move": PRIMAL_FEAR_INCHES}
    if key == "distraction" and cmd.action:
        if cmd.action not in DISTRACTIONS:
            return Rejected(f"{card_term('distraction')}: one of {', '.join(DISTRACTIONS)}", "§12.3", "malformed")
        if cmd.action == "intercept":
            return {"distract": "intercept", "barred": "intercept"}
        if cmd.action not in m.markers:
            return Rejected(f"{m.name} has no {DISTRACTIONS[cmd.action]} to remove", "§12.3")
        return {"distract": cmd.action}
    if key == "bite-this":
        loser = melee_loser(state, m.id)
        assert loser is not None  # the trigger was checked
        weapon = bitten_weapon(loser, cmd.weapon)
        if isinstance(weapon, Rejected):
            return weapon
        return {"borrow": weapon, "from": loser.id}
    return {}


def bite_weapons(loser: ModelState) -> tuple[str, ...]:
    """The ranged weapons Gryź to! may borrow from ``loser`` (each once, as carried)."""
    return tuple(dict.fromkeys(loser.spec.ranged))


def bitten_weapon(loser: ModelState, weapon: str) -> str | Rejected:
    """The weapon Gryź to! fires: ``weapon`` if ``loser`` carries it; none named, its only
    one (several: the GM names which, §12.2)."""
    weapons = bite_weapons(loser)
    if weapon:
        if weapon not in weapons:
            return Rejected(f"{loser.name} carries no ranged weapon '{weapon}'", "§12.2", "malformed")
        return weapon
    if len(weapons) > 1:
        return Rejected(
            f"{card_term('bite-this')}: name which of {possessive(loser.name)} ranged weapons it fires ({', '.join(weapons)})",
            "§12.2",
            "ambiguous",
        )
    return weapons[0]


def effect_drafts(state: BattleState, cmd: PlayCard, key: str, dice: DiceSource) -> list[EventDraft] | Rejected:
    """The events that follow the ``card_played`` event (``after``: the state with it)."""
    from .actions import with_end_check
    from .evolve import preview

    m = state.model(cmd.model)
    if key == "stumble":
        drafts = take_action(
            state,
            m.id,
            MOVE,
            f'{m.name} stumbles {STUMBLE_INCHES}" straight ahead, its owner choosing the direction: '
            f"its Move is used ({card_term('stumble')}, [SM-A43]).",
            move_number=m.moves + 1,
            inches=STUMBLE_INCHES,
            allowance=STUMBLE_INCHES,
            stumble=True,
        )
        return drafts
    if key == "primal-fear":
        return _contacts_broken(
            state, m, f'{m.name} moves {PRIMAL_FEAR_INCHES}" at once, not as an action ({card_term("primal-fear")})'
        ) + [
            EventDraft(
                "note",
                {"model": m.id, "forced_move": PRIMAL_FEAR_INCHES},
                actor=m.id,
                text=f'{possessive(m.name)} owner moves it {PRIMAL_FEAR_INCHES}" now (not an action, not an activation); '
                "a jump down if there is no other way (§7.5).",
            )
        ]
    if key == "distraction":
        return []  # its marker removal is part of ``cards.card_drafts``
    if key == "out-of-the-way":
        loser = melee_unwounded(state, m.id)
        assert loser is not None
        drafts = [
            EventDraft(
                "disengaged",
                {"a": m.id, "b": loser.id, "pushed": PUSH_INCHES},
                actor=m.id,
                text=f'{m.name} pushes {loser.name} {PUSH_INCHES}" away: no longer engaged ({card_term("out-of-the-way")}).',
            )
        ]
        if cmd.height > 0:
            from .movement_actions import _fall

            drafts += _fall(
                preview(state, drafts), loser, cmd.height, f"pushed off by {card_term('out-of-the-way')}", dice
            )
        return with_end_check(state, drafts)
    if key == "you-only-die-once":
        return _jump_instead_of_save(state, m, cmd.height, dice)
    if key == "bite-this":
        loser = melee_loser(state, m.id)
        assert loser is not None
        weapon = bitten_weapon(loser, cmd.weapon)
        if isinstance(weapon, Rejected):
            return weapon
        return [
            _no_save(loser, f"{loser.name} is not hit: {m.name} slips behind it ({card_term('bite-this')})."),
            EventDraft(
                "note",
                {"model": m.id, "borrowed": weapon},
                actor=m.id,
                text=f"{m.name} fires a full salvo from {possessive(loser.name)} {weapon} (Shoot: no action).",
            ),
        ]
    return []


def _no_save(m: ModelState, text: str) -> EventDraft:
    """The hit's Toughness roll does not happen."""
    return EventDraft("save_resolved", {"model": m.id, "passed": True, "rolled": False}, actor=m.id, text=text)


def _contacts_broken(state: BattleState, m: ModelState, why: str) -> list[EventDraft]:
    return [
        EventDraft(
            "disengaged", {"a": m.id, "b": o}, actor=m.id, text=f"{why}: no longer engaged with {state.model(o).name}."
        )
        for o in sorted(m.engaged_with)
    ]


def _jump_instead_of_save(
    state: BattleState, m: ModelState, height: float, dice: DiceSource
) -> list[EventDraft] | Rejected:
    """Raz kozie śmierć!: the hit's Toughness test becomes a jump down (§7.5); a failed
    jump makes the fall roll."""
    from .actions import with_end_check
    from .evolve import preview
    from .movement_actions import _fall
    from .procedures.common import speed_skill
    from .procedures.movement import jump_down_roll

    if height < EDGE_FOR_JUMP:
        return Rejected(
            f'{card_term("you-only-die-once")} needs an edge at least {EDGE_FOR_JUMP}" high: give its height', "§12.2"
        )
    pend = shot_hit(state, m.id)
    assert pend is not None
    drafts = [
        _no_save(m, f"{m.name} takes no Toughness test: it jumps down instead ({card_term('you-only-die-once')}).")
    ]
    record = jump_down_roll(height, dice, acrobat=speed_skill(m.spec, "acrobat", state.settings), model=m.spec)
    drafts.append(
        EventDraft(
            "move_rolled",
            {"kind": "jump", "model": m.id, "roll": record.to_dict()},
            actor=m.id,
            text=f'{m.name} jumps down {height:g}": {roll_line(record)}',
        )
    )
    if not record.success:
        drafts += _fall(
            preview(state, drafts), m, height, f"a failed jump down ({card_term('you-only-die-once')})", dice
        )
    return with_end_check(state, drafts)

"""Cards and skills at their moment, from a key press to one engine command: what a card
needs to know first (the action Zwątpienie cancels, the edge Raz kozie śmierć! jumps
from, a drop behind a model Z drogi! pushes), what a model may do instead of a Toughness
roll (Gryź to!, Kradzież, Ucieczka, Raz kozie śmierć!), and the friends a Rozkaz obrony
reaches. The engine says what is allowed (``card_triggers``); this only asks and submits."""

from __future__ import annotations

from typing import Any, Callable

from engine.formatting import possessive
from engine.rulesets.sanctum_mortalis import commands as c
from engine.rulesets.sanctum_mortalis.terms import card_term, skill_term, term
from tui.screens.picker_screen import Choice

HEIGHTS = range(1, 11)
"""The heights offered for a jump or a fall, in inches (the GM measures)."""


def play_card(screen: Any, side: str, card: str, model_id: str) -> None:
    """Ask what the card needs, then submit ``PlayCard``; the engine accepts or refuses."""
    from engine.rulesets.sanctum_mortalis.card_effects import DOUBT_ACTIONS, EDGE_FOR_JUMP

    name = screen.state.model(model_id).name if screen.state.has_model(model_id) else model_id
    if card == "doubt":
        screen.ask(
            f"{card_term('doubt')}: which action was just declared for {name}? (it is cancelled)",
            [Choice(k, label) for k, label in DOUBT_ACTIONS.items()],
            lambda action: screen.submit(c.PlayCard(side, card, model_id, action=action)),
        )
    elif card == "distraction":
        from engine.rulesets.sanctum_mortalis.card_effects import DISTRACTIONS

        m = screen.state.model(model_id)
        screen.ask(
            f"{card_term('distraction')}: what does {name} lose?",
            [Choice(k, label) for k, label in DISTRACTIONS.items() if k == "intercept" or k in m.markers],
            lambda what: screen.submit(c.PlayCard(side, card, model_id, action=what)),
        )
    elif card == "bite-this":
        _bite(screen, side, model_id, name)
    elif card == "heads-down":
        _knife(screen, model_id, name)
    elif card == "you-only-die-once":
        _jump(screen, side, model_id, name, EDGE_FOR_JUMP)
    elif card == "out-of-the-way":
        screen.ask(
            f'{card_term("out-of-the-way")}: what is right behind the model {name} pushes 2"?',
            [Choice(0.0, 'Open ground or an obstacle under 1": it is only pushed')]
            + [Choice(float(h), f'A drop of {h}": it falls') for h in HEIGHTS],
            lambda h: screen.submit(c.PlayCard(side, card, model_id, height=h)),
        )
    else:
        screen.submit(c.PlayCard(side, card, model_id))


def _bite(screen: Any, side: str, model_id: str, name: str) -> None:
    """Gryź to!: which of the beaten enemy's ranged weapons it fires (asked when several)."""
    from engine.rulesets.sanctum_mortalis.card_effects import bite_weapons
    from engine.rulesets.sanctum_mortalis.card_triggers import melee_loser
    from tui.systems.sanctum_mortalis.display import ranged_weapon_name

    loser = melee_loser(screen.state, model_id)
    weapons = bite_weapons(loser) if loser is not None else ()
    if len(weapons) < 2 or loser is None:
        screen.submit(c.PlayCard(side, "bite-this", model_id))  # the engine names its only weapon or refuses
        return
    screen.ask(
        f"{card_term('bite-this')}: which of {possessive(loser.name)} ranged weapons does {name} fire (a full salvo)?",
        [Choice(w, ranged_weapon_name(w)) for w in weapons],
        lambda weapon: screen.submit(c.PlayCard(side, "bite-this", model_id, weapon=weapon)),
    )


def _knife(screen: Any, model_id: str, name: str) -> None:
    """Głowa w dół!: the fighting friend's opponent, then the knife's shooting roll."""
    from engine.rulesets.sanctum_mortalis.card_triggers import knife_targets
    from tui.systems.sanctum_mortalis.flows import roll

    state = screen.state
    targets = [Choice(x.id, x.name) for x in knife_targets(state, state.model(model_id))]
    screen.ask(
        f"{card_term('heads-down')}: {name} throws a knife at:",
        targets,
        lambda target: roll(screen, "shot", c.Shoot(model_id, target, "thrown-knife")),
        highlight=False,
    )


def _jump(screen: Any, side: str, model_id: str, name: str, lowest: int, dice: Any = None) -> None:
    screen.ask(
        f'{card_term("you-only-die-once")}: how high is the edge {name} jumps from (within 1")?',
        [Choice(float(h), f'{h}"') for h in HEIGHTS if h >= lowest],
        lambda h: screen.submit(c.PlayCard(side, "you-only-die-once", model_id, height=h), dice),
    )


def jump_height(screen: Any, card: Any, dice: Any = None) -> None:
    """Raz kozie śmierć! ticked in the hit model's Toughness roll: the edge's height, then
    the card is played with the dice typed there (none: the app rolls)."""
    from engine.rulesets.sanctum_mortalis.card_effects import EDGE_FOR_JUMP

    name = screen.state.model(card.model).name if screen.state.has_model(card.model) else card.model
    _jump(screen, card.side, card.model, name, EDGE_FOR_JUMP, dice)


def before_save(screen: Any, then: Callable[[], None]) -> bool:
    """When a model may do something instead of the first pending Toughness roll, ask
    (the roll first, so a stray ⏎ rolls it); True if asked, else ``then`` is the caller's."""
    from engine.rulesets.sanctum_mortalis.card_triggers import instead_of_the_save

    state = screen.state
    options = instead_of_the_save(state)
    if not options:
        return False
    hit = state.model(state.pending[0].model)
    choices = [Choice("roll", f"No: {hit.name} makes its Toughness roll")]
    choices += [Choice((what, model), label) for what, model, label in options]

    def chosen(value: Any) -> None:
        if value == "roll":
            then()
            return
        what, model = value
        side = state.model(model).side
        if what in ("theft", "escape"):
            screen.submit(c.InsteadOfHitting(model, what))
        else:
            play_card(screen, side, what, model)

    screen.ask(f"{hit.name} is hit. Instead of its Toughness roll?", choices, chosen)
    return True


def defence_order(screen: Any, m: Any, chosen: frozenset[str] = frozenset()) -> None:
    """Rozkaz obrony: tick the friends within 3" (the engine greys those it cannot reach),
    then give the order: one action of ``m``, none of theirs."""
    from engine.rulesets.sanctum_mortalis.skill_actions import order_problem

    state = screen.state
    friends = [x for x in state.on_table(m.side) if x.id != m.id or state.setting("defence_order_self") == "on"]
    names = ", ".join(state.model(x).name for x in sorted(chosen)) or "no friend"
    choices = [Choice(("give",), f"Give the order: {term('Defensive stance')} on {names}")]
    for x in friends:
        why = order_problem(state, m, x.id) or ""
        tick = "☑" if x.id in chosen else "☐"
        choices.append(Choice(x.id, f'{tick} {x.name} is within 3"', why))

    def picked(value: Any) -> None:
        if value == ("give",):
            screen.submit(c.DefenceOrder(m.id, tuple(sorted(chosen))))
        else:
            defence_order(screen, m, chosen ^ {value})

    screen.ask(f'{skill_term("defence-order")} from {m.name}: which unengaged friends are within 3"?', choices, picked)


def after_melee_save(screen: Any, events: Any) -> bool:
    """A melee loser's Toughness roll just passed and the winner may play Z drogi!: ask
    (no first, so a stray ⏎ changes nothing); True if asked."""
    from engine.rulesets.sanctum_mortalis.card_triggers import push_offer
    from tui.dialogs.roll_dialog import RollDialog

    if screen.reviewing() or not any(e.kind in ("save_rolled", "rerolled") for e in events):
        return False
    top = screen.app.screen
    if not (top is screen or (isinstance(top, RollDialog) and top.closing)):
        return False
    offer = push_offer(screen.state)
    if offer is None:
        return False
    winner, loser = (screen.state.model(x) for x in offer)
    screen.ask(
        f"{loser.name} passed its Toughness roll. {winner.name} plays {card_term('out-of-the-way')}?",
        [
            Choice(None, f"No: {winner.name} and {loser.name} stay engaged"),
            Choice("push", f'Yes: push {loser.name} 2" away, no longer engaged'),
        ],
        lambda _: play_card(screen, winner.side, "out-of-the-way", winner.id),
    )
    return True

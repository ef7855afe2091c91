"""The steps from a key press to a roll: who is the target, which weapon, then the roll
dialog (modifiers, odds, app roll or typed dice). Each flow ends in one engine command
handed to the battle screen."""

from __future__ import annotations

from typing import Any

from engine.formatting import possessive
from engine.records import changed
from engine.rulesets.sanctum_mortalis import commands as c
from engine.rulesets.sanctum_mortalis.terms import skill_term, trick_term
from tui.screens.picker_screen import Choice
from tui.systems.sanctum_mortalis.display import ranged_weapon_name


def _target_choices(screen: Any, m: Any, engaged_only: bool) -> list[Choice]:
    foes = screen.enemies(m, engaged_only=engaged_only)
    out = []
    for x in foes:
        label = f"{x.name} ({screen.state.side(x.side).name if x.side in ('A', 'B') else 'independent'})"
        if x.id in m.engaged_with:
            label += " ⚔ engaged"
        out.append(Choice(x.id, label))
    return out


def shoot(screen: Any, m: Any) -> None:
    """Target, weapon, then the shooting roll; mid-salvo: the next shot or stop firing."""
    from engine.rulesets.sanctum_mortalis.combat import open_salvo

    weapons = list(dict.fromkeys((m.borrowed,) if m.borrowed else m.spec.ranged))  # Gryź to!: the enemy's gun
    if not weapons and open_salvo(m) is None:
        screen.set_status(f"{m.name} has no ranged weapon.")
        return
    targets = _target_choices(screen, m, engaged_only=False)
    if not targets:
        screen.set_status("There is no enemy model on the table to shoot at.")
        return

    def with_weapon(weapon: str) -> None:
        from engine.rulesets.sanctum_mortalis.view import salvo_first_target, salvo_target, salvo_targets_allowed
        from tui.screens.picker_screen import confirm

        last = screen.state.last_roll
        before = salvo_target(m)  # this action's target (a save may have come since)
        if before is None and last is not None and last.kind == "shot" and last.roller == m.id:
            before = last.context.get("target")
        if before is not None:  # the last target first
            ordered = [Choice(x.value, f"{x.label} — the last target") for x in targets if x.value == before]
            ordered += [x for x in targets if x.value != before]
        else:
            ordered = targets
        name = ranged_weapon_name(weapon)
        allowed = salvo_targets_allowed(screen.state, m.id, weapon)  # one target per action (§10.5)
        ordered = [
            x if allowed.get(x.value, "") != "spread" else Choice(x.value, f'{x.label} — within 3" of the first?')
            for x in ordered
            if allowed.get(x.value, "") in ("", "spread")
        ]
        if not ordered:
            screen.set_status(next(iter(allowed.values()), "There is no target to shoot at."))
            return

        def shoot_at(target: str) -> None:
            if allowed.get(target) != "spread":
                dispel_first(screen, c.Shoot(m.id, target, weapon))
                return
            first_id = salvo_first_target(screen.state, m.id, weapon)
            first = screen.state.model(first_id).name if first_id else "the first target"
            question = (
                f'Is {screen.state.model(target).name} within 3" of {first} (the {possessive(name)} spread, §10.5)?'
            )
            screen.app.push_screen(
                confirm(question, 'Yes: within 3"', "No: do not shoot it"),
                lambda yes: roll(screen, "shot", c.Shoot(m.id, target, weapon, spread=True)) if yes else None,
            )

        # No target starts highlighted: a ⏎ typed ahead (or meant for a weapon picker a
        # one-weapon model skips) must not shoot whoever is listed first.
        screen.ask(f"{m.name} shoots the {name} at:", ordered, shoot_at, highlight=False)

    salvo = open_salvo(m)
    if salvo:
        weapon, fired, shots = salvo
        name = ranged_weapon_name(weapon)
        screen.ask(
            f"{m.name} is firing the {name} ({fired}/{shots} shots):",
            [
                Choice("next", f"Next shot ({fired + 1}/{shots})"),
                Choice("stop", "Stop firing (the remaining shots are not taken)"),
            ],
            lambda what: with_weapon(weapon) if what == "next" else screen.submit(c.EndSalvo(m.id)),
        )
        return
    screen.ask(f"{m.name} shoots with:", [Choice(w, ranged_weapon_name(w)) for w in weapons], with_weapon)


def dispel_first(screen: Any, shot: Any) -> None:
    """Spięcie is a trick cast as a shot (§21): an enemy with Rozproszenie may roll against
    it first (§20.4, its dice typed before the hit's); then the shot's roll dialog."""
    from engine.odds import percent
    from engine.rulesets.sanctum_mortalis.gear_view import dispellers
    from engine.rulesets.sanctum_mortalis.tricks import dispel_odds

    able = dispellers(screen.state, shot.shooter) if shot.weapon == "short-circuit" else ()
    if not able:
        roll(screen, "shot", shot)
        return
    choices = [Choice("none", f'No {skill_term("dispel")} roll (none within 8" and in sight, or the owner declines)')]
    choices += [
        Choice(x, f"{screen.state.model(x).name} rolls {skill_term('dispel')}: 2k6 ≥ 8, {percent(dispel_odds())}")
        for x in able
    ]
    screen.ask(
        f"{trick_term('short-circuit')} is cast: does a model with {skill_term('dispel')} roll to dispel it (§20.4)?",
        choices,
        lambda x: roll(screen, "shot", shot if x == "none" else changed(shot, dispeller=x)),
    )


def fight(screen: Any, m: Any, withdraw: bool) -> None:
    """Opponent, then the melee roll (or the Withdraw roll)."""
    targets = _target_choices(screen, m, engaged_only=withdraw or bool(m.engaged_with))
    if not targets:
        screen.set_status(
            f"{m.name} is not engaged with anyone." if withdraw else "There is no enemy model on the table to fight."
        )
        return
    verb = "withdraws from" if withdraw else "attacks"

    def with_target(target: str) -> None:
        roll(screen, "melee", c.Attack(m.id, target, withdraw=withdraw))

    screen.ask(f"{m.name} {verb}:", targets, with_target, highlight=False)


def save(screen: Any) -> None:
    """The first pending Toughness roll; a failure held for a re-roll opens its offers."""
    from engine.rulesets.sanctum_mortalis.view import save_on_hold

    state = screen.state
    if not state.pending:
        screen.set_status("No Toughness roll is pending.")
        return
    if save_on_hold(state):
        reroll(screen)
        return
    from tui.systems.sanctum_mortalis.card_flows import before_save

    def the_roll() -> None:
        roll(screen, "save", c.Save(screen.state.pending[0].model))

    if not before_save(screen, the_roll):  # Gryź to!, Kradzież, Ucieczka, Raz kozie śmierć! first
        the_roll()


def reroll(screen: Any) -> None:
    """The re-roll dialog: the last roll's result and every re-roll the rules allow now
    (``view.reroll_offers``); a letter picks one and its die is typed, ⏎ accepts."""
    from engine.rulesets.sanctum_mortalis.view import reroll_offers, save_on_hold
    from tui.dialogs.roll_dialog import push_roll_dialog
    from tui.systems.sanctum_mortalis.reroll_adapter import RerollAdapter

    state = screen.state
    if state.last_roll is None:
        screen.set_status("There is no roll to re-roll.")
        return
    if not reroll_offers(state) and not save_on_hold(state):
        screen.set_status("No re-roll is allowed for the last roll now (§2.2).")
        return

    def done(result: Any) -> None:
        if result is not None and result[0] is not None:
            screen.submit(*result)
        elif result is not None and screen.state.pending and not save_on_hold(screen.state):
            save(screen)  # the result accepted: the hit's Toughness roll follows
        elif result is not None and screen.state.grenade is not None:
            screen.grenade_blast()  # the throw accepted: where it goes off, who is in the blast

    push_roll_dialog(screen.app, RerollAdapter(state), done, host=screen)


def roll(screen: Any, kind: str, command: Any) -> None:
    """Open the roll dialog for ``command`` (see ``roll_dialog``); submit what it returns.
    A flamer's shot first asks for the other models under its template (§10.7)."""
    from engine.rulesets.sanctum_mortalis.flamer import is_template

    if kind == "shot" and not command.template and is_template(command.weapon):
        screen.flamer_template(command)
        return
    open_roll(screen, kind, command)


def open_roll(screen: Any, kind: str, command: Any) -> None:
    """The roll dialog for ``command`` as it is."""
    from tui.dialogs.roll_dialog import push_roll_dialog
    from tui.systems.sanctum_mortalis.adapters import adapter_for

    adapter = adapter_for(kind, screen.state, command)

    def done(result: Any) -> None:
        if result is None:
            return
        command_, dice = result
        if isinstance(command_, c.PlayCard) and command_.card == "you-only-die-once" and not command_.height:
            from tui.systems.sanctum_mortalis.card_flows import jump_height

            jump_height(screen, command_, dice)  # Raz kozie śmierć! instead of the roll: the edge first
            return
        screen.submit(command_, dice)

    push_roll_dialog(screen.app, adapter, done, host=screen)

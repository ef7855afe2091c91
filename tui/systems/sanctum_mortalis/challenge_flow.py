"""Taking a Challenge before round 1 (§23.7): the side, the Challenge, then the own model
or enemy it names; the engine checks everything (``TakeChallenge``)."""

from __future__ import annotations

from typing import Any

from engine.rulesets.sanctum_mortalis import commands as c
from engine.rulesets.sanctum_mortalis.terms import challenge_term
from tui.screens.picker_screen import Choice


def take_challenge(screen: Any) -> None:
    """Side → Challenge → model / target, then the command."""
    from engine.rulesets.sanctum_mortalis import tables as t
    from engine.rulesets.sanctum_mortalis.challenges import NEEDS_MODEL, NEEDS_TARGET

    state = screen.state

    def models(side: str, own: bool) -> list[Choice]:
        return [
            Choice(m.id, m.name)
            for m in state.models
            if m.on_table and (m.side == side) == own and m.side in ("A", "B") and not m.spec.volunteer
        ]

    def with_side(side: str) -> None:
        def with_key(key: str) -> None:
            def with_model(model: str) -> None:
                if key in NEEDS_TARGET:
                    screen.ask(
                        f"{challenge_term(key)}: which enemy model?",
                        models(side, own=False),
                        lambda target: screen.submit(c.TakeChallenge(side, key, model, target)),
                        highlight=False,
                    )
                else:
                    screen.submit(c.TakeChallenge(side, key, model))

            if key in NEEDS_MODEL:
                screen.ask(f"{challenge_term(key)}: which of your models?", models(side, True), with_model)
            else:
                with_model("")

        from engine.rulesets.sanctum_mortalis.view import challenge_problem

        screen.ask(
            f"{state.side(side).name} takes which Challenge? (at most two, §23.7)",
            [
                Choice(k, f"{challenge_term(k)}: {ch.condition} — {ch.reward}", challenge_problem(state, side, k))
                for k, ch in t.CHALLENGES.items()
            ],
            with_key,
        )

    screen.ask("Which side takes a Challenge?", [Choice(s.key, s.name) for s in state.sides], with_side)

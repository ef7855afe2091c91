"""Issue 17 on every rule system's dashboard: a GM's characteristic modifier for the rest of
the battle, made from the keyboard, is listed with the GM's reason on the model's or unit's
card (⏎) and counted in the odds of the next roll it takes part in (the same engine view the
roll dialog shows, computed from the saved log before and after)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Callable

import pytest
from textual.widgets import Static

from engine.battle import Battle
from engine.dice import ScriptedDice
from tui.screens.game_screen import GameScreen

from .conftest import SIZE, press, wait_for, wait_for_screen
from .test_dashboard import rendered
from .test_gm_corrections_every_kind import correct_and_check, offered

REASON = "scope found"


def saved(screen: Any, *commands: tuple[Any, list[int] | None]) -> Battle:
    """The battle rebuilt from the saved log, with ``commands`` (and their typed dice) after it."""
    battle = Battle(screen.session.battle.header, [e.to_dict() for e in screen.session.battle.entries])
    for command, dice in commands:
        battle.submit(command, ScriptedDice(dice) if dice is not None else None)
    return battle


def sm_odds(screen: Any) -> tuple[str, str, Fraction]:
    from engine.rulesets.sanctum_mortalis import commands as c
    from engine.rulesets.sanctum_mortalis import view

    s = screen.state
    shooter = next(m for m in s.models if m.side == "A" and m.spec.ranged)
    target = next(m for m in s.models if m.side == "B")
    return (
        shooter.id,
        "stat:C:battle",
        view.shot_preview(s, c.Shoot(shooter.id, target.id, shooter.spec.ranged[0])).p_hit,
    )


def saga_odds(screen: Any) -> tuple[str, str, Fraction]:
    from engine.rulesets.saga import commands as c
    from engine.rulesets.saga import view

    target = "B.ceorls"
    battle = saved(
        screen, (c.StartTurn("A"), None), (c.Activate("A.thralls-with-slings", "shoot", target=target), None)
    )
    odds = view.odds(battle.state)
    assert odds is not None
    return target, "stat:armour_shooting:battle", odds.casualties.get(0, Fraction(0))


def star_quest_odds(screen: Any) -> tuple[str, str, Fraction]:
    from engine.rulesets.star_quest import view

    vex = "captain-vex"
    return vex, "stat:quality:battle", view.shot_preview(screen.state, vex, "Plasma pistol", "cultists").hit_chance


def xk6_odds(screen: Any) -> tuple[str, str, Fraction]:
    from engine.rulesets.xk6 import commands as c
    from engine.rulesets.xk6 import tables as t
    from engine.rulesets.xk6 import view

    battle = saved(
        screen,
        (c.StartTurn(faces=(6, 1)), None),
        (c.ChooseFirst("A"), None),
        (c.Activate("A.sgt-vance", t.MOVE_ATTACK, speed="still"), None),
    )
    preview = view.attack_preview(battle.state, c.Attack("A.sgt-vance", "carbine", (c.Target("B.warden-kell"),)))
    assert preview is not None and not preview.problem
    return "A.sgt-vance", "stat:att:battle", preview.pairs[0].p_success


ODDS: dict[str, Callable[[Any], tuple[str, str, Fraction]]] = {
    "sanctum-mortalis": sm_odds,
    "saga": saga_odds,
    "star-quest": star_quest_odds,
    "xk6": xk6_odds,
}


def card_text(app: Any) -> str:
    return "\n".join(rendered(w.content) for w in app.screen.query(Static))


@pytest.mark.parametrize("system", ODDS)
async def test_a_stat_modifier_for_the_battle_is_on_the_card_with_the_reason_and_in_the_next_odds(make_app, system):
    app = make_app("demo", system=system)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_screen(pilot, GameScreen)
        who, what, before = ODDS[system](screen)
        select = getattr(screen, "select_model", None) or screen.select_unit
        select(who, focus=True)
        await wait_for(pilot, lambda: screen.selected == who, "the model or unit selected")
        o = offered(screen, who)[what]
        await correct_and_check(pilot, screen, o, o.current + 1, REASON)
        _, _, after = ODDS[system](screen)
        assert after != before, f"{what} is not counted in the odds"
        await press(pilot, "enter")  # the card
        await wait_for(pilot, lambda: app.screen is not screen, "the card")
        text = card_text(app)
        assert f"GM: {REASON} (this battle)" in " ".join(text.split()), text
        await press(pilot, "escape")
        await press(pilot, "ctrl+z")
        await wait_for(pilot, lambda: ODDS[system](screen)[2] == before, "undone: the odds as before")

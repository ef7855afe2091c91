"""Shared helpers: small hand-built warbands, a battle factory, and a runner that
insists each command is accepted."""

from __future__ import annotations

from typing import Any, Iterable

import pytest
from battle_testkit import ok, refused  # noqa: F401  (the tests import them from here too)

import engine.rulesets.saga  # noqa: F401  (registers "saga" without touching engine/rulesets/__init__.py)
from engine.battle import Battle, new_header
from engine.rulesets.saga import commands as c
from engine.rulesets.saga import make_setup
from engine.rulesets.saga.roster import UnitSpec, Warband


def unit(uid: str, cls: str = "warriors", models: int = 8, armour: int = 4, dice: int = 1, **kw: Any) -> UnitSpec:
    return UnitSpec(
        id=uid,
        name=kw.pop("name", uid.title()),
        cls=cls,
        models=models,
        armour_melee=armour,
        armour_shooting=kw.pop("armour_shooting", armour),
        attack_dice=dice,
        shooting_dice=kw.pop("shooting_dice", 1),
        **kw,
    )


def band(name: str, *units: UnitSpec) -> Warband:
    return Warband(name=name, units=tuple(units))


def new_battle(
    a: Iterable[UnitSpec], b: Iterable[UnitSpec], settings: dict[str, str] | None = None, seed: int = 7
) -> Battle:
    setup = make_setup(band("Raiders", *a), band("Locals", *b), settings=settings)
    return Battle(new_header("saga", setup, seed=seed))


def fatigue(battle: Battle, uid: str) -> int:
    return battle.state.unit(uid).fatigue


def set_fatigue(battle: Battle, uid: str, value: int) -> None:
    delta = value - fatigue(battle, uid)
    if delta:
        ok(battle, c.AdjustFatigue(uid, delta, "test set-up"))


def to_step3(battle: Battle, attacker: str, defender: str, trade: bool = False) -> None:
    """Engage (no move) and pass steps 1–2 with every model taking part."""
    ok(battle, c.Engage(attacker, defender))
    ok(battle, c.ConfirmAttackDice())
    ok(battle, c.TradeDice(trade))


def to_step4(battle: Battle, attacker: str, defender: str, trade: bool = False) -> None:
    to_step3(battle, attacker, defender, trade)
    ok(battle, c.EndDeclarations())
    ok(battle, c.EndDeclarations())


@pytest.fixture
def duel() -> Battle:
    """Side A: warriors (8, Armour 4); side B: warriors (8, Armour 4); A's turn."""
    b = new_battle([unit("axes"), unit("spears")], [unit("shields"), unit("bows")])
    ok(b, c.StartTurn("A"))
    return b

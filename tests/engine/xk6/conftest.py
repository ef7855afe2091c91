"""Shared helpers: hand-built model cards, a battle factory, and runners that insist a
command is accepted (or refused without changing anything)."""

from __future__ import annotations

from typing import Any, Iterable

import pytest
from battle_testkit import ok, refused, rolls  # noqa: F401  (the tests import them from here too)

import engine.rulesets.xk6  # noqa: F401  (registers "xk6")
from engine.battle import Battle, new_header
from engine.rulesets.xk6 import commands as c
from engine.rulesets.xk6 import make_setup
from engine.rulesets.xk6.roster import Band, ModelSpec, SpeedColumn, WeaponSpec

SPEEDS = (SpeedColumn("still", 0, 0, 0), SpeedColumn("walk", 4, -1, 0), SpeedColumn("run", 8, None, 1))
RIFLE = WeaponSpec("rifle", "Rifle", dam=4, rof=0, mags=2, optimal=18, maximum=30)
SMG = WeaponSpec("smg", "SMG", dam=3, rof=4, mags=1, optimal=12, maximum=18)
PISTOL = WeaponSpec("pistol", "Pistol", dam=2, rof=1, mags=1, optimal=6, maximum=12)
KNIFE = WeaponSpec("knife", "Knife", dam=2, traits=("M",))
MORTAR = WeaponSpec("mortar", "Mortar", dam=3, rof=2, mags=1, optimal=24, maximum=36, traits=("IF",))
GRENADE = WeaponSpec("grenade", "Grenades", dam=2, rof=0, la_rounds=2, optimal=6, ae=2, traits=("LA",))
FLAMER = WeaponSpec("flamer", "Flamer", dam=2, la_rounds=3, traits=("FT", "LA", "SB"))
ARMS = (RIFLE, SMG, PISTOL, KNIFE, MORTAR, GRENADE, FLAMER)


def model(mid: str, att: int = 2, defence: int = 2, armour: int = 8, **kw: Any) -> ModelSpec:
    return ModelSpec(
        id=mid,
        name=kw.pop("name", mid.title()),
        type="trooper",
        att=att,
        defence=defence,
        armour=armour,
        speeds=kw.pop("speeds", SPEEDS),
        weapons=kw.pop("weapons", ARMS),
        **kw,
    )


def new_battle(
    a: Iterable[ModelSpec], b: Iterable[ModelSpec], settings: dict[str, str] | None = None, seed: int = 7
) -> Battle:
    setup = make_setup(Band("Reds", tuple(a)), Band("Blues", tuple(b)), settings=settings)
    return Battle(new_header("xk6", setup, seed=seed))


def started(battle: Battle, first: str = "A", faces: tuple[int, int] = (6, 1)) -> Battle:
    """Start a turn with A winning the initiative and ``first`` activating first."""
    ok(battle, c.StartTurn(faces=faces))
    ok(battle, c.ChooseFirst(first))
    return battle


@pytest.fixture
def duel() -> Battle:
    """A.shooter (Att 2, Def 2, Armour 8) against B.target (Att 2, Def 2, Armour 8); A activates first."""
    return started(new_battle([model("shooter")], [model("target")]))

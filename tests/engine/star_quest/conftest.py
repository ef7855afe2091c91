"""Shared helpers: hand-built heroes and enemies, a battle factory, runners that insist a
command is accepted or refused (and a refusal changes nothing), and shortcuts to the
hero phase and the AI phase."""

from __future__ import annotations

from typing import Any, Iterable

from battle_testkit import event, kinds, ok, refused  # noqa: F401  (the tests import them from here too)

import engine.rulesets.star_quest  # noqa: F401  (registers "star-quest")
from engine.battle import Battle, new_header
from engine.rulesets.star_quest import commands as c
from engine.rulesets.star_quest import make_setup
from engine.rulesets.star_quest.roster import MissionSpec, Roster, UnitSpec, WeaponSpec

GUN = WeaponSpec("Gun", "ranged", 1, 12)
BLADE = WeaponSpec("Blade", "melee", 1)


def weapon(name: str, kind: str = "ranged", attacks: int = 1, ap: int = 0, rules=(), rng: int | None = None):
    return WeaponSpec(
        name,
        kind,
        attacks,
        (rng if rng is not None else (12 if kind == "ranged" else 0)),
        ap,
        tuple((r, 0) if isinstance(r, str) else tuple(r) for r in rules),
    )


def rules(*names: Any) -> tuple[tuple[str, int], ...]:
    return tuple((r, 0) if isinstance(r, str) else tuple(r) for r in names)


def hero(
    uid: str,
    quality: int = 4,
    defense: int = 4,
    tough: int = 3,
    pp: int = 3,
    power_max: int = 6,
    stats: int = 4,
    weapons=(GUN, BLADE),
    unit_rules=(),
    **kw: Any,
) -> UnitSpec:
    return UnitSpec(
        id=uid,
        name=kw.pop("name", uid.title()),
        hero=True,
        models=1,
        quality=quality,
        defense=defense,
        tough=tough,
        str=kw.pop("str", stats),
        dex=kw.pop("dex", stats),
        wil=kw.pop("wil", stats),
        power_max=power_max,
        power_start=pp,
        rules=rules(*unit_rules),
        weapons=tuple(weapons),
        **kw,
    )


def enemy(
    uid: str,
    models: int = 1,
    quality: int = 4,
    defense: int = 4,
    tough: int = 1,
    weapons=(GUN, BLADE),
    unit_rules=(),
    **kw: Any,
) -> UnitSpec:
    return UnitSpec(
        id=uid,
        name=kw.pop("name", uid.title()),
        hero=False,
        models=models,
        quality=quality,
        defense=defense,
        tough=tough,
        rules=rules(*unit_rules),
        weapons=tuple(weapons),
        **kw,
    )


def new_battle(
    heroes: Iterable[UnitSpec],
    enemies: Iterable[UnitSpec],
    mission: MissionSpec | None = None,
    settings: dict[str, str] | None = None,
    seed: int = 7,
) -> Battle:
    heroes, enemies = tuple(heroes), tuple(enemies)
    if len(heroes) < 2:
        heroes = heroes + (hero("spare", name="Spare"),)
    mission = mission or MissionSpec(
        "Test", objectives=(("beacon", "Beacon"),), search_tokens=(("crate", "Ammo"),), dangerous_terrain=False
    )
    setup = make_setup(Roster("Party", heroes), Roster("Foes", enemies), mission, settings)
    return Battle(new_header("star-quest", setup, seed=seed))


def activate(battle: Battle, hero_id: str) -> None:
    """Start a round if needed and activate ``hero_id``."""
    if battle.state.turn.phase in ("setup", "end"):
        ok(battle, c.StartRound())
    ok(battle, c.ActivateHero(hero_id))


def to_ai_phase(battle: Battle) -> None:
    """Start a round and let every hero activate and do nothing."""
    if battle.state.turn.phase in ("setup", "end"):
        ok(battle, c.StartRound())
    for h in battle.state.heroes():
        if battle.state.turn.phase == "heroes" and not h.activated and not h.unconscious:
            ok(battle, c.ActivateHero(h.id))
            ok(battle, c.EndActivation())
    assert battle.state.turn.phase == "ai"


def ai_hold_and_shoot(battle: Battle, unit: str) -> None:
    """AI unit: in sight, in range without moving: Hold and shoot [SQ-A25](b)."""
    ok(battle, c.ActivateAI(unit))
    for _ in range(3):
        if battle.state.ai.proposal is None:
            ok(battle, c.AnswerAI(True))
    if battle.state.ai.proposal is None:
        ok(battle, c.AnswerAI(True))
    assert battle.state.ai.proposal == "hold-shoot"
    ok(battle, c.ChooseAIAction())

"""The Star Quest report's "Taken out" (§10): a hero knocked unconscious by the Counter
strike of the unit it charged is listed, with who did it, as the Sanctum Mortalis report
lists a model taken out of action; an enemy unit destroyed is listed with who did it; the
summary the engine gives generic code says so (``out``, ``out_as``)."""

from __future__ import annotations

from battle_testkit import ok

from engine.battle import Battle, new_header
from engine.rulesets.star_quest import commands as c
from engine.rulesets.star_quest import make_setup
from engine.rulesets.star_quest.roster import MissionSpec, Roster, UnitSpec, WeaponSpec
from engine.rulesets.star_quest.summary import summary

from .report_checks import report_of, seq_of

FIST = WeaponSpec("Fist", "melee", 1)
PIKES = WeaponSpec("Pikes", "melee", 3, rules=(("Counter", 0),))
RIFLE = WeaponSpec("Rifle", "ranged", 1, 12)


def unit(uid: str, name: str, hero: bool, weapons: tuple[WeaponSpec, ...], tough: int = 2) -> UnitSpec:
    stats = {"str": 4, "dex": 4, "wil": 4, "power_max": 6, "power_start": 3} if hero else {}
    return UnitSpec(
        id=uid, name=name, hero=hero, models=1, quality=4, defense=4, tough=tough if hero else 1,
        weapons=weapons, **stats,
    )  # fmt: skip


def knocked_out() -> Battle:
    """Kara shoots the Drone down (hit 5, Defense 1); Vex (Tough 2) charges the Pikemen,
    whose Counter strike hits thrice (5 5 5) and his Defense dice (1 1 1) fail: unconscious."""
    heroes = Roster("Party", (unit("vex", "Vex", True, (FIST,)), unit("kara", "Kara", True, (RIFLE,))))
    foes = Roster("Foes", (unit("pikes", "Pikemen", False, (PIKES,)), unit("drone", "Drone", False, (RIFLE,))))
    mission = MissionSpec("Beacon", objectives=(("beacon", "Beacon"),), search_tokens=(("crate", "Ammo"),))
    battle = Battle(new_header("star-quest", make_setup(heroes, foes, mission, None), seed=7, title="Pikes"))
    ok(battle, c.StartRound())
    ok(battle, c.ActivateHero("kara"))
    ok(battle, c.TakeAction("kara", "hold"))
    ok(battle, c.Shoot("kara", "Rifle", "drone"))
    ok(battle, c.RollHits(faces=(5,)))
    ok(battle, c.RollBlocks(faces=(1,)))
    ok(battle, c.EndActivation())
    ok(battle, c.ActivateHero("vex"))
    ok(battle, c.TakeAction("vex", "charge", target="pikes"))
    ok(battle, c.RollHits(faces=(5, 5, 5)))
    ok(battle, c.RollBlocks(faces=(1, 1, 1)))
    assert battle.state.unit("vex").unconscious
    return battle


def test_the_summary_counts_an_unconscious_hero_out_of_play_and_says_how():
    vex = next(m for m in summary(knocked_out().state).members if m.id == "vex")
    assert (vex.out, vex.out_as) == (True, "unconscious")


def test_the_report_lists_the_unconscious_hero_and_the_destroyed_drone_with_who_did_it():
    battle = knocked_out()
    text = report_of(battle, "text")
    head = text.split("\nRound 1\n")[0]
    vex_out = seq_of(battle, "Vex takes 3 wounds")  # 2/2 wounds — unconscious
    drone_out = seq_of(battle, "the unit is destroyed")
    assert (
        f"Taken out\n  Party: Vex (unconscious), by Pikemen (#{vex_out})\n  Foes: Drone, by Kara (#{drone_out})\n"
        in head
    )
    assert (
        "Casualties (models lost)\n  Party: 1 model: Vex (unconscious)\n  Foes: 1 model: Drone 1 of 1 (destroyed)\n"
        in head
    )

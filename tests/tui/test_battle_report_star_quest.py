"""The battle report of a short Star Quest round (#21): a hero's hit roll taken back with
undo, the hits rolled again and the enemy's Defense rolls against them (the unit is
destroyed), a failed Dex test counted as passed for 2 power points; exported to text,
Markdown and HTML."""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from battle_testkit import ok

from engine.battle import Battle, new_header
from engine.rulesets.star_quest import commands as c
from engine.rulesets.star_quest import make_setup
from engine.rulesets.star_quest.roster import MissionSpec, Roster, UnitSpec, WeaponSpec

from .report_checks import (
    assert_each_turning_point_is_listed_once,
    assert_markdown_is_valid,
    entry,
    numbered,
    parsed_page,
    report,
    report_of,
    seq_of,
    turning_lines,
    undone_line,
)

CULT = "Cult | *zealots*"
RIFLE = WeaponSpec("Rifle", "ranged", 2, 12)
BLADE = WeaponSpec("Blade", "melee", 1)


def unit(uid: str, name: str, hero: bool, models: int = 1) -> UnitSpec:
    stats = {"str": 4, "dex": 4, "wil": 4, "power_max": 6, "power_start": 3} if hero else {}
    return UnitSpec(
        id=uid, name=name, hero=hero, models=models, quality=4, defense=4, tough=3 if hero else 1,
        weapons=(RIFLE, BLADE), **stats,
    )  # fmt: skip


def scripted_battle() -> Battle:
    """Party (Kara, Brin: 3 PP) against Foes (Cult: 2 models, Defense 4+; Drone). Kara holds
    and fires her Rifle at the Cult: 1 2 is taken back; 5 6 hit twice, the Cult's Defense
    dice 2 1 block nothing: destroyed. Brin scurries: Dex 3 fails, 2 PP count it as passed."""
    heroes = Roster("Party", (unit("kara", "Kara", True), unit("brin", "Brin", True)))
    foes = Roster("Foes", (unit("cult", CULT, False, models=2), unit("drone", "Drone", False)))
    mission = MissionSpec("Beacon", objectives=(("beacon", "Beacon"),), search_tokens=(("crate", "Ammo"),))
    battle = Battle(new_header("star-quest", make_setup(heroes, foes, mission, None), seed=7, title="Dark & <Deep>"))
    ok(battle, c.StartRound())
    ok(battle, c.ActivateHero("kara"))
    ok(battle, c.TakeAction("kara", "hold"))
    ok(battle, c.Shoot("kara", "Rifle", "cult"))
    ok(battle, c.RollHits(faces=(1, 2)))
    battle.undo()
    ok(battle, c.RollHits(faces=(5, 6)))
    ok(battle, c.RollBlocks(faces=(2, 1)))
    ok(battle, c.EndActivation())
    ok(battle, c.ActivateHero("brin"))
    ok(battle, c.UseSkill("brin", "scurry", faces=(3,)))
    ok(battle, c.AnswerOffer(True), [4])  # a d6 of 4 is a D3 of 2
    ok(battle, c.EndActivation())
    return battle


@pytest.fixture(scope="module")
def battle() -> Battle:
    return scripted_battle()


@pytest.fixture(scope="module")
def text(battle) -> str:
    return report_of(battle, "text")


def test_the_headline_says_who_destroyed_whom_and_each_sides_models_lost(battle, text):
    head = text.split("\nRound 1\n")[0]
    out = seq_of(battle, "the unit is destroyed")
    assert "Result\n  The battle has not ended (in round 1).\n" in head and "Victory points" not in head
    assert f"Taken out\n  Party: none\n  Foes: {CULT}, by Kara (#{out})\n" in head
    assert f"Casualties (models lost)\n  Party: none\n  Foes: 2 models: {CULT} 2 of 2 (destroyed)\n" in head
    party, foes = report(battle).headline.sides
    # Kara's two hit dice on 4+ and Brin's Dex test; the Cult's two Defense dice
    assert (party.luck.rolls, party.luck.successes, party.luck.expected) == (3, 2, 3 * F(1, 2))
    assert (foes.luck.rolls, foes.luck.successes, foes.luck.expected) == (2, 0, 2 * F(1, 2))
    assert "Foes: 0 of 2 dice came off, 1.00 expected (-1.00); as few or fewer: 25.0%" in head
    assert "Party: 2 of 3 came off (2 dice, 1 roll), 1.50 expected (+0.50); as many or more: 50.0%" in head


def test_each_turning_point_is_one_roll_judged_on_its_count_of_successes(battle, text):
    # Kara's 2 hits of 2 on 4+ and the Cult's 0 blocks of 2: each once, 1/4 to do as well (as badly)
    hits, blocks = seq_of(battle, "Hit rolls 5 6"), seq_of(battle, "Defense 2 1 against 4+")
    assert turning_lines(text) == [
        f"against the odds: #{hits} Kara: Rifle hit rolls against {CULT} (Party):"
        " 2 of 2 dice came off at 50.0% each, 1.00 expected; as many or more: 25.0%",
        f"let down: #{blocks} {CULT}: Defense roll against each hit (Foes):"
        " 0 of 2 dice came off at 50.0% each, 1.00 expected; as few or fewer: 25.0%",
    ]
    head = report(battle).headline
    assert [(t.seq, t.dice, t.successes, t.rarity) for t in (*head.upsets, *head.flops)] == [
        (hits, 2, 2, F(1, 4)),
        (blocks, 2, 0, F(1, 4)),
    ]
    assert_each_turning_point_is_listed_once(battle, text)


def test_entries_keep_the_dashboards_numbers_and_the_undone_hit_roll_is_left_out(battle, text):
    assert numbered(text) == [e.seq for e in battle.active_events]
    assert undone_line(text).startswith(
        "  #4–#6 2 entries taken back with undo and left out: #4 “Hit rolls 1 2 against 4+: 0 hits” and #5"
    )
    assert "dice: 1 2 " not in text


def test_the_attack_shows_the_hits_against_quality_then_the_defense_rolls_against_them(battle, text):
    hits = entry(text, seq_of(battle, "Hit rolls 5 6"))
    assert f"Kara: Rifle hit rolls against {CULT}" in hits
    assert "Kara's Quality 4 Strzelanie (Shooting) step 2" in " ".join(hits.split())  # the stat's number once
    assert "dice: 5 6 → 2 of 2 dice 4+" in hits and "outcome: 2 of 2 hit" in hits
    blocks = entry(text, seq_of(battle, "Defense 2 1 against 4+"))
    assert f"{CULT}: Defense roll against each hit" in blocks
    assert "dice: 2 1 → 0 of 2 dice 4+" in blocks and "outcome: 0 of 2 blocked" in blocks
    assert f"{CULT} takes 2 wounds (shot by Kara's Rifle" in text


def test_power_points_paid_for_a_failed_test_appear_in_that_tests_breakdown(battle, text):
    test = entry(text, seq_of(battle, "Brin: Scurry (Dex test): 3 against 4+: fail"))
    accepted = seq_of(battle, "Brin accepts")
    assert "dice: 3 → 3" in test and "outcome: fail" in test
    assert f"at #{accepted}: Brin accepts: Brin may pay 2 PP to count the failed Dex test as passed (has 3 PP)." in test
    assert "Brin spends 2 PP for a passed test" in text


def test_the_markdown_report_is_valid_and_escapes_the_units_name(battle):
    md = report_of(battle, "md")
    assert_markdown_is_valid(md)
    assert md.startswith("# Dark \\& \\<Deep>\n")
    assert "- Foes: Cult \\| \\*zealots\\*, by Kara (#9)" in md


def test_the_html_report_is_one_self_contained_page_with_each_sides_luck_chart(battle):
    seen = "".join(parsed_page(report_of(battle, "html"), charts=2).text)
    assert f"Casualties: 2 models: {CULT} 2 of 2 (destroyed)" in seen
    assert "at #17: Brin accepts" in seen

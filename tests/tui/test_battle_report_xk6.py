"""The battle report of a short xK6 battle (#21): the initiative dice, an attack taken
back with undo, an opposed attack that failed and was re-rolled with a command point
into a kill, an answer that failed; exported to text, Markdown and HTML."""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from battle_testkit import ok

from engine.battle import Battle, new_header
from engine.rulesets.xk6 import commands as c
from engine.rulesets.xk6 import make_setup
from engine.rulesets.xk6.roster import Band, ModelSpec, SpeedColumn, WeaponSpec

from .report_checks import (
    assert_each_turning_point_is_listed_once,
    assert_markdown_is_valid,
    entry,
    numbered,
    parsed_page,
    report,
    report_of,
    seq_of,
    undone_line,
)

REDS = "Reds | *1st*"
SPEEDS = (SpeedColumn("still", 0, 0, 0), SpeedColumn("walk", 4, -1, 0))
RIFLE = WeaponSpec("rifle", "Rifle", dam=4, rof=0, mags=2, optimal=18, maximum=30)


def model(mid: str, name: str, att: int = 2, defence: int = 2, **kw) -> ModelSpec:
    return ModelSpec(mid, name, "trooper", att, defence, kw.pop("armour", 8), SPEEDS, (RIFLE,), **kw)


def scripted_battle() -> Battle:
    """Reds (Boss: Att 3, 2 command points) against Blues (Chief: Armour 3, out at 3
    wounds; Grunt). Initiative 6 v 1. Boss fires at Chief: 1 1 2 v 6 6 is taken back;
    1 2 3 v 5 2 fails (4 v 5), the point re-rolls it to 6 6 1 (8 v 5: SL 3, 4 wounds:
    Chief is out). Grunt answers: 2 3 v Boss' 6 6 fails (4 v 7)."""
    reds = Band(REDS, (model("boss", "Boss", att=3, command_points=2),))
    blues = Band("Blues", (model("chief", "Chief", armour=3, wounds=3), model("grunt", "Grunt")))
    battle = Battle(new_header("xk6", make_setup(reds, blues), seed=7, title="Night & <Fog>"))
    ok(battle, c.StartTurn(faces=(6, 1)))
    ok(battle, c.ChooseFirst("A"))
    ok(battle, c.Activate("A.boss", "move-attack", speed="still"))
    ok(battle, c.Attack("A.boss", "rifle", (c.Target("B.chief", faces=(6, 6)),), faces=(1, 1, 2)))
    battle.undo()
    ok(battle, c.Attack("A.boss", "rifle", (c.Target("B.chief", faces=(5, 2)),), faces=(1, 2, 3)))
    ok(battle, c.SpendCommandPoint("A.boss", "reroll", "A.boss", faces=(6, 6, 1)))
    ok(battle, c.ResolveAttack())
    ok(battle, c.EndActivation())
    ok(battle, c.Activate("B.grunt", "move-attack", speed="still"))
    ok(battle, c.Attack("B.grunt", "rifle", (c.Target("A.boss", faces=(6, 6)),), faces=(2, 3)))
    ok(battle, c.ResolveAttack())
    ok(battle, c.EndActivation())
    return battle


@pytest.fixture(scope="module")
def battle() -> Battle:
    return scripted_battle()


@pytest.fixture(scope="module")
def text(battle) -> str:
    return report_of(battle, "text")


def test_the_headline_says_who_took_whom_out_and_each_sides_luck(battle, text):
    head = text.split("\nRound 1\n")[0]
    out = seq_of(battle, "Chief has taken 4 wounds (out at 3): out of play")  # QA: read "4 of 3 wounds"
    assert "Result\n  The battle has not ended (in round 1).\n" in head and "Victory points" not in head
    assert f"Taken out\n  {REDS}: none\n  Blues: Chief, by Boss (#{out})\n" in head
    assert "Casualties (models lost)" not in head  # each member is one model: "Taken out" says it
    shot = seq_of(battle, "Boss fires with Rifle at Chief")
    assert f"let down: #{shot} Boss (Rifle, direct fire) against Chief ({REDS}): failed at 71.0%" in head
    # Reds: the initiative (5/12, won), the shot (2759/3888, failed), its re-roll against the kept 5 (19/27)
    assert f"{REDS}: 2 of 3 rolls came off, 1.83 expected (+0.17)" in head
    # Blues: the initiative (lost) and Grunt's shot (781/1296, failed)
    assert "Blues: 0 of 2 rolls came off, 1.02 expected (-1.02)" in head
    reds, blues = report(battle).headline.sides
    assert reds.luck.expected == F(5, 12) + F(2759, 3888) + F(19, 27)
    assert blues.luck.expected == F(5, 12) + F(781, 1296)


def test_each_turning_point_is_listed_once(battle, text):
    # xK6 rolls are whole rolls (an opposed attack's chance is the roll's): one line each
    assert_each_turning_point_is_listed_once(battle, text)


def test_entries_keep_the_dashboards_numbers_and_the_undone_attack_is_left_out(battle, text):
    assert numbered(text) == [e.seq for e in battle.active_events]
    assert undone_line(text) == (
        "  #4–#5 taken back with undo and left out: #4 “Boss fires with Rifle at Chief”; 1 undo entry."
    )
    assert "1 1 2 →" not in text  # the undone roll's dice are not reported


def test_the_initiative_shows_each_sides_die_against_the_others(battle, text):
    initiative = entry(text, seq_of(battle, "Initiative:"))
    assert f"compared: {REDS} 6 → 6 v Blues 1 → 1" in initiative and "outcome: total 6" in initiative
    assert f"compared: Blues 1 → 1 v {REDS} 6 → 6" in initiative and "outcome: total 1" in initiative


def test_an_opposed_attack_shows_both_pools_and_the_command_point_re_roll_in_its_breakdown(battle, text):
    first = entry(text, seq_of(battle, "Boss fires with Rifle at Chief"))
    assert "Boss: Att (dice)" in first and "Chief: Def 2 dice" in first  # each side's pool and modifiers
    assert "compared: Boss 1 2 3 → 4 v Chief 5 2 → 5: SL -1" in first
    assert "dice:" not in first  # the pools are in the compared line, not summed
    reroll = seq_of(battle, "Boss re-rolls 1 2 3 → 6 6 1")
    assert (
        f"re-rolled at #{reroll} by Boss' command point: die 1 1→6, die 2 2→6, die 3 3→1: "
        "success level (SL) 3: 12 damage, 4 wounds, stunned"
    ) in first
    again = entry(text, reroll)
    assert "compared: Boss 1→6 2→6 3→1 → 8 v Chief 5 2 → 5: SL 3" in again
    assert "re-roll by Boss' command point: die 1 1→6" in again
    assert "chance before the roll (of success): 19/27 = 70.4%" in again  # against the kept Def result
    answer = entry(text, seq_of(battle, "Grunt fires with Rifle at Boss"))
    assert "compared: Grunt 2 3 → 4 v Boss 6 6 → 7: SL -3" in answer


def test_the_markdown_report_is_valid_and_escapes_the_bands_name(battle):
    md = report_of(battle, "md")
    assert_markdown_is_valid(md)
    assert md.startswith("# Night \\& \\<Fog>\n")
    assert "| Reds \\| \\*1st\\* | 3 rolls | 1.83 | 2 | +0.17 |" in md
    assert "- Blues: Chief, by Boss (#10)" in md


def test_the_html_report_is_one_self_contained_page_with_each_sides_luck_chart(battle):
    seen = "".join(parsed_page(report_of(battle, "html"), charts=2).text)
    assert "Lost: Chief, by Boss (#10)" in seen and "Reds | *1st*" in seen

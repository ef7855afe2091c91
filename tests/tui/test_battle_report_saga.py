"""The battle report of a short SAGA battle (#21): a shot whose hits cost the target a model,
a shot roll taken back with undo, a melee with both sides' attack and defence rolls and a
re-roll a declared ability allowed, the Defender wiped out; exported to text, Markdown
and HTML."""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from battle_testkit import ok

from engine.battle import Battle, new_header
from engine.rulesets.saga import commands as c
from engine.rulesets.saga import make_setup
from engine.rulesets.saga.roster import UnitSpec, Warband

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

RAIDERS = "Raiders | *sea*"


def unit(uid: str, name: str, models: int) -> UnitSpec:
    return UnitSpec(
        id=uid, name=name, cls="warriors", models=models, armour_melee=4, armour_shooting=4,
        attack_dice=1, shooting_dice=1,
    )  # fmt: skip


def scripted_battle() -> Battle:
    """Raiders (Axes 4, Bows 2) against Locals (Shields 2). Bows shoot: 6 1 is taken back,
    6 5 hits twice, one defence die saves (Shields: 1 left). Axes engage with Fury (one
    attack re-roll): 6 2 5 1, the 2 re-rolled to 5 (3 hits) against Shields' 5 (1 hit);
    defence 2 (Axes lose 1) and 5 1 2 (Shields lose their last): no one retreats."""
    a = Warband(name=RAIDERS, units=(unit("axes", "Axes", 4), unit("bows", "Bows", 2)))
    b = Warband(name="Locals", units=(unit("shields", "Shields", 2),))
    battle = Battle(new_header("saga", make_setup(a, b), seed=3, title="Ford & <Field>"))
    ok(battle, c.StartTurn("A"))
    ok(battle, c.Activate("A.bows", "shoot", target="B.shields"))
    ok(battle, c.RollShot(faces=(6, 1)))
    battle.undo()
    ok(battle, c.RollShot(faces=(6, 5)))
    ok(battle, c.RollShotDefence(faces=(2, 6)))
    ok(battle, c.Engage("A.axes", "B.shields"))
    ok(battle, c.ConfirmAttackDice())
    ok(battle, c.TradeDice(False))
    ok(battle, c.DeclareAbility("Fury", reroll_attack=1))
    ok(battle, c.EndDeclarations())
    ok(battle, c.EndDeclarations())
    ok(battle, c.RollAttacks(attacker=(6, 2, 5, 1), defender=(5,)))
    ok(battle, c.Reroll("A", "attack", (1,), faces=(5,)))
    ok(battle, c.RollDefence(attacker=(2,), defender=(5, 1, 2)))
    ok(battle, c.RemoveCasualties())
    ok(battle, c.ResolveRetreat())
    return battle


@pytest.fixture(scope="module")
def battle() -> Battle:
    return scripted_battle()


@pytest.fixture(scope="module")
def text(battle) -> str:
    return report_of(battle, "text")


def test_the_headline_says_who_was_destroyed_by_whom_and_each_sides_models_lost(battle, text):
    head = text.split("\nRound 1\n")[0]
    out = seq_of(battle, "Shields loses 1 model, 0 left — destroyed")
    assert "Result\n  The battle has not ended (in round 1).\n" in head  # SAGA keeps no victory points
    assert "Victory points" not in head
    assert f"Taken out\n  {RAIDERS}: none\n  Locals: Shields, by Axes (#{out})\n" in head
    assert f"Casualties (models lost)\n  {RAIDERS}: 1 model: Axes 1 of 4\n" in head
    assert "  Locals: 2 models: Shields 2 of 2 (destroyed)\n" in head
    raiders, locals_ = report(battle).headline.sides
    # each die of a pool is counted: 2 shooting, 4 attack and 1 re-rolled die on 4+, 1 defence die on 5+
    assert (raiders.luck.rolls, raiders.luck.successes, raiders.luck.expected) == (8, 5, 7 * F(1, 2) + F(1, 3))
    # 2 + 3 defence dice on 5+, 1 attack die on 4+
    assert (locals_.luck.rolls, locals_.luck.successes, locals_.luck.expected) == (6, 3, 5 * F(1, 3) + F(1, 2))
    assert f"{RAIDERS}: 5 of 8 dice came off, 3.83 expected (+1.17); as many or more: 31.8%" in head
    assert "Locals: 3 of 6 dice came off, 2.17 expected (+0.83)" in head


def test_a_turning_point_is_a_roll_judged_on_its_count_of_successes_and_listed_once(battle, text):
    # the Bows' 2 hits of 2 on 4+ (as many or more: 1/4); the Shields' defence dice (1 of 2,
    # 1 of 3 on 5+) came off as often as the odds say or more likely, not against them
    shot = seq_of(battle, "Shooting attack: 6 5")
    assert turning_lines(text) == [
        f"against the odds: #{shot} Bows shoots: attack dice against Armour 4 ({RAIDERS}):"
        " 2 of 2 dice came off at 50.0% each, 1.00 expected; as many or more: 25.0%"
    ]
    (upset,) = report(battle).headline.upsets
    assert (upset.dice, upset.successes, upset.rarity, upset.expected) == (2, 2, F(1, 4), F(1))
    assert_each_turning_point_is_listed_once(battle, text)


def test_a_pool_with_several_dice_against_the_odds_is_one_turning_point():
    """The Shields save both hits on 5+ (5 6): once, at 1/3 · 1/3 to do as well."""
    a = Warband(name=RAIDERS, units=(unit("bows", "Bows", 2),))
    b = Warband(name="Locals", units=(unit("shields", "Shields", 2),))
    battle = Battle(new_header("saga", make_setup(a, b), seed=3, title="Ford"))
    ok(battle, c.StartTurn("A"))
    ok(battle, c.Activate("A.bows", "shoot", target="B.shields"))
    ok(battle, c.RollShot(faces=(6, 5)))
    ok(battle, c.RollShotDefence(faces=(5, 6)))
    text = report_of(battle, "text")
    saves = seq_of(battle, "Shooting defence")
    lines = [line for line in turning_lines(text) if f"#{saves} " in line]
    assert lines == [
        f"against the odds: #{saves} Shields: defence dice, cancel on 5+ (Locals):"
        " 2 of 2 dice came off at 33.3% each, 0.67 expected; as many or more: 11.1%"
    ]
    assert next(t for t in report(battle).headline.upsets if t.seq == saves).rarity == F(1, 9)
    assert_each_turning_point_is_listed_once(battle, text)


def test_entries_keep_the_dashboards_numbers_and_the_undone_shot_is_left_out(battle, text):
    assert numbered(text) == [e.seq for e in battle.active_events]
    undone = [e.seq for e in battle.entries if e.seq not in {a.seq for a in battle.active_events}]
    assert undone == [3, 4]
    assert undone_line(text).startswith("  #3–#4 taken back with undo and left out: #3 “Shooting attack: 6 1 against")
    assert "dice: 6 1 " not in text  # the undone roll's breakdown is not reported


def test_a_shot_whose_hits_cost_a_model_shows_its_dice_against_the_armour(battle, text):
    shot = entry(text, seq_of(battle, "Shooting attack: 6 5"))
    assert "dice: 6 5 → 2 of 2 dice 4+" in shot and "outcome: 2 hits" in shot
    saves = entry(text, seq_of(battle, "Shooting defence: Shields rolls 2 6"))
    assert "Shields: defence dice, cancel on 5+" in saves and "outcome: 1 cancelled, 1 uncancelled" in saves
    defence, lost = seq_of(battle, "Shooting defence"), seq_of(battle, "Shields loses 1 model, 1 left")
    assert defence < lost < seq_of(battle, "The shooting is resolved")


ROLLS_BEFORE_LOSSES = [
    # (a roll's breakdown, the loss it leads to): the shot's defence dice, then each melee side's
    ("Shields: defence dice, cancel on 5+", "Shields loses 1 model, 1 left"),
    ("Axes: defence dice, cancel on 5+", "Step 6: Axes loses 1 model"),
    ("dice: 5 1 2 → 1 of 3 dice 5+", "Step 6: Shields loses 1 model, 0 left"),
]


def _entries(battle: Battle, fmt: str) -> str:
    """The report's entries (its headline names rolls too), as a reader sees them."""
    page = report_of(battle, fmt)
    seen = "".join(parsed_page(page, charts=2).text) if fmt == "html" else page
    return seen.split({"text": "\nRound 1\n", "md": "\n### Round 1\n", "html": "Round 1"}[fmt], 1)[1]


@pytest.mark.parametrize("fmt", ["text", "md", "html"])
def test_each_rolls_dice_come_before_the_models_they_cost(battle, fmt):
    seen = _entries(battle, fmt)
    for dice, loss in ROLLS_BEFORE_LOSSES:
        assert seen.index(dice) < seen.index(loss), (fmt, dice, loss)


def test_the_melee_shows_both_sides_hits_and_saves_and_the_re_roll_the_ability_allowed(battle, text):
    axes = entry(text, seq_of(battle, "Step 4: Axes rolls"))
    shields = entry(text, seq_of(battle, "Step 4: Shields rolls"))
    assert "Axes: attack dice against Armour 4" in axes and "dice: 6 2 5 1 → 2 of 4 dice 4+" in axes
    assert "Shields: attack dice against Armour 4" in shields and "dice: 5 → 1 of 1 dice 4+" in shields
    assert f"#{seq_of(battle, 'Step 4: Axes (attacking) score 2 hits, Shields (defending) 1')} " in text
    reroll = seq_of(battle, "The attacker re-rolls attack dice 2 → 5")
    assert f"re-rolled at #{reroll} by Fury: die 2 2→5: 3 hits" in axes  # in the roll it changed
    again = entry(text, reroll)
    assert "dice: 6 2→5 5 1 → 3 of 4 dice 4+" in again and "re-roll by Fury: die 2 2→5" in again
    attacker_saves = entry(text, seq_of(battle, "Step 5: the Attacker rolls"))
    defender_saves = entry(text, seq_of(battle, "Step 5: the Defender rolls"))
    assert "Axes: defence dice, cancel on 5+" in attacker_saves  # named by the unit that rolls
    assert "outcome: 0 cancelled, 1 uncancelled" in attacker_saves
    assert "Shields: defence dice, cancel on 5+" in defender_saves
    assert "outcome: 1 cancelled, 2 uncancelled" in defender_saves
    assert "Step 6: Shields (defending) lost 1, Axes (attacking) 1." in text  # by name, not role
    assert "Step 8: no one retreats — a side was wiped out (" in text and text.count("no one retreats") == 1


def test_the_markdown_report_is_valid_and_escapes_the_warbands_name(battle):
    md = report_of(battle, "md")
    assert_markdown_is_valid(md)
    assert md.startswith("# Ford \\& \\<Field>\n")
    assert "### Raiders \\| \\*sea\\*\n" in md
    assert "- Raiders \\| \\*sea\\*: 1 model: Axes 1 of 4" in md
    assert "re-roll by Fury: die 2 2→5" in md.split("```text\n", 1)[1]  # inside a fence, raw


def test_the_html_report_is_one_self_contained_page_with_each_sides_luck_chart(battle):
    page = report_of(battle, "html")
    seen = "".join(parsed_page(page, charts=2).text)
    assert "Casualties: 1 model: Axes 1 of 4" in seen and "Shields, by Axes" in seen
    assert "Raiders | *sea*" in seen and "Ford & <Field>" in seen  # escaped in the page, read as written

"""The rolls the GM may now type at the table: the roll-off for who starts (§5.1, §23)
and jumps and falls (§7.5), with their exact odds (``view``) and the check of typed dice."""

from fractions import Fraction

from engine.dice import TypedDice
from engine.rulesets.sanctum_mortalis import commands as c
from engine.rulesets.sanctum_mortalis import view
from engine.rulesets.sanctum_mortalis.procedures.rolloff import typed_rolloff_problem

NAMES = ("Wolves'", "Saints'")


def test_a_roll_off_is_four_dice_and_a_tie_is_rolled_again():
    assert typed_rolloff_problem((3, 4, 5, 1), NAMES) == ""
    assert typed_rolloff_problem((3, 4, 3, 4, 1, 1, 6, 6), NAMES) == ""
    assert (
        typed_rolloff_problem((3, 4, 5), NAMES)
        == "3 dice typed (3 4 5); a roll-off needs 4 (Wolves' two, then Saints' two)"
    )
    assert (
        typed_rolloff_problem((3, 4, 3, 4), NAMES)
        == "7 v 7 is a tie and is rolled again: type the next 4 dice after these"
    )
    assert (
        typed_rolloff_problem((3, 4, 5, 1, 2, 2, 6, 6), NAMES)
        == "7 v 6 is not a tie, so the roll-off ends there: type just those 4 dice"
    )
    assert typed_rolloff_problem((3, 4, 7, 1), NAMES) == "7 is not a face of a d6 (1–6)"


def test_no_roll_off_when_one_side_has_more_models(battle):
    assert view.round_start_preview(battle.state) is None  # 3 v 2 (§5.1)


def test_equal_models_roll_off_at_even_odds_with_the_tie_chance(battle):
    battle.submit(c.StartRound())
    battle.submit(c.RemoveModel("A.cy", cause="test"))
    battle.submit(c.EndRound(force=True))
    roll = view.round_start_preview(battle.state)
    assert roll.title == "Who starts round 2" and roll.verb == "starts"
    assert (roll.p_first, roll.p_second) == (Fraction(1, 2), Fraction(1, 2))
    assert roll.p_tie == Fraction(146, 1296)  # Σ (ways to roll t)² / 6⁴
    assert "2 v 2 models" in roll.why
    # the dice typed at the table decide it, the tie rolled again
    battle.submit(c.StartRound(), TypedDice([3, 4, 5, 2, 2, 2, 6, 6]))
    assert battle.state.order.first == "B"


def test_the_scenario_start_roll_says_the_lower_total_decides(make_battle):
    battle = make_battle(scenario="slaughter")
    battle.submit(c.RemoveModel("A.cy", cause="test"))
    roll = view.round_start_preview(battle.state)
    assert roll.verb == "decides" and "lower total" in roll.why
    assert roll.p_first + roll.p_second == 1


def test_no_roll_off_preview_while_a_round_is_played(battle):
    battle.submit(c.StartRound())
    assert view.round_start_preview(battle.state) is None


def test_a_jump_down_and_a_fall_have_their_exact_odds(battle):
    battle.submit(c.StartRound())
    jump = view.drop_preview(battle.state, c.JumpDown("A.kara", 3.5))
    assert (jump.target, jump.comparison) == (5, ">")  # 3 full inches + 2 (§7.5)
    assert jump.p_success == Fraction(26, 36)
    assert jump.p_survives == Fraction(26, 36) + Fraction(10, 36) * Fraction(30, 36)  # then the fall: 2k6 ≥ 5
    fall = view.drop_preview(battle.state, c.Fall("A.kara", 3))
    assert (fall.target, fall.comparison, fall.p_success) == (5, ">=", Fraction(30, 36))


def test_a_failed_jump_asks_for_the_fall_dice_too(battle):
    battle.submit(c.StartRound())
    jump = c.JumpDown("A.kara", 3)
    assert view.dice_problem(battle.state, jump, (5, 6)) == ""  # 11 > 5: lands
    assert view.dice_problem(battle.state, jump, (1, 2)) == "2 more dice needed for fall, but only 0 were typed"
    assert view.dice_problem(battle.state, jump, (1, 2, 6, 6)) == ""
    assert view.dice_problem(battle.state, jump, (5, 6, 6, 6)) == "4 dice typed (5 6 6 6); this roll needs 2"
    entries = len(battle.entries)
    assert view.dice_problem(battle.state, jump, (1, 2, 6, 6)) == "" and len(battle.entries) == entries  # a dry run

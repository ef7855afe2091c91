"""A typo'd dice count is said one way in every system and dialog (QA: "needs 16 dice, you
typed 15", "3 dice typed (3 3 3), but the roll used 2" and "3 dice to roll, 2 typed" were the
same mistake): "3 dice typed (3 3 3); this roll needs 2", from ``engine.dice.wrong_dice_count``."""

import pytest

from engine.dice import DiceEntryError, SeededDice, TypedDice, parse_dice, too_many_dice, wrong_dice_count
from engine.rulesets.saga import melee_roll
from engine.rulesets.star_quest import stat_test
from engine.rulesets.xk6 import procedures


def test_the_message_names_the_dice_typed_and_what_the_roll_needs():
    assert wrong_dice_count((3, 3, 3), 2) == "3 dice typed (3 3 3); this roll needs 2"
    assert wrong_dice_count((5,), 2, "the landing") == "1 die typed (5); the landing needs 2"
    assert wrong_dice_count((3, 4), 0, "this command") == "2 dice typed (3 4); this command rolls no dice"


def test_the_dialogs_parser_says_it_that_way():
    with pytest.raises(DiceEntryError) as err:
        parse_dice("3 3 3", 2)
    assert str(err.value) == "3 dice typed (3 3 3); this roll needs 2"


def test_dice_left_over_after_a_command_say_it_that_way():
    typed = TypedDice([3, 3, 3])
    typed.roll(2)
    assert too_many_dice(typed) == "3 dice typed (3 3 3); this roll needs 2"


@pytest.mark.parametrize("system", [procedures, melee_roll, stat_test], ids=["xk6", "saga", "star-quest"])
def test_each_systems_typed_dice_check_says_it_that_way(system):
    with pytest.raises(DiceEntryError) as err:
        system.faces_for((3, 3, 3), 2, SeededDice(1), "the test")
    assert str(err.value) == "the test: 3 dice typed (3 3 3); this roll needs 2"

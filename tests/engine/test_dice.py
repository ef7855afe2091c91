import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.dice import DiceEntryError, ScriptedDice, SeededDice, TypedDice, parse_dice
from engine.rolls import Die, keep, kept_sum, reroll


@pytest.mark.parametrize(
    "text, faces", [("3 5", (3, 5)), ("3,5", (3, 5)), ("35", (3, 5)), (" 6  1 ", (6, 1)), ("2;4", (2, 4))]
)
def test_typed_dice_accept_the_usual_ways_of_writing_them(text, faces):
    assert parse_dice(text, 2) == faces


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "type the 2 dice you rolled"),
        ("3", "1 die typed (3); this roll needs 2"),
        ("3 5 6", "3 dice typed (3 5 6); this roll needs 2"),
        ("3 7", "7 is not a face of a d6 (1–6)"),
        ("0 4", "0 is not a face of a d6 (1–6)"),
        ("3 x", "'x' is not a number"),
    ],
)
def test_a_typo_in_typed_dice_gets_a_clear_message(text, message):
    with pytest.raises(DiceEntryError, match=message.replace("(", r"\(").replace(")", r"\)")):
        parse_dice(text, 2)


def test_seeded_dice_are_reproducible_and_streams_differ():
    assert SeededDice(7, 3).roll(10) == SeededDice(7, 3).roll(10)
    assert SeededDice(7, 3).roll(10) != SeededDice(7, 4).roll(10)


def test_typed_dice_running_short_says_how_many_were_missing():
    dice = TypedDice([3])
    with pytest.raises(DiceEntryError, match="2 more dice needed for the hit roll, but only 1 was typed"):
        dice.roll(2, purpose="the hit roll")


def test_extra_die_keeps_the_faces_and_marks_the_dropped_one():
    dice = keep([6, 2, 4], 2, drop="highest")
    assert [d.kept for d in dice] == [False, True, True]
    assert kept_sum(dice) == 6
    assert kept_sum(keep([6, 2, 4], 2, drop="lowest")) == 10


def test_a_reroll_keeps_the_old_face_on_record_and_cannot_be_rerolled_again():
    dice = reroll((Die(1), Die(6)), 1, 3)
    assert dice[1] == Die(3, replaced=6)
    with pytest.raises(ValueError, match="cannot be re-rolled again"):
        reroll(dice, 1, 2)


@given(st.lists(st.integers(1, 6), min_size=1, max_size=8))
def test_scripted_dice_hand_out_faces_in_order(faces):
    dice = ScriptedDice(faces)
    assert dice.roll(len(faces)) == tuple(faces)

"""Which side a roll is counted for (``BattleSummary.roll_side``): the record's own roller
when it names one (an event may carry both sides' rolls), else the event's; members who
arrive later are found a side (``with_members_of``)."""

from fractions import Fraction

from engine.events import Event
from engine.luck import counted_rolls, luck_table
from engine.rolls import RollRecord, plain
from engine.ruleset import BattleSummary, MemberSummary, SideSummary


def record(side: str | None = None, success: bool = True) -> dict:
    detail = {"side": side} if side else {}
    return RollRecord(
        "t", "T", plain([4]), target=4, comparison=">=", probability=Fraction(1, 2), success=success, detail=detail
    ).to_dict()


SUMMARY = BattleSummary(
    round=1,
    sides=(SideSummary("A", "Reds"), SideSummary("B", "Blues")),
    members=(MemberSummary("A.a", "a", "A", "a"), MemberSummary("B.b", "b", "B", "b")),
)


def test_a_record_naming_its_side_or_member_is_counted_for_that_side():
    rolloff = Event(seq=0, kind="x", round=1, actor=None, payload={"rolls": [record("A"), record("B", False)]})
    stealth = Event(seq=1, kind="y", round=1, actor="A.a", payload={"rolls": [record()], "stealth": [record("B.b")]})
    rolls = counted_rolls([rolloff, stealth], SUMMARY.side_of, SUMMARY.roll_side)
    assert [r.side for r in rolls] == ["A", "B", "A", "B"]
    a, b = luck_table(rolls, SUMMARY.side_keys)
    assert (a.rolls, a.successes, a.expected) == (2, 2, 1) and (b.rolls, b.successes, b.expected) == (2, 1, 1)


def test_without_the_records_own_side_an_actorless_event_is_nobodys():
    rolloff = Event(seq=0, kind="x", round=1, actor=None, payload={"rolls": [record()]})
    assert counted_rolls([rolloff], SUMMARY.side_of, SUMMARY.roll_side) == []


def test_a_member_who_arrived_later_is_found_a_side():
    later = BattleSummary(
        round=2, sides=SUMMARY.sides, members=SUMMARY.members + (MemberSummary("B.w", "w", "B", "w"),)
    )
    wave = Event(seq=3, kind="z", round=2, actor="B.w", payload={"roll": record()})
    assert SUMMARY.side_of(wave) is None
    assert SUMMARY.with_members_of(later).side_of(wave) == "B"
    assert [m.id for m in SUMMARY.with_members_of(later).members] == ["A.a", "B.b", "B.w"]


def test_a_pool_whose_chance_is_per_die_counts_each_kept_die():
    pool = RollRecord(
        "t",
        "T",
        plain([6, 5, 1, 2]),
        target=5,
        comparison=">=",
        probability=Fraction(1, 3),
        success=True,
        detail={"probability_is": "per die", "successes": 2},
    ).to_dict()
    rolls = counted_rolls([Event(seq=0, kind="x", round=1, actor="A.a", payload={"roll": pool})], SUMMARY.side_of)
    (a,) = luck_table(rolls, ["A"])
    assert (a.rolls, a.successes, a.expected) == (4, 2, Fraction(4, 3))


def test_a_roll_off_of_both_sides_in_one_record_counts_once_for_each_side():
    both = RollRecord(
        "t",
        "Who starts",
        plain([6, 5, 1, 2]),
        comparison="opposed",
        probability=Fraction(1, 3),
        success=False,
        detail={"sides": ["A", "B"]},
    ).to_dict()
    rolloff = Event(seq=0, kind="x", round=2, actor=None, payload={"rolloff": both})
    rolls = counted_rolls([rolloff], SUMMARY.side_of, SUMMARY.roll_side)
    assert [(r.side, r.chance, r.success) for r in rolls] == [("A", Fraction(1, 3), False), ("B", Fraction(2, 3), True)]


def test_a_roll_off_with_no_dice_counts_for_nobody():
    none = RollRecord(
        "t", "T", (), comparison="opposed", probability=Fraction(1), success=True, detail={"sides": ["A", "B"]}
    )
    rolloff = Event(seq=0, kind="x", round=1, actor=None, payload={"rolloff": none.to_dict()})
    assert counted_rolls([rolloff], SUMMARY.side_of, SUMMARY.roll_side) == []

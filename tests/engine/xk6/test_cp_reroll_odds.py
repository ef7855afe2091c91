"""§15: a command point re-rolls one pool of an opposed test; the other pool's result is
kept. The re-roll's odds are those of the re-rolled pool against the kept result (QA: a
Def re-roll against an attack of 9 showed the odds of a fresh opposed test, 76.9%), and the
re-roll's record carries them, so dice luck counts them."""

from fractions import Fraction as F
from itertools import product

from engine.luck import counted_rolls
from engine.rolls import RollRecord
from engine.rulesets.xk6 import commands as c
from engine.rulesets.xk6 import view
from engine.rulesets.xk6.summary import summary

from .conftest import model, new_battle, ok, rolls, started


def _pool(faces):
    """§3 by hand: the highest face, or 5 + the number of sixes."""
    return 5 + faces.count(6) if 6 in faces else max(faces)


def _chance_above(dice, modifier, kept):
    """An independent oracle: P(a fresh pool of ``dice`` + ``modifier`` beats ``kept`` by 1+)."""
    rolls_ = list(product(range(1, 7), repeat=dice))
    return F(sum(1 for f in rolls_ if _pool(f) + modifier - kept >= 1), len(rolls_))


def _chance_below(dice, modifier, kept):
    """P(``kept`` beats a fresh pool of ``dice`` + ``modifier`` by 1+)."""
    rolls_ = list(product(range(1, 7), repeat=dice))
    return F(sum(1 for f in rolls_ if kept - (_pool(f) + modifier) >= 1), len(rolls_))


def _attack(att_faces, def_faces):
    b = started(
        new_battle(
            [model("boss", att=len(att_faces), command_points=2)],
            [model("chief", defence=len(def_faces), command_points=2)],
        )
    )
    ok(b, c.Activate("A.boss", "move-attack", speed="still"))
    ok(b, c.Attack("A.boss", "rifle", (c.Target("B.chief", faces=def_faces),), faces=att_faces))
    (record,) = view.pending_view(b.state).records
    return b, record


def test_a_def_re_roll_that_cannot_beat_the_kept_attack_shows_certain_success_for_the_attacker():
    b, record = _attack((6, 6, 6), (1, 1))
    kept = record.detail["attacker_result"]
    def_mod = sum(m.value for m in RollRecord.from_dict(record.detail["defender"]).modifiers)
    assert kept >= 8 and _chance_below(2, def_mod, kept) == 1  # two Def dice make 7 at most
    (chance,) = view.reroll_chances(b.state, "B.chief")
    assert (chance.defender, chance.before, chance.after) == ("B.chief", record.probability, F(1))
    assert chance.before < 1
    r = ok(b, c.SpendCommandPoint("B.chief", "reroll", "B.chief", faces=(6, 6)))
    (new,) = [RollRecord.from_dict(d) for d in rolls(r)]
    assert new.probability == 1 and new.success


def test_an_att_re_roll_has_the_odds_of_the_new_att_dice_against_the_kept_def_result():
    b, record = _attack((1, 2), (5, 5))
    att_mod = sum(m.value for m in record.modifiers)
    kept = record.detail["defender_result"]
    expected = _chance_above(2, att_mod, kept)
    (chance,) = view.reroll_chances(b.state, "A.boss")
    assert chance.after == expected and chance.after != chance.before
    r = ok(b, c.SpendCommandPoint("A.boss", "reroll", "A.boss", faces=(6, 6)))
    (new,) = [RollRecord.from_dict(d) for d in rolls(r)]
    assert new.probability == expected


def test_dice_luck_counts_the_re_roll_with_its_odds_given_the_kept_dice():
    b, record = _attack((1, 2), (5, 5))
    expected = view.reroll_chances(b.state, "A.boss")[0].after
    ok(b, c.SpendCommandPoint("A.boss", "reroll", "A.boss", faces=(6, 6)))
    s = summary(b.state)
    counted = [r for r in counted_rolls(b.active_events, s.side_of, s.roll_side) if "Rifle" in r.title]
    assert [(r.side, r.chance, r.success) for r in counted] == [
        ("A", record.probability, False),
        ("A", expected, True),
    ]

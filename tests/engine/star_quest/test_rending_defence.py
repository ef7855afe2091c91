"""Defense rolls against Rending hits (§9 step 5, §17 Rending, [SQ-A13]): a natural-6 hit
of a Rending weapon is blocked at AP(4) (or the weapon's AP, the higher), and what the
dialog reads (``view.pending``, ``view.attack_preview``) is what ``RollBlocks`` applies."""

from fractions import Fraction as F

from engine.rulesets.star_quest import commands as c
from engine.rulesets.star_quest import view

from .conftest import activate, enemy, event, hero, new_battle, ok, weapon

CLAWS = weapon("Claws", attacks=3, ap=1, rules=("Rending",))


def _hits(faces: tuple[int, ...], **settings: str):
    """Vex (Rending Claws, AP(1)) holds and shoots the Brute (Defense 4+): ``faces`` hit."""
    b = new_battle([hero("vex", weapons=(CLAWS,))], [enemy("brute", defense=4, tough=9)], settings=settings)
    activate(b, "vex")
    ok(b, c.TakeAction("vex", "hold"))
    ok(b, c.Shoot("vex", "Claws", "brute"))
    ok(b, c.RollHits(faces=faces))
    return b


def test_three_rending_hits_block_only_on_a_natural_6_and_the_odds_say_so():
    b = _hits((6, 6, 6))
    # Defense 4+ with AP(4) (the higher of AP(1) and Rending's AP(4)): 4 + 4 = 8, so only a
    # natural 6 blocks (1/6); three hits, each a wound with 5/6
    lines = view.pending(b.state).lines
    assert "Brute: 3 Rending hits, block on 4+, the roll -4 (AP(4) of a Rending hit): needs 6+" in lines
    assert view.attack_preview(b.state) == {0: F(1, 216), 1: F(15, 216), 2: F(75, 216), 3: F(125, 216)}
    r = ok(b, c.RollBlocks(faces=(5, 5, 6)))
    roll = event(r, "blocks_rolled").payload["roll"]
    assert (event(r, "blocks_rolled").payload["wounds"], roll["target"]) == (2, 6)
    assert F(*roll["probability"]) == F(1, 6)


def test_a_rending_hit_and_a_plain_hit_each_block_on_their_own_target():
    b = _hits((6, 5, 1))
    # the Rending hit blocks on a 6 (1/6); the plain hit at AP(1) on 5+ (1/3)
    lines = view.pending(b.state).lines
    assert "Brute: 1 Rending hit first, block on 4+, the roll -4 (AP(4) of a Rending hit): needs 6+" in lines
    assert "Brute: then 1 hit, block on 4+, the roll -1 (AP(1)): needs 5+" in lines
    assert view.attack_preview(b.state) == {
        0: F(1, 6) * F(1, 3),
        1: F(1, 6) * F(2, 3) + F(5, 6) * F(1, 3),
        2: F(5, 6) * F(2, 3),
    }
    r = ok(b, c.RollBlocks(faces=(5, 5)))  # the 5 fails against the Rending hit and blocks the plain one
    assert event(r, "blocks_rolled").payload["wounds"] == 1
    assert "against 4+ -4: needs 6+ (the 1 Rending), 4+ -1: needs 5+ (the others)" in event(r, "blocks_rolled").text


def test_with_rending_added_to_the_weapons_ap_the_dialog_says_ap_5():
    b = _hits((6, 6, 6), rending_ap="add")
    assert (
        "Brute: 3 Rending hits, block on 4+, the roll -5 (AP(5) of a Rending hit): needs 6+"
        in view.pending(b.state).lines
    )

"""A melee strike's rolls cite the melee procedure (§11.1: step 4 the Counter strike, step
5 the charger's attacks, step 6 the defender's counter-attack), not shooting's (§9), and
each stat a roll starts from is named once: its number is the record's base value."""

import pytest

from engine.rulesets.star_quest import commands as c

from .conftest import activate, enemy, event, hero, new_battle, ok, weapon

PIKES = weapon("Pikes", "melee", attacks=1, rules=("Counter",))


def _rolls():
    """Vex charges the Pikes: their Counter strike, Vex's Fist, the Pikes' Claw striking
    back, each one hit that a natural 6 blocks."""
    b = new_battle(
        [hero("vex", tough=5, weapons=(weapon("Fist", "melee"),))],
        [enemy("pikes", weapons=(PIKES, weapon("Claw", "melee")))],
    )
    activate(b, "vex")
    ok(b, c.TakeAction("vex", "charge", target="pikes"))
    out = []
    for kind in ("counter", "melee", "melee"):
        assert b.state.attack.kind == kind
        out.append(event(ok(b, c.RollHits((5,))), "hits_rolled").payload["roll"])
        out.append(event(ok(b, c.RollBlocks((6,))), "blocks_rolled").payload["roll"])
    return out


ROLLS = [
    ("Counter strike hits", 0, "Pikes' Quality", "§11.1 step 4, §17 Counter"),
    ("Vex's Defense against the Counter strike", 1, "Vex's Defense", "§11.1 step 4, §17 Counter"),
    ("the charger's hits", 2, "Vex's Quality", "§11.1 step 5"),
    ("the defender's Defense against the charger", 3, "Pikes' Defense", "§11.1 step 5"),
    ("the counter-attack's hits", 4, "Pikes' Quality", "§11.1 step 6"),
    ("Vex's Defense against the counter-attack", 5, "Vex's Defense", "§11.1 step 6"),
]


@pytest.mark.parametrize(("roll", "index", "label", "rule"), ROLLS, ids=[r[0] for r in ROLLS])
def test_each_melee_roll_cites_its_step_of_the_melee_procedure(roll, index, label, rule):
    base = _rolls()[index]["base"]
    assert (base["label"], base["value"], base["rule"]) == (label, 4, rule)
